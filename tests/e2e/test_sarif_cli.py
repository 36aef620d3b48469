"""`check --format sarif` and `index --format sarif` as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers.cli import run_cli
from tests.helpers.golden import expected_report
from tests.helpers.packs import BROKEN, REPO, copy_pack
from tests.helpers.sarif import github_faults, golden_rows, result_rows, schema_errors


def test_check_sarif_on_a_broken_pack() -> None:
    """Exit 1, nothing on stderr, and on stdout one valid SARIF log with the golden problems,
    their files placed below the pack's folder in this repository."""
    run = run_cli("check", str(BROKEN / "block-shape"), "--format", "sarif")
    assert (run.returncode, run.stderr) == (1, "")
    document = json.loads(run.stdout)
    assert schema_errors(document) == []
    assert github_faults(document) == []
    prefix = "testpacks/broken/block-shape/" if (REPO / ".git").exists() else ""
    assert result_rows(document) == golden_rows(expected_report("block-shape"), prefix)


def test_check_sarif_on_a_clean_pack_is_an_empty_run() -> None:
    """A clean pack still gets a log (code scanning closes old alerts with it): no results."""
    run = run_cli("check", "testpacks/minimal", "--format", "sarif")
    assert (run.returncode, run.stderr) == (0, "")
    document = json.loads(run.stdout)
    assert schema_errors(document) == []
    assert document["runs"][0]["results"] == []


def test_index_sarif_writes_the_index_and_a_log(tmp_path: Path) -> None:
    """`index --format sarif`: the index is written, stdout is only the log."""
    pack = copy_pack("blocks", tmp_path)
    run = run_cli("index", str(pack), "--format", "sarif")
    assert (run.returncode, run.stderr) == (0, "")
    assert json.loads(run.stdout)["runs"][0]["results"] == []
    assert json.loads((pack / "dist/index.json").read_text("utf-8"))["packId"] == "acme.blocks"
