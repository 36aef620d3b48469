"""One walk over a schema that tells the other checks what they need to look for.

Most schemas have no `$ref`, no pattern, nothing the fast path leaves to the bounded
validator: knowing that from one walk spares a walk per check (refs, patterns, the fast
path's conditions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hatch_kindgi.engines.ajv.vocabulary import NOT_SCHEMAS

MAX_DEPTH = 128
"""The deepest nesting handed to jsonschema-rs (the blocks reader stops at 64), which crashes
the process on data nested some ten thousand levels deep."""

_SCALARS = (str, int, float, bool, type(None))
_LEAVES = frozenset(_SCALARS)
_CONTAINERS = frozenset({dict, list})
_REF_KEYS = frozenset({"$ref", "$dynamicRef"})
_PATTERN_KEYS = frozenset({"pattern", "patternProperties"})
_LIMIT_KEYS = frozenset(
    {"formatMinimum", "formatMaximum", "formatExclusiveMinimum", "formatExclusiveMaximum"}
)
_FORMAT_KEYS = _LIMIT_KEYS | {"format"}
# What the fast values path leaves to the bounded validator (see `schema.fast.fast_values`).
_AWAY_KEYS = frozenset({"$dynamicRef", "$dynamicAnchor", "$recursiveRef", "patternProperties"})
_FLAGGED = _REF_KEYS | _PATTERN_KEYS | _AWAY_KEYS | _FORMAT_KEYS
_FLAGGED |= {"$id", "multipleOf", "uniqueItems"}


@dataclass(frozen=True)
class Survey:
    """What a walk over a schema found.

    `size`: how many values it holds (itself included), or None when it nests deeper than
    MAX_DEPTH or holds anything JSON doesn't parse to (a tuple, a key that isn't a string).
    `refs`, `patterns`, `multiple_of`, `formats`: whether a `$ref`/`$dynamicRef`, a
    `pattern`/`patternProperties`, a `multipleOf`, a `format` or ajv-formats' `formatMinimum`
    and kin appears where a schema is (not inside `const`, `enum`, `default` or `examples`):
    the two profiles check a schema without patterns and formats alike. `plain`:
    none of `$dynamicRef`, `$dynamicAnchor`, `$recursiveRef`, `patternProperties`, no `$id`
    below the root, and every `$ref` a plain pointer into the document (`#` or `#/...`).
    """

    size: int | None
    refs: bool
    patterns: bool
    multiple_of: bool
    plain: bool
    formats: bool = False
    format_limits: bool = False
    """Whether one of ajv-formats' `formatMinimum` and kin appears (an unknown keyword to
    the hosted profile's Ajv)."""
    unique_items: bool = False
    """Whether `uniqueItems` appears where a schema is (the self-hosted Ajv's may throw on a
    value: `engines.ajv.values.holds_called_key`)."""


class _Walk:
    def __init__(self) -> None:
        self.size = 0
        self.refs = False
        self.patterns = False
        self.multiple_of = False
        self.formats = False
        self.format_limits = False
        self.unique_items = False
        self.plain = True
        self.json = True

    def schema(self, node: Any, depth: int, root: bool) -> None:
        """A value where a schema is (an object, or a list of them)."""
        self.size += 1
        if depth >= MAX_DEPTH:
            self.json = False
            return
        if type(node) is list:
            for item in node:
                if type(item) in _CONTAINERS:
                    self.schema(item, depth + 1, False)
                else:
                    self.leaf(item)
            return
        if not _FLAGGED.isdisjoint(node):
            self.flag(node, root)
        for key, value in node.items():
            if type(key) is not str:
                self.json = False
            if type(value) in _CONTAINERS:
                if key in NOT_SCHEMAS:
                    self.data(value, depth + 1)
                else:
                    self.schema(value, depth + 1, False)
            else:
                self.leaf(value)

    def flag(self, node: dict[Any, Any], root: bool) -> None:
        if not _REF_KEYS.isdisjoint(node):
            self.refs = True
            ref = node.get("$ref")
            if ref is not None and not (
                type(ref) is str and (ref == "#" or ref.startswith("#/")) and "%" not in ref
            ):
                self.plain = False
        if not _PATTERN_KEYS.isdisjoint(node):
            self.patterns = True
        if "multipleOf" in node:
            self.multiple_of = True
        if "uniqueItems" in node:
            self.unique_items = True
        if not _FORMAT_KEYS.isdisjoint(node):
            self.formats = True
            self.format_limits = self.format_limits or not _LIMIT_KEYS.isdisjoint(node)
        if not _AWAY_KEYS.isdisjoint(node) or ("$id" in node and not root):
            self.plain = False

    def leaf(self, value: Any) -> None:
        self.size += 1
        if type(value) not in _LEAVES and not isinstance(value, _SCALARS):
            self.json = False

    def data(self, node: Any, depth: int) -> None:
        """A value that is data, not schema (under `const`, `enum`, `default`, `examples`)."""
        stack = [(node, depth)]
        while stack:
            item, level = stack.pop()
            kind = type(item)
            if kind is dict or kind is list:
                self.size += 1
                if level >= MAX_DEPTH:
                    self.json = False
                    return
                if kind is dict:
                    if not all(type(key) is str for key in item):
                        self.json = False
                    stack.extend((value, level + 1) for value in item.values())
                else:
                    stack.extend((value, level + 1) for value in item)
            else:
                self.leaf(item)


def survey(schema: Any) -> Survey:
    """Walk `schema` once (recursion bounded by MAX_DEPTH)."""
    walk = _Walk()
    if type(schema) in _CONTAINERS:
        walk.schema(schema, 0, True)
    else:
        walk.leaf(schema)
    return Survey(
        size=walk.size if walk.json else None,
        refs=walk.refs,
        patterns=walk.patterns,
        multiple_of=walk.multiple_of,
        plain=walk.plain,
        formats=walk.formats,
        format_limits=walk.format_limits,
        unique_items=walk.unique_items,
    )


def json_size(value: Any) -> int | None:
    """How many values `value` holds, or None when it nests deeper than MAX_DEPTH or holds
    anything JSON doesn't parse to."""
    walk = _Walk()
    walk.data(value, 0)
    return walk.size if walk.json else None
