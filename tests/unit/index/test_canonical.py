"""The canonical JSON writer: exact bytes, what JavaScript can't carry, and Node.js as oracle."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.index.canonical import canonical_json, unrepresentable
from tests.oracle import shipped

BEYOND = "is beyond ±(2^53\N{MINUS SIGN}1); JavaScript would change it"


class _Count(int):
    """An int subclass (an IntEnum's kind): a JSON number, within the bounds or not."""


class _Ratio(float):
    """A float subclass: a JSON number unless NaN or infinite."""


class _Ordered(dict):  # type: ignore[type-arg]
    """A dict subclass: an object, its keys strings or not."""


# (value, what JavaScript writes for it), each written out by hand.
EXPECTED: list[tuple[object, str]] = [
    # strings
    ("", '""'),
    ('"\\/', '"\\"\\\\/"'),
    ("\b\f\n\r\t", '"\\b\\f\\n\\r\\t"'),
    ("\x00\x01\x1b\x1f", '"\\u0000\\u0001\\u001b\\u001f"'),
    ("\x7f\x80\u0085\u00a0\u2028\u2029", '"\x7f\x80\u0085\u00a0\u2028\u2029"'),
    ("é\ue000\uffff\U0001f600\U0010ffff", '"é\ue000\uffff\U0001f600\U0010ffff"'),
    ("\ud800", '"\\ud800"'),
    ("a\udfffb\udbff", '"a\\udfffb\\udbff"'),
    ("\ude00\ud83d", '"\\ude00\\ud83d"'),
    ("\ud83d\ude00", '"\U0001f600"'),  # a pair written as two characters is one to JavaScript
    ("\ud83d\ud83d\ude00", '"\\ud83d\U0001f600"'),
    # numbers
    (0, "0"),
    (-7, "-7"),
    (2**53 - 1, "9007199254740991"),
    (-(2**53 - 1), "-9007199254740991"),
    (0.0, "0"),
    (-0.0, "0"),
    (5.0, "5"),
    (-1.5, "-1.5"),
    (0.1, "0.1"),
    (0.1 + 0.2, "0.30000000000000004"),
    (123456789.125, "123456789.125"),
    (1e20, "100000000000000000000"),
    (123456789012345680000.0, "123456789012345680000"),
    (math.nextafter(1e21, 0.0), "999999999999999900000"),
    (1e21, "1e+21"),
    (-1e21, "-1e+21"),
    (math.nextafter(1e21, math.inf), "1.0000000000000001e+21"),
    (1e100, "1e+100"),
    (1.7976931348623157e308, "1.7976931348623157e+308"),
    (1e-6, "0.000001"),
    (1.234e-6, "0.000001234"),
    (math.nextafter(1e-7, 1.0), "1.0000000000000001e-7"),
    (1e-7, "1e-7"),
    (math.nextafter(1e-7, 0.0), "9.999999999999998e-8"),
    (1.5e-7, "1.5e-7"),
    (-1.5e-7, "-1.5e-7"),
    (2.2250738585072014e-308, "2.2250738585072014e-308"),
    (5e-324, "5e-324"),
    # literals and empty containers
    (True, "true"),
    (False, "false"),
    (None, "null"),
    ({}, "{}"),
    ([], "[]"),
    # key order: UTF-16 code units, so an astral character (D83D DE00) before U+E000
    (
        {"\ue000": 1, "\U0001f600": 2, "z": 3, "Z": 4, "": 5, "é": 6},
        '{\n  "": 5,\n  "Z": 4,\n  "z": 3,\n  "é": 6,\n  "\U0001f600": 2,\n  "\ue000": 1\n}',
    ),
    # every key sorted alike, array-index keys too (JavaScript's own objects put those first)
    ({"b": 1, "10": 2, "9": 3, "0": 4}, '{\n  "0": 4,\n  "10": 2,\n  "9": 3,\n  "b": 1\n}'),
    ({"__proto__": {"a": 1}}, '{\n  "__proto__": {\n    "a": 1\n  }\n}'),
    # nesting: objects sorted at every level, lists in their order
    (
        {"b": [3, {"d": [], "c": {}}, [1]], "a": {"y": None, "x": [[]]}},
        '{\n  "a": {\n    "x": [\n      []\n    ],\n    "y": null\n  },\n  "b": [\n    3,\n'
        '    {\n      "c": {},\n      "d": []\n    },\n    [\n      1\n    ]\n  ]\n}',
    ),
]


@pytest.fixture(scope="module")
def node() -> None:
    """Skip without Node.js (fail when CI=true); module-scoped, so hypothesis tests may use it."""
    shipped.require_oracle()


@pytest.mark.parametrize(("value", "expected"), EXPECTED)
def test_canonical_json_writes_what_javascript_writes(value: object, expected: str) -> None:
    """canonical_json gives the hand-written JavaScript text, with a trailing newline."""
    assert canonical_json(value) == expected + "\n"


@pytest.mark.usefixtures("node")
def test_hand_written_expectations_agree_with_node() -> None:
    """Node.js writes every hand-written expectation exactly so."""
    values = [value for value, _ in EXPECTED]
    assert shipped.canonical_many(values) == [expected + "\n" for _, expected in EXPECTED]


@pytest.mark.usefixtures("node")
def test_node_canonical_gives_utf8_bytes() -> None:
    """shipped.canonical returns UTF-8 bytes, lone surrogates escaped so they encode."""
    assert shipped.canonical({"k": "\ud800é"}) == b'{\n  "k": "\\ud800\xc3\xa9"\n}\n'


def test_canonical_json_handles_deep_nesting() -> None:
    """Nesting far beyond Python's recursion limit is written without RecursionError."""
    depth = 3000
    value: object = 1
    for _ in range(depth):
        value = [value]
    lines = ["  " * level + "[" for level in range(depth)]
    lines.append("  " * depth + "1")
    lines.extend("  " * level + "]" for level in reversed(range(depth)))
    assert canonical_json(value) == "\n".join(lines) + "\n"


def test_canonical_json_refuses_what_javascript_cannot_carry() -> None:
    """canonical_json raises ValueError naming each place unrepresentable() reports."""
    with pytest.raises(ValueError, match=r"/a/1: 9007199254740992 is beyond"):
        canonical_json({"a": [1, 2**53]})
    with pytest.raises(ValueError, match=r"\(root\): NaN is not a JSON number"):
        canonical_json(math.nan)


def test_unrepresentable_accepts_json_values() -> None:
    """Nothing to report for plain JSON values, huge floats and bools included."""
    value = {"a": [2**53 - 1, -(2**53 - 1), 1e308, -0.0, True, None, "\ud800"], "b": {}}
    assert unrepresentable(value) == []
    subclassed = _Ordered(n=[_Count(2**53 - 1), _Ratio(0.5)], s=[_Ordered()])
    assert unrepresentable({"\ud800": subclassed, "\ud83d\ude00": 1, "\udc00x": 2}) == []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (2**53, [("", f"9007199254740992 {BEYOND}")]),
        (-(2**53), [("", f"-9007199254740992 {BEYOND}")]),
        ({"n": 12345678901234567890}, [("/n", f"12345678901234567890 {BEYOND}")]),
        ([math.nan], [("/0", "NaN is not a JSON number; JavaScript would write null")]),
        ([math.inf], [("/0", "Infinity is not a JSON number; JavaScript would write null")]),
        ([-math.inf], [("/0", "-Infinity is not a JSON number; JavaScript would write null")]),
        ({"s": {1, 2}}, [("/s", "a Python set is not a JSON value")]),
        ({"t": (1,)}, [("/t", "a Python tuple is not a JSON value")]),
        ({1: "x"}, [("/1", "key 1 is a Python int, not a string")]),
        ([[], [_Count(2**60)]], [("/1/0", f"1152921504606846976 {BEYOND}")]),
        (
            {"r": [_Ratio("nan")]},
            [("/r/0", "NaN is not a JSON number; JavaScript would write null")],
        ),
        ([_Ordered({"a": 1, 2: "x"})], [("/0/2", "key 2 is a Python int, not a string")]),
        ({"a": "é", "\ud83d": {"x": 2**53}}, [("/\ud83d/x", f"9007199254740992 {BEYOND}")]),
        (
            {"a/b": {"c~d": math.nan}},
            [("/a~1b/c~0d", "NaN is not a JSON number; JavaScript would write null")],
        ),
    ],
)
def test_unrepresentable_reports(value: object, expected: list[tuple[str, str]]) -> None:
    """Each kind of value JavaScript can't carry is reported at its JSON pointer."""
    assert unrepresentable(value) == expected


def test_unrepresentable_reports_in_document_order() -> None:
    """Problems come in document order, a key's problem before its value's."""
    value = {"a": [2**60, {None: math.inf}], "b": b"x"}
    assert unrepresentable(value) == [
        ("/a/0", f"1152921504606846976 {BEYOND}"),
        ("/a/1/None", "key None is a Python NoneType, not a string"),
        ("/a/1/None", "Infinity is not a JSON number; JavaScript would write null"),
        ("/b", "a Python bytes is not a JSON value"),
    ]


def test_unrepresentable_reports_keys_javascript_sees_as_one() -> None:
    """A surrogate pair written as two characters and its character collide as keys."""
    assert unrepresentable({"\U0001f600": 1, "\ud83d\ude00": 2}) == [
        ("/\ud83d\ude00", "key '\\ud83d\\ude00' is the same string as key '😀' in JavaScript"),
    ]


def test_unrepresentable_reports_a_container_inside_itself() -> None:
    """A list or dict that contains itself is reported where the cycle closes, not looped."""
    looped: list[object] = [1]
    looped.append({"again": looped})
    assert unrepresentable(looped) == [("/1/again", "this value contains itself; JSON cannot")]


def test_unrepresentable_accepts_a_shared_value() -> None:
    """The same list twice, but not inside itself, is fine."""
    shared = [1]
    assert unrepresentable({"a": shared, "b": [shared]}) == []


def test_unrepresentable_handles_huge_integers() -> None:
    """An integer too long for str() is still reported, by its size."""
    assert unrepresentable(10**5000) == [("", f"an integer of 16610 bits {BEYOND}")]


@pytest.mark.parametrize("container", ["list", "dict"])
def test_unrepresentable_handles_deep_nesting(container: str) -> None:
    """100000 levels of nesting are walked without RecursionError."""
    depth = 100_000
    value: object = 2**53
    for _ in range(depth):
        value = [value] if container == "list" else {"k": value}
    step = "/0" if container == "list" else "/k"
    assert unrepresentable(value) == [(step * depth, f"9007199254740992 {BEYOND}")]


# --- properties ---------------------------------------------------------------------------------

_SPECIAL_CHARACTERS = [
    *'\x00\x01\x1f\x7f\b\f\n\r\t"\\/ aZé',
    "\u0085",
    "\u2028",
    "\u2029",
    "\ufeff",
    "\ue000",
    "\uf8ff",
    "\uffff",
    "\U00010000",
    "\U0001f600",
    "\U000f0000",
    "\U0010ffff",
    "\ud800",
    "\udbff",
    "\udc00",
    "\udfff",
    "\ud83d",
    "\ude00",
]
# Generation dominates the run time and costs per draw, so awkward strings come whole from a
# pool, or drawn from an alphabet of awkward characters, or from any code point at all.
_SPECIAL_STRINGS = [
    *_SPECIAL_CHARACTERS,
    "\ud83d\ude00",
    "\ude00\ud83d",
    "a\ud800b",
    "\U0001f600\ue000",
    "\ue000\U0001f600",
    '"\\u0000"',
    "line\nbreak\ttab",
]
_ALPHABET = [*_SPECIAL_CHARACTERS, "\u3000", "\ud7ff", "\ue001", "\ufff0", "\U00010400"]
texts = st.one_of(
    st.sampled_from(_SPECIAL_STRINGS),
    st.text(st.sampled_from(_ALPHABET), max_size=6),
    st.text(st.integers(0, 0x10FFFF).map(chr), max_size=4),
)
keys = st.one_of(
    st.sampled_from(
        [
            *["", "a", "A", "0", "9", "10", "01", "-1", "4294967294", "4294967295", "__proto__"],
            *["\U0001f600", "\ue000", "\uffff", "\ud800", "\udc00", "\ud83d\ude00"],
        ]
    ),
    texts,
)
_EDGE_FLOATS = [
    1e21,
    1e20,
    1e-7,
    1e-6,
    1.5e-7,
    5e-324,
    2.2250738585072014e-308,
    1e308,
    0.1,
    2.0**53,
]
_EDGE_NUMBERS = [
    sign * near
    for edge in _EDGE_FLOATS
    for near in (edge, math.nextafter(edge, 0.0), math.nextafter(edge, math.inf))
    for sign in (1.0, -1.0)
] + [0.0, -0.0, 1.7976931348623157e308, 0, -1, 2**53 - 1, -(2**53 - 1), 2**32, 10**15]
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**53 - 1), 2**53 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(_EDGE_NUMBERS),
    texts,
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(keys, children, max_size=5),
    max_leaves=15,
).filter(lambda value: not unrepresentable(value))  # rare: keys that collide in UTF-16


def _javascript_number(literal: str) -> float | int:
    """A JSON integer literal as JavaScript reads it: a double, kept as int while exact."""
    number = int(literal)
    return number if -(2**53 - 1) <= number <= 2**53 - 1 else float(number)


@pytest.mark.usefixtures("node")
@settings(max_examples=500, deadline=None)
@given(st.lists(json_values, min_size=1, max_size=4))
def test_canonical_json_matches_node(values: list[object]) -> None:
    """canonical_json writes exactly what Node.js writes, for any nested JSON value."""
    assert [canonical_json(value) for value in values] == shipped.canonical_many(values)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_canonical_json_is_a_fixed_point(value: object) -> None:
    """The output encodes to UTF-8, parses back, and writes again to the same text."""
    text = canonical_json(value)
    text.encode("utf-8")
    # Integral floats from 2^53 up are written as digits (1e20 as 100000000000000000000):
    # read them back as JavaScript does, as doubles, not as Python's unbounded ints.
    assert canonical_json(json.loads(text, parse_int=_javascript_number)) == text


def test_oracle_refuses_integers_json_parse_would_change() -> None:
    """`canonical_many` refuses an integer beyond 2^53 - 1 instead of checking a rounded one."""
    with pytest.raises(ValueError, match="9007199254740993 is beyond"):
        shipped.canonical_many([{"a": [2**53 + 1]}])
