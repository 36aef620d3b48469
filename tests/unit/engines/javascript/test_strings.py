"""JavaScript's strings: its white space and its UTF-16 code units, held to Node.js (V8)."""

from __future__ import annotations

from typing import Any

from hatch_kindgi.engines.javascript.strings import (
    LINE_TERMINATORS,
    WHITE_SPACE,
    code_unit,
    code_unit_key,
    is_blank,
    trim,
    utf16_length,
    utf16_units,
)
from tests.oracle import shipped


def test_code_unit_key_sorts_as_javascript() -> None:
    """Astral characters sort before U+E000..U+FFFF by code unit, unlike by code point."""
    keys = ["\uffff", "\ue000", "\U0001f600", "\U00010000", "\ud7ff", "\udc00", "\ud800"]
    by_code_point = ["\ud7ff", "\ud800", "\udc00", "\ue000", "\uffff", "\U00010000", "\U0001f600"]
    assert sorted(keys) == by_code_point
    assert sorted(keys, key=code_unit_key) == [
        "\ud7ff",
        "\ud800",
        "\U00010000",
        "\U0001f600",
        "\udc00",
        "\ue000",
        "\uffff",
    ]


def test_code_unit_key_sees_a_pair_as_its_character() -> None:
    """A surrogate pair written as two characters has the key of the character it encodes."""
    assert code_unit_key("\ud83d\ude00") == code_unit_key("\U0001f600") == b"\xd8\x3d\xde\x00"


def test_white_space_is_what_trim_removes_and_backslash_s_matches() -> None:
    """Every BMP code point V8's `trim()` removes, and the ones `\\s` matches: WHITE_SPACE,
    no more and no fewer (beyond the BMP there is none); its line terminators are `.`'s stops."""
    shipped.require_oracle()
    script = (
        "const all = [...Array(0x10000).keys()].map((c) => String.fromCharCode(c));"
        "console.log(JSON.stringify(["
        " all.filter((c) => c.trim() === '').map((c) => c.charCodeAt(0)),"
        " all.filter((c) => /^\\s$/u.test(c)).map((c) => c.charCodeAt(0)),"
        " all.filter((c) => !/^.$/.test(c)).map((c) => c.charCodeAt(0))]))"
    )
    answer: Any = shipped.node_eval(script, None)
    trimmed, spaces, not_dot = answer
    ours = sorted(map(ord, WHITE_SPACE))
    assert trimmed == spaces == ours
    assert not_dot == sorted(map(ord, LINE_TERMINATORS))
    assert all(is_blank(chr(code)) == (code in ours) for code in range(0x10000))


def test_lengths_indexes_and_trim_are_javascripts() -> None:
    """`length`, `text[i]` and `trim()` of strings with characters beyond the BMP and lone
    surrogates: the same as V8's."""
    shipped.require_oracle()
    texts = ["", "abc", "\U0001f600", "a\U0001f600b", "\ud800", "x\udc00\ud83d", " \u3000é\ufeff\n"]
    script = (
        "const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(texts.map((t) =>"
        " [t.length, [...Array(t.length + 1).keys()].map((i) => t[i] ?? ''), t.trim()])))"
    )
    expected: Any = shipped.node_eval(script, texts)
    ours = [
        [utf16_length(t), [code_unit(t, i) for i in range(utf16_length(t) + 1)], trim(t)]
        for t in texts
    ]
    assert ours == expected
    assert [len(utf16_units(t)) for t in texts] == [each[0] for each in expected]
