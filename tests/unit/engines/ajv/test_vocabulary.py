"""A schema's pattern matches as the runtime's Ajv matches it (`new RegExp(p, "u")`), held to V8."""

from __future__ import annotations

from hatch_kindgi.engines.ajv.vocabulary import search
from tests.oracle import shipped


def test_schema_patterns_match_as_javascript_does() -> None:
    """`vocabulary.search` (every schema's pattern matches): V8's answer where V8 compiles the
    pattern; `regex`'s where it can't (a schema the runtime refuses, checked anyway)."""
    for pattern, text in (("^\\d+$", "\u0661\u0662"), ("^\\w+$", "\u00e9t\u00e9"), ("a$", "a\n")):
        assert [search(pattern, text)] == shipped.v8_regex(pattern, [text])[1]
    assert shipped.v8_regex("(?i)^a$", ["A"])[0] is not None
    assert search("(?i)^a$", "A")
