"""`new RegExp(source, flags)`'s verdict and words, held to Node 22.12's V8 (the oracle)."""

from __future__ import annotations

import pytest

from hatch_kindgi.engines.javascript.regexp_constructor import constructor_problem
from tests.oracle.shipped import require_oracle, v8_regex

PATTERNS = [
    "ORDER-(?P<id>\\d+)", "(", ")", "[", "a{2,1}", "(?<a>x)(?<a>y)", "\\k<x>", "(?i)a",
    "^[A-Z]+-\\d+\\Z", "a**", "\\p{L}", "\\p{Nope}", "[z-a]", "(?<=x)y", "x{", "]", "\\1(a)",
    "(?<n>a)\\k<m>", "\\c", "[\\d-z]", "a{,5}", "\\u{1F600}", "(?:a|b)+", "", "\\",
]  # fmt: skip
FLAGS = ["", "u", "i", "gi", "ig", "gg", "uv", "x", "dgimsuy", "v", "msu"]


@pytest.mark.parametrize("flags", FLAGS)
def test_the_constructor_refuses_what_v8_refuses_in_its_words(flags: str) -> None:
    """Each pattern with `flags`: V8's message, or none when it constructs."""
    require_oracle()
    differ = []
    for source in PATTERNS:
        message, _ = v8_regex(source, [], flags)
        ours = constructor_problem(source, flags)
        if ours != message:
            differ.append((source, message, ours))
    # `v`'s set notation isn't mirrored: it's read as `u`; these patterns mean the same there
    assert differ == []


@pytest.mark.parametrize("flags", ["", "g", "u"])
@pytest.mark.parametrize("depth", [65, 3_000])
def test_groups_nested_deep_construct_as_on_v8(depth: int, flags: str) -> None:
    """Groups nested 65 and 3,000 deep: V8 constructs them with any flags, and so do we
    (the Annex B reading once gave "Invalid pattern" past about 300, out of recursion)."""
    require_oracle()
    pattern = "(" * depth + "a" + ")" * depth
    assert v8_regex(pattern, ["a"], flags) == (None, [True])
    assert constructor_problem(pattern, flags) is None
