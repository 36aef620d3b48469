"""Our own matcher (`engines.re2.automaton`, pure Python) held to google-re2 on generated
patterns and texts: every answer the same. google-re2 answers on the same reading of the
pattern (re2js's tree, `engines.re2.syntax`) but with its own engine, RE2's, so a fault in the
automaton's rules (a loop, a count, an assertion's context, the DFA's states) shows here.
re2js itself holds both through the runtime (`test_tenant.py`)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.engines.re2 import automaton
from hatch_kindgi.engines.re2.program import compile_program
from hatch_kindgi.engines.re2.syntax import Re2jsSyntaxError, read

pytest.importorskip("re2", reason="google-re2 isn't installed here")

_ATOMS = ["a", "b", "c", ".", "[ab]", "[^a]", "\\w", "\\W", "\\s", "é", "\\d", "[a-c\\n]"]
_ASSERTIONS = ["^", "$", "\\b", "\\B"]
_TEXT = st.text(alphabet="abc é1\n_", max_size=24)


def _pattern(draw: st.DrawFn, depth: int) -> str:
    choice = draw(st.integers(0, 9 if depth < 4 else 3))
    if choice <= 2:
        return draw(st.sampled_from(_ATOMS))
    if choice == 3:
        return draw(st.sampled_from(_ASSERTIONS))
    if choice <= 5:
        count = draw(st.integers(2, 4))
        return "".join(_pattern(draw, depth + 1) for _ in range(count))
    if choice == 6:
        count = draw(st.integers(2, 3))
        return "(?:" + "|".join(_pattern(draw, depth + 1) for _ in range(count)) + ")"
    inner = "(?:" + _pattern(draw, depth + 1) + ")"
    low = draw(st.integers(0, 3))
    high = draw(st.sampled_from([low, low + 1, low + 3, -1]))
    quantifier = draw(
        st.sampled_from(["*", "+", "?", f"{{{low}}}", f"{{{low},}}", f"{{{low},{max(high, low)}}}"])
    )
    return inner + quantifier + draw(st.sampled_from(["", "", "?"]))  # lazy reads the same


@st.composite
def _patterns(draw: st.DrawFn) -> tuple[str, str]:
    return _pattern(draw, 0), draw(st.sampled_from(["u", "u", "mu", "iu", "su", "yu", "myu"]))


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_patterns(), st.lists(_TEXT, min_size=1, max_size=8))
def test_both_matchers_answer_alike(case: tuple[str, str], texts: list[str]) -> None:
    source, flags = case
    try:
        tree = read(source, flags)
    except Re2jsSyntaxError:
        return
    sticky = "y" in flags
    ours = compile_program(tree, source, sticky=sticky, accelerate=False)
    theirs = compile_program(tree, source, sticky=sticky)
    assert (ours.engine, theirs.engine) == ("python", "google-re2")
    for text in texts:
        assert ours.test(text) == theirs.test(text), (source, flags, text)
    # Again with the DFA given up at once: every character through the rules alone.
    thrashing = automaton._THRASHING
    automaton._THRASHING = 0
    try:
        unkept = compile_program(tree, source, sticky=sticky, accelerate=False)
        for text in texts:
            assert unkept.test(text) == theirs.test(text), (source, flags, text, "unkept")
    finally:
        automaton._THRASHING = thrashing


@pytest.mark.parametrize(
    ("source", "text", "expected"),
    [
        ("(?:a|b)*a(?:a|b){20}", "ab" * 40, True),
        ("(?:a|b)*a(?:a|b){20}", "b" * 80, False),
        ("^(?:[ab]{1,5}c){3}$", "abcabababcbc", False),
        ("^(?:[ab]{1,5}c){3}$", "abcabababcb" + "c", False),
        ("^(?:[ab]{1,5}c){3}$", "abcababcbc", True),
        ("(?:xy|x)+z\\b", "xyxxyz", True),
        ("(?:xy|x)+z\\b", "xyxxyza", False),
        ("\\B(?:ab|a){2,}\\B", "cababac", True),
        ("\\B(?:ab|a){2,}\\B", "abab", False),
    ],
)
def test_loops_counts_and_boundaries(source: str, text: str, expected: bool) -> None:
    """Written by hand: loops over groups, counts of alternations, boundaries around them."""
    tree = read(source, "u")
    assert compile_program(tree, source, accelerate=False).test(text) is expected
    assert compile_program(tree, source).test(text) is expected


@pytest.mark.parametrize("accelerate", [False, True])
def test_more_classes_than_a_byte_holds(accelerate: bool) -> None:
    """A pattern of 300 different characters has 301 classes: a text is read as a list of
    class numbers, not bytes (and google-re2 gets its classes as code points in UTF-8 mode),
    with the same answers; a \\B next to them is exact on ours."""
    letters = "".join(chr(0x100 + number) for number in range(300))
    source = f"(?:{letters})+\\B"
    tree = read(source, "u")
    program = compile_program(tree, source, accelerate=accelerate)
    assert program.engine == "python"  # google-re2 can't read \\B there exactly: ours
    assert program.test(letters + "x") is False  # a word character after a non-word one
    assert program.test(letters + letters + "\u0101") is True
    plain = compile_program(read(f"^(?:{letters})+$", "u"), letters, accelerate=accelerate)
    assert plain.engine == ("google-re2" if accelerate else "python")
    assert plain.test(letters * 2) is True
    assert plain.test(letters[:-1]) is False
    assert plain.test(letters + "\U0001f600") is False
