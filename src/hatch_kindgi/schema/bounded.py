"""JSON Schema validation that fetches nothing and bounds its pattern matching in time.

Patterns (`pattern`, `patternProperties`, and the `additionalProperties` and
`unevaluatedProperties` that depend on them) are matched with the `regex` module under a time
limit, never with `re`: a pattern that backtracks catastrophically on a value is a problem, not
a hang. A pattern whose counted repetitions would expand past a size limit is refused before it
is compiled, because `regex` builds such a pattern in memory in full. Settings blocks and
guardrail configs share these validators.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import regex  # type: ignore[import-untyped]
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry

from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.refs import NOT_SCHEMAS, REF_KEYWORDS

PATTERN_TIMEOUT = 0.5
"""CPU seconds one pattern may take to match one string (`regex` counts CPU time)."""
PATTERN_BUDGET = 5.0
"""CPU seconds all pattern matches of one schema check may take together."""
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


class _Budget:
    def __init__(self, seconds: float) -> None:
        self.left = seconds
        self.total = seconds


_BUDGET: ContextVar[_Budget | None] = ContextVar("_BUDGET", default=None)


@contextmanager
def pattern_budget(seconds: float | None = None) -> Iterator[None]:
    """Bound the CPU time all pattern matches inside the block may take together."""
    token = _BUDGET.set(_Budget(PATTERN_BUDGET if seconds is None else seconds))
    try:
        yield
    finally:
        _BUDGET.reset(token)


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> Any:
    return regex.compile(pattern)


def _search(pattern: str, subject: str) -> bool:
    """Whether `pattern` matches somewhere in `subject`, within the time limits."""
    budget = _BUDGET.get()
    in_all = budget is not None and budget.left < PATTERN_TIMEOUT
    if budget is not None and budget.left <= 0:
        raise PatternTimeout(pattern, subject, budget.total, in_all=True)
    limit = budget.left if budget is not None and in_all else PATTERN_TIMEOUT
    compiled = _compiled(pattern)
    started = time.thread_time()
    try:
        return compiled.search(subject, timeout=limit) is not None
    except TimeoutError:
        seconds = budget.total if budget is not None and in_all else limit
        raise PatternTimeout(pattern, subject, seconds, in_all=in_all) from None
    finally:
        if budget is not None:
            budget.left -= time.thread_time() - started


# The four keywords that match patterns, as jsonschema has them, with `_search` for re.search.


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not _search(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if _search(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    extras = {
        key
        for key in instance
        if key not in properties and not any(_search(pattern, key) for pattern in patterns)
    }
    if validator.is_type(extra, "object"):
        for key in extras:
            yield from validator.descend(instance[key], extra, path=key)
    elif not extra and extras:
        joined = ", ".join(repr(key) for key in sorted(extras))
        if patterns:
            verb = "does" if len(extras) == 1 else "do"
            listed = ", ".join(repr(pattern) for pattern in sorted(patterns))
            yield ValidationError(f"{joined} {verb} not match any of the regexes: {listed}")
        else:
            verb = "was" if len(extras) == 1 else "were"
            yield ValidationError(
                f"Additional properties are not allowed ({joined} {verb} unexpected)"
            )


def _unevaluated_properties(
    validator: Any, unevaluated: Any, instance: Any, schema: Any
) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    evaluated = _evaluated_keys(validator, instance, schema)
    failing = [
        key
        for key in instance
        if key not in evaluated
        and next(
            iter(validator.descend(instance[key], unevaluated, path=key, schema_path=key)), None
        )
        is not None
    ]
    if not failing:
        return
    verb = "was" if len(failing) == 1 else "were"
    if unevaluated is False:
        joined = ", ".join(repr(key) for key in sorted(failing, key=str))
        yield ValidationError(
            f"Unevaluated properties are not allowed ({joined} {verb} unexpected)"
        )
    else:
        joined = ", ".join(repr(key) for key in failing)
        yield ValidationError(
            "Unevaluated properties are not valid under the given schema "
            f"({joined} {verb} unevaluated and invalid)"
        )


def _valid(errors: Iterable[Any]) -> bool:
    return next(iter(errors), None) is None


def _evaluated_keys(validator: Any, instance: Any, schema: Any) -> set[str]:
    """jsonschema's `find_evaluated_property_keys_by_schema`, matching with `_search`."""
    if validator.is_type(schema, "boolean"):
        return set()
    keys: set[str] = set()
    for keyword in REF_KEYWORDS:
        ref = schema.get(keyword)
        if ref is not None:
            resolved = validator._resolver.lookup(ref)
            evolved = validator.evolve(schema=resolved.contents, _resolver=resolved.resolver)
            keys |= _evaluated_keys(evolved, instance, resolved.contents)
    properties = schema.get("properties")
    if validator.is_type(properties, "object"):
        keys |= properties.keys() & instance.keys()
    for keyword in ("additionalProperties", "unevaluatedProperties"):
        subschema = schema.get(keyword)
        if subschema is not None:
            keys |= {k for k, v in instance.items() if _valid(validator.descend(v, subschema))}
    for pattern in schema.get("patternProperties", {}):
        keys |= {key for key in instance if _search(pattern, key)}
    for key, subschema in schema.get("dependentSchemas", {}).items():
        if key in instance:
            keys |= _evaluated_keys(validator, instance, subschema)
    for keyword in ("allOf", "oneOf", "anyOf"):
        for subschema in schema.get(keyword, []):
            if _valid(validator.descend(instance, subschema)):
                keys |= _evaluated_keys(validator, instance, subschema)
    if "if" in schema:
        if validator.evolve(schema=schema["if"]).is_valid(instance):
            keys |= _evaluated_keys(validator, instance, schema["if"])
            if "then" in schema:
                keys |= _evaluated_keys(validator, instance, schema["then"])
        elif "else" in schema:
            keys |= _evaluated_keys(validator, instance, schema["else"])
    return keys


BoundedValidator: type[Draft202012Validator] = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator,
    {
        "pattern": _pattern,
        "patternProperties": _pattern_properties,
        "additionalProperties": _additional_properties,
        "unevaluatedProperties": _unevaluated_properties,
    },
)


def bounded_validator(schema: Any) -> Draft202012Validator:
    """A Draft 2020-12 validator that fetches nothing and bounds its pattern matching."""
    return BoundedValidator(schema, registry=Registry())


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
        try:
            _compiled(pattern)
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
