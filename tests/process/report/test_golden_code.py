"""The broken testpacks with code, whose code stage runs the kindgi SDK in a child process (one
of them sleeps until its import time runs out): the same facts tests/unit holds in process for
the packs without code, by the same test functions, on these packs. Their report is the golden
one; each problem's place is where the raw text has it; JSON, GitHub's annotations, SARIF and
the language server's ranges carry those places."""

from __future__ import annotations

import pytest

from tests.helpers.golden import broken_case_params
from tests.unit.lsp import test_positions as lsp_positions
from tests.unit.report import test_golden as golden
from tests.unit.report import test_sarif as sarif

CODE_CASES = broken_case_params(code=True)


@pytest.mark.parametrize("case", CODE_CASES)
def test_pipeline_report_matches_golden(case: str) -> None:
    """The whole report (every line and the summary) is the golden one."""
    golden.test_pipeline_report_matches_golden(case)


@pytest.mark.parametrize("case", CODE_CASES)
def test_places_are_where_the_raw_text_has_them(case: str) -> None:
    """Each problem's line and column is where the raw text (JSON, TOML, a module's tokens)
    has its pointer (tests/unit/report/test_golden.py's reading)."""
    golden.test_places_are_where_the_raw_text_has_them(case)


@pytest.mark.parametrize("case", CODE_CASES)
def test_json_and_github_carry_the_golden_places(case: str) -> None:
    """The JSON report's and GitHub's places are the golden report's, problem for problem."""
    golden.test_json_and_github_carry_the_golden_places(case)


@pytest.mark.parametrize("case", CODE_CASES)
def test_every_broken_pack_gives_valid_sarif_with_its_golden_problems(case: str) -> None:
    """Valid SARIF, its results the golden report's problems at their places."""
    sarif.test_every_broken_pack_gives_valid_sarif_with_its_golden_problems(case)


@pytest.mark.parametrize("case", CODE_CASES)
def test_server_ranges_start_at_the_reports_places(case: str) -> None:
    """The language server's diagnostic of every problem starts at the report's place."""
    lsp_positions.test_server_ranges_start_at_the_reports_places(case)
