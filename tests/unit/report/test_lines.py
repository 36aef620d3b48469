"""The one line splitter (`report.lines`): a line ends at `\\n`, `\\r\\n` or a lone `\\r`, and
at nothing else `str.splitlines` breaks at; a patch's line at `\\n` alone."""

from __future__ import annotations

import pytest

from hatch_kindgi.report.lines import Lines, first_line, output_lines, patch_lines

_NOT_ENDS = ["\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e"]


@pytest.mark.parametrize("inside", _NOT_ENDS)
def test_no_break_where_splitlines_breaks(inside: str) -> None:
    """A character `str.splitlines` breaks at stays inside its line."""
    text = f"a{inside}b\nc"
    assert Lines(text).line_count == 2
    assert Lines(text).line_column(4) == (2, 1)
    assert patch_lines(text) == [f"a{inside}b\n", "c"]
    assert output_lines(text) == [f"a{inside}b", "c"]
    assert first_line(text) == f"a{inside}b"


def test_each_end_ends_one_line() -> None:
    """`\\n`, `\\r\\n` and a lone `\\r` each end one line; `\\r\\r\\n` is two ends."""
    lines = Lines("a\nb\r\nc\rd\r\r\n")
    assert [lines.line_start(n) for n in range(lines.line_count)] == [0, 2, 5, 7, 9, 11]
    assert [lines.line_end(n) for n in range(lines.line_count)] == [1, 3, 6, 8, 9, 11]
    assert first_line("a\rb") == first_line("a\r\nb") == "a"


def test_patch_lines_end_at_newline_only() -> None:
    """A patch's lines end at `\\n` alone, each kept with its end, a `\\r` inside its line:
    joined, they are the text."""
    assert patch_lines("a\r\nb\rc\n\nd") == ["a\r\n", "b\rc\n", "\n", "d"]
    assert patch_lines("") == []
    assert patch_lines("x\n") == ["x\n"]
    for text in ("x\r\ry\n\r\n", "\n\n", "a\u2028\x0c"):
        assert "".join(patch_lines(text)) == text


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


def test_output_lines_end_at_newline_only() -> None:
    """A program's output, as git reads its own: lines end at `\\n`, a `\\r` just before it
    dropped (one, as git drops it), a lone `\\r` inside its line; no empty line after the
    last end, an empty line between two ends kept."""
    assert output_lines("a\r\nb\rc\n\nd\r\r\n") == ["a", "b\rc", "", "d\r"]
    assert output_lines("") == []
    assert output_lines("\n") == [""]
    assert output_lines("x\ny") == ["x", "y"]
