"""A `default` Ajv's `useDefaults` refuses to fill in: where it is, and Ajv's words.

The runtime compiles a tool's input on every call with `useDefaults: true` (`@kindgi/tools`
`invokeTool` → `compileJsonSchema`: Ajv2020, `strict`, `allErrors`, `allowUnionTypes`,
`inlineRefs: false`). Ajv fills in a property's `default` at each schema object whose object
keywords compile (`ajv/lib/compile/validate/defaults.ts`, `assignDefaults`), and where that
object is inside a composite rule (`anyOf` and `oneOf` branches, `not`, `if`, `contains`,
`propertyNames`; inherited by everything below; reset in a `$ref` target, which is compiled as
its own function under `inlineRefs: false`) strict mode throws `strict mode: default is ignored
for: <var><prop>` instead, and no call of the tool ever runs.

`<var>` is the name Ajv's code generator gives the data there: `data` at a function's root,
then `data0`, `data1`, … one for each subschema applied to a child of the data, counted in
code-generation order (Ajv's keyword groups in order; every `anyOf` branch, since Ajv2020's
`unevaluated` keeps none out as always valid; `additionalProperties` before `properties`; the
defaults before the object keywords). `<prop>` is `.key` for an ASCII identifier, else
`["key"]` as JSON writes it (U+2028 and U+2029 escaped). Keys in `Object.keys` order: array
indexes ascending first, then the rest as the JSON has them.

Only the first such default is Ajv's to word (it throws there); `ignored_defaults` goes on and
finds the others, which the next compile would meet once the first is fixed (their names are
then not the ones Ajv would give, so they carry none). The schema is assumed to compile
without `useDefaults` (the deploy's compile); nothing else is looked for. Held to Ajv itself
(`tests/unit/engines/ajv/test_defaults.py`, on pydantic's models and hand-written schemas).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote

from hatch_kindgi.engines.ajv.strict import RULE_ORDER

__all__ = ["IgnoredDefault", "ignored_defaults"]

_RULES = frozenset(RULE_ORDER)
_ARRAY = frozenset(
    ("maxItems", "minItems", "prefixItems", "items", "contains", "uniqueItems", "maxContains",
     "minContains", "unevaluatedItems")
)  # fmt: skip
_OBJECT = frozenset(
    ("maxProperties", "minProperties", "required", "propertyNames", "additionalProperties",
     "dependencies", "properties", "patternProperties", "dependentRequired",
     "dependentSchemas", "unevaluatedProperties")
)  # fmt: skip
_IDENTIFIER = re.compile(r"[a-z$_][a-z$_0-9]*", re.IGNORECASE | re.ASCII)
_ARRAY_INDEX = re.compile(r"0|[1-9][0-9]*")
_MAX_DEPTH = 400


@dataclass(frozen=True)
class IgnoredDefault:
    """A `default` Ajv won't fill in: its JSON pointer in the schema (to the `default`
    itself), and Ajv's message for it when it is the first (what the compile throws)."""

    pointer: str
    message: str | None


def ignored_defaults(schema: Any) -> list[IgnoredDefault]:
    """Each `default` in `schema` inside a composite rule, in the order Ajv's compile meets
    them; the first with Ajv's message."""
    if type(schema) is not dict:
        return []
    walk = _Walk(schema)
    # What was found before a RecursionError stands; so deep a schema fails its compile anyway.
    with suppress(RecursionError):
        walk.visit(schema, "data", composite=False, names=_Names(), at="", depth=0)
    return walk.found


def js_keys(value: Mapping[str, Any]) -> list[str]:
    """`Object.keys` order: canonical array-index keys ascending, then the rest in order."""
    indexes = [key for key in value if _ARRAY_INDEX.fullmatch(key) and int(key) < 2**32 - 1]
    chosen = set(indexes)
    return sorted(indexes, key=int) + [key for key in value if key not in chosen]


def _property(key: str) -> str:
    """Ajv's `getProperty(key)`: `.key`, or `["key"]` as JSON writes it."""
    if _IDENTIFIER.fullmatch(key):
        return f".{key}"
    written = json.dumps(key, ensure_ascii=False)
    return "[" + written.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029") + "]"


def _escaped(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _always_valid(schema: Any) -> bool:
    """Ajv's `alwaysValidSchema`: `true`, or an object with no keyword that compiles."""
    if type(schema) is bool:
        return schema
    return type(schema) is dict and not any(key in _RULES for key in schema)


class _Names:
    """One generated function's data names (`data0`, `data1`, …)."""

    def __init__(self) -> None:
        self.count = 0

    def new(self) -> str:
        name = f"data{self.count}"
        self.count += 1
        return name


class _Walk:
    def __init__(self, root: dict[str, Any]) -> None:
        self.root = root
        self.compiled: set[str] = set()
        self.found: list[IgnoredDefault] = []

    def ignored(self, pointer: str, data: str, key: str) -> None:
        message = None
        if not self.found:
            message = f"strict mode: default is ignored for: {data}{_property(key)}"
        self.found.append(IgnoredDefault(pointer, message))

    def resolve(self, ref: str) -> Any:
        node: Any = self.root
        for raw in ref[1:].split("/")[1:]:
            part = unquote(raw).replace("~1", "/").replace("~0", "~")
            if type(node) is dict and part in node:
                node = node[part]
            elif type(node) is list and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return None
        return node

    def ref(self, ref: Any, depth: int) -> None:
        """A `$ref` target: its own function (its own names, no composite rule), once."""
        if type(ref) is not str or not ref.startswith("#") or ref in ("#", "#/"):
            return
        if ref in self.compiled:
            return
        target = self.resolve(ref)
        if type(target) is not dict:
            return  # a boolean target is inlined: nothing to fill in
        self.compiled.add(ref)
        self.visit(target, "data", composite=False, names=_Names(), at=ref[1:], depth=depth + 1)

    def visit(
        self,
        schema: Any,
        data: str,
        *,
        composite: bool,
        names: _Names,
        at: str,
        depth: int,
    ) -> None:
        if type(schema) is not dict or _always_valid(schema) or depth > _MAX_DEPTH:
            return
        depth += 1
        if "$ref" in schema:
            self.ref(schema["$ref"], depth)
            if not any(key in _RULES and key != "$ref" for key in schema):
                return
        self.untyped(schema, data, composite=composite, names=names, at=at, depth=depth)
        if not _ARRAY.isdisjoint(schema):
            self.array(schema, composite=composite, names=names, at=at, depth=depth)
        if not _OBJECT.isdisjoint(schema):
            self.object(schema, data, composite=composite, names=names, at=at, depth=depth)

    def untyped(
        self, schema: dict[str, Any], data: str, *, composite: bool, names: _Names, at: str,
        depth: int,
    ) -> None:  # fmt: skip
        """`not`, `anyOf`, `oneOf`, `allOf`, `if`/`then`/`else`, in Ajv's order."""
        if "not" in schema and not _always_valid(schema["not"]):
            self.visit(schema["not"], data, composite=True, names=names, at=f"{at}/not",
                       depth=depth)  # fmt: skip
        for keyword, inside in (("anyOf", True), ("oneOf", True), ("allOf", composite)):
            branches = schema.get(keyword)
            if type(branches) is not list:
                continue
            for index, branch in enumerate(branches):
                if keyword != "anyOf" and _always_valid(branch):
                    continue
                self.visit(branch, data, composite=inside, names=names,
                           at=f"{at}/{keyword}/{index}", depth=depth)  # fmt: skip
        if "if" in schema:
            then = "then" in schema and not _always_valid(schema["then"])
            otherwise = "else" in schema and not _always_valid(schema["else"])
            if then or otherwise:
                self.visit(schema["if"], data, composite=True, names=names, at=f"{at}/if",
                           depth=depth)  # fmt: skip
                for keyword, present in (("then", then), ("else", otherwise)):
                    if present:
                        self.visit(schema[keyword], data, composite=composite, names=names,
                                   at=f"{at}/{keyword}", depth=depth)  # fmt: skip

    def array(
        self, schema: dict[str, Any], *, composite: bool, names: _Names, at: str, depth: int
    ) -> None:
        prefix = schema.get("prefixItems")
        if type(prefix) is list:
            for index, item in enumerate(prefix):
                if not _always_valid(item):
                    self.visit(item, names.new(), composite=composite, names=names,
                               at=f"{at}/prefixItems/{index}", depth=depth)  # fmt: skip
        for keyword, inside in (("items", composite), ("contains", True)):
            if keyword in schema and not _always_valid(schema[keyword]):
                self.visit(schema[keyword], names.new(), composite=inside, names=names,
                           at=f"{at}/{keyword}", depth=depth)  # fmt: skip
        rest = schema.get("unevaluatedItems")
        if type(rest) is dict and not _always_valid(rest):
            self.visit(rest, names.new(), composite=composite, names=names,
                       at=f"{at}/unevaluatedItems", depth=depth)  # fmt: skip

    def object(
        self, schema: dict[str, Any], data: str, *, composite: bool, names: _Names, at: str,
        depth: int,
    ) -> None:  # fmt: skip
        """The defaults first (`assignDefaults`), then the object keywords in Ajv's order."""
        properties = schema.get("properties")
        keys = js_keys(properties) if type(properties) is dict else []
        if composite:
            for key in keys:
                item = properties[key]  # type: ignore[index]
                if type(item) is dict and "default" in item:
                    self.ignored(f"{at}/properties/{_escaped(key)}/default", data, key)
        if "propertyNames" in schema and not _always_valid(schema["propertyNames"]):
            self.visit(schema["propertyNames"], "key0", composite=True, names=names,
                       at=f"{at}/propertyNames", depth=depth)  # fmt: skip
        extra = schema.get("additionalProperties")
        if type(extra) is dict and not _always_valid(extra):
            self.visit(extra, names.new(), composite=composite, names=names,
                       at=f"{at}/additionalProperties", depth=depth)  # fmt: skip
        for keyword in ("dependencies",):
            for key, item in _schemas_of(schema.get(keyword)):
                self.visit(item, data, composite=composite, names=names,
                           at=f"{at}/{keyword}/{_escaped(key)}", depth=depth)  # fmt: skip
        for key in keys:
            item = properties[key]  # type: ignore[index]
            if not _always_valid(item):
                self.visit(item, names.new(), composite=composite, names=names,
                           at=f"{at}/properties/{_escaped(key)}", depth=depth)  # fmt: skip
        for key, item in _schemas_of(schema.get("patternProperties")):
            self.visit(item, names.new(), composite=composite, names=names,
                       at=f"{at}/patternProperties/{_escaped(key)}", depth=depth)  # fmt: skip
        for key, item in _schemas_of(schema.get("dependentSchemas")):
            self.visit(item, data, composite=composite, names=names,
                       at=f"{at}/dependentSchemas/{_escaped(key)}", depth=depth)  # fmt: skip
        rest = schema.get("unevaluatedProperties")
        if type(rest) is dict and not _always_valid(rest):
            self.visit(rest, names.new(), composite=composite, names=names,
                       at=f"{at}/unevaluatedProperties", depth=depth)  # fmt: skip


def _schemas_of(value: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """The (key, subschema) of a keyword's object, in `Object.keys` order, each a schema
    object with something to compile."""
    if type(value) is not dict:
        return
    for key in js_keys(value):
        item = value[key]
        if type(item) is dict and not _always_valid(item):
            yield key, item
