"""Where a schema's patterns are: where one is declared (`pattern_pointer`), where a string
is (`string_pointers`, for the message of a pattern that took too long on it). Which
patterns are too large to check, and why, is `engines.javascript.regexp`'s to say."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hatch_kindgi.engines.ajv.vocabulary import NOT_SCHEMAS
from hatch_kindgi.report.problems import json_pointer


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
