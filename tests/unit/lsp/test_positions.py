"""Where a problem lands in its file's text, in LSP terms, against places counted by hand."""

from __future__ import annotations

import pytest

from hatch_kindgi.blocks.json_reader import json_places, string_indexes
from hatch_kindgi.lsp.positions import Text, problem_span
from hatch_kindgi.report.problems import Problem, error, warning


def _covered(problem: Problem, text: str) -> str:
    span = problem_span(problem, Text(text))
    return text[span.start : span.end]


def test_utf16_columns() -> None:
    """An emoji counts two UTF-16 units, an accented letter one; back and forth."""
    text = Text("a\n\U0001f600é x")
    assert text.position(4) == (1, 3)  # the space after é: 2 units of emoji, 1 of é
    assert text.offset(1, 3) == 4
    assert text.position(len("a\n\U0001f600é x")) == (1, 5)
    assert text.offset(7, 0) == len(text.text)  # past the end: the end


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
