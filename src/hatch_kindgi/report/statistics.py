"""`--statistics`: how many problems of each code, instead of the problems themselves.

One line a code and severity, the most frequent first (then errors before warnings, then by
code), then the summary line every text report ends with; as JSON, one list of the same rows
with each code's one-line meaning from the registry (`report/codes.py`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from hatch_kindgi.report.codes import CODES
from hatch_kindgi.report.formats import summary
from hatch_kindgi.report.order import ordered
from hatch_kindgi.report.problems import Problem

STATISTICS_FORMATS = ("text", "json")
"""The report formats `--statistics` comes in."""


@dataclass(frozen=True)
class Count:
    """How many problems of one code and severity a report has."""

    code: str
    severity: str
    count: int


def counts(problems: Iterable[Problem]) -> list[Count]:
    """The problems (deduplicated, as every report counts them) counted by code and
    severity, most first, then errors before warnings, then by code."""
    counted = Counter((p.code, p.severity) for p in ordered(problems))
    rows = [Count(code, severity, n) for (code, severity), n in counted.items()]
    rows.sort(key=lambda row: (-row.count, row.severity != "error", row.code))
    return rows


def format_statistics(problems: Iterable[Problem], style: str, *, with_summary: bool = True) -> str:
    """The statistics of `problems` in `style` (one of STATISTICS_FORMATS); for text, nothing
    when there are none (as the text report of a clean pack), and the summary line last
    unless left out (`--quiet`)."""
    listed = ordered(problems)
    rows = counts(listed)
    if style == "json":
        document = [
            {"code": r.code, "severity": r.severity, "count": r.count, "meaning": CODES[r.code]}
            for r in rows
        ]
        return json.dumps(document, ensure_ascii=True, indent=2) + "\n"
    if style != "text":
        raise ValueError(f"no statistics in format {style!r}; known: text, json")
    if not rows:
        return ""
    number = max(len(str(r.count)) for r in rows)
    severity = max(len(r.severity) for r in rows)
    lines = [f"{r.count:>{number}}  {r.severity:<{severity}}  {r.code}" for r in rows]
    if with_summary:
        lines.append(summary(listed))
    return "\n".join(lines) + "\n"
