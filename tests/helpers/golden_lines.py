"""A golden report read back line by line: file, severity, code, pointer, message."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tests.helpers.packs import BROKEN

_LINE = re.compile(
    r"^(?P<file>[^:]+?)(?::\d+:\d+)?: (?P<severity>error|warning)\[(?P<code>[a-z0-9-]+)\]: "
    r"(?:(?P<pointer>/[^:]*): )?(?P<message>.*)$"
)


@dataclass(frozen=True)
class Line:
    """One problem of a golden report, its place left out."""

    file: str
    severity: str
    code: str
    pointer: str
    message: str


def golden_lines(case: str) -> list[Line]:
    """Each problem line of broken case `case`'s expected.txt (its count line left out)."""
    lines = (BROKEN / case / "expected.txt").read_text("utf-8").splitlines()[:-1]
    parsed = []
    for text in lines:
        match = _LINE.match(text)
        assert match is not None, text
        parsed.append(
            Line(
                match["file"],
                match["severity"],
                match["code"],
                match["pointer"] or "",
                match["message"],
            )
        )
    return parsed
