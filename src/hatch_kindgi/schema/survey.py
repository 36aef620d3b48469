"""One walk over a schema that tells the other checks what they need to look for.

Most schemas have no `$ref`, no pattern, nothing the fast path leaves to jsonschema: knowing
that from one walk spares a walk per check (refs, patterns, the fast path's conditions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hatch_kindgi.schema.refs import NOT_SCHEMAS

MAX_DEPTH = 128
"""The deepest nesting handed to jsonschema-rs (the blocks reader stops at 64), which crashes
the process on data nested some ten thousand levels deep."""

_SCALARS = (str, int, float, bool, type(None))
_REF_KEYS = frozenset({"$ref", "$dynamicRef"})
_PATTERN_KEYS = frozenset({"pattern", "patternProperties"})
# What the fast values path leaves to jsonschema (see `schema.fast.fast_values`).
_AWAY_KEYS = frozenset({"$dynamicRef", "$dynamicAnchor", "$recursiveRef", "patternProperties"})


@dataclass(frozen=True)
class Survey:
    """What a walk over a schema found.

    `size`: how many values it holds (itself included), or None when it nests deeper than
    MAX_DEPTH or holds anything JSON doesn't parse to (a tuple, a key that isn't a string).
    `refs` and `patterns`: whether a `$ref`/`$dynamicRef`, a `pattern`/`patternProperties`
    appears where a schema is (not inside `const`, `enum`, `default` or `examples`). `plain`:
    none of `$dynamicRef`, `$dynamicAnchor`, `$recursiveRef`, `patternProperties`, no `$id`
    below the root, and every `$ref` a plain pointer into the document (`#` or `#/...`).
    """

    size: int | None
    refs: bool
    patterns: bool
    plain: bool


class _Walk:
    def __init__(self) -> None:
        self.size = 0
        self.refs = False
        self.patterns = False
        self.plain = True
        self.json = True

    def schema(self, node: Any, depth: int, root: bool) -> None:
        if type(node) is dict:
            self.size += 1
            if depth >= MAX_DEPTH:
                self.json = False
                return
            keys = node.keys()
            if not _REF_KEYS.isdisjoint(keys):
                self.refs = True
                ref = node.get("$ref")
                if ref is not None and not (
                    type(ref) is str and (ref == "#" or ref.startswith("#/")) and "%" not in ref
                ):
                    self.plain = False
            if not _PATTERN_KEYS.isdisjoint(keys):
                self.patterns = True
            if not _AWAY_KEYS.isdisjoint(keys) or ("$id" in keys and not root):
                self.plain = False
            for key, value in node.items():
                if type(key) is not str:
                    self.json = False
                elif key in NOT_SCHEMAS:
                    self.data(value, depth + 1)
                elif type(value) in (dict, list):
                    self.schema(value, depth + 1, False)
                else:
                    self.scalar(value)
        elif type(node) is list:
            self.size += 1
            if depth >= MAX_DEPTH:
                self.json = False
                return
            for item in node:
                if type(item) in (dict, list):
                    self.schema(item, depth + 1, False)
                else:
                    self.scalar(item)
        else:
            self.scalar(node)

    def scalar(self, value: Any) -> None:
        self.size += 1
        if not isinstance(value, _SCALARS):
            self.json = False

    def data(self, node: Any, depth: int) -> None:
        stack = [(node, depth)]
        while stack:
            item, level = stack.pop()
            if type(item) is dict:
                self.size += 1
                if level >= MAX_DEPTH:
                    self.json = False
                    return
                for key, value in item.items():
                    if type(key) is not str:
                        self.json = False
                    stack.append((value, level + 1))
            elif type(item) is list:
                self.size += 1
                if level >= MAX_DEPTH:
                    self.json = False
                    return
                stack.extend((value, level + 1) for value in item)
            else:
                self.scalar(item)


def survey(schema: Any) -> Survey:
    """Walk `schema` once (recursion bounded by MAX_DEPTH)."""
    walk = _Walk()
    walk.schema(schema, 0, True)
    return Survey(
        size=walk.size if walk.json else None,
        refs=walk.refs,
        patterns=walk.patterns,
        plain=walk.plain,
    )


def json_size(value: Any) -> int | None:
    """How many values `value` holds, or None when it nests deeper than MAX_DEPTH or holds
    anything JSON doesn't parse to."""
    walk = _Walk()
    walk.data(value, 0)
    return walk.size if walk.json else None
