"""Where refs point, whatever the base URI; and how they chain."""

from __future__ import annotations

from typing import Any

import pytest

from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.primitives.stage import check_primitives
from hatch_kindgi.schema.refs import RefChains, ref_chains, reference_findings
from tests.helpers.entries import guardrail
from tests.helpers.fast_path import fast_path_off
from tests.oracle import shipped

URN = "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66"


@pytest.mark.parametrize(
    "base", [URN, "tag:acme.test,2026:settings", "https://acme.test/s.json", "s.json"]
)
def test_fragment_refs_stay_in_the_document_whatever_its_base(base: str) -> None:
    """`#/$defs/bar` under a `urn:` (or `tag:`) `$id` names this document's bar, as
    jsonschema resolves it; it does not refer outside."""
    schema = {"$id": base, "$defs": {"bar": {"$anchor": "b", "type": "integer"}}}
    for ref in ("#/$defs/bar", "#b", "#"):
        assert list(reference_findings({**schema, "$ref": ref})) == []
    missing = list(reference_findings({**schema, "$ref": "#/$defs/nope"}))
    # Ajv's words first: the base it reads the ref against is the root's $id as written
    assert missing == [
        (
            "/$ref",
            f"can't resolve reference #/$defs/nope from id {base}; "
            '"#/$defs/nope" points to nothing in the schema',
        )
    ]
    shipped.require_oracle()
    plain = {"$id": base, "$defs": {"bar": {"type": "integer"}}, "$ref": "#/$defs/nope"}
    assert shipped.settings(plain, {})["issues"][0]["message"] == (
        f"Inline schema failed to compile: can't resolve reference #/$defs/nope from id {base}"
    )


@pytest.mark.parametrize(
    "ref",
    [
        "https://json-schema.org/draft/2020-12/schema",
        "https://json-schema.org/draft/2020-12/schema#",
        "https://json-schema.org/draft/2020-12/meta/core",
        "https://json-schema.org/draft/2020-12/meta/validation#/$defs/simpleTypes",
        "https://json-schema.org/draft/2020-12/meta/format-assertion",
        "https://json-schema.org/draft/2019-09/schema",
        "http://json-schema.org/draft-07/schema#",
        "http://json-schema.org/draft-07/schema",
        "http://json-schema.org/draft-04/schema#",
    ],
)
def test_metaschemas_a_ref_may_name_are_the_runtimes(ref: str) -> None:
    """A `$ref` to a metaschema passes exactly when the runtime's Ajv2020 compiles it (it
    knows Draft 2020-12's metaschema and vocabularies, no other draft's), and where it doesn't
    the finding starts with Ajv's words."""
    shipped.require_oracle()
    schema = {"type": "object", "properties": {"s": {"$ref": ref}}}
    ours = list(reference_findings(schema))
    theirs = shipped.compile_inline_schema(schema)
    assert (ours == []) == (theirs is None)
    if theirs is not None:
        prefix = "Inline schema failed to compile: "
        assert theirs.startswith(prefix)
        assert ours[0][1].startswith(theirs[len(prefix) :] + "; ")


@pytest.mark.parametrize("fast", [True, False], ids=["fast path", "bounded alone"])
def test_urn_schema_checks_settings_values(fast: bool) -> None:
    """A settings schema with a URN `$id` is usable, and its values are checked through it."""
    schema = {
        "$id": URN,
        "$defs": {"bar": {"type": "integer", "minimum": 0}},
        "type": "object",
        "properties": {"limit": {"$ref": "#/$defs/bar"}},
    }
    checks = SchemaChecks()
    if fast:
        problems = [*checks.schema_problems("b.json", schema)]
        problems += checks.value_problems("b.json", {"limit": -1}, schema)
    else:
        with fast_path_off():
            problems = [*checks.schema_problems("b.json", schema)]
            problems += checks.value_problems("b.json", {"limit": -1}, schema)
    assert [(p.code, p.pointer, p.message) for p in problems] == [
        ("settings-values", "/content/values/limit", "must be >= 0")  # Ajv's words
    ]


def test_urn_config_schema_checks_the_config() -> None:
    """The same for a guardrail's configSchema."""
    schema = {"$id": URN, "$defs": {"bar": {"type": "string"}}, "$ref": "#/$defs/bar"}
    entry = guardrail(configSchema=schema, config={"a": 1})  # an object, as the spec wants
    problems = check_primitives({"guardrails": [entry]})
    assert [(p.code, p.pointer) for p in problems] == [("guardrail-config", "/config")]


def _chain(length: int, end: Any) -> dict[str, Any]:
    defs: dict[str, Any] = {f"d{n}": {"$ref": f"#/$defs/d{n + 1}"} for n in range(length)}
    defs[f"d{length}"] = end
    return {"$defs": defs, "$ref": "#/$defs/d0"}


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "object"}, RefChains(cyclic=False, longest=0, expansions=0)),
        (_chain(3, {}), RefChains(cyclic=False, longest=4, expansions=10)),
        (_chain(10_000, {}), RefChains(cyclic=False, longest=10_001, expansions=1_000_000)),
        ({"$ref": "#"}, RefChains(cyclic=True, longest=0, expansions=1_000_000)),
        (
            {"$defs": {"t": {"items": {"$ref": "#/$defs/t"}}}, "$ref": "#/$defs/t"},
            RefChains(cyclic=True, longest=0, expansions=1_000_000),
        ),
        (
            {
                "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {}},
                "properties": {"x": {"$ref": "#/$defs/a"}},
            },
            RefChains(cyclic=False, longest=2, expansions=3),
        ),
        ({"$ref": "https://elsewhere.test/x"}, RefChains(cyclic=False, longest=1, expansions=1)),
    ],
    ids=["no refs", "chain of 3", "chain of 10000", "self", "tree", "two deep", "remote"],
)
def test_ref_chains(schema: Any, expected: RefChains) -> None:
    """Cycles are found, chains measured by the refs one inside the next, expansions counted
    (each ref, plus what the refs inside its target expand to; capped)."""
    assert ref_chains(schema) == expected
