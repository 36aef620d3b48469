"""Real `python -m build` runs on the minimal pack: the index in the wheel, byte for byte."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.packs import copy_pack, run_build, wheel_files
from tests.oracle import shipped

pytestmark = pytest.mark.slow

# Written by hand from testpacks/minimal/pyproject.toml: env lists sorted, the
# published-at option (+02:00) in UTC, artifactVersion the distribution version.
EXPECTED_MINIMAL = {
    "v": 1,
    "packId": "acme.minimal",
    "packVersion": "1.0.0",
    "artifactVersion": "1.0.0",
    "publishedAt": "2026-09-20T14:32:07.104Z",
    "tools": [],
    "guardrails": [],
    "agents": [],
    "flows": [],
    "env": {"required": ["API_BASE", "LEDGER_DATABASE_URL"], "optional": ["SENTRY_DSN"]},
}


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_minimal_pack_wheel_holds_index(
    tmp_path: Path, isolated: bool, isolated_env: dict[str, str]
) -> None:
    """The wheel's acme_minimal/index.json is exactly what Node writes for the envelope."""
    pack = copy_pack("minimal", tmp_path)
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=isolated_env)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    files = wheel_files(wheel)
    assert files["acme_minimal/index.json"] == shipped.canonical(EXPECTED_MINIMAL)
    assert json.loads(files["acme_minimal/index.json"]) == EXPECTED_MINIMAL
    packaged = sorted(
        name for name in files if not name.startswith("acme_minimal-1.0.0.dist-info/")
    )
    assert packaged == ["acme_minimal/__init__.py", "acme_minimal/index.json"]


def test_artifact_version_pin_from_environment(tmp_path: Path) -> None:
    """KINDGI_ARTIFACT_VERSION wins over the distribution version."""
    pack = copy_pack("minimal", tmp_path)
    env = {"KINDGI_ARTIFACT_VERSION": "20261129.3"}
    from tests.helpers.packs import build_env

    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(env))
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    index = json.loads(wheel_files(wheel)["acme_minimal/index.json"])
    assert index["artifactVersion"] == "20261129.3"
