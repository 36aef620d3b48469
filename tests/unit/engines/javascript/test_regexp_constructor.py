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
