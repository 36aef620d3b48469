"""One check's CPU budget, and a pattern matched within it.

A pattern is matched with the `regex` module under a time limit, never with `re`: a pattern
that backtracks catastrophically on a value is a fault the check reports, not a hang. The
budget of one check (`validation_budget`) bounds all its pattern matches together
(`bounded_search`), and everything else it does together (`tick`, which the validators call
on every keyword). A pattern whose counted repetitions would add more than
`PATTERN_SIZE_LIMIT` items to it as written is refused before it is compiled, because `regex`
builds such a pattern in memory in full (its own items cost what its text does).

A match whose worst case is known in advance (RE2's, linear in the text) is counted instead
of timed (`counted_match`): its steps times the text's characters, against one match's share
and the check's, so whether it runs is a function of the pattern and the value alone.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

PATTERN_TIMEOUT = 0.5
"""CPU seconds one pattern may take to match one string (`regex` counts CPU time)."""
PATTERN_BUDGET = 5.0
"""CPU seconds all pattern matches of one schema check may take together."""
VALIDATION_BUDGET = 5.0
"""CPU seconds one schema check may take in all, its pattern matches aside."""
WORK_PER_SECOND = 400_000_000
"""What a match counted by its work, not timed (RE2's: the program's steps times the text's
characters), is charged for one second of a budget: about the slowest rate google-re2 keeps
on the worst programs (measured 320 million a second, its DFA out of memory, on a shared
2-core machine). One match may take `PATTERN_TIMEOUT` of it (200 million), one check's
matches `PATTERN_BUDGET` together (2,000 million)."""
PATTERN_SIZE_LIMIT = 10_000
"""The most pattern items counted repetitions may add to a pattern as written
(`(a{100}){100}` adds 9,899 to its 2; an allowlist of 3,400 codes, 10,203 items, adds none)."""


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
        self.work_total = round(patterns * WORK_PER_SECOND)
        self.work_left = self.work_total
        self.counted_seconds = 0.0  # what counted matches took: not the rest's to pay


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
    matching = budget.total - budget.left + budget.counted_seconds
    if time.thread_time() - budget.started - matching > budget.rest:
        raise ValidationTimeout(budget.rest)


def counted_match(
    work: int, match: Callable[[], bool], refused: Callable[[int, int, bool], Exception]
) -> bool:
    """`match()`, whose worst case is `work` (steps times characters), run only when the
    work fits: one match's share (`PATTERN_TIMEOUT` at `WORK_PER_SECOND`) and what the
    check's budget has left, which it is charged. Counted, never timed, so the same values
    get the same answers on any machine, loaded or not. Past either, raises
    `refused(work, limit, in_all)` without matching (`in_all`: the check's budget)."""
    most = round(PATTERN_TIMEOUT * WORK_PER_SECOND)
    if work > most:
        raise refused(work, most, False)
    budget = _BUDGET.get()
    if budget is None:
        return match()
    if work > budget.work_left:
        raise refused(work, budget.work_total, True)
    budget.work_left -= work
    started = time.thread_time()
    try:
        return match()
    finally:
        budget.counted_seconds += time.thread_time() - started


@lru_cache(maxsize=256)
def compiled(pattern: str) -> Any:
    """`pattern` compiled by `regex` (imported on first use: most schemas have no pattern)."""
    import regex  # type: ignore[import-untyped]

    return regex.compile(pattern)


def bounded_search(
    pattern_object: Any,
    pattern: str,
    subject: str,
    *,
    clock: Callable[[], float] = time.thread_time,
    timeout: type[PatternTimeout] = PatternTimeout,
) -> bool:
    """Whether the compiled `pattern_object` (of `pattern`, as the author wrote it) matches
    somewhere in `subject`, within the time limits: its `search(subject, timeout=seconds)`
    raises TimeoutError past them, and the time `clock` counts is charged to the budget (this
    thread's CPU; wall time for a match in another process). `timeout`: the exception that
    says so (one for each engine's words)."""
    budget = _BUDGET.get()
    in_all = budget is not None and budget.left < PATTERN_TIMEOUT
    if budget is not None and budget.left <= 0:
        raise timeout(pattern, subject, budget.total, in_all=True)
    limit = budget.left if budget is not None and in_all else PATTERN_TIMEOUT
    started = clock()
    try:
        return pattern_object.search(subject, timeout=limit) is not None
    except TimeoutError:
        seconds = budget.total if budget is not None and in_all else limit
        raise timeout(pattern, subject, seconds, in_all=in_all) from None
    finally:
        if budget is not None:
            budget.left -= clock() - started
