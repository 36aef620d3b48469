"""The bytes of index.json: JSON written exactly as JavaScript writes it.

`canonical_json(value)` is what `JSON.stringify(sortKeysDeep(value), null, 2) + "\\n"` gives
in JavaScript, with object keys in JavaScript's default sort order (UTF-16 code units) at every
level. One deliberate difference from running that expression: JavaScript enumerates keys that
look like array indexes ("0", "9", "10") first and in numeric order whatever the insertion
order, so `JSON.stringify` cannot write `{"10": …, "9": …}`; here every key is sorted the same
way, as the index format and the reference indexer require.

Everything here works with an explicit stack, so no nesting depth raises RecursionError.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import lru_cache
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple

from hatch_kindgi.engines.javascript.json import surely_carried
from hatch_kindgi.engines.javascript.numbers import MAX_SAFE_INTEGER, number_to_string
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.report.problems import json_pointer

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["canonical_json", "unrepresentable"]

_INDENT = "  "


# --- what JavaScript cannot carry -------------------------------------------------------------


class _Step(NamedTuple):
    """One step of a path, linked to its parent, so a deep walk doesn't copy whole paths."""

    parent: _Step | None
    key: object


def _pointer(step: _Step | None) -> str:
    keys: list[object] = []
    while step is not None:
        keys.append(step.key)
        step = step.parent
    keys.reverse()
    return json_pointer(keys)


def _digits(number: int) -> str:
    try:
        return int.__repr__(number)
    except ValueError:  # beyond sys.get_int_max_str_digits()
        return f"an integer of {number.bit_length()} bits"


def _scalar_message(value: object) -> str | None:
    """Why JavaScript can't carry a non-container value, or None if it can."""
    if value is None or isinstance(value, (str, bool)):
        return None
    if isinstance(value, int):
        if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            return None
        return f"{_digits(value)} is beyond ±(2^53\N{MINUS SIGN}1); JavaScript would change it"
    if isinstance(value, float):
        if math.isfinite(value):
            return None
        name = "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
        return f"{name} is not a JSON number; JavaScript would write null"
    return f"a Python {type(value).__name__} is not a JSON value"


_SURROGATE = re.compile(r"[\ud800-\udfff]")
_PAIR = re.compile(r"[\ud800-\udbff][\udc00-\udfff]")


def _combine_pair(match: re.Match[str]) -> str:
    pair = match.group()
    high, low = pair[0], pair[1]
    return chr(0x10000 + ((ord(high) - 0xD800) << 10) + (ord(low) - 0xDC00))


def _key_messages(mapping: dict[object, object]) -> dict[object, str]:
    """What is wrong with each key of `mapping` that JavaScript can't use as written."""
    messages: dict[object, str] = {}
    with_surrogates = False
    for key in mapping:
        if not isinstance(key, str):
            messages[key] = f"key {key!r} is a Python {type(key).__name__}, not a string"
        elif not with_surrogates and _SURROGATE.search(key) is not None:
            with_surrogates = True
    if with_surrogates:
        # Two Python keys can be one JavaScript key: a surrogate pair written as two
        # characters is, in UTF-16, the same string as the character it encodes.
        first_of: dict[str, str] = {}
        for key in mapping:
            if isinstance(key, str):
                first = first_of.setdefault(_PAIR.sub(_combine_pair, key), key)
                if first != key:
                    messages[key] = f"key {key!r} is the same string as key {first!r} in JavaScript"
    return messages


_NO_MESSAGES: dict[object, str] = {}
_ALWAYS_FINE = frozenset({str, bool, type(None)})


def unrepresentable(value: object) -> list[tuple[str, str]]:
    """Every place in `value` that JavaScript cannot carry exactly, in document order.

    Each is `(JSON pointer, message)`: integers beyond +-(2^53 - 1), NaN and ±Infinity, values
    that are not JSON (anything but dict, list, str, int, float, bool and None), keys that are
    not strings or that JavaScript would see as the same string, and containers that contain
    themselves. An empty list means `canonical_json(value)` will succeed.
    """
    problems: list[tuple[str, str]] = []
    if not isinstance(value, (dict, list)):
        message = _scalar_message(value)
        return [("", message)] if message is not None else []
    if surely_carried(value):  # most values (half the time of the walk below, which places)
        return []
    # Frames of (children still to visit, what is wrong with which key, path to the container,
    # id of the container); the ids of the open containers find one that contains itself.
    stack: list[tuple[Iterator[tuple[object, object]], dict[object, str], _Step | None, int]]
    stack = []
    open_ids: set[int] = set()

    def enter(container: dict[object, object] | list[object], at: _Step | None) -> None:
        if id(container) in open_ids:
            problems.append((_pointer(at), "this value contains itself; JSON cannot"))
        elif isinstance(container, dict):
            open_ids.add(id(container))
            stack.append((iter(container.items()), _key_messages(container), at, id(container)))
        else:
            open_ids.add(id(container))
            stack.append((enumerate(container), _NO_MESSAGES, at, id(container)))

    enter(value, None)
    while stack:
        children, key_messages, at, ident = stack[-1]
        for key, child in children:
            if key in key_messages:
                problems.append((_pointer(_Step(at, key)), key_messages[key]))
            if type(child) in _ALWAYS_FINE:
                continue
            if isinstance(child, (dict, list)):
                enter(child, _Step(at, key))
                break
            message = _scalar_message(child)
            if message is not None:
                problems.append((_pointer(_Step(at, key)), message))
        else:
            stack.pop()
            open_ids.discard(ident)
    return problems


# --- writing ----------------------------------------------------------------------------------

_ESCAPES = {chr(code): f"\\u{code:04x}" for code in range(0x20)}
_ESCAPES.update({'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n"})
_ESCAPES.update({"\r": "\\r", "\t": "\\t"})
_NEEDS_ESCAPE = re.compile(r'[\x00-\x1f"\\\ud800-\udfff]')
_TRANSLATION = str.maketrans(_ESCAPES)


@lru_cache(maxsize=1)
def _escape_tokens() -> re.Pattern[str]:
    # Compiled on first use (only strings with surrogates need it): it takes milliseconds.
    return re.compile(r'[\ud800-\udbff][\udc00-\udfff]|[\x00-\x1f"\\\ud800-\udfff]')


def _escape_token(match: re.Match[str]) -> str:
    token = match.group()
    if len(token) == 2:  # a surrogate pair: one character to JavaScript, written as is
        return _combine_pair(match)
    escaped = _ESCAPES.get(token)
    return escaped if escaped is not None else f"\\u{ord(token):04x}"  # a lone surrogate


def _string(text: str) -> str:
    """A JSON string literal as well-formed `JSON.stringify` (ES2019) writes it."""
    if _NEEDS_ESCAPE.search(text) is None:
        return f'"{text}"'
    if _SURROGATE.search(text) is None:
        return '"' + text.translate(_TRANSLATION) + '"'
    return '"' + _escape_tokens().sub(_escape_token, text) + '"'


def _scalar(value: object) -> str:
    writer = _SCALAR_WRITERS.get(type(value))
    if writer is not None:
        return writer(value)
    # Subclasses (an IntEnum, a str subclass): written as the JSON type they are.
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return int.__repr__(value)
    if isinstance(value, float):
        return number_to_string(value)
    raise AssertionError(f"not a JSON scalar: {value!r}")  # unrepresentable() let it through


_SCALAR_WRITERS: dict[type, Callable[[Any], str]] = {
    str: _string,
    int: int.__repr__,
    float: number_to_string,
    bool: lambda value: "true" if value else "false",
    type(None): lambda _: "null",
}

# Below U+D800 a character is one code unit of the same value, so code-point order (Python's)
# is code-unit order (JavaScript's): most keys are sorted without encoding them.
_BEYOND_CODE_POINT_ORDER = re.compile("[\ud800-\U0010ffff]")  # not [^\x00-\ud7ff]: slow to compile


def _items(container: dict[str, object] | list[object]) -> Iterator[tuple[str, object]]:
    """A container's children, each with the text before it (key and colon, for objects)."""
    if isinstance(container, dict):
        if _BEYOND_CODE_POINT_ORDER.search("".join(container)) is None:
            keys = sorted(container)
        else:
            keys = sorted(container, key=code_unit_key)
        return iter([(_string(key) + ": ", container[key]) for key in keys])
    return zip(repeat(""), container)


def canonical_json(value: object, *, checked: bool = False) -> str:
    """`value` written as JavaScript writes `JSON.stringify(sortKeysDeep(value), null, 2)`.

    Object keys sorted by UTF-16 code units at every level, lists in their order, two-space
    indentation, a trailing newline; strings escaped as `JSON.stringify` escapes them (lone
    surrogates as `\\udxxx`, so the result always encodes to UTF-8), numbers as JavaScript
    writes them (`5.0` -> `5`, `1e21` -> `1e+21`, `-0.0` -> `0`). Raises ValueError if
    `unrepresentable(value)` reports anything: callers check first and report the problems
    (`checked`: the caller found nothing, so it isn't walked again).
    """
    problems = [] if checked else unrepresentable(value)
    if problems:
        listed = "; ".join(f"{pointer or '(root)'}: {message}" for pointer, message in problems)
        raise ValueError(f"JavaScript cannot carry this value exactly: {listed}")
    if not isinstance(value, (dict, list)):
        return _scalar(value) + "\n"
    out: list[str] = []
    write = out.append
    # Frames of (children still to write, indentation of the children, closing bracket line).
    stack: list[tuple[Iterator[tuple[str, object]], str, str]] = []
    container: dict[str, object] | list[object] = value
    indent = ""
    while True:
        if container:
            is_object = isinstance(container, dict)
            write("{" if is_object else "[")
            inner = indent + _INDENT
            closing = "\n" + indent + ("}" if is_object else "]")
            stack.append((_items(container), inner, closing))
            separator = "\n"
        else:
            write("{}" if isinstance(container, dict) else "[]")
            separator = ",\n"
        # Write scalars until the next container to open, closing those that run out.
        while stack:
            children, inner, closing = stack[-1]
            for prefix, child in children:
                if isinstance(child, (dict, list)):
                    write(separator + inner + prefix)
                    container, indent = child, inner
                    break
                write(separator + inner + prefix + _scalar(child))
                separator = ",\n"
            else:
                write(closing)
                stack.pop()
                separator = ",\n"
                continue
            break
        else:
            break
    write("\n")
    return "".join(out)
