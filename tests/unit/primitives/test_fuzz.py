"""No index entry, however odd, makes the primitives stage raise: any JSON in any field."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.stage import check_primitives
from hatch_kindgi.report.problems import Problem
from tests.helpers.primitives import guardrail_entry, tool_entry

_KEYS = st.sampled_from(
    ["type", "properties", "items", "anyOf", "oneOf", "$ref", "default", "required", "pattern",
     "format", "$schema", "kind", "hosts", "env", "secrets", "urlTemplate", "x", "", "~/"]
)  # fmt: skip
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=12),
    st.sampled_from(["(?P<x>a)", "#/$defs/a", "#", "object", "http", "https://{x}/", "kindgi.x"]),
)
_JSON = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=4)),
    max_leaves=20,
)
_TOOL_FIELDS = ["id", "version", "input", "output", "effects", "needsSpec", "spec", "metadata",
                "network", "limits", "transport", "modulePath", "needs", "sandbox"]  # fmt: skip
_GUARDRAIL_FIELDS = ["id", "kind", "checkId", "check", "config", "configSchema", "action",
                     "severity", "scope", "limits", "network", "checkModulePath"]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.dictionaries(st.sampled_from(_TOOL_FIELDS), _JSON, max_size=4),
    st.dictionaries(st.sampled_from(_GUARDRAIL_FIELDS), _JSON, max_size=4),
)
def test_any_json_in_any_field_is_a_problem_or_nothing(
    tool: dict[str, Any], guardrail: dict[str, Any]
) -> None:
    """The stage gives problems (or none) for any value in any field, and never raises."""
    lists = {"tools": [tool_entry(**tool)], "guardrails": [guardrail_entry(**guardrail)]}
    problems = check_primitives(lists)
    assert all(isinstance(problem, Problem) for problem in problems)


def test_deep_and_wide_schemas_never_raise() -> None:
    """A schema nested thousands deep, or with thousands of properties: problems, at most."""
    deep: Any = {"type": "object"}
    for _ in range(3000):
        deep = {"type": "object", "properties": {"a": deep}}
    wide = {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(5000)}}
    optional = {"anyOf": [{"type": "object", "properties": {"a": {"default": 1}}}, {}]}
    deep_optional: Any = optional
    for _ in range(2000):
        deep_optional = {"anyOf": [{"type": "object", "properties": {"a": deep_optional}}]}
    for schema in (deep, wide, deep_optional):
        lists = {"tools": [tool_entry(input=schema, output=schema)]}
        check_primitives(lists)
