"""The report: problems sorted and deduplicated, rendered for people, for tools and for CI.

Every format shows at most `MAX_PER_FILE` problems of one file, then says how many more
there are; the summary counts them all. A format writes a problem's file and pointer as it
shows them (`Problem.shown_file`, `Problem.shown_pointer`: escaped and bounded,
`report/escape.py`) and its message, escaped when it was made; `encodable` fits it to the
stream's encoding.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TextIO

from hatch_kindgi.report.order import ordered
from hatch_kindgi.report.problems import Problem

MAX_PER_FILE = 50
"""Most problems a report shows for one file; the rest are counted on one more line."""

_BOLD = "\033[1m"
_RESET = "\033[0m"
_SEVERITY_COLORS = {"error": "\033[31m", "warning": "\033[33m"}


@dataclass(frozen=True)
class Omitted:
    """The problems of one file a report leaves out: how many errors and warnings."""

    file: str
    errors: int
    warnings: int

    def text(self) -> str:
        """`… and 11 more problems in this file (10 errors, 1 warning)`."""
        counts = [_count(self.errors, "error", grouped=True)] if self.errors else []
        counts += [_count(self.warnings, "warning", grouped=True)] if self.warnings else []
        more = _count(self.errors + self.warnings, "more problem", grouped=True)
        return f"… and {more} in this file ({', '.join(counts)})"


@dataclass(frozen=True)
class Shown:
    """What a report shows: the problems in order, at most `MAX_PER_FILE` a file, and after
    the last shown problem of each file that has more, what it leaves out."""

    problems: tuple[Problem, ...]
    omitted: tuple[Omitted, ...]
    every: tuple[Problem, ...]

    def items(self) -> list[Problem | Omitted]:
        """The problems, each `Omitted` right after its file's last shown problem."""
        after = {omitted.file: omitted for omitted in self.omitted}
        items: list[Problem | Omitted] = []
        for index, problem in enumerate(self.problems):
            items.append(problem)
            file = problem.shown_file
            last = index + 1 == len(self.problems) or self.problems[index + 1].shown_file != file
            if last and file in after:
                items.append(after[file])
        return items


def shown_problems(problems: Iterable[Problem]) -> Shown:
    """`problems` ordered, and cut to `MAX_PER_FILE` a file (every format reports this)."""
    every = ordered(problems)
    kept: list[Problem] = []
    omitted: list[Omitted] = []
    start = 0
    while start < len(every):
        end = start
        while end < len(every) and every[end].shown_file == every[start].shown_file:
            end += 1
        kept.extend(every[start : min(end, start + MAX_PER_FILE)])
        rest = every[start + MAX_PER_FILE : end]
        if rest:
            errors = sum(1 for p in rest if p.severity == "error")
            omitted.append(Omitted(every[start].shown_file, errors, len(rest) - errors))
        start = end
    return Shown(tuple(kept), tuple(omitted), tuple(every))


def format_problem(problem: Problem, *, color: bool = False) -> str:
    """One report line: `file[:line[:col]]: severity[code]: [pointer: ]message`."""
    place = problem.shown_file or "."
    if problem.line is not None:
        place += f":{problem.line}"
        if problem.column is not None:
            place += f":{problem.column}"
    pointer = f"{problem.shown_pointer}: " if problem.pointer else ""
    label = f"{problem.severity}[{problem.code}]"
    if color:
        place = f"{_BOLD}{place}{_RESET}"
        label = f"{_SEVERITY_COLORS[problem.severity]}{label}{_RESET}"
    return f"{place}: {label}: {pointer}{problem.message}"


def format_omitted(omitted: Omitted, *, color: bool = False) -> str:
    """The line after a file's last shown problem: `file: … and N more problems in this file`."""
    place = omitted.file or "."
    if color:
        place = f"{_BOLD}{place}{_RESET}"
    return f"{place}: {omitted.text()}"


def summary(problems: Sequence[Problem]) -> str:
    """`N errors, M warnings in K files`."""
    errors = sum(1 for p in problems if p.severity == "error")
    warnings = len(problems) - errors
    files = len({p.shown_file for p in problems})
    return f"{_count(errors, 'error')}, {_count(warnings, 'warning')} in {_count(files, 'file')}"


def format_text(
    problems: Iterable[Problem], *, color: bool = False, with_summary: bool = True
) -> str:
    """The whole text report: one line a problem (a file's extra ones counted on one line),
    then the summary line, which counts every problem (left out for `--quiet`)."""
    shown = shown_problems(problems)
    lines = [
        format_problem(item, color=color)
        if isinstance(item, Problem)
        else format_omitted(item, color=color)
        for item in shown.items()
    ]
    if with_summary:
        lines.append(summary(shown.every))
    return "\n".join(lines) + "\n" if lines else ""


def format_json(problems: Iterable[Problem], *, failed: bool) -> str:
    """One JSON document, in ASCII: the problems the text report shows, what it leaves out per
    file, and the summary of them all (see `report/report.schema.json`)."""
    shown = shown_problems(problems)
    errors = sum(1 for p in shown.every if p.severity == "error")
    document = {
        "ok": not failed,
        "problems": [
            {
                "severity": p.severity,
                "code": p.code,
                "file": p.shown_file,
                "line": p.line,
                "column": p.column,
                "pointer": p.shown_pointer,
                "message": p.message,
            }
            for p in shown.problems
        ],
        "omitted": [
            {"file": o.file, "errors": o.errors, "warnings": o.warnings} for o in shown.omitted
        ],
        "summary": {
            "errors": errors,
            "warnings": len(shown.every) - errors,
            "files": len({p.shown_file for p in shown.every}),
            "text": summary(shown.every),
        },
    }
    # ASCII, other characters as JSON's \u escapes: valid JSON on a stream of any encoding.
    return json.dumps(document, ensure_ascii=True, indent=2) + "\n"


def format_github(problems: Iterable[Problem]) -> str:
    """GitHub Actions workflow commands, one `::error file=…::message` line a problem, and a
    `::notice` for the problems of a file it leaves out."""
    lines = []
    for item in shown_problems(problems).items():
        file = item.file if isinstance(item, Omitted) else item.shown_file
        properties = [f"file={_escape_property(file)}"]
        if isinstance(item, Omitted):
            lines.append(f"::notice {properties[0]},title=kindgi::{_escape_data(item.text())}")
            continue
        if item.line is not None:
            properties.append(f"line={item.line}")
            if item.column is not None:
                properties.append(f"col={item.column}")
        properties.append(f"title={_escape_property(f'kindgi {item.code}')}")
        pointer = f"{item.shown_pointer}: " if item.pointer else ""
        message = _escape_data(f"{pointer}{item.message}")
        lines.append(f"::{item.severity} {','.join(properties)}::{message}")
    return "".join(line + "\n" for line in lines)


def write(stream: TextIO, text: str) -> None:
    """Write `text` to `stream` in whatever encoding it has (`PYTHONIOENCODING=ascii` too):
    what the encoding can't carry is written as backslash escapes, never an error."""
    stream.write(encodable(text, getattr(stream, "encoding", None)))


def encodable(text: str, encoding: str | None) -> str:
    """`text` as a stream in `encoding` can write it: characters it can't carry become
    backslash escapes (`\\xe9`, `\\u2026`); an unknown encoding is taken as ASCII."""
    if encoding is None:
        return text
    try:
        codecs.lookup(encoding)
    except LookupError:
        encoding = "ascii"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    return text


def _count(number: int, noun: str, *, grouped: bool = False) -> str:
    """`1 error`, `2 errors`; `grouped`, `2,500 errors` (the summary line keeps plain digits,
    which tools read)."""
    shown = f"{number:,}" if grouped else str(number)
    return f"{shown} {noun}" if number == 1 else f"{shown} {noun}s"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
