"""Patterns matched in bounded time, and one check's time bounded as a whole.

Patterns (`pattern`, `patternProperties`) are matched with the `regex` module under a time
limit, never with `re`: a pattern that backtracks catastrophically on a value is a problem, not
a hang. A pattern whose counted repetitions would expand past a size limit is refused before it
is compiled, because `regex` builds such a pattern in memory in full. The budget of one check
(`validation_budget`) bounds all its pattern matches together, and everything else it does
together: `schema.bounded` spends it.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.refs import NOT_SCHEMAS

PATTERN_TIMEOUT = 0.5
"""CPU seconds one pattern may take to match one string (`regex` counts CPU time)."""
PATTERN_BUDGET = 5.0
"""CPU seconds all pattern matches of one schema check may take together."""
VALIDATION_BUDGET = 5.0
"""CPU seconds one schema check may take in all, its pattern matches aside."""
PATTERN_SIZE_LIMIT = 10_000
"""The most pattern items counted repetitions may expand to (`(a{100}){100}` is 10,000)."""


class PatternTimeout(Exception):
    """A pattern took longer than its time limit on a string of the instance."""

    def __init__(self, pattern: str, subject: str, seconds: float, in_all: bool) -> None:
        super().__init__(f"matching {pattern!r} took longer than {seconds:g} s")
        self.pattern = pattern
        self.subject = subject
        self.seconds = seconds
        self.in_all = in_all

    def explained(self, where: str | None) -> str:
        """What took too long, on the string `where` says (from `string_pointers`)."""
        where = where or "a string"
        if self.in_all:
            return (
                f"matching the schema's patterns took longer than {self.seconds:g} s of CPU "
                "in all, "
                f"the last {json.dumps(self.pattern)} against {where}; "
                "simplify the patterns or the values"
            )
        return (
            f"matching {json.dumps(self.pattern)} against {where} took longer than "
            f"{self.seconds:g} s of CPU: the pattern backtracks catastrophically, and a "
            "runtime checking these values would hang the same way; rewrite it so no two "
            "ways of matching overlap (like ^[a-z0-9]+$ for ^([a-z0-9]|[a-z])+$)"
        )


class ValidationTimeout(Exception):
    """One schema check took longer than its budget, its pattern matches aside."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"checking took longer than {seconds:g} s")
        self.seconds = seconds


class _Budget:
    def __init__(self, patterns: float, rest: float) -> None:
        self.left = patterns
        self.total = patterns
        self.rest = rest
        self.started = time.thread_time()
        self.ticks = 0


_BUDGET: ContextVar[_Budget | None] = ContextVar("_BUDGET", default=None)
_TICKS_PER_CLOCK = 64  # reading the thread's CPU clock is a system call: not on every keyword


@contextmanager
def validation_budget(patterns: float | None = None, rest: float | None = None) -> Iterator[None]:
    """Bound the CPU time of the check inside the block: its pattern matches together
    (`patterns`, default PATTERN_BUDGET), and all else it does (`rest`, VALIDATION_BUDGET)."""
    budget = _Budget(
        PATTERN_BUDGET if patterns is None else patterns,
        VALIDATION_BUDGET if rest is None else rest,
    )
    token = _BUDGET.set(budget)
    try:
        yield
    finally:
        _BUDGET.reset(token)


def tick() -> None:
    """Count one step of the check; raise ValidationTimeout once its budget is spent."""
    budget = _BUDGET.get()
    if budget is None:
        return
    budget.ticks += 1
    if budget.ticks % _TICKS_PER_CLOCK:
        return
    matching = budget.total - budget.left
    if time.thread_time() - budget.started - matching > budget.rest:
        raise ValidationTimeout(budget.rest)


@lru_cache(maxsize=256)
def compiled(pattern: str) -> Any:
    """`pattern` compiled by `regex` (imported on first use: most schemas have no pattern)."""
    import regex  # type: ignore[import-untyped]

    return regex.compile(pattern)


def search(pattern: str, subject: str) -> bool:
    """Whether `pattern` matches somewhere in `subject`, within the time limits: as
    JavaScript matches it (`schema.js_regex`, Ajv's `u` mode), or as `regex` reads it when
    JavaScript can't compile it (a schema no runtime compiles, checked anyway)."""
    from hatch_kindgi.engines.javascript.regexp import JsRegexError, js_pattern

    try:
        translated = js_pattern(pattern)
    except JsRegexError:
        return bounded_search(compiled(pattern), pattern, subject)
    return translated.search(subject)


def bounded_search(pattern_object: Any, pattern: str, subject: str) -> bool:
    """Whether the compiled `pattern_object` (of `pattern`, as the author wrote it) matches
    somewhere in `subject`, within the time limits."""
    budget = _BUDGET.get()
    in_all = budget is not None and budget.left < PATTERN_TIMEOUT
    if budget is not None and budget.left <= 0:
        raise PatternTimeout(pattern, subject, budget.total, in_all=True)
    limit = budget.left if budget is not None and in_all else PATTERN_TIMEOUT
    started = time.thread_time()
    try:
        return pattern_object.search(subject, timeout=limit) is not None
    except TimeoutError:
        seconds = budget.total if budget is not None and in_all else limit
        raise PatternTimeout(pattern, subject, seconds, in_all=in_all) from None
    finally:
        if budget is not None:
            budget.left -= time.thread_time() - started


_SRE: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
_REPEATS = frozenset(
    getattr(_SRE, name)
    for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")  # the last from 3.11 on
    if hasattr(_SRE, name)
)


def pattern_findings(schema: Any) -> Iterator[tuple[str, str]]:
    """A (pointer, message) for each pattern of `schema` too large or unusable to match."""
    for path, pattern in _patterns(schema, ()):
        pointer = json_pointer(path)
        try:
            size = _expanded_size(_SRE.parse(pattern))
        except (re.error, RecursionError, OverflowError) as cause:
            yield pointer, f"{json.dumps(pattern)} is not a regular expression: {cause}"
            continue
        if size > PATTERN_SIZE_LIMIT:
            yield (
                pointer,
                f"the pattern {json.dumps(pattern)} is too large to check: its counted "
                f"repetitions expand to {size} items, more than {PATTERN_SIZE_LIMIT}; use "
                "smaller bounds ({1,100} rather than {1,100000}) or check the length with "
                "maxLength",
            )
            continue
        import regex  # loaded only once a pattern is found

        try:
            compiled(pattern)
        except (regex.error, RecursionError, OverflowError) as cause:
            yield pointer, f"the pattern {json.dumps(pattern)} cannot be compiled: {cause}"


def pattern_pointer(schema: Any, pattern: str) -> str:
    """The pointer (in `schema`) of the first place that declares `pattern`."""
    return next((json_pointer(path) for path, each in _patterns(schema, ()) if each == pattern), "")


def _patterns(node: Any, path: tuple[object, ...]) -> Iterator[tuple[tuple[object, ...], str]]:
    """Each `pattern` and `patternProperties` key of a schema, with its path."""
    if isinstance(node, list):
        for index, item in enumerate(node):
            yield from _patterns(item, (*path, index))
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("pattern"), str):
        yield (*path, "pattern"), node["pattern"]
    if isinstance(node.get("patternProperties"), dict):
        for key in node["patternProperties"]:
            yield (*path, "patternProperties", key), key
    for key, value in node.items():
        if key not in NOT_SCHEMAS:
            yield from _patterns(value, (*path, key))


def _expanded_size(items: Any) -> int:
    """How many items a parsed pattern has once its counted repetitions are written out."""
    total = 0
    for op, argument in items:
        if op in _REPEATS:
            low, high, sub = argument
            count = low if high == _SRE.MAXREPEAT else high
            total += max(count, 1) * _expanded_size(sub)
        else:
            total += 1 + sum(_expanded_size(sub) for sub in _subpatterns(argument))
    return total


def _subpatterns(argument: Any) -> Iterator[Any]:
    if isinstance(argument, _SRE.SubPattern):
        yield argument
    elif isinstance(argument, (list, tuple)):
        for item in argument:
            yield from _subpatterns(item)


def string_pointers(node: Any, text: str, path: tuple[object, ...] = ()) -> Iterator[str]:
    """Where `node` holds `text`: "the string at POINTER" or "the key of POINTER"."""
    if isinstance(node, str) and node == text:
        yield f"the string at {json_pointer(path)}"
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from string_pointers(item, text, (*path, index))
    elif isinstance(node, dict):
        for key, value in node.items():
            if key == text:
                yield f"the key of {json_pointer((*path, key))}"
            yield from string_pointers(value, text, (*path, key))
