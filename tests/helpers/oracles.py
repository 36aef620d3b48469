"""What a pack's index should hold, computed here from its files, without hatch_kindgi."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.helpers.packs import build_env, run_checked


def independent_blocks(pack: Path) -> list[dict[str, Any]]:
    """The index's `blocks`, computed from the block files: each block as declared, its
    `templateFile` replaced by the file's text under `template`, plus `modulePath`, sorted by
    id in UTF-16 code-unit order, then by version in semver order."""
    entries: list[dict[str, Any]] = []
    for path in sorted((pack / "blocks").rglob("*.json")):
        block: dict[str, Any] = json.loads(path.read_bytes().decode("utf-8"))
        content = dict(block["content"])
        template_file = content.pop("templateFile", None)
        if template_file is not None:
            content["template"] = (path.parent / template_file).read_bytes().decode("utf-8")
        entries.append(
            {**block, "content": content, "modulePath": path.relative_to(pack).as_posix()}
        )
    return sorted(
        entries,
        key=lambda entry: (
            str(entry["id"]).encode("utf-16-be"),
            tuple(int(part) for part in str(entry["version"]).split(".")),
        ),
    )


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
