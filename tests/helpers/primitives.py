"""Index entries of code primitives, and what the shipped deploy says of them (the oracle)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from hatch_kindgi.primitives.findings import Finding
from tests.oracle.shipped import deploy_issues

PACK_ID = "acme.t"


def tool_entry(**fields: Any) -> dict[str, Any]:
    """A tool entry as the kindgi SDK writes one, with `fields` over it (None: left out)."""
    entry: dict[str, Any] = {
        "description": "Looks it up.",
        "effects": [],
        "id": f"{PACK_ID}.lookup",
        "input": {"properties": {"q": {"type": "string"}}, "required": ["q"], "type": "object"},
        "modulePath": "tools/lookup.py",
        "output": {"type": "object"},
        "version": "1.0.0",
    }
    entry.update(fields)
    return {key: value for key, value in entry.items() if value is not None}


def guardrail_entry(**fields: Any) -> dict[str, Any]:
    """A guardrail entry as the kindgi SDK writes one, with `fields` over it (None: left out)."""
    entry: dict[str, Any] = {
        "action": {"on-violation": "halt"},
        "checkId": f"{PACK_ID}.checks.tone",
        "checkModulePath": "guardrails/tone.py",
        "id": f"{PACK_ID}.tone",
        "kind": "zero-llm",
    }
    entry.update(fields)
    return {key: value for key, value in entry.items() if value is not None}


def index_of(**lists: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A pack index holding `lists` (tools=[...], guardrails=[...], ...)."""
    index: dict[str, Any] = {
        "v": 1,
        "packId": PACK_ID,
        "packVersion": "1.0.0",
        "artifactVersion": "20260101.1",
        "publishedAt": "2026-01-01T00:00:00.000Z",
        "tools": [],
        "guardrails": [],
        "agents": [],
        "flows": [],
    }
    index.update(lists)
    return index


def deploy_says(kind: str, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The shipped deploy's issues for an index holding `entry` alone (kind: `tools`, ...)."""
    return deploy_issues(index_of(**{kind: [entry]}))


def unmatched(issues: Iterable[dict[str, Any]], findings: Sequence[Finding]) -> list[str]:
    """The runtime's issues no finding carries: each message must be in an error's message,
    and, where the runtime names a path, that error must be at it (or inside it)."""
    missing: list[str] = []
    for issue in issues:
        message, path = str(issue["message"]), str(issue.get("path", ""))
        if not any(
            finding.severity == "error"
            and message in finding.message
            and (finding.pointer == path or finding.pointer.startswith(path + "/"))
            for finding in findings
        ):
            missing.append(f"{path}: {message}")
    return missing
