"""Every broken testpack's report, from the pipeline in-process, equals its golden file."""

from __future__ import annotations

import pytest

from hatch_kindgi.pipeline import run_pipeline
from hatch_kindgi.report.formats import format_text
from tests.helpers.golden import GOLDEN_ENV, broken_case_params, expected_report
from tests.helpers.packs import BROKEN


@pytest.mark.parametrize("case", broken_case_params())
def test_pipeline_report_matches_golden(case: str) -> None:
    """The whole report (every line and the summary) is the golden one."""
    result = run_pipeline(BROKEN / case, environ=GOLDEN_ENV)
    assert result.failed
    assert format_text(result.problems) == expected_report(case)
