"""Where a problem sits in a file's text, as the Language Server Protocol counts: 0-based
lines and UTF-16 code units.

The place itself is the pipeline's (`pipeline.places`), the one every report shows: a
problem comes with its line, column and end in characters. This module only converts, and
puts a problem with no place (one about the whole file) at the file's start.
"""

from __future__ import annotations

from hatch_kindgi.config.pyproject import PYPROJECT
from hatch_kindgi.pipeline import places
from hatch_kindgi.pipeline.places import Span
from hatch_kindgi.report.problems import Problem

__all__ = ["Span", "Text", "problem_span", "text_of"]


class Text(places.Text):
    """One file's text, with conversions between character indexes and LSP positions, on
    its lines and columns in characters (`report.lines.Lines`)."""

    def position(self, index: int) -> tuple[int, int]:
        """LSP line and character (UTF-16 code units) of character `index`."""
        line, column = self.line_column(index)
        start = self.line_start(line - 1)
        before = self.text[start : start + column - 1]
        return line - 1, len(before.encode("utf-16-le", "surrogatepass")) // 2

    def offset(self, line: int, character: int) -> int:
        """The character index of LSP `line` and `character` (UTF-16 code units)."""
        if line >= self.line_count:
            return len(self.text)
        start = self.line_start(max(line, 0))
        end = self.line_end(max(line, 0))
        units = 0
        for index in range(start, end):
            if units >= character:
                return index
            units += 2 if ord(self.text[index]) > 0xFFFF else 1
        return end


def text_of(file: str, text: str) -> Text:
    """The text of pack file `file` (the pyproject's is TOML, a block file's JSON)."""
    return Text(text, toml=file == PYPROJECT)


def problem_span(problem: Problem, text: Text) -> Span:
    """Where `problem` is in its file's `text`: its place (`pipeline.places.problem_span`),
    else the file's first character."""
    span = places.problem_span(problem, text)
    return Span(0, 0) if span is None else span
