""" "Did you mean": the closest name, as difflib finds it, in bounded time."""

from __future__ import annotations

import difflib
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.report.suggest import (
    _LONGEST,
    MAX_CANDIDATES,
    MAX_WORDS,
    Suggestions,
    _Names,
    did_you_mean,
)

_NAMES = st.text(alphabet="abcdeklmnorstu_-.0123", min_size=1, max_size=14)
# Few letters (so that many pairs reach the cutoff), some outside ASCII and the BMP, lengths
# across the bands' edges (7 and 8, 15 and 16 characters), the empty string among them.
_ANY = st.text(alphabet="ab_é€𝄞", max_size=20)


def _lcs(a: str, b: str) -> int:
    """The longest common subsequence's length, by the textbook table."""
    row = [0] * (len(b) + 1)
    for char in a:
        diagonal, row[0] = 0, 0
        for j, other in enumerate(b, start=1):
            diagonal, row[j] = row[j], diagonal + 1 if char == other else max(row[j], row[j - 1])
    return row[-1]


def _reference_shortlist(word: str, choices: list[str]) -> list[str]:
    """The 8 names most similar to `word` by indel similarity `2 LCS / (la + lb)`, exact,
    among those reaching 0.6, the most similar first, ties in name order."""
    scored = []
    for name in sorted(set(choices)):
        total = len(word) + len(name)
        score = Fraction(2 * _lcs(word, name), total) if total else Fraction(1)
        if score >= Fraction(3, 5):
            scored.append((-score, name))
    return [name for _, name in sorted(scored)[:8]]


def _reference_hint(word: str, choices: list[str]) -> str | None:
    close = difflib.get_close_matches(word, _reference_shortlist(word, choices), n=1, cutoff=0.6)
    return close[0] if close and close[0] else None


@st.composite
def _word_and_names(draw: st.DrawFn, names: st.SearchStrategy[str]) -> tuple[str, list[str]]:
    """Names, and a word: one of them with a slice changed, or any text."""
    choices = draw(st.lists(names, max_size=40))
    word = draw(_ANY)
    changed: bool = draw(st.booleans())
    if choices and changed:
        name = draw(st.sampled_from(choices))
        start = draw(st.integers(0, len(name)))
        end = draw(st.integers(start, min(len(name), start + 3)))
        word = name[:start] + draw(st.text(alphabet="ab_é𝄞x", max_size=3)) + name[end:]
    return word, choices


@given(_word_and_names(_ANY))
@settings(max_examples=600, deadline=None)
def test_shortlist_is_the_exact_one(case: tuple[str, list[str]]) -> None:
    """The bands' shortlist is the one an LCS table over every name gives, and so is the hint."""
    word, choices = case
    assert _Names(sorted(set(choices))).shortlist(word) == _reference_shortlist(word, choices)
    assert Suggestions(choices).closest(word) == _reference_hint(word, choices)


@given(_word_and_names(st.text(alphabet=st.characters(min_codepoint=0x370, max_codepoint=0x3FF))))
@settings(max_examples=150, deadline=None)
def test_names_of_many_letters(case: tuple[str, list[str]]) -> None:
    """Names of more letters than a band keeps masks for (the rarer made for each word)."""
    word, choices = case
    assert _Names(sorted(set(choices))).shortlist(word) == _reference_shortlist(word, choices)


def test_names_of_thousands_of_letters() -> None:
    """Each name's letters its own: past the masks a band keeps, the rest made for each word."""
    names = ["".join(chr(0x4E00 + 10 * n + k) for k in range(10)) for n in range(300)]
    names += [name[:5] for name in names[:50]]
    words = [name[:3] + "x" + name[4:] for name in names[::7]] + [names[0][2:] + names[1][:3]]
    for word in words:
        assert _Names(sorted(names)).shortlist(word) == _reference_shortlist(word, names)
        assert Suggestions(names).closest(word) == _reference_hint(word, names)


_LONG = st.builds(
    lambda head, tail: head * (_LONGEST // max(len(head), 1) + 1) + tail,
    st.text(alphabet="ab", min_size=1, max_size=3),
    st.text(alphabet="abé", max_size=6),
)


@given(_word_and_names(st.one_of(_LONG, _ANY)))
@settings(max_examples=40, deadline=None)
def test_names_too_long_for_a_band(case: tuple[str, list[str]]) -> None:
    """Names past the bands' longest are compared one by one, in the same shortlist."""
    word, choices = case
    choices = choices[:6]
    assert _Names(sorted(set(choices))).shortlist(word) == _reference_shortlist(word, choices)


def test_many_names_reach_the_cutoff() -> None:
    """Hundreds of names above the cutoff, many tied: the 8 best, ties in name order."""
    names = [f"param_{n:03d}" for n in range(400)] + [f"parm{n}" for n in range(0, 400, 7)]
    for word in ("parm_042", "param_04", "arm_1", "pa_am_999", "p", ""):
        assert _Names(sorted(names)).shortlist(word) == _reference_shortlist(word, names)
        assert Suggestions(names).closest(word) == _reference_hint(word, names)


@given(word=_NAMES, choices=st.lists(_NAMES, max_size=40))
@settings(max_examples=400, deadline=None)
def test_same_choice_as_difflib(word: str, choices: list[str]) -> None:
    """The hint names what difflib.get_close_matches (cutoff 0.6) finds among all the choices."""
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    expected = f'; did you mean "{close[0]}"?' if close else ""
    assert did_you_mean(word, choices) == expected
    assert Suggestions(choices).hint(word) == expected


def test_familiar_misspellings() -> None:
    """The hints a pack author meets."""
    assert did_you_mean("templte", ["template", "templateFile", "parameters"]) == (
        '; did you mean "template"?'
    )
    assert did_you_mean("promt", ["prompt", "settings"]) == '; did you mean "prompt"?'
    assert did_you_mean("zzz", ["prompt", "settings"]) == ""
    assert did_you_mean("x", []) == ""


def test_no_guess_among_too_many_candidates() -> None:
    """Past MAX_CANDIDATES names there is no hint (a guess among so many is noise)."""
    names = [f"name_{n:05d}" for n in range(MAX_CANDIDATES + 1)]
    assert Suggestions(names).hint("name_00001x") == ""
    assert Suggestions(names[:MAX_CANDIDATES]).hint("name_00001x") == (
        '; did you mean "name_00001"?'
    )


# The most words among the most names (MAX_WORDS among MAX_CANDIDATES, 5,000 each, once
# killed at 40 s for 3,000) finishing with a hint for every word is held by
# tests/unit/blocks/test_liquid.py's thousands-of-unknown-variables test: its child runs that
# very search through check_template, so it is not paid twice.


def test_words_past_the_bound_get_no_hint() -> None:
    """Past MAX_WORDS different words, a word gets no hint; words seen before keep theirs."""
    suggestions = Suggestions(["alpha", "beta"])
    assert suggestions.hint("alpah") == '; did you mean "alpha"?'
    for n in range(MAX_WORDS):
        suggestions.hint(f"w{n}")
    assert suggestions.hint("bta") == ""
    assert suggestions.hint("alpah") == '; did you mean "alpha"?'


def test_names_exactly_at_the_cutoff() -> None:
    """A name whose similarity is 0.6 exactly is kept, in a band and past the longest."""
    for size in (10, 100, 250):  # an LCS of 3/5 of each length: 0.6 exactly
        word, name = "a" * (size * 3 // 5) + "b" * (size * 2 // 5), "a" * size
        word_too_far = "a" * (size * 3 // 5 - 1) + "b" * (size * 2 // 5 + 1)
        assert _reference_shortlist(word, [name]) == [name]
        assert _Names([name]).shortlist(word) == [name]
        assert _Names([name]).shortlist(word_too_far) == _reference_shortlist(word_too_far, [name])
