"""The report formats by name: what `--format` and the hook's report file choose from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hatch_kindgi.report.problems import Problem

REPORT_FORMATS = ("text", "json", "github", "sarif")


def format_report(
    problems: Sequence[Problem],
    style: str,
    *,
    failed: bool,
    prefix: str = "",
    color: bool = False,
) -> str:
    """The whole report in `style` (one of REPORT_FORMATS). `failed` is the JSON report's
    `ok`; `prefix` places SARIF paths in the repository; `color` is for text only. The
    formats load here, when there is a report to write: the names above are all a
    configuration needs."""
    from hatch_kindgi.report.formats import format_github, format_json, format_text
    from hatch_kindgi.report.sarif import format_sarif

    if style == "json":
        return format_json(problems, failed=failed)
    if style == "github":
        return format_github(problems)
    if style == "sarif":
        return format_sarif(problems, prefix=prefix)
    if style == "text":
        return format_text(problems, color=color)
    raise ValueError(f"unknown report format {style!r}; known: {', '.join(REPORT_FORMATS)}")


def format_for_file(name: str) -> str:
    """The format a report file's name asks for: `.sarif` (or `.sarif.json`) is SARIF,
    `.json` is the JSON report, anything else is text."""
    lowered = name.lower()
    if lowered.endswith((".sarif", ".sarif.json")):
        return "sarif"
    if lowered.endswith(".json"):
        return "json"
    return "text"
