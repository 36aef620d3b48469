"""`JSON.stringify` as V8 writes it, measured: how many UTF-8 bytes its text of a value takes
(`Buffer.byteLength(JSON.stringify(value))`), without writing the text out.

The text has no white space; numbers as `Number#toString` writes them (`1.0` is `1`, `1e21`
is `1e+21`, a non-finite one `null`: `numbers.number_to_string`); strings with `"` and `\\`
escaped, `\\b \\f \\n \\r \\t` as two characters, the other controls below U+0020 and every
lone surrogate as `\\uXXXX` (well-formed `JSON.stringify`), and everything else as itself in
UTF-8. Python's `json.dumps(ensure_ascii=False)` writes strings the same but for lone
surrogates, which it leaves raw (three bytes in UTF-8 with `surrogatepass`, six for V8). So
a value's size is the length of that text (the C encoder's, many times faster than a walk in
Python), with its numbers rewritten as V8 writes them; a text with a lone surrogate is walked
instead. The tests hold it to Node's own `JSON.stringify`
(`tests/unit/engines/javascript/test_json.py`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable

from hatch_kindgi.engines.javascript.numbers import MAX_SAFE_INTEGER, number_to_string

__all__ = [
    "measure_stringified",
    "scalar_bytes",
    "string_bytes",
    "stringified_bytes",
    "stringify_string",
    "surely_carried",
]

_SURROGATES = re.compile("[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]")
_dumps = json.JSONEncoder(ensure_ascii=False).encode
_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
# Patterns of `measure_stringified`, compiled on first use (by `re`'s cache): a string literal
# of the encoder's text; anything in it that may be a number V8 writes otherwise; a number.
_STRING_LITERAL = r'"[^"\\]*(?:\\.[^"\\]*)*"'
_MAYBE_REWRITTEN = r"[0-9](?:[.e]|[0-9]{15})|NaN|Infinity"
_NUMBER = r"-?Infinity|NaN|-?[0-9][-+.0-9e]*"


def stringify_string(text: str) -> str:
    """`JSON.stringify(text)`: as `json.dumps(text, ensure_ascii=False)`, but for a lone
    surrogate, written `\\udxxx`."""
    written = _dumps(text)
    if text.isascii() or _SURROGATES.search(text) is None:
        return written
    return _SURROGATES.sub(_surrogate_escape, written)


def _surrogate_escape(found: re.Match[str]) -> str:
    text = found[0]
    if len(text) == 2:  # a pair (two code points here): one character to V8, written as is
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    return f"\\u{ord(text):04x}"


def string_bytes(text: str) -> int:
    """The UTF-8 bytes of `JSON.stringify(text)`."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return len(text) + 2  # most keys and words: nothing escaped
    written = _dumps(text)
    if text.isascii():
        return len(written)
    size = len(written.encode("utf-8", "surrogatepass"))
    for found in _SURROGATES.findall(text):
        # a lone surrogate: `\udxxx` to V8 (6 bytes), 3 raw here; a pair of them (two code
        # points here, one character to V8): 4 bytes to V8, 6 here
        size += 3 if len(found) == 1 else -2
    return size


def scalar_bytes(value: object) -> int:
    """The UTF-8 bytes of `JSON.stringify(value)` for a string, number, boolean or null."""
    if value is True:
        return 4
    if value is False:
        return 5
    if value is None:
        return 4
    if isinstance(value, str):
        return string_bytes(value)
    if isinstance(value, int):
        return len(number_to_string(value))
    if isinstance(value, float):
        return len(number_to_string(value)) if math.isfinite(value) else 4
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def stringified_bytes(value: object) -> int:
    """The UTF-8 bytes of `JSON.stringify(value)` for a value JSON parses to (dicts with str
    keys, lists, str, int, float, bool, None)."""
    return measure_stringified(value)[0]


def measure_stringified(value: object, *, text: str | None = None) -> tuple[int, int]:
    """`stringified_bytes(value)`, and a bound on how deep its objects and arrays nest: at
    least the number of them on any path from the root down (the root one of them; 0 for a
    scalar), and at most the number of brackets in the text. `text`: the value as
    `json.dumps(value, ensure_ascii=False, separators=(",", ":"))` writes it (its keys sorted
    or not), when the caller has it."""
    if text is None:
        try:
            text = _compact(value)
        except (ValueError, RecursionError):  # a huge integer, a cycle; nested very deep
            return _walked(value)
    try:
        size = len(text) if text.isascii() else len(text.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate (or a pair, as two code points)
        size = _walked(value)[0]
    else:
        if re.search(_MAYBE_REWRITTEN, text) is not None:
            size += _rewritten_numbers(text)
    return size, text.count("{") + text.count("[")


def _rewritten_numbers(text: str) -> int:
    """How many more bytes V8 writes than the encoder's `text` has for its numbers: `1` for
    `1.0`, `1e+16` for `1e16`'s digits, `null` for `NaN`, an integer beyond 2^53 as the
    double it becomes; the strings taken out first, so none of theirs is read as one."""
    extra = 0
    for token in re.findall(_NUMBER, re.sub(_STRING_LITERAL, "", text)):
        if token[-1] in "yN":  # NaN, Infinity, -Infinity
            extra += 4 - len(token)
        elif "." in token or "e" in token:
            extra += len(number_to_string(float(token))) - len(token)
        elif len(token) >= 16:
            extra += len(number_to_string(int(token))) - len(token)
    return extra


def _walked(value: object) -> tuple[int, int]:
    """`measure_stringified`, walked in Python without recursion: the bytes, and how many
    objects and arrays there are (each a bracket of the text)."""
    total = containers = 0
    pending: list[object] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            # braces, a colon a member, commas between members
            total += 2 + len(item) + max(len(item) - 1, 0)
            containers += 1
            for key, member in item.items():
                total += string_bytes(key)
                pending.append(member)
        elif isinstance(item, list):
            total += 2 + max(len(item) - 1, 0)
            containers += 1
            pending.extend(item)
        else:
            total += scalar_bytes(item)
    return total, containers


def surely_carried(value: object) -> bool:
    """Whether `value` is surely JSON data that JavaScript carries exactly, asked in one lean
    walk: dicts and lists (each met once: no cycle), every key a string without a surrogate
    (so no two are one string to V8), every scalar a str, bool, None, finite float or integer
    within ±(2^53 - 1), all of exactly those types. False says only that it may not be."""
    pending: list[object] = [value]
    opened: set[int] = set()
    while pending:
        container = pending.pop()
        if id(container) in opened:
            return False
        opened.add(id(container))
        if type(container) is dict:
            try:
                keys = "".join(container)
            except TypeError:  # a key that isn't a string
                return False
            if not keys.isascii() and _SURROGATES.search(keys) is not None:
                return False
            children: Iterable[object] = container.values()
        elif type(container) is list:
            children = container
        else:
            return False
        for child in children:
            kind = type(child)
            if kind is str or kind is bool or child is None:
                continue
            if kind is dict or kind is list:
                pending.append(child)
            elif kind is int:
                if not -MAX_SAFE_INTEGER <= child <= MAX_SAFE_INTEGER:  # type: ignore[operator]
                    return False
            elif kind is not float or child - child != 0.0:  # type: ignore[operator]
                return False  # not JSON, or NaN or an infinity
    return True
