"""The report: problems sorted and deduplicated, rendered for people, for tools and for CI."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from hatch_kindgi.report.problems import Problem, has_errors

_BOLD = "\033[1m"
_RESET = "\033[0m"
_SEVERITY_COLORS = {"error": "\033[31m", "warning": "\033[33m"}


def ordered(problems: Iterable[Problem]) -> list[Problem]:
    """Problems deduplicated and sorted by file, line, column, code, then the rest."""
    return sorted(set(problems), key=_sort_key)


def fails(problems: Iterable[Problem], *, strict: bool) -> bool:
    """Whether these problems fail a build: any error, or any problem at all when strict."""
    listed = list(problems)
    return has_errors(listed) or (strict and bool(listed))


def format_problem(problem: Problem, *, color: bool = False) -> str:
    """One report line: `file[:line[:col]]: severity[code]: [pointer: ]message`."""
    place = problem.file or "."
    if problem.line is not None:
        place += f":{problem.line}"
        if problem.column is not None:
            place += f":{problem.column}"
    pointer = f"{problem.pointer}: " if problem.pointer else ""
    label = f"{problem.severity}[{problem.code}]"
    if color:
        place = f"{_BOLD}{place}{_RESET}"
        label = f"{_SEVERITY_COLORS[problem.severity]}{label}{_RESET}"
    return f"{place}: {label}: {pointer}{problem.message}"


def summary(problems: Sequence[Problem]) -> str:
    """`N errors, M warnings in K files`."""
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    files = len({p.file for p in problems})
    return f"{_count(errors, 'error')}, {_count(warnings, 'warning')} in {_count(files, 'file')}"


def format_text(problems: Iterable[Problem], *, color: bool = False) -> str:
    """The whole text report: one line a problem, then the summary line."""
    listed = ordered(problems)
    lines = [format_problem(problem, color=color) for problem in listed]
    lines.append(summary(listed))
    return "\n".join(lines) + "\n"


def format_json(problems: Iterable[Problem], *, failed: bool) -> str:
    """One JSON document: every problem as an object, and the summary (see
    `report/report.schema.json`)."""
    listed = ordered(problems)
    errors = sum(1 for p in listed if p.severity == "error")
    document = {
        "ok": not failed,
        "problems": [
            {
                "severity": p.severity,
                "code": p.code,
                "file": p.file,
                "line": p.line,
                "column": p.column,
                "pointer": p.pointer,
                "message": p.message,
            }
            for p in listed
        ],
        "summary": {
            "errors": errors,
            "warnings": len(listed) - errors,
            "files": len({p.file for p in listed}),
            "text": summary(listed),
        },
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def format_github(problems: Iterable[Problem]) -> str:
    """GitHub Actions workflow commands, one `::error file=…::message` line a problem."""
    lines = []
    for problem in ordered(problems):
        properties = [f"file={_escape_property(problem.file)}"]
        if problem.line is not None:
            properties.append(f"line={problem.line}")
            if problem.column is not None:
                properties.append(f"col={problem.column}")
        properties.append(f"title={_escape_property(f'kindgi {problem.code}')}")
        pointer = f"{problem.pointer}: " if problem.pointer else ""
        message = _escape_data(f"{pointer}{problem.message}")
        lines.append(f"::{problem.severity} {','.join(properties)}::{message}")
    return "".join(line + "\n" for line in lines)


def _sort_key(problem: Problem) -> tuple[str, int, int, str, str, str, str]:
    return (
        problem.file,
        problem.line if problem.line is not None else 0,
        problem.column if problem.column is not None else 0,
        problem.code,
        problem.pointer or "",
        problem.message,
        problem.severity,
    )


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
