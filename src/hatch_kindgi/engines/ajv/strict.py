"""A settings schema as the runtime's Ajv compiles it in strict mode, every refusal found.

The runtime compiles a settings schema with `new Ajv2020({strict: true, allErrors: true,
allowUnionTypes: true, inlineRefs: false})`, `addFormats(ajv)` and
`ajv.addKeyword("x-kindgi-tunable")` (`@kindgi/schema/src/registry.ts` and `bounded.ts` in
kindgi-cli 0.1.10), and refuses a schema whose `ajv.compile` throws. Ajv throws on the first
fault it meets; this module walks the schema in Ajv's own order (ajv
`dist/compile/validate/index.js`, the keyword groups of `dist/compile/rules.js`, each
keyword's code in `dist/vocabularies/`) and reports every one, in Ajv's words:

- strictSchema: an unknown keyword (`compile/util.js` checkUnknownRules), `if` without
  `then`/`else`, `then`/`else` without `if`, `minContains`/`maxContains` without `contains`,
  a `properties` key a `patternProperties` pattern matches;
- strictTypes: a keyword whose type the schema (or its context) does not declare, a `type`
  its context does not allow (`checkStrictTypes`); union types are allowed;
- strictTuples: `prefixItems` not closed by `minItems` and `maxItems` or `items: false`;
- strictRequired: a `required` name that neither `properties` of the same schema nor the
  ones Ajv compiled before at the same data level define (`definedProperties`);
- a `format` ajv-formats doesn't define; a pattern V8 refuses in `u` mode
  (`engines.javascript.regexp`); `nullable` without `type`, or not a boolean; a `$ref` to
  `$ref`s only, round a loop (Ajv's resolution never ends).

`inlineRefs: false` (the runtime's, so a `$defs` entry used many times compiles once): every
`$ref` target that isn't a boolean is compiled as a schema of its own, so a fault in it is
placed as Ajv places it there, from "#" again and after that schema's own base (`at "#"`,
`at "urn:x#/properties/a"`), not from the `$ref`. So is a schema with a `$dynamicAnchor`
(Ajv compiles it once more, with the root's base).

On the hosted profile (`Bounds.on_re2`, `@kindgi/schema`'s `bounded.ts`) two things change:
a pattern compiles through `compileTenantPattern` (Ajv's `code.regExp`: `engines.re2`), and
refuses in its words (`The schema's pattern "^(?=a)" isn't a regular expression that
compiles: RE2, …`); ajv-formats' fast mode adds no keywords, so `formatMinimum` and its kin
are unknown keywords.

What Ajv never compiles (a `$defs` entry no `$ref` reaches) it never refuses: neither do
we. `$ref`s that leave the schema or point to nothing are not this module's to report (the
schema stage's `refs.py`); what the runtime asks of the keyword it adds,
`"x-kindgi-tunable"`, is the settings rules' (`blocks/settings.py`).

The tests hold all of it to the runtime's own compile (`tests/oracle/shipped.py`
`ajv_settings`, kindgi-cli's `compileInlineSchema`): the keyword tables below against Ajv's
`RULES`, and the compile verdict and words of a corpus of settings schemas and of the
JSON-Schema-Test-Suite's draft 2020-12 schemas.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote, urljoin

from hatch_kindgi.engines.ajv.formats import FORMAT_NAMES
from hatch_kindgi.engines.ajv.vocabulary import NOT_SCHEMAS
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.budget import PatternTimeout, validation_budget
from hatch_kindgi.engines.javascript.json import stringify_string
from hatch_kindgi.report.suggest import Suggestions

if TYPE_CHECKING:  # the patterns' module loads with the first pattern (most schemas have none)
    from hatch_kindgi.engines.javascript.regexp import JsPattern, JsRegexError

__all__ = ["KEYWORDS", "Fault", "strict_faults", "strict_findings", "strict_fixes"]

_GROUPS: tuple[tuple[str | None, tuple[str, ...]], ...] = (
    (None, (
        "$dynamicAnchor", "$dynamicRef", "$recursiveAnchor", "$recursiveRef", "$comment", "id",
        "$ref", "type", "nullable", "const", "enum", "not", "anyOf", "oneOf", "allOf", "if",
        "then", "else",
    )),
    ("number", (
        "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "format",
    )),
    ("string", (
        "maxLength", "minLength", "pattern", "format", "formatMaximum", "formatMinimum",
        "formatExclusiveMaximum", "formatExclusiveMinimum",
    )),
    ("array", (
        "maxItems", "minItems", "prefixItems", "items", "contains", "uniqueItems",
        "maxContains", "minContains", "unevaluatedItems",
    )),
    ("object", (
        "maxProperties", "minProperties", "required", "propertyNames", "additionalProperties",
        "dependencies", "properties", "patternProperties", "dependentRequired",
        "dependentSchemas", "unevaluatedProperties",
    )),
)  # fmt: skip
"""Ajv's `RULES.rules`: the keyword groups in the order Ajv compiles them, untyped first."""

_RULE_TYPES: dict[str, tuple[str, ...]] = {}
for _type, _keywords in _GROUPS:
    for _keyword in _keywords:
        if _type is not None:
            _RULE_TYPES[_keyword] = (*_RULE_TYPES.get(_keyword, ()), _type)
        else:
            _RULE_TYPES.setdefault(_keyword, ())
RULE_ORDER: tuple[str, ...] = (
    "$dynamicAnchor", "$dynamicRef", "$recursiveAnchor", "$recursiveRef", "$comment", "id",
    "$ref", "maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf",
    "maxLength", "minLength", "pattern", "maxProperties", "minProperties", "required",
    "maxItems", "minItems", "uniqueItems", "type", "nullable", "const", "enum", "not", "anyOf",
    "oneOf", "allOf", "if", "then", "else", "propertyNames", "additionalProperties",
    "dependencies", "properties", "patternProperties", "prefixItems", "items", "contains",
    "format", "dependentRequired", "dependentSchemas", "maxContains", "minContains",
    "unevaluatedProperties", "unevaluatedItems", "formatMaximum", "formatMinimum",
    "formatExclusiveMaximum", "formatExclusiveMinimum",
)  # fmt: skip
"""Ajv's `RULES.all`, in its order (strictTypes checks keywords in it): every keyword that
compiles to code."""
GROUPS = _GROUPS
_RULE_INDEX = {keyword: index for index, keyword in enumerate(RULE_ORDER)}
_COMPILE_INDEX: dict[str, int] = {}
for _keywords in (keywords for _, keywords in _GROUPS):
    for _keyword in _keywords:
        _COMPILE_INDEX.setdefault(_keyword, len(_COMPILE_INDEX))
"""Where each keyword's code runs (its group's turn, then its place in the group; `format`
with the number group, its first)."""

ADDED_KEYWORDS = ("x-kindgi-tunable",)
"""The keywords the runtime adds to its Ajv (`ajv.addKeyword`): strict mode allows them, and
Ajv checks nothing of them (what the runtime asks of them is not Ajv's rule)."""

KEYWORDS: frozenset[str] = frozenset(
    {
        *RULE_ORDER,
        *("$async", "$schema", "$id", "$defs", "$vocabulary", "definitions", "title"),
        *("description", "default", "deprecated", "readOnly", "writeOnly", "examples"),
        *("contentMediaType", "contentEncoding", "contentSchema"),
        *ADDED_KEYWORDS,
    }
)
"""Ajv's `RULES.keywords` under the runtime's options: every keyword strict mode allows."""

_BASE_KEYWORDS = KEYWORDS - frozenset(ADDED_KEYWORDS)
_SUGGEST = Suggestions(sorted(KEYWORDS))
_OPENAPI = {
    "example": 'OpenAPI\'s "example" is not JSON Schema: use "examples": [...]',
    "discriminator": "OpenAPI's \"discriminator\" is off in the runtime's Ajv: drop it",
    "additionalItems": ('draft 2020-12 has no "additionalItems": use "items" after "prefixItems"'),
}
_FORMAT_LIMITS = frozenset(
    {"formatMaximum", "formatMinimum", "formatExclusiveMaximum", "formatExclusiveMinimum"}
)
_COMPARABLE_FORMATS = frozenset({"date", "time", "date-time", "iso-time", "iso-date-time"})
"""The ajv-formats formats with a `compare` function (`fmtDef(validate, compare)`)."""
_APPLICATORS = frozenset(
    {
        "$ref", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "prefixItems",
        "items", "contains", "unevaluatedItems", "additionalProperties", "propertyNames",
        "properties", "patternProperties", "dependentSchemas", "dependencies",
        "unevaluatedProperties",
    }
)  # fmt: skip
_ACTING = _APPLICATORS | {
    "format", "id", "nullable", "enum", "$dynamicRef", *_FORMAT_LIMITS, "pattern",
    "maxContains", "minContains", "required",
}  # fmt: skip
"""The keywords whose compile checks something (`_Walk.rule`, `_Walk.applicator`): Ajv's code
for the others (`type`, `minimum`, ...) refuses nothing strict mode hasn't already."""
_TYPES = frozenset({"string", "number", "integer", "boolean", "null", "object", "array"})
_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf")
_IN_PLACE = ("not", "if", "then", "else")
_TYPE_FIX = {
    "object": 'add "type": "object"',
    "array": 'add "type": "array"',
    "string": 'add "type": "string"',
    "number": 'add "type": "number" (or "integer")',
    "number,string": 'add "type": "string" (or "number")',
}

Finding = tuple[str, str]
"""A pointer into the schema and the message for it."""


@dataclass(frozen=True)
class Fault:
    """One way `ajv.compile` fails: where in the schema (a JSON pointer), Ajv's own words
    (what it throws), and the rest of our message (a hint, from "; " or " (did you mean"),
    empty when Ajv's words say it all."""

    pointer: str
    words: str
    rest: str = ""


class _Context:
    """What Ajv's compile context (`it`) carries that strict mode reads."""

    __slots__ = ("base", "data_types", "defined", "env", "path", "root_err_path", "root_path")

    def __init__(
        self,
        data_types: list[str],
        defined: set[str],
        path: tuple[object, ...],
        err_path: str,
        base: str = "",
        *,
        env: str = "",
    ) -> None:
        self.data_types = data_types
        self.defined = defined
        self.path = path
        # Ajv's errSchemaPath ("#/properties/a", from the "#" of the schema being compiled):
        # written out only for a message, from where that schema began
        self.root_err_path = err_path
        self.root_path = path
        self.base = base  # the base URI `$id`s set, that `$ref`s resolve against
        # the compiled schema's own base (`it.schemaEnv.baseId`), before errSchemaPath in
        # strictTypes' and strictRequired's messages ("urn:x#/properties/a")
        self.env = env

    def inplace(self, *keys: object) -> _Context:
        """A subschema applied to the same data (allOf, then, ...): shares what it knows."""
        return self._child(self.data_types, keys)

    def descend(self, *keys: object, data_types: list[str] | None = None) -> _Context:
        """A subschema applied to other data (properties, items, ...); Ajv starts a fresh
        set of defined properties for the parent too (`extendSubschemaData`)."""
        self.defined = set()
        return self._child([] if data_types is None else data_types, keys)

    def _child(self, data_types: list[str], keys: tuple[object, ...]) -> _Context:
        child = _Context(data_types, self.defined, (*self.path, *keys), "", self.base, env=self.env)
        child.root_err_path, child.root_path = self.root_err_path, self.root_path
        return child

    @property
    def err_schema_path(self) -> str:
        return _err_schema_path(self.root_err_path, self.path[len(self.root_path) :])

    @property
    def located(self) -> str:
        """Where strictTypes and strictRequired say a fault is: the compiled schema's base,
        then errSchemaPath."""
        return self.env + self.err_schema_path


def _err_schema_path(base: str, keys: tuple[object, ...]) -> str:
    """Ajv's errSchemaPath: JSON pointer segments, URI-escaped (`escapeFragment`)."""
    return base + "".join(
        "/" + quote(str(key).replace("~", "~0").replace("/", "~1"), safe="!*'()~") for key in keys
    )


def _pointer(path: tuple[object, ...]) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)


class _Walk:
    def __init__(
        self, root: Any, keywords: frozenset[str] = KEYWORDS, bounds: Bounds = SELF_HOSTED_BOUNDS
    ) -> None:
        self.root = root
        self.root_base = _root_base(root)  # Ajv's root baseId, as written
        self.root_uri = _join("", root["$id"]).partition("#")[0] if self.root_base else ""
        self.anchors_compiled: set[tuple[object, ...]] = set()
        self.bounds = bounds
        # ajv-formats' fast mode (the hosted profile's) adds no keyword
        self.keywords = keywords - _FORMAT_LIMITS if bounds.on_re2 else keywords
        self.findings: list[Finding] = []
        self.faults: list[Fault] = []
        self.seen: set[Finding] = set()
        self.refs_compiled: set[str] = set()
        self.index: _Index | None = None
        # The fixes that are certain (`strict_fixes`), by the finding's pointer: the type a
        # missing-type finding adds, the keyword an unknown one was meant to be.
        self.types_to_add: dict[str, str] = {}
        self.renames: dict[str, tuple[str, str]] = {}
        self.matching_stopped = False

    def add(self, path: tuple[object, ...], words: str, rest: str = "") -> None:
        """A fault at `path`: Ajv's `words` (what its compile throws), then `rest`, ours."""
        finding = (_pointer(path), words + rest)
        if finding not in self.seen:
            self.seen.add(finding)
            self.findings.append(finding)
            self.faults.append(Fault(finding[0], words, rest))

    def strict_types(self, ctx: _Context, message: str, path: tuple[object, ...], fix: str) -> None:
        self.add(path, f'strict mode: {message} at "{ctx.located}" (strictTypes)', f"; {fix}")

    # -- one schema, as Ajv's subschemaCode

    def schema(self, node: Any, ctx: _Context, depth: int) -> None:
        if type(node) is not dict or depth > 200:
            return
        keywords = self.keywords
        if not keywords.issuperset(node):
            for key in node:
                if key not in keywords:
                    self.add((*ctx.path, key), *_unknown(key, self.bounds))
                    meant = None if key in _OPENAPI else _SUGGEST.closest(key)
                    if meant is not None and meant not in node and meant in keywords:
                        self.renames.setdefault(_pointer((*ctx.path, key)), (key, meant))
        rules = [key for key in node if key in _COMPILE_INDEX and key in keywords]
        if not rules:
            return
        if type(node.get("$id")) is str:
            ctx.base = _join(ctx.base, node["$id"]).partition("#")[0]
        if type(node.get("$dynamicAnchor")) is str:
            self.dynamic_anchor(node, ctx, depth)
        if rules == ["$ref"]:
            self.ref(node["$ref"], ctx, depth)
            return
        types = self.schema_types(node, ctx)
        if types is not None:
            self.check_types(node, ctx, types)
        acting = [key for key in rules if key in _ACTING]  # the rest compile with no check
        acting.sort(key=_COMPILE_INDEX.__getitem__)
        for keyword in acting:
            self.keyword(keyword, node, ctx, depth)

    def schema_types(self, node: dict[str, Any], ctx: _Context) -> list[str] | None:
        declared = node.get("type")
        if type(declared) is str and declared in _TYPES:
            types = [declared]
        else:
            types = list(declared) if type(declared) is list else [declared] if declared else []
            if not all(type(each) is str and each in _TYPES for each in types):
                return None  # the metaschema check words this one
        nullable = node.get("nullable")
        if "null" in types:
            if nullable is False:
                self.add((*ctx.path, "nullable"), "type: null contradicts nullable: false")
        else:
            if not types and nullable is not None:
                self.add(
                    (*ctx.path, "nullable"),
                    '"nullable" cannot be used without "type"',
                    '; OpenAPI\'s "nullable" needs a "type" beside it (or use "type": '
                    '["string", "null"])',
                )
            if nullable is True:
                types.append("null")
        return types

    def check_types(self, node: dict[str, Any], ctx: _Context, types: list[str]) -> None:
        """Ajv's checkStrictTypes: the context's types, then each keyword's."""
        if types:
            if not ctx.data_types:
                ctx.data_types = types
            else:
                for each in types:
                    if not _includes(ctx.data_types, each):
                        self.strict_types(
                            ctx,
                            f'type "{each}" not allowed by context "{",".join(ctx.data_types)}"',
                            (*ctx.path, "type"),
                            "the schema around it allows no such value: make the types agree",
                        )
                ctx.data_types = [
                    each if _includes(types, each) else "integer"
                    for each in ctx.data_types
                    if _includes(types, each) or ("integer" in types and each == "number")
                ]
        misplaced = _misplaced(tuple(ctx.data_types))
        if misplaced.isdisjoint(node):
            return
        missing = [keyword for keyword in node if keyword in misplaced and keyword in self.keywords]
        for keyword in sorted(missing, key=_RULE_INDEX.__getitem__):
            wanted = _RULE_TYPES[keyword]
            joined = ",".join(wanted)
            if len(wanted) == 1 and "type" not in node:
                self.types_to_add.setdefault(_pointer((*ctx.path, keyword)), joined)
            self.strict_types(
                ctx,
                f'missing type "{joined}" for keyword "{keyword}"',
                (*ctx.path, keyword),
                _TYPE_FIX.get(joined, f'add "type": "{joined}"'),
            )

    # -- each keyword's compile-time rules

    def keyword(self, keyword: str, node: dict[str, Any], ctx: _Context, depth: int) -> None:
        if keyword in _APPLICATORS:
            self.applicator(keyword, node, ctx, depth)
        else:
            self.rule(keyword, node, ctx)

    def rule(self, keyword: str, node: dict[str, Any], ctx: _Context) -> None:
        """A keyword without subschemas: what its compile refuses."""
        value = node[keyword]
        path = (*ctx.path, keyword)
        if keyword == "format":
            if type(value) is str and value not in FORMAT_NAMES:
                self.add(
                    path,
                    f'unknown format "{value}" ignored in schema at path "{ctx.err_schema_path}"',
                    '; the runtime knows ajv-formats\' formats only: drop it, or use a "pattern"',
                )
        elif keyword == "id":
            self.add(path, 'NOT SUPPORTED: keyword "id", use "$id" for schema ID')
        elif keyword == "nullable" and type(value) is not bool:
            self.add(path, 'nullable value must be ["boolean"]', "; write true (or false)")
        elif keyword == "enum" and value == []:
            self.add(path, "enum must have non-empty array", "; list the values it allows")
        elif keyword == "$dynamicRef" and type(value) is str and not value.startswith("#"):
            self.add(
                path,
                '"$dynamicRef" only supports hash fragment reference',
                '; point it at a "$dynamicAnchor" of this schema ("#name")',
            )
        elif keyword in _FORMAT_LIMITS:
            self.format_limit(keyword, node, path)
        elif keyword == "pattern":
            if type(value) is str:
                self.pattern(value, path)
        elif keyword in ("maxContains", "minContains") and "contains" not in node:
            self.add(path, f'strict mode: "{keyword}" without "contains" is ignored')
        elif keyword == "required" and type(value) is list:
            properties = node.get("properties")
            for index, name in enumerate(value):
                if type(name) is not str:
                    continue  # the metaschema check's to report
                if not (type(properties) is dict and name in properties) and (
                    name not in ctx.defined
                ):
                    self.add(
                        (*path, index),
                        f'strict mode: required property "{name}" is not defined at '
                        f'"{ctx.located}" (strictRequired)',
                        '; declare it under "properties" of this same schema',
                    )

    def applicator(self, keyword: str, node: dict[str, Any], ctx: _Context, depth: int) -> None:
        """A keyword with subschemas: its own checks, then each subschema as Ajv compiles it
        (in place, or on other data: `_Context.inplace`, `_Context.descend`)."""
        value = node[keyword]
        path = (*ctx.path, keyword)
        if keyword == "$ref":
            self.ref(value, ctx, depth)
        elif keyword in _SCHEMA_LISTS and type(value) is list:
            for index, item in enumerate(value):
                self.schema(item, ctx.inplace(keyword, index), depth + 1)
        elif keyword in _IN_PLACE:
            if keyword == "if" and "then" not in node and "else" not in node:
                self.add(path, 'strict mode: "if" without "then" and "else" is ignored')
            if keyword in ("then", "else") and "if" not in node:
                self.add(path, f'strict mode: "{keyword}" without "if" is ignored')
            self.schema(value, ctx.inplace(keyword), depth + 1)
        elif keyword == "prefixItems" and type(value) is list:
            self.tuple_closed(node, ctx, len(value))
            for index, item in enumerate(value):
                self.schema(item, ctx.descend(keyword, index), depth + 1)
        elif keyword in ("items", "contains", "unevaluatedItems", "additionalProperties"):
            if keyword == "contains":
                self.contains_bounds(node, ctx)
            self.schema(value, ctx.descend(keyword), depth + 1)
        elif keyword == "propertyNames":
            self.schema(value, ctx.descend(keyword, data_types=["string"]), depth + 1)
        elif keyword == "properties" and type(value) is dict:
            ctx.defined.update(value)
            for name, item in value.items():
                if _always_valid(item):
                    self.schema(item, ctx.inplace(keyword, name), depth + 1)
                    continue
                self.schema(item, ctx.descend(keyword, name), depth + 1)
                ctx.defined.add(name)
        elif keyword == "patternProperties" and type(value) is dict:
            self.pattern_properties(value, node, ctx, depth)
        elif keyword in ("dependentSchemas", "dependencies") and type(value) is dict:
            for name, item in value.items():
                if type(item) is dict or type(item) is bool:
                    self.schema(item, ctx.inplace(keyword, name), depth + 1)
        elif keyword == "unevaluatedProperties":
            self.schema(value, ctx.descend(keyword), depth + 1)

    def tuple_closed(self, node: dict[str, Any], ctx: _Context, length: int) -> None:
        """Ajv's strictTuples (`checkStrictTuple` in `vocabularies/applicator/items.js`)."""
        if node.get("minItems") == length and (
            node.get("maxItems") == length or node.get("items") is False
        ):
            return
        self.add(
            (*ctx.path, "prefixItems"),
            f'strict mode: "prefixItems" is {length}-tuple, but minItems or maxItems/items '
            f'are not specified or different at path "{ctx.err_schema_path}"',
            f'; close the tuple: "minItems": {length} and "items": false (or "maxItems": {length})',
        )

    def format_limit(self, keyword: str, node: dict[str, Any], path: tuple[object, ...]) -> None:
        """ajv-formats' formatMaximum and kin (`dist/limit.js`): a format that compares."""
        fmt = node.get("format")
        if fmt is None:
            self.add(path, f"parent schema must have dependencies of {keyword}: format")
        elif type(fmt) is str and fmt in FORMAT_NAMES and fmt not in _COMPARABLE_FORMATS:
            self.add(path, f'"{keyword}": format "{fmt}" does not define "compare" function')

    def contains_bounds(self, node: dict[str, Any], ctx: _Context) -> None:
        low, high = node.get("minContains", 1), node.get("maxContains")
        if high is None and low == 0:
            self.add(
                (*ctx.path, "minContains"),
                'strict mode: "minContains" == 0 without "maxContains": "contains" keyword ignored',
            )
        elif _number(low) and _number(high) and low > high:
            self.add(
                (*ctx.path, "minContains"),
                'strict mode: "minContains" > "maxContains" is always invalid',
            )

    def pattern(self, source: str, path: tuple[object, ...]) -> JsPattern | None:
        """What compiling a pattern refuses, added; the pattern as V8 reads it, or None."""
        from hatch_kindgi.engines.javascript.regexp import JsRegexError, js_pattern

        try:
            compiled = js_pattern(source)
        except JsRegexError as refused:
            if not self.bounds.on_re2:
                self.add(path, refused.message, _pattern_fix(refused))
            compiled = None
        if self.bounds.on_re2:
            refusal = _tenant_pattern_refusal(source, self.bounds)
            if refusal is not None:
                self.add(path, *refusal)
        return compiled

    def pattern_properties(
        self, value: dict[str, Any], node: dict[str, Any], ctx: _Context, depth: int
    ) -> None:
        properties = node.get("properties")
        for source, item in value.items():
            path = (*ctx.path, "patternProperties", source)
            compiled = self.pattern(source, path)
            # Ajv asks V8 whichever engine patterns run on: `new RegExp(pattern).test(name)`
            if compiled is not None and type(properties) is dict:
                for name in properties:
                    if self.matches(compiled, name, path):
                        self.add(
                            path,
                            f"strict mode: property {name} matches pattern {source} (use "
                            "allowMatchingProperties)",
                            '; the runtime refuses a property both "properties" and '
                            '"patternProperties" cover: narrow the pattern',
                        )
            self.schema(item, ctx.descend("patternProperties", source), depth + 1)

    def matches(self, compiled: JsPattern, name: str, path: tuple[object, ...]) -> bool:
        """Whether a `patternProperties` pattern matches a property's name, within the
        check's pattern budget (a catastrophic pattern is a finding, not a hang)."""
        if self.matching_stopped:
            return False
        try:
            return compiled.search(name)
        except PatternTimeout as slow:
            self.matching_stopped = True
            self.add(path, slow.explained(f'the property name "{name}"'))
            return False

    def ref(self, ref: Any, ctx: _Context, depth: int) -> None:
        """A `$ref` compiles its target as a schema of its own, once (the runtime's
        `inlineRefs: false`: no context types, its errSchemaPath "#" again, its own base);
        a ref to the whole schema from its own base (`"#"`) compiles nothing. One that
        leaves the schema or finds nothing is the schema stage's to report (`refs.py`)."""
        if type(ref) is not str:
            return
        if ref in ("#", "#/") and ctx.base == self.root_uri:
            return
        full = _join(ctx.base, ref)
        if full in self.refs_compiled:
            return
        self.refs_compiled.add(full)
        if self.index is None:
            self.index = _Index(self.root)
        found = self.index.resolve(full)
        if found is None:
            return
        if self.bare_loop(full, found, ctx):
            return
        target, path, base = found
        env = self.index.env_base(full, ctx.base, self.root_base)
        self.schema(target, _Context([], set(), path, "#", base, env=env), depth + 1)

    def bare_loop(self, full: str, found: _Found, ctx: _Context) -> bool:
        """Whether the target of a `$ref` is only a `$ref` (no other keyword that compiles)
        round a loop of such: Ajv's `getJsonPointer` follows each at once, before it compiles
        anything, and never ends (`Maximum call stack size exceeded`)."""
        assert self.index is not None
        seen = {full}
        target, _, base = found
        while type(target) is dict and type(target.get("$ref")) is str:
            if any(key in _RULE_INDEX for key in target if key != "$ref"):
                return False
            following = _join(base, target["$ref"])
            if not following.partition("#")[2].startswith("/"):
                return False  # Ajv follows a JSON pointer only
            if following in seen:
                self.add(
                    (*ctx.path, "$ref"),
                    "Maximum call stack size exceeded",
                    "; this $ref leads only to $refs, round a "
                    f'loop back to "{target["$ref"]}": the runtime\'s compile follows them '
                    "without end, so give one a schema of its own (or drop the loop)",
                )
                return True
            seen.add(following)
            step = self.index.resolve(following)
            if step is None:
                return False
            target, _, base = step
        return False

    def dynamic_anchor(self, node: dict[str, Any], ctx: _Context, depth: int) -> None:
        """Ajv's `$dynamicAnchor` compiles its schema once more, as a schema of its own with
        the root's base (`_getValidate` in `vocabularies/dynamic/dynamicAnchor.js`), where it
        is not the root of the schema being compiled."""
        if ctx.err_schema_path == "#" or ctx.path in self.anchors_compiled:
            return
        self.anchors_compiled.add(ctx.path)
        anchored = _Context([], set(), ctx.path, "#", ctx.base, env=self.root_base)
        self.schema(node, anchored, depth + 1)


_PATTERN_FIXES = {
    "Invalid group": (
        "JavaScript has no inline flags like (?i) (use [Aa]) and names groups (?<name>...), "
        "not (?P<name>...)"
    ),
    "Invalid escape": (
        "in JavaScript's u mode only syntax characters are escaped (- needs no backslash "
        "outside [...]) and $ ends the text (not \\Z)"
    ),
    "Nothing to repeat": "JavaScript has no possessive quantifiers (a++, a*+): drop the second",
    "Lone quantifier brackets": "escape a literal {, } or ] as \\{, \\} or \\]",
    "Incomplete quantifier": "escape a literal { as \\{ (or write a whole {n,m})",
}


_HOSTED_FIXES = (
    ("has no lookahead or lookbehind", "Kindgi hosted runs patterns on RE2, which has none: "
     'match the whole value instead, or put what must not match under "not": {"pattern": …}'),
    ("has no backreferences", "RE2 can't match a group again: spell out the alternatives"),
    ("as the start of a class", "write [\\s\\S] for any character"),
    ("as a POSIX class", "escape the bracket: \\[:"),
    ("invalid repeat count", "RE2 repeats at most 1000 times, nested counts multiplied: bound "
     'the length with "maxLength" instead'),
    ("invalid character class range", "RE2 knows \\p{L}-style category names, the binary "
     "properties by their long names (Alphabetic, White_Space), Any and Assigned"),
    ("invalid escape sequence", "RE2 has no such escape: write the character itself or a class"),
    ("invalid named capture", "RE2's group names are ASCII letters, digits and _"),
    ("over the limit of", "Kindgi hosted takes patterns up to 1024 characters with their flags "
     "(Ajv's u counts one)"),
)  # fmt: skip


def _tenant_pattern_refusal(source: str, bounds: Bounds) -> tuple[str, str] | None:
    """The hosted profile's Ajv's refusal of a schema's pattern (`tenantRegExp` throws), its
    words and then our hint; None when it compiles. A pattern re2js takes but whose
    automaton would be too large to build here is ours to refuse, as too large to check."""
    from hatch_kindgi.engines.javascript.regexp import JsRegexError
    from hatch_kindgi.engines.re2.errors import TooLargeToCheck
    from hatch_kindgi.engines.re2.tenant import Refused, compile_tenant_pattern

    try:
        compiled = compile_tenant_pattern(source, "u", bounds=bounds)
    except JsRegexError as too_deep:
        return too_deep.message, ""
    if isinstance(compiled, Refused):
        reason = compiled.reason
        message = (
            f"The schema's pattern {stringify_string(source)} isn't a regular expression that "
            f"compiles: {reason}."
        )
        if reason.startswith("Invalid regular expression: "):
            fix = _PATTERN_FIXES.get(reason.rpartition(": ")[2], "")
        else:
            fix = next((fix for marker, fix in _HOSTED_FIXES if marker in reason), "")
        return message, f" {fix[:1].upper()}{fix[1:]}." if fix else ""
    try:
        compiled.test("")  # builds the program, as re2js's compile does
    except TooLargeToCheck as cause:
        return f"the pattern {stringify_string(source)} is too large to check: {cause}", ""
    return None


def _pattern_fix(refused: JsRegexError) -> str:
    """How to write a refused pattern as JavaScript wants it."""
    if not refused.javascript:
        return ""
    reason = refused.message.rpartition(": ")[2]
    return "; " + _PATTERN_FIXES.get(reason, "write the pattern as a JavaScript (u mode) RegExp")


@lru_cache(maxsize=64)
def _misplaced(data_types: tuple[str, ...]) -> frozenset[str]:
    """The keywords that need a type `data_types` doesn't have (Ajv's hasApplicableType)."""
    return frozenset(
        keyword
        for keyword, wanted in _RULE_TYPES.items()
        if wanted
        and not any(
            each in data_types or (each == "number" and "integer" in data_types) for each in wanted
        )
    )


def _always_valid(node: Any) -> bool:
    """Ajv's alwaysValidSchema: true, or an object without a keyword that compiles."""
    return node is True or (type(node) is dict and _RULE_TYPES.keys().isdisjoint(node))


def _includes(types: list[str], each: str) -> bool:
    return each in types or (each == "integer" and "number" in types)


def _unknown(key: str, bounds: Bounds = SELF_HOSTED_BOUNDS) -> tuple[str, str]:
    if key in _FORMAT_LIMITS and bounds.on_re2:
        return (
            f'strict mode: unknown keyword: "{key}"',
            "; Kindgi hosted asserts ajv-formats' fast formats, which add no keywords: compare "
            "the values in code, or drop it",
        )
    why = _OPENAPI.get(key) or ""
    hint = _SUGGEST.hint(key) if not why else ""
    fix = why or (
        "Ajv in strict mode refuses keywords it doesn't know: fix its spelling, or drop it"
        + (' (notes go in "description" or "$comment")' if not hint else "")
    )
    return f'strict mode: unknown keyword: "{key}"', f"{hint}; {fix}"


_Found = tuple[Any, tuple[object, ...], str]  # a subschema, its path, its base URI
_PREVENT_SCOPE_CHANGE = frozenset(
    ("properties", "patternProperties", "enum", "dependencies", "definitions")
)


def _join(base: str, ref: str) -> str:
    """`ref` resolved against `base` (a fragment only: appended, whatever the scheme)."""
    if ref.startswith("#") or not base:
        return base.partition("#")[0] + ref if ref.startswith("#") else ref
    try:
        return urljoin(base, ref)
    except ValueError:  # not a URI (an IPv6 host unclosed): resolves to nothing
        return ref


class _Index:
    """Every schema resource (`$id`) and anchor of a schema, by absolute URI, as Ajv's
    `getSchemaRefs` collects them (walked without recursion)."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.resources: dict[str, _Found] = {}
        self.anchors: dict[str, _Found] = {}
        stack: list[tuple[Any, tuple[object, ...], str]] = [(root, (), "")]
        while stack:
            node, path, base = stack.pop()
            if type(node) is list:
                stack.extend((item, (*path, index), base) for index, item in enumerate(node))
                continue
            if type(node) is not dict:
                continue
            if type(node.get("$id")) is str:
                base = _join(base, node["$id"]).partition("#")[0]
                self.resources.setdefault(base, (node, path, base))
            elif not path:
                self.resources[""] = (node, path, base)
            for key in ("$anchor", "$dynamicAnchor"):
                if type(node.get(key)) is str:
                    self.anchors.setdefault(f"{base}#{node[key]}", (node, path, base))
            stack.extend(
                (value, (*path, key), base)
                for key, value in node.items()
                if key not in NOT_SCHEMAS and type(value) in (dict, list)
            )
        if "" not in self.resources and type(root) is dict:
            self.resources[""] = (root, (), "")

    def env_base(self, uri: str, referrer: str, root_base: str) -> str:
        """The base Ajv gives the schema `uri` names when it compiles it on its own
        (`SchemaEnv.baseId`): from the root's, each `$id` on the way to it resolved in turn
        (`getJsonPointer`: not one under "properties", "patternProperties", "enum",
        "dependencies" or "definitions" as such); for an anchor with no base, the
        referrer's (`"#"` where it has none, so a fault there is `at "##"`)."""
        where, _, fragment = uri.partition("#")
        fragment = unquote(fragment)
        if fragment and not fragment.startswith("/"):
            found = self.anchors.get(f"{where}#{fragment}")
            if found is None:
                return ""
            if not where:
                return referrer or "#"
            return self.walked_base(found[1], root_base)
        resource = self.resources.get(where)
        if resource is None:
            return ""
        path: list[object] = list(resource[1])
        path += [raw.replace("~1", "/").replace("~0", "~") for raw in fragment.split("/")[1:]]
        return self.walked_base(tuple(path), root_base)

    def walked_base(self, path: tuple[object, ...], root_base: str) -> str:
        base, node = root_base, self.root
        for key in path:
            if type(node) is dict and key in node:
                node = node[key]
            elif type(node) is list and isinstance(key, (int, str)) and str(key).isdigit():
                index = int(key)
                if index >= len(node):
                    break
                node = node[index]
            else:
                break
            if key not in _PREVENT_SCOPE_CHANGE and type(node) is dict:
                found = node.get("$id")
                if type(found) is str:
                    base = _normal_id(_join(base, found))
        return base

    def resolve(self, uri: str) -> _Found | None:
        where, _, fragment = uri.partition("#")
        resource = self.resources.get(where)
        if resource is None:
            return None
        fragment = unquote(fragment)
        if fragment and not fragment.startswith("/"):
            return self.anchors.get(f"{where}#{fragment}")
        node, path, base = resource
        for raw in fragment.split("/")[1:] if fragment else []:
            part = raw.replace("~1", "/").replace("~0", "~")
            if type(node) is dict and part in node:
                node, path = node[part], (*path, part)
            elif type(node) is list and part.isdigit() and int(part) < len(node):
                node, path = node[int(part)], (*path, int(part))
            else:
                return None
        return node, path, base


def strict_findings(schema: Any, bounds: Bounds = SELF_HOSTED_BOUNDS) -> list[Finding]:
    """Every way `ajv.compile(schema)` fails under the runtime's options and `bounds` (after
    the metaschema check), each (pointer in the schema, message in Ajv's words and a fix)."""
    return [(f.pointer, f.words + f.rest) for f in strict_faults(schema, bounds=bounds)]


def strict_faults(
    schema: Any,
    *,
    annotations: Iterable[str] = ADDED_KEYWORDS,
    bounds: Bounds = SELF_HOSTED_BOUNDS,
) -> list[Fault]:
    """`strict_findings`, each with Ajv's own words apart from ours, in the order Ajv's code
    generation meets them: the first is what `ajv.compile` throws. `annotations` are the
    keywords the runtime adds to this Ajv (a pack tool's has none: `x-kindgi-tunable` is an
    unknown keyword there)."""
    added = frozenset(annotations)
    keywords = KEYWORDS if added == frozenset(ADDED_KEYWORDS) else _BASE_KEYWORDS | added
    walk = _Walk(schema, keywords, bounds)
    try:
        with validation_budget():
            walk.schema(schema, _root_context(walk), 0)
    except RecursionError:  # nesting within nesting (a deep pattern in a deep schema)
        walk.add((), "the schema nests too deeply to check")
    return walk.faults


def strict_fixes(schema: Any, bounds: Bounds = SELF_HOSTED_BOUNDS) -> dict[str, tuple[str, str]]:
    """For each finding of `strict_findings` whose fix is certain, by its pointer, the fix as
    `Problem.suggestion` says it (what an editor's quick fix and `check --fix` make): a
    "missing type" whose keyword wants one type, in a schema object that declares none,
    `("", type)`, the type to add to that object; an unknown keyword a "did you mean" names,
    in an object that doesn't have that one already, `(keyword, meant)`."""
    walk = _Walk(schema, bounds=bounds)
    walk.schema(schema, _root_context(walk), 0)
    fixes = {pointer: ("", type_name) for pointer, type_name in walk.types_to_add.items()}
    fixes.update(walk.renames)
    return fixes


def _number(value: Any) -> bool:
    return type(value) in (int, float)


def _root_base(root: Any) -> str:
    """The root schema's `$id` as Ajv keeps it (`normalizeId`: a final "#" or "#/" dropped,
    nothing resolved), "" without one."""
    found = root.get("$id") if type(root) is dict else None
    return _normal_id(found) if type(found) is str else ""


def _normal_id(uri: str) -> str:
    for end in ("#/", "#"):
        if uri.endswith(end):
            return uri[: -len(end)]
    return uri


def _root_context(walk: _Walk) -> _Context:
    return _Context([], set(), (), "#", env=walk.root_base)
