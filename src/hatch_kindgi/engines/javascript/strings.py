"""JavaScript's strings: what counts as white space, and UTF-16 code units (lengths, indexes,
the default sort order).

White space is ECMAScript's WhiteSpace and LineTerminator code points (what
`String.prototype.trim()` removes and a regular expression's `\\s` matches): not Python's
`str.isspace`, which also counts U+001C-U+001F and U+0085 and leaves out U+FEFF. A JavaScript
string is a sequence of UTF-16 code units: a character beyond the Basic Multilingual Plane is
two of them (its surrogate pair), for `length`, for `text[i]` and for the order of `sort()`.
"""

from __future__ import annotations

import re
import struct

__all__ = [
    "LINE_TERMINATORS",
    "LINE_TERMINATOR_ESCAPES",
    "WHITE_SPACE",
    "WHITE_SPACE_ESCAPES",
    "code_unit",
    "code_unit_key",
    "from_utf16_units",
    "is_blank",
    "trim",
    "utf16_length",
    "utf16_units",
]

WHITE_SPACE = (
    "\t\n\v\f\r \u00a0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + ("\u2028\u2029\u202f\u205f\u3000\ufeff")
)
"""ECMAScript's WhiteSpace and LineTerminator code points."""
LINE_TERMINATORS = "\n\r\u2028\u2029"
"""ECMAScript's LineTerminator code points (where `.` stops, what `m` mode's `^` follows)."""


def _escapes(chars: str) -> str:
    return "".join(f"\\u{ord(char):04x}" for char in chars)


WHITE_SPACE_ESCAPES = _escapes(WHITE_SPACE)
"""WHITE_SPACE as `\\uXXXX` escapes, for a character class of a pattern (JavaScript's,
Python's `re` or `regex`): `[^` + this + `]` is one character that isn't white space."""
LINE_TERMINATOR_ESCAPES = _escapes(LINE_TERMINATORS)
"""LINE_TERMINATORS as `\\uXXXX` escapes, for a character class of a pattern."""


def trim(text: str) -> str:
    """`text.trim()` in JavaScript."""
    return text.strip(WHITE_SPACE)


def is_blank(text: str) -> bool:
    """Whether `text.trim().length === 0` in JavaScript."""
    return not text.strip(WHITE_SPACE)


def code_unit_key(text: str) -> bytes:
    """Sort key ordering strings as JavaScript's default sort does (by UTF-16 code units).

    Big-endian UTF-16 compares bytewise exactly as its code units compare; `surrogatepass`
    keeps lone surrogates (and surrogate pairs written as two characters) as the code units
    JavaScript would see.
    """
    return text.encode("utf-16-be", "surrogatepass")


def utf16_length(text: str) -> int:
    """`text.length` in JavaScript: its UTF-16 code units (a lone surrogate is one)."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def code_unit(text: str, index: int) -> str:
    """`text[index]` in JavaScript: the UTF-16 unit at `index` (half of a character beyond the
    BMP, as a lone surrogate), or "" past the end."""
    units = text.encode("utf-16-le", "surrogatepass")
    return units[2 * index : 2 * index + 2].decode("utf-16-le", "surrogatepass")


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


def utf16_units(text: str) -> str:
    """`text` with each character beyond the BMP as its two surrogates: one Python character
    per UTF-16 code unit, so that indexes and lengths count as JavaScript's do."""
    if _ASTRAL.search(text) is None:
        return text
    units = text.encode("utf-16-le", "surrogatepass")
    return "".join(map(chr, struct.unpack(f"<{len(units) // 2}H", units)))


def from_utf16_units(text: str) -> str:
    """`text` (UTF-16 units, as `utf16_units` gives) with each surrogate pair joined into its
    character again; a lone surrogate stays as it is."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
