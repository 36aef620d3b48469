"""What JavaScript counts as white space, for the runtime's "non-empty after `trim()`" rules.

ECMAScript's WhiteSpace and LineTerminator code points (what `String.prototype.trim()` removes
and a regular expression's `\\s` matches): not Python's `str.isspace`, which also counts
U+001C-U+001F and U+0085 and leaves out U+FEFF.
"""

from __future__ import annotations

__all__ = ["JS_WHITESPACE", "blank_in_javascript"]

JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + ("\u2028\u2029\u202f\u205f\u3000\ufeff")
)


def blank_in_javascript(text: str) -> bool:
    """Whether `text.trim().length === 0` in JavaScript."""
    return not text.strip(JS_WHITESPACE)
