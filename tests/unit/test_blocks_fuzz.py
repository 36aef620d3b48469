"""Fuzz: mutated valid blocks give entries or problems, never an exception."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi._blocks import check_blocks

VALID: list[dict[str, Any]] = [
    {
        "id": "acme.reply-prompt",
        "version": "1.0.0",
        "kind": "prompt",
        "content": {
            "template": 'Hi {{ tone }} {{ settings["acme.style"].n }}',
            "parameters": [{"name": "tone", "type": "string", "default": "warm"}],
        },
    },
    {
        "id": "acme.style",
        "version": "1.0.0",
        "kind": "settings",
        "content": {"values": {"n": 1}, "schema": {"properties": {"n": {"minimum": 0}}}},
    },
    {
        "id": "acme.file",
        "version": "1.0.0",
        "kind": "prompt",
        "content": {"templateFile": "t.liquid"},
    },
]

json_leaf = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
json_value = st.recursive(
    json_leaf,
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
    max_leaves=8,
)
KEYS = [
    "id",
    "version",
    "kind",
    "content",
    "description",
    "template",
    "templateFile",
    "parameters",
    "values",
    "schema",
    "$ref",
    "name",
    "type",
    "default",
]


def _mutate(block: Any, path: list[Any], value: Any) -> Any:
    """Replace (or add) the value at a path of keys, stopping where the path leaves objects."""
    if not path or not isinstance(block, dict):
        return value
    head, *rest = path
    copy = dict(block)
    copy[head] = _mutate(copy.get(head), rest, value)
    return copy


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    base=st.sampled_from(VALID),
    path=st.lists(st.sampled_from(KEYS), min_size=1, max_size=3),
    value=json_value,
    cut=st.none() | st.integers(min_value=0, max_value=400),
)
def test_mutated_blocks_never_raise(
    tmp_path: Path, base: dict[str, Any], path: list[str], value: Any, cut: int | None
) -> None:
    """A structurally mutated (or truncated) block gives an entry or problems."""
    text = json.dumps(_mutate(base, path, value), allow_nan=True)
    if cut is not None:
        text = text[:cut]
    blocks = tmp_path / "blocks"
    blocks.mkdir(exist_ok=True)
    (blocks / "t.liquid").write_text("{{ x }}", encoding="utf-8")
    (blocks / "b.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    outcome = check_blocks(tmp_path, ["blocks/b.json"], "blocks")
    assert outcome.entries or outcome.problems
