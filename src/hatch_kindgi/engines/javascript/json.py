"""`JSON.stringify` as V8 writes it, measured: how many UTF-8 bytes its text of a value takes
(`Buffer.byteLength(JSON.stringify(value))`), without writing the text out.

The text has no white space; numbers as `Number#toString` writes them (`1.0` is `1`, `1e21`
is `1e+21`, a non-finite one `null`: `numbers.number_to_string`); strings with `"` and `\\`
escaped, `\\b \\f \\n \\r \\t` as two characters, the other controls below U+0020 and every
lone surrogate as `\\uXXXX` (well-formed `JSON.stringify`), and everything else as itself in
UTF-8. Python's `json.dumps(ensure_ascii=False)` writes strings the same but for lone
surrogates, which it leaves raw (three bytes in UTF-8 with `surrogatepass`, six for V8). The
tests hold it to Node's own `JSON.stringify` (`tests/unit/engines/javascript/test_json.py`).
"""

from __future__ import annotations

import json
import math
import re

from hatch_kindgi.engines.javascript.numbers import number_to_string

__all__ = ["scalar_bytes", "string_bytes", "stringified_bytes", "stringify_string"]

_SURROGATES = re.compile("[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]")
_dumps = json.JSONEncoder(ensure_ascii=False).encode


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
    keys, lists, str, int, float, bool, None), walked without recursion."""
    total = 0
    pending: list[object] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            # braces, a colon a member, commas between members
            total += 2 + len(item) + max(len(item) - 1, 0)
            for key, member in item.items():
                total += string_bytes(key)
                pending.append(member)
        elif isinstance(item, list):
            total += 2 + max(len(item) - 1, 0)
            pending.extend(item)
        else:
            total += scalar_bytes(item)
    return total
