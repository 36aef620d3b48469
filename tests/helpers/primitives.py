"""Index entries of code primitives, and what the shipped deploy says of them (the oracle);
the realistic corpus (tests/data/primitives/corpus, pydantic modules) as the SDK indexes it."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.primitives.findings import Finding
from tests.helpers.packs import build_env
from tests.oracle.shipped import Profile, deploy_issues

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


def deploy_says(
    kind: str, entry: dict[str, Any], *, profile: Profile = "self-hosted"
) -> list[dict[str, Any]]:
    """The shipped deploy's issues for an index holding `entry` alone (kind: `tools`, ...),
    on a runtime booted under `profile`'s bounds."""
    return deploy_issues(index_of(**{kind: [entry]}), profile=profile)


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


CORPUS = Path(__file__).parents[1] / "data" / "primitives" / "corpus"


@functools.cache
def indexed(pack: Path) -> dict[str, Any]:
    """The index the kindgi SDK writes for `pack` (the files it refuses left out), with its
    outcome under `"outcome"`: nothing of ours runs. Skips where the SDK can't run (Python
    < 3.11)."""
    if sys.version_info < (3, 11):
        pytest.skip("the kindgi SDK needs Python 3.11+")
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "index.json"
        command = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(pack)]
        command += ["--output", str(output), "--artifact-version", "20260101.1"]
        command += ["--published-at", "2026-01-01T00:00:00Z", "--json"]
        env = build_env({"PYTHONDONTWRITEBYTECODE": "1"})
        completed = subprocess.run(
            command, env=env, cwd=folder, capture_output=True, text=True, timeout=300, check=False
        )
        outcome = json.loads(completed.stdout.splitlines()[-1])
        index: dict[str, Any] = json.loads(output.read_text("utf-8"))
    index["outcome"] = outcome
    return index


def corpus_index() -> dict[str, Any]:
    """The corpus's index, as the SDK writes it (`indexed`)."""
    return indexed(CORPUS)


def corpus_entries(kind: str) -> list[dict[str, Any]]:
    """The corpus's `kind` entries (`agents`, `flows`, ...) as the SDK wrote them."""
    return list(corpus_index()[kind])
