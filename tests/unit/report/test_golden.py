"""Every broken testpack's report, from the pipeline in-process, equals its golden file; each
problem's place in it is where an independent reading of the file's raw text finds its
pointer, and every format carries that same place. The packs with code, whose code stage
starts the kindgi SDK in a child, are tests/process/report/test_golden_code.py's, by these
same functions."""

from __future__ import annotations

import json
import re

import pytest

from hatch_kindgi.report.formats import format_github, format_json, format_text
from hatch_kindgi.report.problems import Problem
from tests.helpers.golden import broken_case_params, expected_report, golden_result
from tests.helpers.module_places import module_places
from tests.helpers.packs import BROKEN
from tests.helpers.places import expected_place
from tests.helpers.sarif import golden_rows

_GITHUB = re.compile(
    r"::(?P<severity>error|warning) file=(?P<file>[^,]*)(?:,line=(?P<line>\d+))?"
    r"(?:,col=(?P<column>\d+))?,title=kindgi (?P<code>[a-z0-9-]+)::(?P<text>.*)"
)


@pytest.mark.parametrize("case", broken_case_params(code=False))
def test_pipeline_report_matches_golden(case: str) -> None:
    """The whole report (every line and the summary) is the golden one."""
    result = golden_result(case)
    assert result.failed
    assert format_text(result.problems) == expected_report(case)


@pytest.mark.parametrize("case", broken_case_params(code=False))
def test_places_are_where_the_raw_text_has_them(case: str) -> None:
    """Each problem's line and column is where its pointer's key or value (a pyproject
    key's, an inline template's own character) is in the file's raw text, found by the
    standard library's JSON scanner and line-by-line TOML matching (`tests/helpers/places`),
    not by the code that placed it; a problem with no place in its file has no line. A
    problem in a code module at a pointer into an entry it declares is at the argument the
    pointer leads to in one of the module's declarations, found from the module's tokens
    (`tests/helpers/module_places`), not by the `ast` reading that placed it."""
    for problem in golden_result(case).problems:
        try:
            text = (BROKEN / case / problem.file).read_bytes().decode("utf-8")
        except (OSError, ValueError):  # not a file, or not UTF-8: the stage's own place
            assert problem.end is None or problem.line is not None
            continue
        if problem.file.endswith(".py") and problem.pointer is not None:
            _in_module(problem, text)
            continue
        expected = expected_place(problem, text)
        place = None if problem.line is None else (problem.line, problem.column)
        assert place == expected, (problem.file, problem.code, problem.pointer)


_NO_DECLARATION = frozenset({"primitive-invalid", "agent-range-dropped"})
"""Problems at a pointer into a module's entry that are given no place yet: the kindgi
indexer's refusal (the entry it refused is in no list the placing reads) and the comparison's
dropped range (an earlier release's)."""


def _in_module(problem: Problem, text: str) -> None:
    if problem.code in _NO_DECLARATION:
        assert problem.line is None, (problem.file, problem.code, problem.pointer)
        return
    assert problem.line is not None, (problem.file, problem.code)
    assert problem.column is not None, (problem.file, problem.code)
    places = module_places(text, problem.pointer or "")
    if places is not None:  # None: a model's field or a docstring, which tokens don't tell
        assert (problem.line, problem.column) in places, (problem.file, problem.pointer, places)


@pytest.mark.parametrize("case", broken_case_params(code=False))
def test_json_and_github_carry_the_golden_places(case: str) -> None:
    """The JSON report's `line`/`column` and GitHub's `line=`/`col=` are the golden report's
    `file:line:col`, problem for problem, in its order (SARIF's region: test_sarif.py)."""
    problems = golden_result(case).problems
    golden = golden_rows(expected_report(case))
    as_json = [
        (
            p["code"],
            p["severity"],
            (f"{p['pointer']}: " if p["pointer"] else "") + p["message"],
            p["file"] if p["file"] != "." else "pyproject.toml",
            p["line"],
            p["column"],
        )
        for p in json.loads(format_json(problems, failed=True))["problems"]
    ]
    assert as_json == golden
    as_github = []
    for line in format_github(problems).splitlines():
        found = _GITHUB.fullmatch(line)
        assert found is not None, line
        as_github.append(
            (
                found["code"],
                found["severity"],
                found["file"] if found["file"] != "." else "pyproject.toml",
                int(found["line"]) if found["line"] else None,
                int(found["column"]) if found["column"] else None,
            )
        )
    assert as_github == [
        (code, severity, file, line, col) for code, severity, _, file, line, col in golden
    ]


_HOSTED_PATTERN_CASES = sorted(
    {
        path.parent.parent.name
        for path in BROKEN.glob("*/blocks/*.json")
        if path.is_file()
        and '"pattern"' in path.read_text("utf-8", "replace")
        and (path.parent.parent / "expected.txt").is_file()
    }
)


@pytest.mark.parametrize("case", _HOSTED_PATTERN_CASES)
def test_hosted_patterns_give_the_golden_report_on_our_own_matcher(case: str) -> None:
    """Every broken pack with settings patterns (which the hosted profile matches, as its
    verdict or as warnings when no target is set) gives its golden report word for word on
    our own matcher, google-re2 left out, as on a Python it has no wheel for."""
    from hatch_kindgi.engines.re2.tenant import matched_on
    from hatch_kindgi.pipeline import RunRequest, run_pipeline
    from tests.helpers.golden import GOLDEN_ENV

    with matched_on("python"):
        result = run_pipeline(BROKEN / case, RunRequest(environ=GOLDEN_ENV))
    assert format_text(result.problems) == expected_report(case)


def test_the_hosted_pattern_cases_are_found() -> None:
    """The cases above are the corpus's hosted pattern packs, not none."""
    assert {"hosted-target", "hosted-warnings", "settings-large-patterns"} <= set(
        _HOSTED_PATTERN_CASES
    )
