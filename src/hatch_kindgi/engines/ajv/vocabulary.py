"""What Ajv2020 reads in draft 2020-12's keywords before it validates anything: which keywords
hold data rather than schemas, which refer to another schema, and how a `pattern` matches.

Ajv compiles every `pattern` and `patternProperties` key with `new RegExp(source, "u")`
(ajv `dist/vocabularies/code.js` `usePattern`): `search` matches as that RegExp does
(`engines.javascript.regexp`), within one check's budget (`engines.budget`). On the hosted
profile, Ajv's `code.regExp` is `compileTenantPattern` (`@kindgi/schema`'s `tenantRegExp`):
`pattern_search` gives the matcher of the bounds, RE2's there (`engines.re2`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

from hatch_kindgi.engines.bounds import Bounds
from hatch_kindgi.engines.budget import bounded_search, compiled

__all__ = ["NOT_SCHEMAS", "REF_KEYWORDS", "PatternSearch", "pattern_search", "search"]

PatternSearch = Callable[[str, str], bool]
"""Whether a schema's pattern (first) matches somewhere in a string (second)."""

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


def _tenant_search(pattern: str, subject: str, bounds: Bounds) -> bool:
    from hatch_kindgi.engines.re2.tenant import Refused, compile_tenant_pattern

    compiled = compile_tenant_pattern(pattern, "u", bounds=bounds)
    if isinstance(compiled, Refused):  # such a schema never compiles: no value is checked
        raise ValueError(f"a pattern the hosted profile refuses was matched: {compiled.reason}")
    return compiled.test(subject)


@lru_cache(maxsize=4)
def pattern_search(bounds: Bounds) -> PatternSearch:
    """How a schema's pattern matches under `bounds`: `search` on V8, RE2's `test` on RE2
    (linear in the text, `engines.re2.program`)."""
    return partial(_tenant_search, bounds=bounds) if bounds.on_re2 else search
