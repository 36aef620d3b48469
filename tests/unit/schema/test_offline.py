"""No schema makes anything fetch: remote `$schema` and `$ref` URLs on every path (settings,
guardrail configSchema, agent output.schema), with and without the jsonschema-rs fast path."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.checks.stage import check_entries
from tests.helpers.blocks import block_paths, settings, write
from tests.helpers.entries import guardrail
from tests.helpers.fast_path import fast_path_off
from tests.helpers.loopback import schema_server


@pytest.fixture
def server() -> Iterator[tuple[str, list[str]]]:
    """A schema server on loopback: its base URL and the requests it got."""
    with schema_server() as (base, requests):
        yield base, requests


def _schemas(base: str) -> dict[str, Any]:
    """Schemas that name the server every way a schema can."""
    return {
        "schema-root": {"$schema": f"{base}/meta", "type": "object"},
        "schema-nested": {"properties": {"limit": {"$schema": f"{base}/meta"}}},
        "schema-resource": {
            "properties": {"limit": {"$id": f"{base}/limit", "$schema": f"{base}/meta"}}
        },
        "ref": {"properties": {"limit": {"$ref": f"{base}/limit.json"}}},
        "ref-relative": {"$id": f"{base}/root.json", "properties": {"limit": {"$ref": "x.json"}}},
        "dynamic-ref": {"properties": {"limit": {"$dynamicRef": f"{base}/d.json#meta"}}},
        "ref-nested-id": {
            "$defs": {"x": {"$id": f"{base}/x.json", "$ref": "y.json"}},
            "properties": {"limit": {"$ref": f"{base}/x.json"}},
        },
        "vocabulary": {"$vocabulary": {f"{base}/vocab": True}, "type": "object"},
        "metaschema-ref": {"$ref": "https://json-schema.org/draft/2020-12/schema"},
    }


def test_the_server_records_a_fetch(server: tuple[str, list[str]]) -> None:
    """The detector the tests here rely on: a request that reaches it is recorded, so their
    empty lists mean that nothing fetched."""
    base, requests = server
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback only
    with opener.open(f"{base}/limit.json", timeout=10) as answer:
        assert json.loads(answer.read()) == {"type": "string"}
    assert requests == ["/limit.json"]


@pytest.mark.parametrize("fast", [True, False], ids=["fast path", "jsonschema alone"])
def test_settings_fetch_nothing(tmp_path: Path, server: tuple[str, list[str]], fast: bool) -> None:
    """Every settings schema naming the server: checked, values validated, no request."""
    base, requests = server
    write(
        tmp_path,
        {
            f"blocks/{name}.json": settings(f"acme.{name}", "1.0.0", {"limit": 5}, schema)
            for name, schema in _schemas(base).items()
        },
    )
    files, _ = block_paths(tmp_path)
    if fast:
        check_blocks(tmp_path, files, "blocks")
    else:
        with fast_path_off():
            check_blocks(tmp_path, files, "blocks")
    assert requests == []


@pytest.mark.parametrize("fast", [True, False], ids=["fast path", "jsonschema alone"])
def test_entries_fetch_nothing(server: tuple[str, list[str]], fast: bool) -> None:
    """Every configSchema and output.schema naming the server: no request."""
    base, requests = server
    guardrails = [
        guardrail(id=f"acme.{name}", configSchema=schema, config={"limit": 5})
        for name, schema in _schemas(base).items()
    ]
    agents = [
        {
            "id": f"acme.{name}",
            "modulePath": "agents/a.py",
            "output": {"schema": schema},
        }
        for name, schema in _schemas(base).items()
    ]
    if fast:
        check_entries([], guardrails, agents, [], [])
    else:
        with fast_path_off():
            check_entries([], guardrails, agents, [], [])
    assert requests == []
