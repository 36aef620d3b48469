"""The hook's report file: option or environment, and the format it is written in."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.config.options import HookOptions
from hatch_kindgi.config.report_file import ReportFile, report_file
from hatch_kindgi.config.stage import load_config

ROOT = Path("/packs/ledger")
GOOD = {"tool": {"kindgi": {"pack": {"id": "acme.ledger", "version": "1.0.0"}}}}


def test_no_report_file_unless_asked() -> None:
    """Without the option or the environment, the hook writes no report file."""
    assert report_file(ROOT, HookOptions(), {}) == (None, [])
    assert report_file(ROOT, HookOptions(), {"KINDGI_REPORT_FILE": "  "}) == (None, [])


@pytest.mark.parametrize(
    ("name", "style"),
    [
        ("kindgi.sarif", "sarif"),
        ("reports/kindgi.SARIF", "sarif"),
        ("kindgi.sarif.json", "sarif"),
        ("kindgi.json", "json"),
        ("kindgi.txt", "text"),
        ("kindgi-report", "text"),
    ],
)
def test_format_from_the_file_name(name: str, style: str) -> None:
    """`.sarif` (or `.sarif.json`) is SARIF, `.json` the JSON report, anything else text; a
    relative name is in the pack folder."""
    target, problems = report_file(ROOT, HookOptions(report_file=name), {})
    assert (target, problems) == (ReportFile(ROOT / name, style), [])


def test_option_format_wins_over_the_name() -> None:
    """`report-format` says the format whatever the name."""
    options = HookOptions(report_file="out/report.txt", report_format="github")
    assert report_file(ROOT, options, {})[0] == ReportFile(ROOT / "out/report.txt", "github")


def test_environment_wins_over_the_options() -> None:
    """KINDGI_REPORT_FILE and KINDGI_REPORT_FORMAT override the options: the run decides."""
    options = HookOptions(report_file="kindgi.sarif", report_format="sarif")
    environ = {"KINDGI_REPORT_FILE": "/ci/out/kindgi.json"}
    assert report_file(ROOT, options, environ)[0] == ReportFile(
        Path("/ci/out/kindgi.json"), "sarif"
    )
    environ["KINDGI_REPORT_FORMAT"] = "json"
    assert report_file(ROOT, options, environ)[0] == ReportFile(Path("/ci/out/kindgi.json"), "json")
    only_env = report_file(ROOT, HookOptions(), {"KINDGI_REPORT_FILE": "k.sarif"})
    assert only_env == (ReportFile(ROOT / "k.sarif", "sarif"), [])


def test_unknown_format_in_the_environment_is_a_problem() -> None:
    """A KINDGI_REPORT_FORMAT that is no format names the variable and the formats."""
    environ = {"KINDGI_REPORT_FILE": "kindgi.sarif", "KINDGI_REPORT_FORMAT": "xml"}
    target, problems = report_file(ROOT, HookOptions(), environ)
    assert target == ReportFile(ROOT / "kindgi.sarif", "sarif")
    assert [(p.code, p.file, p.message) for p in problems] == [
        (
            "config-value",
            "pyproject.toml",
            'KINDGI_REPORT_FORMAT: "xml" is not a report format; use one of text, json, '
            "github, sarif",
        )
    ]


def test_report_options_are_read_and_checked() -> None:
    """`report-file` is a non-empty string and `report-format` one of the formats."""
    good = load_config(GOOD, {"report-file": "kindgi.sarif", "report-format": "sarif"})
    assert good.problems == ()
    assert (good.options.report_file, good.options.report_format) == ("kindgi.sarif", "sarif")
    bad = load_config(GOOD, {"report-file": "", "report-format": "html"})
    assert sorted((p.code, p.message) for p in bad.problems) == [
        (
            "config-type",
            "option `report-file` of `tool.hatch.build.hooks.kindgi` must be a non-empty "
            'string, not ""',
        ),
        (
            "config-value",
            "option `report-format` of `tool.hatch.build.hooks.kindgi` must be one of text, "
            'json, github, sarif, not "html"',
        ),
    ]
    assert (bad.options.report_file, bad.options.report_format) == (None, None)
