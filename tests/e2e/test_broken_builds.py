"""Real builds of one broken testpack a stage: the golden report, no traceback, no wheel, the
tree untouched (every broken pack's report is tests/unit/report/test_golden.py's, in process)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV, expected_report, stage_case_params, tree_digest
from tests.helpers.packs import BROKEN, build_env, report_of, run_build

pytestmark = pytest.mark.slow


# pyproject-not-toml, which build parses before any hook runs, is test_hardening_builds'.
@pytest.mark.parametrize("case", stage_case_params())
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
