"""Every broken testpack's report, from the pipeline in-process, equals its golden file."""

from __future__ import annotations

import pytest

from hatch_kindgi.report.formats import format_text
from tests.helpers.golden import broken_case_params, expected_report, golden_result


@pytest.mark.parametrize("case", broken_case_params())
def test_pipeline_report_matches_golden(case: str) -> None:
    """The whole report (every line and the summary) is the golden one."""
    result = golden_result(case)
    assert result.failed
    assert format_text(result.problems) == expected_report(case)
