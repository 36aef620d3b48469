"""What Ajv2020 reads in draft 2020-12's keywords before it validates anything: which keywords
hold data rather than schemas, which refer to another schema, and how a `pattern` matches.

Ajv compiles every `pattern` and `patternProperties` key with `new RegExp(source, "u")`
(ajv `dist/vocabularies/code.js` `usePattern`): `search` matches as that RegExp does
(`engines.javascript.regexp`), within one check's budget (`engines.budget`).
"""

from __future__ import annotations

from hatch_kindgi.engines.budget import bounded_search, compiled

__all__ = ["NOT_SCHEMAS", "REF_KEYWORDS", "search"]

NOT_SCHEMAS = frozenset({"const", "enum", "default", "examples"})
"""Keywords whose values are data, not schemas: no $ref or pattern in them counts."""
REF_KEYWORDS = ("$ref", "$dynamicRef")
"""The keywords whose value refers to another schema."""


def search(pattern: str, subject: str) -> bool:
    """Whether `pattern` matches somewhere in `subject`, within the time limits: as
    JavaScript matches it (`engines.javascript.regexp`, Ajv's `u` mode), or as `regex` reads
    it when JavaScript can't compile it (a schema no runtime compiles, checked anyway)."""
    from hatch_kindgi.engines.javascript.regexp import JsRegexError, js_pattern

    try:
        translated = js_pattern(pattern)
    except JsRegexError:
        return bounded_search(compiled(pattern), pattern, subject)
    return translated.search(subject)
