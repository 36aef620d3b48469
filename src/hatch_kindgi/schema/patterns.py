"""A schema's patterns before any is matched: the ones too large or unusable to check
(`pattern_findings`), where one is declared (`pattern_pointer`), where a string is
(`string_pointers`, for the message of a pattern that took too long on it).

A pattern whose counted repetitions would add more than `engines.budget.PATTERN_SIZE_LIMIT`
items to it as written is refused before it is compiled, because `regex` builds such a
pattern in memory in full (a long pattern without counts costs what its text does); one
check's matching is bounded in time by `engines.budget`.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from collections.abc import Iterator
from typing import Any

from hatch_kindgi.engines.ajv.vocabulary import NOT_SCHEMAS
from hatch_kindgi.engines.budget import PATTERN_SIZE_LIMIT, compiled
from hatch_kindgi.report.problems import json_pointer

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
            parsed = _SRE.parse(pattern)
            size = _expanded_size(parsed)
            written = _expanded_size(parsed, counted=False)
        except (re.error, RecursionError, OverflowError) as cause:
            yield pointer, f"{json.dumps(pattern)} is not a regular expression: {cause}"
            continue
        if size - written > PATTERN_SIZE_LIMIT:  # what the counts add to the pattern's text
            yield (
                pointer,
                f"the pattern {json.dumps(pattern)} is too large to check: its counted "
                f"repetitions expand to {size} items, more than {PATTERN_SIZE_LIMIT}; use "
                "smaller bounds ({1,100} rather than {1,100000}) or check the length with "
                "maxLength",
            )
            continue
        import regex  # type: ignore[import-untyped]  # loaded only once a pattern is found

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


def _expanded_size(items: Any, *, counted: bool = True) -> int:
    """How many items a parsed pattern has once its counted repetitions are written out
    (`counted` False: as it is written, every count taken as one)."""
    total = 0
    for op, argument in items:
        if op in _REPEATS:
            low, high, sub = argument
            count = (low if high == _SRE.MAXREPEAT else high) if counted else 1
            total += max(count, 1) * _expanded_size(sub, counted=counted)
        else:
            total += 1 + sum(_expanded_size(sub, counted=counted) for sub in _subpatterns(argument))
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
