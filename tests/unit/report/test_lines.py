"""The one line splitter (`report.lines`): a line ends at `\\n`, `\\r\\n` or a lone `\\r`, and
at nothing else `str.splitlines` breaks at."""

from __future__ import annotations

import pytest

from hatch_kindgi.report.lines import Lines, first_line, split_lines

_NOT_ENDS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]


@pytest.mark.parametrize("inside", _NOT_ENDS)
def test_no_break_where_splitlines_breaks(inside: str) -> None:
    """A character `str.splitlines` breaks at stays inside its line."""
    text = f"a{inside}b\nc"
    assert split_lines(text) == [f"a{inside}b\n", "c"]
    assert Lines(text).line_column(4) == (2, 1)
    assert first_line(text) == f"a{inside}b"


def test_each_end_kept_as_written() -> None:
    """`\\n`, `\\r\\n` and a lone `\\r` each end one line, kept with it."""
    assert split_lines("a\nb\r\nc\rd") == ["a\n", "b\r\n", "c\r", "d"]
    assert split_lines("a\r\r\n") == ["a\r", "\r\n"]
    assert split_lines("") == []
    assert "".join(split_lines("x\r\ry\n\r\n")) == "x\r\ry\n\r\n"


def test_cr_only_positions() -> None:
    """In a text with lone `\\r` ends, line 5 is line 5, its columns from its own start."""
    text = "\r".join(f"line{n}" for n in range(1, 7))
    lines = Lines(text)
    at = text.index("line5") + 2
    assert lines.line_column(at) == (5, 3)
    assert lines.index(5, 3) == at
    assert lines.line_count == 6
    assert lines.line_end(4) == text.index("line5") + 5


def test_crlf_end_is_not_in_the_line() -> None:
    """A `\\r\\n` is one end: the line ends before its `\\r`, the next starts after `\\n`."""
    lines = Lines("ab\r\ncd")
    assert lines.line_end(0) == 2
    assert lines.line_start(1) == 4
    assert lines.index(1, 9) == 2
    assert lines.line_column(4) == (2, 1)
