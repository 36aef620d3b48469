"""Report text from a pack is escaped and bounded: one problem is one line, in every format."""

from __future__ import annotations

import json
import re

import pytest

from hatch_kindgi.report.escape import MAX_TEXT, escaped, shown
from hatch_kindgi.report.formats import format_github, format_json, format_text
from hatch_kindgi.report.problems import Problem, error, placed_below, warning
from hatch_kindgi.report.text import MAX_VALUE, quoted

# Each character a pack could use to hide, recolour, reorder or split a report line, and how
# the report shows it (Python's and JSON's spelling: \n, \xHH up to U+00FF, \uHHHH above).
HOSTILE = [
    ("\x1b", "\\x1b"),  # ESC: terminal escape sequences
    ("\x07", "\\x07"),  # BEL
    ("\x00", "\\x00"),
    ("\n", "\\n"),
    ("\r", "\\r"),
    ("\t", "\\t"),
    ("\x0b", "\\x0b"),  # vertical tab: str.splitlines() splits there
    ("\x0c", "\\x0c"),
    ("\x1c", "\\x1c"),
    ("\x7f", "\\x7f"),  # DEL
    ("\x85", "\\x85"),  # NEL: C1, a line break to some readers
    ("\x9b", "\\x9b"),  # CSI: C1, an escape sequence to some terminals
    ("\u2028", "\\u2028"),  # line separator
    ("\u2029", "\\u2029"),  # paragraph separator
    ("\u202e", "\\u202e"),  # right-to-left override ("Trojan Source")
    ("\u2066", "\\u2066"),  # left-to-right isolate
    ("\u200f", "\\u200f"),  # right-to-left mark
    ("\u061c", "\\u061c"),  # Arabic letter mark
    ("\ud800", "\\ud800"),  # a lone surrogate, legal in JSON ("\ud800"), not in UTF-8
    ("\udfff", "\\udfff"),
]


@pytest.mark.parametrize(("char", "shown"), HOSTILE)
def test_each_hostile_character_is_escaped(char: str, shown: str) -> None:
    """Controls (C0, DEL, C1), line and paragraph separators, bidi controls and lone
    surrogates are written as escapes."""
    assert escaped(f"a{char}b") == f"a{shown}b"


def test_ordinary_text_is_unchanged() -> None:
    """Accents, other scripts, symbols and backslashes a message already holds stay as they are."""
    for text in ('café "日本語" ±(2^53-1) … 🎉', 'templateFile "prompts\\reply.liquid"', "50% ok"):
        assert escaped(text) == text


def test_escaping_is_idempotent() -> None:
    """Escaped text has nothing left to escape: a problem rebuilt from another stays the same."""
    text = "".join(char for char, _ in HOSTILE)
    assert escaped(escaped(text)) == escaped(text)


def test_file_names_show_undecodable_bytes_as_bytes() -> None:
    """A file name byte that is not UTF-8 (Python's surrogateescape: U+DC80-U+DCFF) is shown as
    the byte, `\\xff`; elsewhere a lone surrogate is shown as the code point."""
    assert escaped("blocks/bad\udcff.json", file_name=True) == "blocks/bad\\xff.json"
    assert escaped("blocks/bad\udcff.json") == "blocks/bad\\udcff.json"
    assert escaped("blocks/\ud800.json", file_name=True) == "blocks/\\ud800.json"


def test_the_problem_shows_escaped_text() -> None:
    """The message is escaped when the problem is made; file and pointer are kept as the pack
    has them, and shown escaped, for every format."""
    problem = error(
        "block-unknown-key",
        "blocks/bad name\n.json",
        'unknown key "\x1b[31mred\x07"',
        pointer="/content/a\nb",
    )
    assert problem.file == "blocks/bad name\n.json"
    assert problem.pointer == "/content/a\nb"
    assert problem.shown_file == "blocks/bad name\\n.json"
    assert problem.shown_pointer == "/content/a\\nb"
    assert problem.message == 'unknown key "\\x1b[31mred\\x07"'


FORGED = "pyproject.toml: error[config-parse]: forged"


def _hostile_problems() -> list[Problem]:
    every = "".join(char for char, _ in HOSTILE)
    return [
        error("block-unknown-key", f"blocks/a{every}.json", f"x\n{FORGED}", pointer=f"/{every}"),
        warning("liquid-unknown-variable", "blocks/b.liquid", f"reads {every}\r\n{FORGED}"),
        error("env-name", "pyproject.toml", f'"A\n{FORGED}" is not a name', line=3, column=1),
        error("block-json", "blocks/\udcff.json", "not UTF-8 \udcff"),
    ]


def _assert_plain_lines(report: str, count: int) -> None:
    lines = report.split("\n")
    assert lines[-1] == ""
    assert len(lines) - 1 == count
    for line in lines[:-1]:
        assert not line.startswith(FORGED)
        assert line.isprintable()
        assert not re.search("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]", line)
        line.encode("utf-8")  # no lone surrogate left to fail on


def test_text_report_is_one_line_a_problem() -> None:
    """However hostile the file, pointer and message, the text report is one line a problem."""
    problems = _hostile_problems()
    _assert_plain_lines(format_text(problems), len(problems) + 1)
    _assert_plain_lines(format_text(problems, color=False), len(problems) + 1)


def test_github_report_is_one_line_a_problem() -> None:
    """GitHub workflow commands: one a problem, nothing a runner would read as a command."""
    problems = _hostile_problems()
    report = format_github(problems)
    _assert_plain_lines(report, len(problems))
    assert all(line.startswith(("::error ", "::warning ")) for line in report.splitlines())


def test_json_report_carries_the_text_report_s_text() -> None:
    """The JSON report parses, and holds the same file, pointer and message the text shows."""
    problems = _hostile_problems()
    document = json.loads(format_json(problems, failed=True))
    text_lines = format_text(problems).splitlines()
    assert len(document["problems"]) == len(problems)
    for item in document["problems"]:
        assert any(
            line.startswith(item["file"]) and line.endswith(item["message"]) for line in text_lines
        )
        for value in (item["file"], item["pointer"] or "", item["message"]):
            assert value.isprintable()
    format_json(problems, failed=True).encode("utf-8")


def test_colour_codes_are_ours_only() -> None:
    """With colour on, the only escape sequences are the report's own."""
    report = format_text([error("block-json", "a\x1b[2J.json", "m\x1b]0;title\x07")], color=True)
    assert "\x1b" not in re.sub(r"\x1b\[[0-9;]*m", "", report)
    assert "\x1b[2J" not in report
    assert "\x1b]0;" not in report
    assert "\x07" not in report


_MARK = re.compile(r" … \[([0-9,]+) characters left out\] … ")


def test_long_text_is_shortened_with_a_visible_mark() -> None:
    """A value of 800 KB (an 80,000-item enum quoted whole) makes a line of bounded length that
    says how much was left out, keeping the start and the end."""
    enum = repr([f"v{i}" for i in range(80_000)])
    message = f"'x' is not one of {enum}"
    problem = error("settings-values", "blocks/s.json", message, pointer="/content/values/x")
    assert len(problem.message) <= MAX_TEXT
    mark = _MARK.search(problem.message)
    assert mark is not None
    head, tail = problem.message[: mark.start()], problem.message[mark.end() :]
    assert message.startswith(head)
    assert message.endswith(tail)
    assert len(head) + int(mark.group(1).replace(",", "")) + len(tail) == len(message)
    assert head.startswith("'x' is not one of ['v0', 'v1', ")
    assert tail.endswith("'v79998', 'v79999']")
    line = format_text([problem]).splitlines()[0]
    assert len(line) < MAX_TEXT + 100


def test_text_within_the_bound_is_kept_whole() -> None:
    """At the bound nothing is cut; one past it is; shown text is shown unchanged."""
    assert shown("x" * MAX_TEXT) == "x" * MAX_TEXT
    once = shown("x" * (MAX_TEXT + 1))
    assert _MARK.search(once)
    assert shown(once) == once
    assert shown("\x1b" * (MAX_TEXT // 4)) == "\\x1b" * (MAX_TEXT // 4)


def test_escapes_count_towards_the_bound() -> None:
    """Text that escaping makes longer than the bound is shortened too."""
    text = shown("\x1b" * (MAX_TEXT // 2))
    assert len(text) <= MAX_TEXT
    assert _MARK.search(text)
    assert shown(text) == text


def test_long_pointer_and_file_are_bounded() -> None:
    """A 1 MB key makes a bounded pointer too, and a deep path a bounded file."""
    problem = error(
        "block-unknown-key", "blocks/" + "d/" * 3000 + "a.json", "m", pointer="/" + "k" * 10**6
    )
    assert problem.shown_pointer is not None
    assert len(problem.shown_pointer) <= MAX_TEXT
    assert len(problem.shown_file) <= MAX_TEXT
    assert problem.shown_file.endswith("d/d/a.json")


def test_shortening_never_splits_an_escape() -> None:
    """Cuts fall between characters, never inside an escape like `\x1b`."""
    message = "\x1b" * (MAX_TEXT * 2)
    text = error("block-json", "f", message).message
    mark = _MARK.search(text)
    assert mark is not None
    assert re.fullmatch(r"(\\x1b)+", text[: mark.start()])
    assert re.fullmatch(r"(\\x1b)+", text[mark.end() :])


def test_quoted_values_are_cut_on_their_own() -> None:
    """A long value a check quotes is cut to MAX_VALUE, so the words after it stay whole."""
    long = "x" * 5000
    assert quoted("ok") == '"ok"'
    for text in (quoted(long), quoted(list(range(5000)))):
        assert len(text) <= MAX_VALUE + 2
        assert _MARK.search(text)
    message = f"thinking must be one of low, high, not {quoted(long)} in agent x"
    assert error("model-settings-value", "a.py", message).message.endswith(
        "not " + quoted(long) + " in agent x"
    )


def test_a_problem_placed_below_a_pack_folder_is_escaped_once() -> None:
    """A report of many packs names files below their pack's folder: an escaped file name
    stays escaped once, and the folder's own name is escaped too; no file: the folder."""
    problem = error("block-json", "blocks/a\x1b[31m.json", "bad")
    assert placed_below(problem, "packs/le\u202edger/", "packs/le\u202edger").file == (
        "packs/le\\u202edger/blocks/a\\x1b[31m.json"
    )
    whole = error("config-missing", ".", "no [tool.kindgi]")
    assert placed_below(whole, "packs/a/", "packs/a").file == "packs/a"
