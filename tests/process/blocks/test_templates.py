"""Templates checked in a helper process give the same outcome as in this one, and the helper
is gone when the stage ends, however it ends."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.blocks import templates as _templates
from hatch_kindgi.blocks.liquid import TemplateSite, check_template
from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.pipeline import RunRequest, run_pipeline
from hatch_kindgi.report.formats import format_text
from tests.helpers.blocks import block_paths
from tests.helpers.golden import GOLDEN_ENV, expected_report
from tests.helpers.packs import BROKEN

LIQUID_CASES = [
    "liquid-syntax-file",
    "liquid-syntax-inline",
    "liquid-unknown-tag",
    "liquid-warnings",
]


@pytest.fixture
def helpers(monkeypatch: pytest.MonkeyPatch) -> list[subprocess.Popen[bytes]]:
    """Every pack gets a helper (whatever its size and the machine's load); the helpers started."""
    started: list[subprocess.Popen[bytes]] = []
    real = _templates._Helper.start

    def start() -> Any:
        helper = real()
        if helper is not None:
            started.append(helper._process)
        return helper

    monkeypatch.setattr(_templates, "PARALLEL_FROM", 1)
    monkeypatch.setattr(_templates, "_idle_core", lambda: True)
    monkeypatch.setattr(_templates._Helper, "start", staticmethod(start))
    return started


@pytest.mark.parametrize("case", LIQUID_CASES)
def test_golden_reports_with_a_helper(case: str, helpers: list[subprocess.Popen[bytes]]) -> None:
    """Liquid errors and warnings, answered by the helper: the golden report exactly."""
    result = run_pipeline(BROKEN / case, RunRequest(environ=GOLDEN_ENV))
    assert format_text(result.problems) == expected_report(case)
    assert len(helpers) == 1
    assert helpers[0].poll() is not None  # gone


def test_generated_pack_with_a_helper(
    tmp_path: Path, helpers: list[subprocess.Popen[bytes]]
) -> None:
    """Hundreds of templates: the same entries and problems as in one process."""
    from tests.helpers.bench import generate

    files = generate(tmp_path, 400)
    with_helper = check_blocks(tmp_path, files, "blocks")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_templates, "PARALLEL_FROM", 10**9)
        alone = check_blocks(tmp_path, files, "blocks")
    assert (with_helper.entries, with_helper.problems) == (alone.entries, alone.problems)
    assert len(helpers) == 1
    assert helpers[0].poll() is not None


def test_a_helper_that_fails_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, helpers: list[subprocess.Popen[bytes]]
) -> None:
    """A helper that dies at once (or never answers): everything is checked here instead."""
    monkeypatch.setattr(_templates, "_BOOT", "import sys; sys.exit(3)")
    result = run_pipeline(BROKEN / "liquid-warnings", RunRequest(environ=GOLDEN_ENV))
    assert format_text(result.problems) == expected_report("liquid-warnings")
    assert len(helpers) == 1
    assert helpers[0].poll() is not None


def test_helper_is_stopped_when_the_stage_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, helpers: list[subprocess.Popen[bytes]]
) -> None:
    """An exception in the stage (a bug) still leaves no helper behind."""
    files, _ = block_paths(BROKEN / "liquid-warnings")

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr("hatch_kindgi.blocks.stage.read_template_file", boom)
    with pytest.raises(RuntimeError):
        check_blocks(BROKEN / "liquid-warnings", files, "blocks")
    assert len(helpers) == 1
    assert helpers[0].poll() is not None


def test_a_packs_liquid_module_is_not_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a folder holding `liquid.py` (a pack's root, on the import path as it is for
    `python -m hatch_kindgi check` run there), the helper still loads python-liquid."""
    marker = tmp_path / "imported"
    (tmp_path / "liquid.py").write_text(f"open({str(marker)!r}, 'w').close()\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    job: tuple[int, str, TemplateSite, frozenset[str]] = (
        0,
        "Hi {{ name | upcase }}",
        TemplateSite("blocks/p.json", inline=True),
        frozenset(),
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", _templates._BOOT, json.dumps(_templates._import_paths())],
        input=pickle.dumps([job]),
        capture_output=True,
        cwd=tmp_path,
        timeout=60,
        check=True,
    )
    [(key, checked)] = pickle.loads(done.stdout)
    assert key == 0
    assert checked == check_template(job[1], job[2], job[3])
    assert [p.code for p in checked.problems] == ["liquid-unknown-variable"]
    assert not marker.exists()
