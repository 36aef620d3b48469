"""Lines and columns of a text: the one calculator every reader, the pipeline's placing and
the language server count with (`Lines`).

Lines and columns are 1-based and count characters (Unicode code points), as every report
shows them; a line ends at `\\n` only (a `\\r` before it is the line's last character). The
language server's UTF-16 positions are built on these (`lsp.positions`).
"""

from __future__ import annotations

import re
from bisect import bisect_right

_NEWLINE = re.compile("\n")


class Lines:
    """1-based lines and columns of one text, and character indexes back from them.

    The line starts are found once, on the first question, and each position is then a
    bisection: scanning from the start for each of a file's 250,000 faults took minutes.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._found: list[int] | None = None

    @property
    def _starts(self) -> list[int]:
        if self._found is None:
            self._found = [0, *(match.end() for match in _NEWLINE.finditer(self.text))]
        return self._found

    def line_column(self, index: int) -> tuple[int, int]:
        """The 1-based line and column (in characters) of character `index` (kept inside)."""
        starts = self._starts
        index = min(max(index, 0), len(self.text))
        line = bisect_right(starts, index)
        return line, index - starts[line - 1] + 1

    def index(self, line: int, column: int) -> int:
        """The character index of 1-based `line` and `column` (in characters), kept inside."""
        starts = self._starts
        line = min(max(line, 1), len(starts))
        start = starts[line - 1]
        end = self.line_end(line - 1)
        return min(start + max(column, 1) - 1, end)

    def line_start(self, line: int) -> int:
        """The character index where 0-based `line` starts (the end, past the last)."""
        starts = self._starts
        return starts[line] if line < len(starts) else len(self.text)

    def line_end(self, line: int) -> int:
        """The character index of the end of 0-based `line` (before its newline)."""
        starts = self._starts
        if line + 1 < len(starts):
            return starts[line + 1] - 1
        return len(self.text)

    @property
    def line_count(self) -> int:
        """How many lines the text has (the last may be empty)."""
        return len(self._starts)
