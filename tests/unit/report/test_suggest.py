""" "Did you mean": the closest name, as difflib finds it, in bounded time."""

from __future__ import annotations

import difflib

from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.report.suggest import MAX_CANDIDATES, MAX_WORDS, Suggestions, did_you_mean

_NAMES = st.text(alphabet="abcdeklmnorstu_-.0123", min_size=1, max_size=14)


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
