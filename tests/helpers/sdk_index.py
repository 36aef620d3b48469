"""A pack indexed by the kindgi SDK's own indexer, nothing of ours running: its entries (what
the runtime-agreement tests ask the shipped runtime about) and its index file's bytes."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.helpers.packs import build_env, run_checked


def sdk_entries(
    pack: Path,
    work: Path,
    extra_env: dict[str, str] | None = None,
    *,
    file_errors: bool = False,
) -> dict[str, Any]:
    """The index `python -m kindgi.pack index` writes for `pack` (its warnings allowed; its
    file errors too with `file_errors`), `extra_env` added to its environment."""
    output = work / "index.json"
    work.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(pack)]
    command += ["--output", str(output), "--artifact-version", "20260101.1"]
    command += ["--published-at", "2026-01-01T00:00:00.000Z", "--json"]
    env = build_env({"PYTHONDONTWRITEBYTECODE": "1", **(extra_env or {})})
    completed = run_checked(command, env=env, cwd=work, timeout=300)
    outcome = json.loads(completed.stdout.splitlines()[-1])
    assert outcome["kind"] == "ok", outcome
    assert file_errors or outcome["value"]["fileErrors"] == [], outcome
    index: dict[str, Any] = json.loads(output.read_text("utf-8"))
    return index


def sdk_index(
    pack: Path,
    output: Path,
    artifact_version: str,
    published_at: str,
    extra_env: dict[str, str] | None = None,
) -> bytes:
    """What the kindgi SDK's own indexer, `python -m kindgi.pack index`, writes for `pack`
    with these pins (the pack must index clean), `extra_env` added to its environment (a
    PYTHONPATH standing for an installed app). No bytecode is written into `pack`."""
    output.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(pack)]
    command += ["--output", str(output), "--artifact-version", artifact_version]
    command += ["--published-at", published_at, "--json"]
    env = build_env({"PYTHONDONTWRITEBYTECODE": "1", **(extra_env or {})})
    completed = run_checked(command, env=env, cwd=output.parent, timeout=300)
    outcome = json.loads(completed.stdout.splitlines()[-1])
    assert outcome["kind"] == "ok", outcome
    assert (outcome["value"]["fileErrors"], outcome["value"]["warnings"]) == ([], [])
    return output.read_bytes()
