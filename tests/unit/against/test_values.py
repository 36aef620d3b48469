"""JSON values compared as JavaScript sees them, and shown short where they differ."""

from __future__ import annotations

from hatch_kindgi.against.values import (
    ABSENT,
    Difference,
    first_difference,
    short_json,
    short_json_pair,
)


def test_same_json_has_no_difference() -> None:
    """Equal documents, keys in another order, 1 and 1.0 (one JavaScript number): no change."""
    old = {"b": [1, {"x": None}], "a": "t"}
    new = {"a": "t", "b": [1.0, {"x": None}]}
    assert first_difference(old, new) is None


def test_true_is_not_one() -> None:
    """Python's True == 1 must not hide a change from 1 to true, nor 0 to false."""
    assert first_difference({"v": 1}, {"v": True}) == Difference("/v", 1, True)
    assert first_difference([0], [False]) == Difference("/0", 0, False)
    assert first_difference({"v": "1"}, {"v": 1}) == Difference("/v", "1", 1)
    assert first_difference({"v": None}, {"v": {}}) == Difference("/v", None, {})


def test_first_difference_in_index_key_order() -> None:
    """Keys are visited as the index sorts them (UTF-16 code units): "B" < "a" < "é"."""
    old = {"é": 1, "a": 1, "B": 1}
    new = {"é": 2, "a": 2, "B": 2}
    assert first_difference(old, new) == Difference("/B", 1, 2)


def test_missing_key_and_item_are_absent() -> None:
    """A key only one side has, and an item past the shorter list, are ABSENT there."""
    assert first_difference({"a": 1}, {"a": 1, "b": 2}) == Difference("/b", ABSENT, 2)
    assert first_difference({"a": [1, 2, 3]}, {"a": [1, 2]}) == Difference("/a/2", 3, ABSENT)


def test_pointer_escapes_slash_and_tilde() -> None:
    """RFC 6901: `~` is `~0` and `/` is `~1` in a pointer's token."""
    old = {"content": {"values": {"a/b~c": 1}}}
    new = {"content": {"values": {"a/b~c": 2}}}
    assert first_difference(old, new) == Difference("/content/values/a~1b~0c", 1, 2)


def test_type_change_is_a_difference_at_the_node() -> None:
    """An object become a list differs where it changed, not inside."""
    assert first_difference({"a": {"x": 1}}, {"a": [1]}) == Difference("/a", {"x": 1}, [1])


def test_whole_document_changed_has_the_empty_pointer() -> None:
    """Two different scalars at the top differ at the pointer "" (the whole document)."""
    assert first_difference(1, 2) == Difference("", 1, 2)


def test_shown_cuts_long_values() -> None:
    """A value longer than 40 characters is cut with an ellipsis; absent reads `absent`."""
    assert short_json(ABSENT) == "absent"
    assert short_json(3) == "3"
    assert short_json({"a": [1, 2]}) == '{"a": [1, 2]}'
    assert short_json(list(range(30))) == "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, …"


def test_two_long_strings_show_where_they_differ() -> None:
    """The window starts 12 characters before the first differing one (index 51 here), on
    both sides, and is 40 characters long."""
    old = "You draft short replies to Acme customers, in a {{ tone }} tone, in at most three"
    new = "You draft short replies to Acme customers, in a {{ mood }} tone, in at most three"
    before, after = short_json_pair(old, new)
    assert before == '"…rs, in a {{ tone }} tone, in at most thr…"'
    assert after == '"…rs, in a {{ mood }} tone, in at most thr…"'
    assert short_json_pair("abc", "abd") == ('"abc"', '"abd"')


def test_shown_string_escapes_as_json() -> None:
    """Newlines and quotes in a shown string are JSON escapes, so a message stays one line."""
    assert short_json_pair('a\n"b"', 'a\n"c"') == ('"a\\n\\"b\\""', '"a\\n\\"c\\""')
