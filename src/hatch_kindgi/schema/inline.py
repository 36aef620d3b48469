"""An inline schema as the runtime's `compileInlineSchema` compiles it: every fault, the
runtime's first.

`compileInlineSchema` (@kindgi/schema `registry.ts`) compiles the JSON Schemas a pack's agents
and flows carry (an agent's `output.schema`; a flow's loop, subgraph and fanout-branch
`outputSchema`s and its `output.schema`) with `new Ajv2020({strict: true, allErrors: true,
allowUnionTypes: true})`, ajv-formats, and `x-kindgi-tunable` as the one annotation it adds.
The dialect is fixed: a `$schema` is not read as a dialect, only looked up among the
metaschemas Ajv2020 holds (draft-07's URI is `no schema with key or ref "…"`). A deploy
refuses an agent or flow whose schema doesn't compile; its message is the compile's first
fault (Ajv throws there), without the lead-in `Inline schema failed to compile: `.

Ajv refuses, in this order: a value that is no schema; a `$schema` it doesn't hold; the
metaschema's failures (all of them, in one message, as Ajv's `errorsText` joins them); then
what its compile throws on (`engines.ajv.strict`: unknown keywords, strict types, required,
tuples, formats, patterns) and a `$ref` it can't resolve (`schema.refs`). Each fault here is
(pointer into the schema, message): the runtime's words, then our fix after `; ` where we
have one. The first is the runtime's message.

The tests hold every verdict and the first message to the shipped `compileInlineSchema`
(`tests/oracle/shipped.py`). The size and depth bounds the runtime measures before Ajv
(`bounded.ts` `measure`) are issue 29's (the profiles); `profile` is for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.engines.javascript.values import UNDEFINED
from hatch_kindgi.schema.metaschema import metaschema_failures

__all__ = ["SchemaFault", "inline_schema_faults"]

SchemaFault = tuple[str, str]
"""A pointer into the schema (`""` for the schema itself) and the message for it."""


_INVALID = "schema is invalid: "
_META = "https://json-schema.org/draft/2020-12/"
_KNOWN_METASCHEMAS = frozenset(
    _META + name
    for name in (
        "schema",
        "meta/core",
        "meta/applicator",
        "meta/unevaluated",
        "meta/validation",
        "meta/meta-data",
        "meta/format-annotation",
        "meta/content",
    )
)
"""The metaschemas Ajv2020 holds: a `$schema` naming another one is refused."""


def inline_schema_faults(schema: Any, *, profile: str = "self-hosted") -> list[SchemaFault]:
    """Every way `compileInlineSchema(schema)` fails (`UNDEFINED` for a key the entry lacks), the
    runtime's own message first; none when it compiles."""
    del profile  # the hosted bounds come with issue 29
    if schema is None:
        return [("", "Cannot read properties of null (reading '$id'); give a JSON Schema object")]
    if isinstance(schema, bool):
        return []
    if not isinstance(schema, (Mapping, list)):
        return [("", "schema must be object or boolean")]
    if isinstance(schema, Mapping):
        dialect = _dialect_fault(schema.get("$schema", UNDEFINED))
        if dialect is not None:
            return [dialect]
    try:
        failures = list(metaschema_failures(schema))
    except RecursionError:
        return [("", "the schema nests too deeply to check")]
    if failures:
        # Ajv's errorsText: every error, in its order, joined into one message.
        joined = ", ".join(message[len(_INVALID) :] for _, message in failures)
        return [(failures[0][0], _INVALID + joined)]
    from hatch_kindgi.engines.ajv.strict import strict_findings
    from hatch_kindgi.schema.refs import reference_findings

    faults = list(strict_findings(schema))
    faults.extend(reference_findings(schema))
    return faults


def _dialect_fault(declared: object) -> SchemaFault | None:
    """Ajv's refusal of a root `$schema` it holds no metaschema for (an empty one is unset)."""
    if declared is UNDEFINED or declared == "":
        return None
    if not isinstance(declared, str):
        return ("/$schema", "$schema must be a string")
    known = declared[:-1] if declared.endswith("#") else declared
    if known in _KNOWN_METASCHEMAS:
        return None
    return (
        "/$schema",
        f'no schema with key or ref "{declared}"; an inline schema is Draft 2020-12 whatever '
        f'its "$schema" says: leave "$schema" out',
    )
