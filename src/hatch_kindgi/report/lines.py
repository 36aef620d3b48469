"""Lines and columns of a text: the one line splitter and calculator every reader, the
pipeline's placing and the language server count with (`LINE_END`, `Lines`), and the
lines of a unified diff (`patch_lines`).

A line ends where the file's own line ends are: at `\\n`, at `\\r\\n` (one end, two
characters) or at a lone `\\r`. Those are the ends JSON's grammar names as whitespace, TOML's
newlines (which has no lone `\\r`: tomllib refuses one, as TOML's own syntax error) and
Python's: its tokenizer reads a module in universal-newlines mode, so a lone `\\r` ends a
line of a code module too. Nothing else ends a line: not U+2028, U+2029, U+0085, `\\x0b`,
`\\x0c` nor `\\x1c`-`\\x1e`, where `str.splitlines` breaks (JSON holds U+2028 in a string,
a template may hold a form feed; `git apply` and `patch` would count those lines as one).

Lines and columns are 1-based and count characters (Unicode code points), as every report
shows them; a line's end is not part of it. The language server's UTF-16 positions are
built on these (`lsp.positions`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from string import whitespace

LINE_END = re.compile("\r\n|\r|\n")
"""A line's end: `\\r\\n`, a lone `\\r` or `\\n`, and nothing else."""


def patch_lines(text: str) -> list[str]:
    """The lines of `text` as a unified diff holds them, each with its end kept: a patch's
    line ends at `\\n` alone, as `git apply` and `patch` read one, so a `\\r` (a `\\r\\n`'s,
    or a lone one's in a CR-only file) is a character of its line there and its hunks apply
    to the file's own bytes. Nothing else ends one either: a hunk split at U+2028 or a form
    feed (`str.splitlines`) is refused."""
    lines = text.split("\n")
    kept = [line + "\n" for line in lines[:-1]]
    return [*kept, lines[-1]] if lines[-1] else kept


def output_lines(text: str) -> list[str]:
    """The lines of a program's output (git's, a child process's) or of a file git reads
    line by line (a `.gitignore`): split at `\n` alone, a `\r` just before it dropped (as git
    drops it), the empty tail after a last `\n` left out. A file name there may hold U+2028,
    U+0085, `\x1c` or a `\r` elsewhere, where `str.splitlines` would break it."""
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    return lines[:-1] if lines and not lines[-1] else lines


def said_lines(text: str) -> list[str]:
    """What a program said (git's or a child's output), line by line (`output_lines`), each
    line's ASCII white space trimmed and the blank ones left out: a path it names may end in
    U+2028 or U+0085, which `str.strip` would take off."""
    trimmed = (line.strip(whitespace) for line in output_lines(text))
    return [line for line in trimmed if line]


def first_line(text: str) -> str:
    """`text` up to its first line's end."""
    end = LINE_END.search(text)
    return text if end is None else text[: end.start()]


class Lines:
    """1-based lines and columns of one text, and character indexes back from them.

    The line starts are found once, on the first question, and each position is then a
    bisection: scanning from the start for each of a file's 250,000 faults took minutes.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self._found: tuple[list[int], list[int]] | None = None

    @property
    def _starts(self) -> list[int]:
        return self._lines[0]

    @property
    def _lines(self) -> tuple[list[int], list[int]]:
        """Where each line starts, and where each ends (before its line end)."""
        if self._found is None:
            starts = [0]
            ends = []
            for match in LINE_END.finditer(self.text):
                ends.append(match.start())
                starts.append(match.end())
            ends.append(len(self.text))
            self._found = starts, ends
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
        """The character index of the end of 0-based `line` (before its line end)."""
        ends = self._lines[1]
        return ends[line] if line < len(ends) else len(self.text)

    @property
    def line_count(self) -> int:
        """How many lines the text has (the last may be empty)."""
        return len(self._starts)
