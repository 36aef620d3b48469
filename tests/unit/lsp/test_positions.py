"""Where a problem lands in its file's text, in LSP terms, against places counted by hand, and
on every broken testpack at the place the reports show (the packs with code:
tests/process/report/test_golden_code.py)."""

from __future__ import annotations

import pytest

from hatch_kindgi.blocks.json_reader import json_places, string_indexes
from hatch_kindgi.lsp.positions import Text, problem_span, text_of
from hatch_kindgi.pipeline.places import place_problems
from hatch_kindgi.report.problems import Problem, error, warning
from tests.helpers.golden import broken_case_params, golden_result
from tests.helpers.packs import BROKEN


def _covered(problem: Problem, text: str) -> str:
    span = problem_span(problem, Text(text))
    return text[span.start : span.end]


def _placed_covers(problem: Problem, text: str) -> str:
    """What the range covers once the pipeline placed `problem` (line, column, end)."""
    (placed,) = place_problems([problem], lambda _: text)
    assert placed.line is not None
    span = problem_span(placed, Text(text))
    return text[span.start : span.end]


def test_utf16_columns() -> None:
    """An emoji counts two UTF-16 units, an accented letter one; back and forth."""
    text = Text("a\n\U0001f600é x")
    assert text.position(4) == (1, 3)  # the space after é: 2 units of emoji, 1 of é
    assert text.offset(1, 3) == 4
    assert text.position(len("a\n\U0001f600é x")) == (1, 5)
    assert text.offset(7, 0) == len(text.text)  # past the end: the end


def test_utf16_columns_on_cr_only_and_mixed_ends() -> None:
    """A lone `\\r` and a `\\r\\n` each end a line; U+2028 and a form feed end none (they
    are one UTF-16 unit of their line), the emoji after them two."""
    raw = "a\rb\r\n\u2028\x0c\U0001f600x\ry"
    text = Text(raw)
    at = raw.index("x")
    assert text.position(at) == (2, 4)
    assert text.offset(2, 4) == at
    assert text.position(raw.index("y")) == (3, 0)
    assert text.offset(1, 0) == raw.index("b")
    assert text.offset(1, 5) == raw.index("b") + 1  # past the line's end: before its "\r\n"


def test_line_and_column_problem_covers_the_word() -> None:
    """1-based line and column in characters: the word starting there."""
    problem = warning("liquid-unknown-filter", "t.liquid", "m", line=2, column=8)
    assert _covered(problem, "x\n{{ a | mony }}") == "mony"


@pytest.mark.parametrize(
    ("pointer", "code", "covered"),
    [
        ("/kind", "block-kind", '"promt"'),  # a scalar: its value
        ("/content", "block-shape", '"content"'),  # an object: its key
        ("/owner", "block-unknown-key", '"owner"'),  # a key's own problem: the key
        ("/content/parameters/0", "block-shape", "{"),  # an array's item: its bracket
        ("/content/missing", "block-shape", '"content"'),  # absent: the nearest around it
        ("", "block-shape", "{"),
    ],
)
def test_pointer_problem_on_key_or_value(pointer: str, code: str, covered: str) -> None:
    """A pointer's problem is on the value, or on the key where the value is long or the
    key is the fault."""
    text = '{"kind": "promt", "owner": 1,\n "content": {"parameters": [{"name": "a"}]}}'
    assert _covered(error(code, "b.json", "m", pointer=pointer), text) == covered
    assert _placed_covers(error(code, "b.json", "m", pointer=pointer), text) == covered


def test_inline_template_position_counts_escapes() -> None:
    """The template's line 2, column 4 is found past `\\n`, `\\u00e9` and `\\"` escapes."""
    text = '{"content": {"template": "caf\\u00e9\\n\\"a {{ b }}"}}'
    problem = Problem(
        "warning",
        "liquid-unknown-variable",
        "b.json",
        "m",
        pointer="/content/template",
        inner=(2, 7),
    )
    assert _covered(problem, text) == "b"


def test_string_indexes_pair_surrogate_escapes() -> None:
    """A surrogate pair's two escapes make one character; the closing quote comes last."""
    text = '"a\\ud83d\\ude00b\\n"'
    assert string_indexes(text, 0) == [1, 2, 14, 15, 17]


def test_places_of_a_broken_text_stop_at_the_fault() -> None:
    """A text cut off mid-way still has the places read before it."""
    places = json_places('{"a": 1, "b": [tru')
    assert places.values == {"/a": (6, 7)}
    assert places.keys == {"/a": (1, 4), "/b": (9, 12)}


@pytest.mark.parametrize(
    ("anchor", "code", "covered"),
    [
        ("/tool/kindgi/pack/version", "config-type", "1"),  # a value
        ("/tool/kindgi/pack/id", "config-missing", "pack"),  # absent: its table's header
        ("/tool/kindgi/env/required/1", "env-name", "'B-C'"),  # an array's item
        ("/tool/hatch/build/hooks/kindgi/strictt", "config-unknown-key", "strictt"),  # a key
    ],
)
def test_pyproject_problem_on_its_key(anchor: str, code: str, covered: str) -> None:
    """A pyproject problem lands on the key its anchor names, in the TOML text, not at
    the file's start (an editor showed them all at 1:1)."""
    text = (
        "[project]\nname = 'x'\n\n[tool.kindgi.pack]\nversion = 1\n"
        "[tool.kindgi.env]\nrequired = [\"A\", 'B-C']\n"
        "[tool.hatch.build.hooks.kindgi]\nstrictt = true  # a typo\n"
    )
    problem = error(code, "pyproject.toml", "m", anchor=anchor)
    (placed,) = place_problems([problem], lambda _: text)
    span = problem_span(placed, text_of("pyproject.toml", text))
    assert text[span.start : span.end] == covered


@pytest.mark.parametrize("case", broken_case_params(code=False))
def test_server_ranges_start_at_the_reports_places(case: str) -> None:
    """The language server's diagnostic of every problem of every broken pack starts at the
    line and column the reports show (LSP: 0-based, the column in UTF-16 units counted here
    from the file's own line, ended at `\\n`, `\\r\\n` or a lone `\\r`); a problem with no
    place, at the file's start."""
    pytest.importorskip("pygls")
    from hatch_kindgi.lsp.server import diagnostic  # pygls: the lsp extra

    for problem in golden_result(case).problems:
        path = BROKEN / case / problem.file
        raw = path.read_bytes().decode("utf-8", "replace") if path.is_file() else ""
        start = diagnostic(problem, text_of(problem.file, raw)).range.start
        if problem.line is None:
            assert (start.line, start.character) == (0, 0)
            continue
        line = raw.replace("\r\n", "\n").replace("\r", "\n").split("\n")[problem.line - 1]
        units = len(line[: (problem.column or 1) - 1].encode("utf-16-le")) // 2
        assert (start.line, start.character) == (problem.line - 1, units), problem
