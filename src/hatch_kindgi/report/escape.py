"""Report text made safe to print: escaped, so one problem is one line that draws nothing but
itself, and bounded, so no value a pack quotes makes a line of megabytes.

`Problem` applies both to its message when it is made, and to its file and pointer as every
format (text, JSON, GitHub annotations, SARIF, any later one) writes them
(`Problem.shown_file`, `Problem.shown_pointer`), so what a format writes has passed here.
"""

from __future__ import annotations

import re

MAX_TEXT = 1000
"""Longest file, pointer or message a problem keeps, in characters, before escaping; longer
text keeps its start and end, and says how much was left out between them."""

# What a pack's text must not bring into a report: C0 controls (newlines and ESC included),
# DEL and C1 controls (NEL, CSI), the line and paragraph separators, the bidirectional
# controls that reorder what a reader sees ("Trojan Source"), and lone surrogates (legal in
# JSON, Python's stand-in for a file name byte that is not UTF-8, and unwritable as UTF-8).
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_ESCAPED_BYTE = range(0xDC80, 0xDD00)  # surrogateescape: U+DC80 + byte


def escaped(text: str, *, file_name: bool = False) -> str:
    """`text` with every unsafe character written as its escape: `\\n`, `\\r`, `\\t`, `\\xHH`
    up to U+00FF, `\\uHHHH` above. In a `file_name`, a byte that is not UTF-8 (which Python
    holds as U+DC80-U+DCFF) is written as that byte, `\\xHH`.

    Backslashes are left as they are: text already holding `\\n` reads the same as an escaped
    newline, a small price for keeping every ordinary message unchanged.
    """
    if _UNSAFE.search(text) is None:
        return text

    def escape(match: re.Match[str]) -> str:
        char = match.group()
        code = ord(char)
        if char in _NAMED:
            return _NAMED[char]
        if file_name and code in _ESCAPED_BYTE:
            return f"\\x{code - 0xDC00:02x}"
        return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"

    return _UNSAFE.sub(escape, text)


def shown(text: str, *, file_name: bool = False, limit: int = MAX_TEXT) -> str:
    """`text` as a report shows it: escaped, and at most `limit` characters long.

    Longer text keeps its start (two thirds) and its end, with `… [N characters left out] …`
    between them. Cuts fall between characters of `text`, never inside an escape, and text
    already shown is shown unchanged.
    """
    out = escaped(text, file_name=file_name)
    if len(out) <= limit:
        return out
    budget = max(limit - _MARKER_ROOM, 0)
    head = _fitting(text, budget * 2 // 3, file_name=file_name)
    tail = _fitting(text[head:][::-1], budget - budget * 2 // 3, file_name=file_name)
    return (
        escaped(text[:head], file_name=file_name)
        + f" … [{len(text) - head - tail:,} characters left out] … "
        + escaped(text[len(text) - tail :], file_name=file_name)
    )


# Room for the marker, whose count has at most 19 digits and separators below 10**15.
_MARKER_ROOM = len(" … [ characters left out] … ") + 19


def _fitting(text: str, room: int, *, file_name: bool) -> int:
    """How many leading characters of `text` fit in `room` characters once escaped."""
    used = 0
    for count, char in enumerate(text[:room]):
        used += len(escaped(char, file_name=file_name))
        if used > room:
            return count
    return min(len(text), room)
