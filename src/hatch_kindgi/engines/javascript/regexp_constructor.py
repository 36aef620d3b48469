"""`new RegExp(source, flags)` on V8: whether it constructs, and V8's words when it doesn't.

V8 refuses flags that aren't `d g i m s u v y`, a flag twice, or `u` with `v`
(`Invalid flags supplied to RegExp constructor 'gg'`); then the pattern as the flags read it,
naming them in V8's order (`Invalid regular expression: /(/gi: Unterminated group`). With `u`
the pattern is `regexp.js_pattern`'s grammar (and `v` is read as `u`: the set notation `v`
adds is not mirrored); without, Annex B's (`regexp_syntax.compiles`), worded with the reason
the stricter `u` reading gives. Held to Node 22.12's V8 by `tests/unit/engines/javascript/
test_regexp_constructor.py`.
"""

from __future__ import annotations

from hatch_kindgi.engines.javascript.regexp import JsRegexError, js_pattern
from hatch_kindgi.engines.javascript.regexp_syntax import compiles

__all__ = ["constructor_problem"]

_FLAGS = "dgimsuvy"
"""The flags V8 knows, in the order it writes them."""


def constructor_problem(source: str, flags: str = "") -> str | None:
    """What `new RegExp(source, flags)` throws on V8 (its message), or None when it
    constructs. A pattern too large for us to translate is taken as constructing (V8 decides
    its size later); what it matches is not this function's question."""
    if (
        any(flag not in _FLAGS for flag in flags)
        or len(set(flags)) != len(flags)
        or ("u" in flags and "v" in flags)
    ):
        return f"Invalid flags supplied to RegExp constructor '{flags}'"
    written = "".join(flag for flag in _FLAGS if flag in flags)
    if "u" not in flags and "v" not in flags:
        if compiles(source):
            return None
        reason = _u_reason(source)
        return f"Invalid regular expression: /{source}/{written}: {reason or 'Invalid pattern'}"
    reason = _u_reason(source)
    return None if reason is None else f"Invalid regular expression: /{source}/{written}: {reason}"


def _u_reason(source: str) -> str | None:
    """V8's reason for refusing `source` in `u` mode, None when it takes it."""
    try:
        js_pattern(source, "u")
    except JsRegexError as refused:
        if not refused.javascript:
            return None
        return refused.message.rpartition(": ")[2]
    return None
