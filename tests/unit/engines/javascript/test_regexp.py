"""Patterns read and matched as V8 reads and matches them in `u` mode (Ajv's `new RegExp(p, "u")`).

Every verdict here is V8's own, through the runtime oracle: whether it compiles (with its
message when not) and whether it matches each text.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.engines.budget import PatternTimeout, validation_budget
from hatch_kindgi.engines.javascript import regexp as js_regex
from hatch_kindgi.engines.javascript.regexp import JsRegexError, js_pattern
from tests.oracle import shipped

TEXTS = [
    "",
    "a",
    "A",
    "abc",
    "ABC",
    "x\n",
    "\n",
    "a\nb",
    "ab\r\ncd",
    "A1_ b",
    "123",
    "\u0661\u0662\u0663",  # Arabic-Indic digits: Python's \d, not JavaScript's
    "\uff11\uff12",  # fullwidth digits
    "\u00e9t\u00e9",
    "\u2028",
    "\ufeff",
    " \u00a0\t",
    "\x1c\x1d\x85",  # Python's \s, not JavaScript's
    "\U0001f600",
    "\u017fK\u212a",
    "refund-limit_2",
    "support@acme.example",
    "+1 (555) 010-9999",
    "2026-02-30",
    "\u00c9COLE",
    "caf\u00e9 au lait",
    "\u03b1\u03b2\u03b3",
    "\u0416\u0436",
    "\u4e2d\u6587",
    "$100.00",
    "a.b",
    "[x]",
    "{}",
    "\\",
    "/",
    "\x00",
    "\x08",
    "\x0b",
    "aaaa",
    "abab",
    "ab ba",
]

PATTERNS = [
    # what pack authors write
    "^[a-z][a-z0-9-]*$",
    "^\\d+$",
    "^\\d{3}-\\d{4}$",
    "^\\w+$",
    "^[\\w.+-]+@[\\w-]+\\.[\\w.]+$",
    "^\\+?[0-9 ()-]{7,20}$",
    "^(formal|friendly|brief)$",
    "^\\$\\d+(\\.\\d{2})?$",
    "^[A-Z]{2}$",
    "^\\S+$",
    "^\\s*$",
    "\\s",
    "\\bab\\b",
    "\\Bb",
    "^.*$",
    "^.+$",
    "^[^]*$",
    "[]",
    "[^]",
    "x$",
    "^\\p{L}+$",
    "^\\p{Lu}",
    "\\P{L}",
    "^[\\p{L}\\p{N} ]+$",
    "^[^\\p{L}]+$",
    "\\p{Script=Greek}",
    "\\p{sc=Cyrl}",
    "\\p{scx=Hani}",
    "\\p{General_Category=Decimal_Number}",
    "\\p{gc=Nd}",
    "\\p{digit}",
    "\\p{Emoji_Presentation}",
    "\\p{Extended_Pictographic}",
    "\\p{White_Space}",
    "\\p{Any}",
    "\\P{Any}",
    "[\\P{Any}]",
    "[^\\P{Any}]",
    "\\p{ASCII}",
    "\\P{ASCII}",
    "\\p{Assigned}",
    "\\P{Assigned}",
    "\\p{Lowercase}",
    "\\p{Alpha}",
    "(a)|\\1b",
    "\\1(a)",
    "(a)\\1",
    "(?<n>a)\\k<n>",
    "\\k<n>(?<n>a)",
    "(?<first>ab)(?<second>b)\\k<first>",
    "(?<$x>a)\\k<$x>",
    "(?<\\u0061>x)\\k<a>",
    "(?<a\\u{62}>x)\\k<ab>",
    "(?<\u00e9>x)",
    "\\u{1F600}",
    "\\uD83D\\uDE00",
    "\\uD83D",
    "\\u0041",
    "\\x41",
    "\\cJ",
    "[\\cJ]",
    "\\0",
    "[\\0]",
    "[\\b]",
    "\\f\\n\\r\\t\\v",
    "\\/",
    "\\^\\$\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|",
    "[\\-]",
    "[a-]",
    "[-a]",
    "[\\w-]",
    "[\\d\\s]",
    "[^\\s]",
    "[^\\d]",
    "[\\D]",
    "[\\W]",
    "[\\S]",
    "\\D",
    "\\W",
    "(?<=a)b",
    "(?<!a)b",
    "(?<=\\d{2,})x",
    "(?=c)",
    "(?!a)",
    "a{2}",
    "a{2,}",
    "a{2,3}",
    "a{2,3}?",
    "a+?",
    "a*?b",
    "a??",
    "(?:)",
    "()",
    "a|",
    "|",
    "^$",
    "(ab)+",
    "(a|ab)(c|bcd)",
    "^(a+)+$",
    "\u00e9",
    "\\\u00e9",
    "caf\u00e9",
    "[\u00e0-\u00ff]",
    "[\U0001f600-\U0001f64f]",
    "\\.",
    # what JavaScript refuses
    "(?i)a",
    "(?i:a)",
    "(?P<k>a)",
    "(?P=k)",
    "(?#comment)",
    "(?x)a b",
    "a\\Z",
    "\\A",
    "\\z",
    "a++",
    "a*+",
    "a?+",
    "a{2}+",
    "{",
    "}",
    "]",
    "a{2",
    "a{,2}",
    "{2}",
    "a{2}{3}",
    "x{a}",
    "\\-",
    "a{3,2}",
    "(",
    ")",
    "(a",
    "a)",
    "[",
    "[a",
    "\\",
    "a\\",
    "[\\",
    "\\1",
    "(a)\\2",
    "\\k<x>",
    "\\k",
    "\\k<a",
    "(?<a>)\\k<a",
    "(?<a>x)(?<a>y)",
    "(?<1a>x)",
    "(?<a-b>x)",
    "(?<>x)",
    "(?<a",
    "(?<a>",
    "(?<=",
    "(?",
    "(?<",
    "\\p{letter}",
    "\\p{L&}",
    "\\p{Lu",
    "\\p{}",
    "\\p",
    "\\pL",
    "\\p{Script=latin}",
    "\\p{Script}",
    "\\p{IsLatin}",
    "\\p{InBasicLatin}",
    "\\p{gc=Latin}",
    "\\p{sc=Lu}",
    "[\\p{letter}]",
    "[\\d-z]",
    "[a-\\w]",
    "[z-a]",
    "\\c1",
    "\\c",
    "\\c\u00e9",
    "[\\c]",
    "[\\c_]",
    "[\\c1]",
    "\\u{110000}",
    "\\u{}",
    "\\u12",
    "\\u",
    "[\\u]",
    "\\x1",
    "\\x",
    "[\\x]",
    "[\\B]",
    "[\\k]",
    "[\\1]",
    "[\\01]",
    "*",
    "+a",
    "?",
    "(?=a)*",
    "(?!a)+",
    "(?<=a)?",
    "(?<!a){2}",
    "^*",
    "$+",
    "\\b*",
    "\\B?",
    "\\00",
    "\\01",
    "\\_",
    "\\e",
    "\\a",
    "\\h",
    "\\R",
    "\\X",
    "\\G",
    "\\Q.\\E",
    "\\'",
    '\\"',
    "\\ ",
    "a|*",
    "[[:alpha:]]",
    "[a-z&&[^aeiou]]",
    "\\N{LATIN SMALL LETTER A}",
    "(?<!)",
    "(?>a)",
    "(?|a)",
    "(?R)",
    "a{1,2}{3}",
]


def _ours(pattern: str, texts: list[str]) -> tuple[str | None, list[bool]]:
    try:
        compiled = js_pattern(pattern)
    except JsRegexError as refused:
        return refused.message, []
    return None, [compiled.search(text) for text in texts]


@pytest.mark.parametrize("pattern", PATTERNS)
def test_verdict_and_matches_are_v8s(pattern: str) -> None:
    """Compiled or refused with V8's message, and matching each text as V8 does."""
    assert _ours(pattern, TEXTS) == shipped.v8_regex(pattern, TEXTS)


@pytest.mark.parametrize(
    "names",
    [
        sorted(js_regex._GENERAL_CATEGORY),
        sorted(js_regex._BINARY),
        sorted(js_regex._SPECIAL_BINARY),
        [f"Script={name}" for name in sorted(js_regex._SCRIPTS)],
        [f"sc={name}" for name in sorted(js_regex._SCRIPTS)],
        [f"Script_Extensions={name}" for name in sorted(js_regex._SCRIPTS)],
        [f"gc={name}" for name in sorted(js_regex._GENERAL_CATEGORY)],
        [f"General_Category={name}" for name in sorted(js_regex._GENERAL_CATEGORY)],
    ],
    ids=["gc", "binary", "special", "Script", "sc", "scx", "gc=", "General_Category="],
)
def test_every_property_name_v8_knows(names: list[str]) -> None:
    """Each name we accept V8 accepts, and each matches the sample code points as V8's: every
    one, those a newer Unicode than V8's assigns or changed included (U+0B83, U+1CF5's
    Script_Extensions in Unicode 17), since the tables are V8's own; a lone surrogate too."""
    samples = [chr(code) for code in range(0, 0x3100, 7)]
    samples += ["\u0b83", "\u1cf5", "\U0001f600", "\U00010400", "\U0001fae9", "\ud800"]
    samples += [chr(code) for code in range(0x1F000, 0x1FB00, 37)]
    for name in names:
        pattern = f"\\p{{{name}}}"
        joined = ["".join(samples)]
        assert shipped.v8_regex(pattern, joined)[0] is None, name
        v8 = shipped.v8_regex(f"^{pattern}$", samples)
        assert _ours(f"^{pattern}$", samples) == v8, name


def test_loose_property_names_are_refused() -> None:
    """What Python's regex accepts loosely (case, spaces, `Is` prefixes) V8 refuses."""
    for name in ("lu", "letter", "Uppercase Letter", "IsGreek", "Greek", "sc=greek", "ALPHA"):
        pattern = f"\\p{{{name}}}"
        assert _ours(pattern, [])[0] == shipped.v8_regex(pattern, [])[0] is not None


def test_too_large_repetitions_are_refused_as_ours() -> None:
    """Counted repetitions past the size limit: too large to check, JavaScript aside."""
    with pytest.raises(JsRegexError) as refused:
        js_pattern("^(a{100}){101}$")
    assert not refused.value.javascript
    assert "too large to check" in refused.value.message


def test_deep_nesting_is_refused_not_a_crash() -> None:
    """Ten thousand nested groups: a JsRegexError, no RecursionError."""
    with pytest.raises(JsRegexError):
        js_pattern("(" * 10_000 + ")" * 10_000)


def test_catastrophic_backtracking_is_bounded() -> None:
    """A pattern that backtracks forever stops with PatternTimeout."""
    with validation_budget(), pytest.raises(PatternTimeout):
        js_pattern("^(a|aa)+$").search("a" * 60 + "b")


_TOKENS = st.sampled_from(
    [
        "a", "b", "A", "1", "_", " ", "-", ".", "^", "$", "|", "(", ")", "(?:", "(?=", "(?!",
        "(?<=", "(?<!", "(?<g>", "\\k<g>", "\\1", "[", "]", "[^", "{", "}", "{2}", "{1,2}",
        "*", "+", "?", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B", "\\p{L}",
        "\\P{Lu}", "\\u0041", "\\u{1F600}", "\\x41", "\\cA", "\\0", "\\-", "\\.", "\\n",
        "\u00e9", "\u0661", "\u2028",
    ]
)  # fmt: skip
_TEXT = st.text(
    alphabet=st.sampled_from(list("aAbB1_ -.\n\r\t\u00e9\u0661\u2028\u00a0\ufeff\U0001f600")),
    max_size=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tokens=st.lists(_TOKENS, max_size=7), texts=st.lists(_TEXT, min_size=1, max_size=6))
def test_generated_patterns_and_texts_agree_with_v8(tokens: list[str], texts: list[str]) -> None:
    """Token soups (valid or not) on generated texts: V8's verdict and V8's matches."""
    pattern = "".join(tokens)
    assert _ours(pattern, texts) == shipped.v8_regex(pattern, texts)


@settings(max_examples=500, deadline=None)
@given(source=st.text(max_size=12), text=st.text(max_size=6))
def test_any_text_is_a_pattern_or_a_refusal(source: str, text: str) -> None:
    """Any string, lone surrogates included: a JsPattern that matches, or JsRegexError."""
    try:
        compiled = js_pattern(source)
    except JsRegexError:
        return
    assert compiled.search(text) in (True, False)


@pytest.mark.parametrize("pattern", ["(?=){", "(?!){1", "(?<=){a}", "(?<!){,", "(?=){1}", "^{"])
def test_a_brace_after_a_lookaround_is_read_as_v8_reads_it(pattern: str) -> None:
    """V8 reads a quantifier after a lookaround, so a `{` there is an incomplete quantifier
    (hypothesis found `(?=){` read as a lone bracket); after `^` it stays a lone bracket."""
    assert _ours(pattern, [""]) == shipped.v8_regex(pattern, [""])


def _allowlist(count: int) -> tuple[str, list[str]]:
    """`^(?:AAA|AAB|...)$` of `count` three-letter codes, and the codes."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    codes = [a + b + c for a in letters for b in letters for c in letters][:count]
    return "^(?:" + "|".join(codes) + ")$", codes


def test_a_long_allowlist_without_counts_is_read_as_v8_reads_it() -> None:
    """3,400 codes (10,203 items, no counted repetition): V8 compiles and matches it, and so
    do we; the size limit is on what counts add, never on what the pattern spells."""
    pattern, codes = _allowlist(3_400)
    texts = [codes[0], codes[-1], "ZZZ", "AAAA", ""]
    assert (
        _ours(pattern, texts)
        == shipped.v8_regex(pattern, texts)
        == (
            None,
            [True, True, False, False, False],
        )
    )


@pytest.mark.parametrize(("depth", "opener"), [(65, "("), (65, "(?:"), (512, "("), (5_000, "(")])
def test_groups_nested_as_deep_as_v8_runs_them(depth: int, opener: str) -> None:
    """65, 512 (the most 1,024 hosted characters spell) and 5,000 nested groups: V8 runs
    them, and we read them as it does (in a thread with room for the recursion)."""
    pattern = opener * depth + "a" + ")" * depth
    texts = ["a", "b", "aa"]
    assert _ours(pattern, texts) == shipped.v8_regex(pattern, texts)
    assert js_regex.syntax_problem(pattern) is None
    assert js_pattern(pattern).deep


def test_groups_nested_past_our_reading_are_refused_as_ours() -> None:
    """Past MAX_NESTING: too large for this check to read, said as ours (V8 takes it), with
    the recursion limit as it was."""
    import sys

    limit = sys.getrecursionlimit()
    depth = js_regex.MAX_NESTING + 1
    with pytest.raises(JsRegexError) as refused:
        js_pattern("(" * depth + ")" * depth)
    assert not refused.value.javascript
    assert refused.value.message.endswith(
        f"its groups nest more than {js_regex.MAX_NESTING} deep, deeper than this check reads "
        "(V8 itself overflows its stack near 10,000 capturing groups nested)"
    )
    assert sys.getrecursionlimit() == limit
