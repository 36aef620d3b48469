"""The order a report lists problems in (`ordered`: deduplicated, by file, place, code and
pointer) and whether they fail a build (`fails`): what every run asks of its problems, apart
from the formats, which only a run with something to show loads."""

from __future__ import annotations

from collections.abc import Iterable

from hatch_kindgi.report.problems import Problem, has_errors

__all__ = ["fails", "ordered"]


def ordered(problems: Iterable[Problem]) -> list[Problem]:
    """Problems deduplicated and sorted by file, line, column, code, pointer (segment by
    segment, numbers as numbers: `/tools/2` before `/tools/10`), then the rest."""
    listed = sorted(set(problems), key=_place_key)
    # Only problems at the same place and of the same code are told apart by their pointers,
    # whose key costs most: those runs alone are sorted by it.
    start = 0
    while start < len(listed):
        place = _place_key(listed[start])
        end = start + 1
        while end < len(listed) and _place_key(listed[end]) == place:
            end += 1
        if end - start > 1:
            listed[start:end] = sorted(listed[start:end], key=_sort_key)
        start = end
    return listed


def fails(problems: Iterable[Problem], *, strict: bool) -> bool:
    """Whether these problems fail a build: any error, or any problem at all when strict."""
    listed = list(problems)
    return has_errors(listed) or (strict and bool(listed))


def _place_key(problem: Problem) -> tuple[str, int, int, str]:
    return (
        problem.shown_file,
        problem.line if problem.line is not None else 0,
        problem.column if problem.column is not None else 0,
        problem.code,
    )


def _sort_key(problem: Problem) -> tuple[str, int, int, str, tuple[object, ...], str, str]:
    pointer = problem.shown_pointer
    return (
        problem.shown_file,
        problem.line if problem.line is not None else 0,
        problem.column if problem.column is not None else 0,
        problem.code,
        _pointer_key(pointer) if pointer else (),
        problem.message,
        problem.severity,
    )


def _pointer_key(pointer: str) -> tuple[object, ...]:
    """A pointer's segments, a number (ASCII digits only) before any other segment and
    ordered by value: by its length without leading zeros, then its digits (no int() of a
    huge one), then as written."""
    key: list[object] = []
    for segment in pointer[1:].split("/"):
        if segment.isdigit() and segment.isascii():
            digits = segment.lstrip("0")
            key.append((0, len(digits), digits, segment))
        else:
            key.append((1, segment))
    return tuple(key)
