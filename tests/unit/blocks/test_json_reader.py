"""Reading a block file: strict JSON, one object, each fault placed by line and column."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.blocks.json_reader import MAX_DEPTH, read_json_object, text_position
from hatch_kindgi.report.lines import Lines
from hatch_kindgi.report.problems import Problem, error
from tests.helpers.hostile import finishes


def _problems(data: bytes) -> list[tuple[str, int | None, int | None, str | None, str]]:
    read = read_json_object("b.json", data)
    return [(p.code, p.line, p.column, p.pointer, p.message) for p in read.problems]


@pytest.mark.parametrize(
    ("data", "line", "column", "message"),
    [
        (b'{"a": 1,}', 1, 8, "a trailing comma before '}' is not allowed in JSON"),
        (b'{"a": [1,\n]}', 1, 9, "a trailing comma before ']' is not allowed in JSON"),
        (b"{'a': 1}", 1, 2, "keys need double quotes, not single quotes"),
        (b"{a: 1}", 1, 2, "expected a key in double quotes, found 'a'"),
        (b'{"a" 1}', 1, 6, "expected ':' after the key, found '1'"),
        (b'{"a": 1 "b": 2}', 1, 9, "expected ',' or '}' after a value, found '\"'"),
        (b'{"a": 01}', 1, 7, "'01' is not a JSON number"),
        (b'{"a": 1.}', 1, 7, "'1.' is not a JSON number"),
        (b'{"a": +1}', 1, 7, "expected a value, found '+'"),
        (b'{"a": tru}', 1, 7, "expected a value, found 'tru' (strings need double quotes)"),
        (b'{"a": "x\ny"}', 1, 9, "a control character (U+000A) in a string must be escaped"),
        (b'{"a": "\\q"}', 1, 8, "invalid escape '\\q' in a string"),
        (b'{"a": "\\u12"}', 1, 8, "\\u in a string must be followed by four hex digits"),
        (b'{"a": "open}', 1, 7, "a string is not closed before the end of the file"),
        (b'{"a": 1', 1, 8, "expected ',' or '}' after a value, found the end of the file"),
        (b'{"a":', 1, 6, "expected a value, found the end of the file"),
        (b"// note\n{}", 1, 1, "expected a value, found '/' (JSON has no comments)"),
        (b"{} {}", 1, 4, "unexpected '{' after the JSON value; a block file holds one object"),
        (
            b"\n\n  [1]",
            3,
            3,
            "a block must be an object: a block file holds one JSON object, not an array",
        ),
        (b"null", 1, 1, "a block must be an object: a block file holds one JSON object, not null"),
        (
            b"12",
            1,
            1,
            "a block must be an object: a block file holds one JSON object, not a number",
        ),
    ],
)
def test_syntax_faults_are_placed(data: bytes, line: int, column: int, message: str) -> None:
    """Each syntax fault is one block-json problem at its line and column."""
    assert _problems(data) == [("block-json", line, column, None, message)]


def test_bom_empty_and_invalid_utf8() -> None:
    """A BOM, an empty file and invalid UTF-8 are each one clear problem."""
    assert _problems(b"\xef\xbb\xbf{}")[0][1:3] == (1, 1)
    assert _problems(b" \n\t") == [
        ("block-json", None, None, None, "the file is empty; a block file holds one JSON object")
    ]
    assert _problems(b'{\n "a": "\xc3\xa9\xff"}') == [
        ("block-json", 2, 9, None, "not valid UTF-8 (byte 0xff); save the file as UTF-8")
    ]


def test_duplicates_numbers_and_constants_are_all_reported() -> None:
    """Faults that don't stop parsing are all reported, each with its pointer."""
    data = (
        b'{"a": {"k": 1, "k": 2}, "b": [NaN, Infinity, -Infinity], '
        b'"c": 1e999, "d": -9007199254740992}'
    )
    read = read_json_object("b.json", data)
    assert read.value is not None
    assert read.value["a"] == {"k": 2}  # as the runtime would: the last one wins
    assert [(p.code, p.pointer) for p in read.problems] == [
        ("block-duplicate-key", "/a/k"),
        ("json-number", "/b/0"),
        ("json-number", "/b/1"),
        ("json-number", "/b/2"),
        ("json-number", "/c"),
        ("json-number", "/d"),
    ]


def test_safe_integers_pass_and_a_huge_one_does_not_crash() -> None:
    """±(2^53-1) are fine; a 5,000-digit integer is a problem, not a ValueError."""
    ok = read_json_object("b.json", b'{"a": 9007199254740991, "b": -9007199254740991}')
    assert ok.problems == ()
    huge = read_json_object("b.json", b'{"a": ' + b"9" * 5000 + b"}")
    assert [p.code for p in huge.problems] == ["json-number"]
    assert len(huge.problems[0].message) < 200


def test_pointer_escapes_slash_and_tilde() -> None:
    """Keys with / and ~ are escaped in the pointer (RFC 6901)."""
    read = read_json_object("b.json", b'{"a/b": {"c~d": NaN}}')
    assert read.problems == (
        error(
            "json-number",
            "b.json",
            "NaN is not JSON; write a number or null",
            line=1,
            column=17,
            pointer="/a~1b/c~0d",
        ),
    )


def test_nesting_is_bounded() -> None:
    """Nesting just inside the bound parses; beyond it (even 100,000 deep) is a problem."""
    inside = b'{"a": ' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    assert read_json_object("b.json", inside).problems == ()
    deep = b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    problems: tuple[Problem, ...] = read_json_object("b.json", deep).problems
    assert [(p.code, p.line, p.column) for p in problems] == [("block-json", 1, 7 + MAX_DEPTH - 1)]


def test_surrogate_pairs_and_lone_surrogates() -> None:
    """An escaped pair becomes one character; a lone surrogate is kept as JavaScript would."""
    read = read_json_object("b.json", b'{"a": "\\ud83d\\ude00", "b": "\\ud800x"}')
    assert read.value == {"a": "\U0001f600", "b": "\ud800x"}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**53) + 1, max_value=2**53 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(value=json_values, indent=st.sampled_from([None, 2]), ascii_only=st.booleans())
def test_agrees_with_json_loads_on_valid_json(
    value: Any, indent: int | None, ascii_only: bool
) -> None:
    """On valid JSON without duplicate keys, the value is what json.loads gives."""
    text = json.dumps({"v": value}, indent=indent, ensure_ascii=ascii_only)
    data = text.encode("utf-8", errors="surrogatepass")
    if not ascii_only and any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        return  # lone surrogates can't be UTF-8; ensure_ascii=True covers them
    read = read_json_object("b.json", data)
    assert read.problems == ()
    assert read.value == json.loads(text)


@settings(max_examples=500, deadline=None)
@given(data=st.binary(max_size=200))
def test_never_raises_on_any_bytes(data: bytes) -> None:
    """Any bytes at all give a value or problems, never an exception."""
    read = read_json_object("b.json", data)
    assert read.value is not None or read.problems


def test_non_ascii_digits_are_not_numbers() -> None:
    """U+0660 (a digit to str.isdigit) is an unexpected character, not a crash."""
    assert _problems('{"a": \u0660}'.encode()) == [
        ("block-json", 1, 7, None, "expected a value, found '\u0660'")
    ]


def test_positions_of_many_faults_on_many_lines_and_one() -> None:
    """Every NaN is placed right, whether each has a line of its own or all share one."""
    many_lines = b'{"a": [\n' + b",\n".join(b"  NaN" for _ in range(300)) + b"\n]}"
    assert [
        (p.line, p.column, p.pointer) for p in read_json_object("b.json", many_lines).problems
    ] == [(n + 2, 3, f"/a/{n}") for n in range(300)]
    one_line = b'{"a": [' + b", ".join(b"NaN" for _ in range(300)) + b"]}"
    assert [(p.line, p.column) for p in read_json_object("b.json", one_line).problems] == [
        (1, 8 + 5 * n) for n in range(300)
    ]


def test_a_quarter_million_faults_finish() -> None:
    """250,000 NaN (once killed at 40 s: each position was counted from the file's start), on
    lines of their own or all on one, and 100,000 repeats of a key, finish, each placed."""
    output = finishes(
        """
        from hatch_kindgi.blocks.json_reader import read_json_object
        data = b'{"a": [\\n' + b",\\n".join(b"NaN" for _ in range(250_000)) + b"\\n]}"
        problems = read_json_object("b.json", data).problems
        print(len(problems), problems[-1].line, problems[-1].column, problems[-1].pointer)
        one_line = b'{"a": [' + b",".join(b"NaN" for _ in range(250_000)) + b"]}"
        problems = read_json_object("b.json", one_line).problems
        print(len(problems), problems[-1].line, problems[-1].column)
        keys = b"{" + b",".join(b'"k": %d' % n for n in range(100_000)) + b"}"
        problems = read_json_object("b.json", keys).problems
        print(len(problems), problems[-1].line, problems[-1].column, problems[-1].message)
        """
    )
    last_key = 2 + sum(len(f'"k": {n},') for n in range(99_999))
    assert output.splitlines() == [
        "250000 250001 1 /a/249999",
        f"250000 1 {8 + 4 * 249_999}",
        f'99999 1 {last_key} the key "k" appears twice in one object (first at line 1, column 2);'
        " the runtime would keep only the last, silently; hatch-kindgi refuses it because one"
        " of the two values would be lost unseen",
    ]


@given(text=st.text(alphabet="ab\n\r é", max_size=60), data=st.data())
@settings(max_examples=300, deadline=None)
def test_lines_agree_with_text_position(text: str, data: st.DataObject) -> None:
    """`Lines` places every index as the one-off count from the start does."""
    lines = Lines(text)
    for index in data.draw(st.lists(st.integers(0, len(text)), max_size=8)):
        assert lines.line_column(index) == text_position(text, index)
