"""Real builds of every broken testpack: the golden report, no traceback, no wheel."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV, broken_cases, expected_report, tree_digest
from tests.helpers.packs import BROKEN, build_env, report_of, run_build

pytestmark = pytest.mark.slow


# pyproject-not-toml: build parses pyproject.toml before any hook runs (test_hardening_builds).
@pytest.mark.parametrize("case", [c for c in broken_cases() if c != "pyproject-not-toml"])
def test_broken_pack_fails_build_with_golden_report(tmp_path: Path, case: str) -> None:
    """`python -m build --wheel --no-isolation` fails with exactly the golden report."""
    pack = tmp_path / case
    shutil.copytree(BROKEN / case, pack, symlinks=True)
    before = tree_digest(pack)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert report_of(run.stderr) == expected_report(case)
    assert run.artifacts == []
    assert tree_digest(pack) == before
