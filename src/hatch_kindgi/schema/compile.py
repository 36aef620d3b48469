"""A schema compiled as the runtime's `@kindgi/schema` compiles it: every way it fails, and
the one the runtime throws.

The one gate for every JSON Schema a primitive carries, on the same rules as the settings'
(the metaschema check in Ajv's words, `schema.metaschema`; Ajv's strict mode,
`engines.ajv.strict`; `$ref`s that stay inside the schema, `schema.refs`), with what each of
the runtime's entry points adds (`@kindgi/schema/src/dialect.ts`, `registry.ts`):

- `"pack-tool"`: `compileJsonSchema(schema, {dialects: ['2020-12']})`, a pack tool's input and
  output (`@kindgi/tools` `schemaOptions`): the `$schema` a dialect Kindgi validates, and
  2020-12 alone here, in its words; no annotation keyword (`x-kindgi-tunable` is unknown);
- `"inline"`: `compileInlineSchema(schema)`, an agent's output, a flow's schemas, a tool's
  `needsSpec` slots: 2020-12 whatever the `$schema` says (Ajv then reads it, and knows no other
  metaschema), `x-kindgi-tunable` allowed.

Both are strict (`loose_faults` is `strict: false`, a guardrail's `configSchema`). Ajv
throws on its first fault and the runtime words only that one (`thrown`); the faults after it
are what the next compile would say once it is fixed, so a report can give them all at once.
`bounds` are the runtime's (a profile's, `engines.bounds`): a schema is measured first, as
`compileTenantSchema` measures it (its depth, its values, its bytes as JSON), and on Kindgi
hosted its patterns compile on RE2 and ajv-formats' fast formats add no keywords.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from hatch_kindgi.engines.ajv.strict import ADDED_KEYWORDS, strict_faults
from hatch_kindgi.engines.ajv.tenant import tenant_schema_problem
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.schema import DRAFT_2020_12
from hatch_kindgi.schema.metaschema import metaschema_failures
from hatch_kindgi.schema.survey import survey

Use = Literal["pack-tool", "inline"]

_DIALECTS = {
    "http://json-schema.org/draft-06/schema": "draft-06",
    "http://json-schema.org/draft-07/schema": "draft-07",
    "https://json-schema.org/draft/2019-09/schema": "2019-09",
    DRAFT_2020_12: "2020-12",
}
_METASCHEMA = "schema is invalid: "
_AJV2020_METASCHEMAS = frozenset(
    (
        DRAFT_2020_12,
        *(
            DRAFT_2020_12.removesuffix("schema") + "meta/" + vocabulary
            for vocabulary in (
                "core",
                "applicator",
                "unevaluated",
                "validation",
                "meta-data",
                "format-annotation",
                "content",
            )
        ),
    )
)
"""The metaschemas an Ajv2020 holds (the dialect's and its vocabularies'): a `$schema` naming
one of them is taken (and read by Ajv as the one to check the schema against)."""
_UNCHECKED = ("the pattern ", "the schema nests too deeply", "matching ")
"""How `engines.ajv.strict` words what it couldn't check, as opposed to what Ajv throws."""
_STRICT_ONLY = ("strict mode: ", "unknown format ")
"""What Ajv throws only in strict mode (`strictSchema`, `strictTypes`, …, and a format it
doesn't know, which it only warns of otherwise)."""


@dataclass(frozen=True)
class CompileFault:
    """One way a schema fails to compile: where in it (a JSON pointer), the runtime's own
    words (what its compile would throw, were this the first fault), and the rest of our
    message (a hint, from "; " or " (did you mean"; empty when the words say it all).
    `metaschema` marks the faults of Ajv's metaschema check, which it throws as one; a fault
    that isn't `checked` is our check's limit, not the runtime's refusal."""

    pointer: str
    words: str
    rest: str = ""
    metaschema: bool = False

    @property
    def checked(self) -> bool:
        """False for what stopped our check rather than the runtime's compile (a pattern too
        large to translate, one that backtracks without end, nesting too deep to walk): the
        runtime may compile it, and these words are ours."""
        return not self.words.startswith(_UNCHECKED)


def compile_faults(
    schema: Any, *, use: Use, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[CompileFault]:
    """Every way the runtime's compile of `schema` as `use` fails, in the order it meets them
    (none: it compiles) under `bounds` (a profile's, `engines.bounds`)."""
    if type(schema) is bool:
        return []
    if schema is None:  # Ajv reads its `$id` first
        return [CompileFault("", "Cannot read properties of null (reading '$id')")]
    if type(schema) is not dict and type(schema) is not list:
        return [CompileFault("", "schema must be object or boolean")]
    if type(schema) is dict and "$schema" in schema:
        refused = _dialect_refused(schema["$schema"], use)
        if refused is not None:
            return [CompileFault("/$schema", refused)]
    measured = tenant_schema_problem(schema, bounds)
    if measured is not None:  # `compileTenantSchema` throws before Ajv sees the schema
        return [CompileFault("", measured)]
    surveyed = survey(schema)
    try:
        failures = list(metaschema_failures(schema, surveyed))
    except RecursionError:
        return [CompileFault("", "the schema nests too deeply to check")]
    if failures:
        return [CompileFault(pointer, message, metaschema=True) for pointer, message in failures]
    annotations = () if use == "pack-tool" else ADDED_KEYWORDS
    faults = [
        CompileFault(fault.pointer, fault.words, fault.rest)
        for fault in strict_faults(schema, annotations=annotations, bounds=bounds)
    ]
    if surveyed.refs:
        from hatch_kindgi.schema.refs import reference_findings

        faults.extend(
            CompileFault(pointer, message) for pointer, message in reference_findings(schema)
        )
    return faults


def thrown(faults: Sequence[CompileFault]) -> str:
    """The message the runtime's compile throws for `faults` (non-empty): the first fault's
    words; the metaschema check's faults all in one (Ajv's `errorsText`, `, `-joined)."""
    first = faults[0]
    if not first.metaschema:
        return first.words
    texts = [fault.words.removeprefix(_METASCHEMA) for fault in faults if fault.metaschema]
    return _METASCHEMA + ", ".join(texts)


def loose_faults(schema: Any, *, bounds: Bounds = SELF_HOSTED_BOUNDS) -> list[CompileFault]:
    """Every way `schema` fails to compile with Ajv's strict mode off, as the runtime
    compiles a guardrail's `configSchema` (`compileJsonSchema(schema, {dialects: ['2020-12'],
    strict: false})`): the dialect, the metaschema, a pattern V8 won't compile, a `$ref` to
    nothing; unknown keywords and formats and loose types are let be then."""
    faults = compile_faults(schema, use="pack-tool", bounds=bounds)
    return [
        fault
        for fault in faults
        if fault.metaschema
        or fault.pointer == "/$schema"
        or not fault.words.startswith(_STRICT_ONLY)
    ]


def _dialect_refused(dialect: object, use: Use) -> str | None:
    """What the runtime says of a `$schema` it won't compile `use` with, else None."""
    if use == "inline":  # Ajv2020 reads it: it knows its own metaschemas alone
        if dialect == "":  # unset, to Ajv
            return None
        if type(dialect) is not str:
            return "$schema must be a string"
        if dialect.removesuffix("#") in _AJV2020_METASCHEMAS:
            return None
        return f'no schema with key or ref "{dialect}"'
    if type(dialect) is str and _DIALECTS.get(dialect.removesuffix("#")) == "2020-12":
        return None
    shown = json.dumps(dialect, ensure_ascii=False, separators=(",", ":"))
    return (
        f"The schema's $schema {shown} isn't a JSON Schema dialect Kindgi validates here: 2020-12."
    )
