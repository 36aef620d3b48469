"""Real builds of hostile packs: nothing fetched, nothing left behind, no traceback."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.blocks import settings, write
from tests.helpers.golden import GOLDEN_ENV, tree_digest
from tests.helpers.loopback import schema_server
from tests.helpers.packs import BROKEN, build_env, report_of, run_build, scratch_pyproject

pytestmark = pytest.mark.slow

PYPROJECT = scratch_pyproject("hostile-pack", "acme.hostile")


def _settings(block_id: str, schema: dict[str, Any]) -> str:
    return json.dumps(settings(block_id, "1.0.0", {"limit": 5}, schema), indent=2) + "\n"


@pytest.mark.sdk  # guardrails and an agent, indexed by the SDK
def test_build_fetches_nothing_from_a_loopback_schema_server(tmp_path: Path) -> None:
    """Remote $refs (absolute, and relative to a remote $id) and remote $schema URLs to a live
    server, in settings, a guardrail's configSchema and an agent's output.schema: no request."""
    pack = tmp_path / "pack"
    with schema_server() as (base, requests):
        write(
            pack,
            {
                "pyproject.toml": PYPROJECT,
                "blocks/remote.json": _settings(
                    "acme.remote", {"properties": {"limit": {"$ref": f"{base}/schema.json"}}}
                ),
                "blocks/relative.json": _settings(
                    "acme.relative",
                    {"$id": f"{base}/root.json", "properties": {"limit": {"$ref": "schema.json"}}},
                ),
                "blocks/dialect.json": _settings("acme.dialect", {"$schema": f"{base}/meta"}),
                "blocks/nested-dialect.json": _settings(
                    "acme.nested-dialect",
                    {"type": "object", "properties": {"limit": {"$schema": f"{base}/meta"}}},
                ),
                "guardrails/limit.py": (
                    "from kindgi import guardrail\n\n\n"
                    '@guardrail(id="acme.hostile.limit", on_violation="halt",\n'
                    f'    config_type={{"$ref": "{base}/config.json"}}, config={{"limit": 5}})\n'
                    "def check(config: dict, trace: dict) -> bool:\n"
                    "    return True\n"
                ),
                "guardrails/dialect.py": (
                    "from kindgi import guardrail\n\n\n"
                    '@guardrail(id="acme.hostile.dialect", on_violation="halt",\n'
                    f'    config_type={{"$schema": "{base}/meta"}}, config={{"limit": 5}})\n'
                    "def check(config: dict, trace: dict) -> bool:\n"
                    "    return True\n"
                ),
                "agents/drafter.py": (
                    "from kindgi import Agent\n\n"
                    'drafter = Agent(id="acme.hostile.drafter", version="1.0.0", name="D",\n'
                    '    instructions="Hi.", output={"schema": {\n'
                    f'        "$schema": "{base}/meta", "$ref": "{base}/out.json"}}}})\n'
                ),
            },
        )
        before = tree_digest(pack)
        run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
        assert requests == []
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    report = report_of(run.stderr)
    # guardrails/dialect.py: the runtime compiles a configSchema for 2020-12 alone, so a
    # remote $schema is refused (as the shipped compileJsonSchema refuses it), not fetched.
    files = (
        "blocks/remote.json",
        "blocks/relative.json",
        "guardrails/limit.py",
        "guardrails/dialect.py",
    )
    for file in files:
        assert re.search(rf"^{re.escape(file)}(:\d+:\d+)?: error\[", report, re.M), file
    for file in ("blocks/nested-dialect.json",):
        # checked, and found sound
        assert not re.search(rf"^{re.escape(file)}[:\s]", report, re.M), file
    assert run.artifacts == []
    assert tree_digest(pack) == before


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_pyproject_that_is_not_toml_fails_the_build_cleanly(tmp_path: Path, isolated: bool) -> None:
    """The frontend refuses it before our hook runs: named, no traceback, nothing built."""
    pack = tmp_path / "pyproject-not-toml"
    shutil.copytree(BROKEN / "pyproject-not-toml", pack)
    before = tree_digest(pack)
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    assert "pyproject.toml" in run.stderr
    assert "line 11, column 18" in run.stderr
    assert run.artifacts == []
    assert tree_digest(pack) == before


@pytest.mark.parametrize(
    "case",
    [
        "settings-values",
        pytest.param("import-raises", marks=pytest.mark.sdk),
        pytest.param("import-os-exit", marks=pytest.mark.sdk),
    ],
)
def test_failed_build_leaves_no_temporary_files(tmp_path: Path, case: str) -> None:
    """With TMPDIR a fresh empty folder, a failing build leaves it empty.

    Measured: neither build nor pip leaves anything there for a --no-isolation build, so
    nothing is excluded.
    """
    pack = tmp_path / case
    shutil.copytree(BROKEN / case, pack)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = build_env({**GOLDEN_ENV, "TMPDIR": str(scratch), "TEMP": str(scratch)})
    run = run_build(pack, tmp_path / "dist", isolated=False, env=env)
    assert run.returncode != 0
    assert report_of(run.stderr)
    assert sorted(p.name for p in scratch.iterdir()) == []
    assert run.artifacts == []


def test_default_build_of_a_broken_pack_leaves_no_sdist(tmp_path: Path) -> None:
    """`python -m build` (sdist, then a wheel from it) of a broken pack leaves no artifact."""
    pack = tmp_path / "settings-values"
    shutil.copytree(BROKEN / "settings-values", pack)
    run = run_build(pack, tmp_path / "dist", isolated=False, args=(), env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert run.artifacts == []
