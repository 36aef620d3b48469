"""Reading a block file: strict UTF-8 JSON, one object, every fault with its line and column.

A small parser of our own rather than `json.loads` for anything at fault: its messages and
positions are the same on every Python version (golden reports depend on them), and it reports
what the standard module accepts silently or can't place: duplicate keys, NaN and Infinity,
integers JavaScript would round, nesting deep enough to exhaust recursion.

Most files are at no fault, and for those the standard module (in C) is many times faster: a
file is first read with `json.loads`, hooked to give up on anything our parser would report,
and only a file it gives up on is read again by ours, which then finds and words the faults.
"""

from __future__ import annotations

import contextlib
import json
import re
from dataclasses import dataclass
from typing import Any, NoReturn

from hatch_kindgi.engines.javascript.numbers import MAX_SAFE_INTEGER, number_to_string
from hatch_kindgi.report.lines import Lines
from hatch_kindgi.report.problems import Problem, error, json_pointer

MAX_DEPTH = 64
"""Deepest nesting of objects and arrays a block may have."""

_BOM = b"\xef\xbb\xbf"
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_NUMBER_LIKE = re.compile(r"[-+0-9.eE]+")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STRING_RUN = re.compile(r'[^"\\\x00-\x1f]*')
_HEX4 = re.compile(r"[0-9a-fA-F]{4}")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_LITERALS: dict[str, Any] = {"true": True, "false": False, "null": None}
_PATH = tuple[object, ...]


@dataclass(frozen=True)
class JsonRead:
    """A block file's JSON object (None when it doesn't parse) and the problems found."""

    value: dict[str, Any] | None
    problems: tuple[Problem, ...]


def read_json_object(file: str, data: bytes) -> JsonRead:
    """Parse `data`, the bytes of pack file `file`, as one JSON object."""
    if data.startswith(_BOM):
        return _fatal(
            file,
            "the file starts with a byte order mark (U+FEFF); save it as UTF-8 without one",
            1,
            1,
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = byte_position(data, exc.start)
        return _fatal(
            file,
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); save the file as UTF-8",
            line,
            column,
        )
    if not text.strip(" \t\n\r"):
        return JsonRead(None, (error("block-json", file, _EMPTY),))
    plain = _plain_object(text)
    if plain is not None:
        return JsonRead(plain, ())
    parser = _Parser(file, text)
    try:
        value = parser.document()
    except _SyntaxFault as fault:
        line, column = text_position(text, fault.index)
        return _fatal(file, fault.message, line, column)
    if not isinstance(value, dict):
        return JsonRead(
            None,
            (
                *parser.problems,
                error(
                    "block-json",
                    file,
                    f"a block must be an object: a block file holds one JSON object, not "
                    f"{json_type(value, article=True)}",
                    line=parser.first_line,
                    column=parser.first_column,
                ),
            ),
        )
    return JsonRead(value, tuple(parser.problems))


@dataclass(frozen=True)
class JsonPlaces:
    """Where each key and value of a JSON text is, by JSON pointer: `(start, end)` character
    indexes into the text, a string's quotes included. A text that stops parsing has the
    places read before the fault."""

    values: dict[str, tuple[int, int]]
    keys: dict[str, tuple[int, int]]


def json_places(text: str) -> JsonPlaces:
    """The places of every key and value of the JSON `text` (for an editor, which puts a
    problem with a pointer on the key or value it names)."""
    parser = _Parser("", text)
    parser.places = JsonPlaces({}, {})
    with contextlib.suppress(_SyntaxFault, RecursionError):
        parser.document()
    return parser.places


def string_indexes(text: str, start: int) -> list[int]:
    """For the JSON string literal whose opening quote is at `start` in `text`: the index in
    `text` where each character of the decoded string begins, then the closing quote's
    (escapes such as `\\n`, `\\"` and `\\u00e9` count as the one character they make; a
    surrogate pair's two escapes as one). Stops early where the literal is broken."""
    indexes: list[int] = []
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == '"':
            break
        indexes.append(index)
        if char != "\\":
            index += 1
        elif text[index + 1 : index + 2] == "u":
            index += 6
            high = text[index - 4 : index]
            low = text[index + 2 : index + 6]
            if (
                _HEX4.fullmatch(high)
                and 0xD800 <= int(high, 16) <= 0xDBFF
                and text[index : index + 2] == "\\u"
                and _HEX4.fullmatch(low)
                and 0xDC00 <= int(low, 16) <= 0xDFFF
            ):
                index += 6
        else:
            index += 2
    indexes.append(min(index, len(text)))
    return indexes


class _Unusual(ValueError):
    """`json.loads` met something our parser reports: leave the file to it."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Unusual
    return result


def _safe_integer(token: str) -> int:
    if len(token.lstrip("-")) > 16:
        raise _Unusual
    number = int(token)
    if abs(number) > MAX_SAFE_INTEGER:
        raise _Unusual
    return number


def _finite_float(token: str) -> float:
    number = float(token)
    if number in (float("inf"), float("-inf")):
        raise _Unusual
    return number


def _constant(name: str) -> Any:
    raise _Unusual


def _plain_object(text: str) -> dict[str, Any] | None:
    """`text` as a JSON object when nothing in it is at fault, else None (fault or not)."""
    try:
        value = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_int=_safe_integer,
            parse_float=_finite_float,
            parse_constant=_constant,
        )
    except (ValueError, RecursionError):  # a JSONDecodeError is a ValueError too
        return None
    if not isinstance(value, dict):
        return None
    if text.count("{") + text.count("[") > MAX_DEPTH and _depth(value) > MAX_DEPTH:
        return None
    return value


def _depth(value: Any) -> int:
    """How deep objects and arrays nest in a parsed value (the value itself is depth 1)."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending:
        node, depth = pending.pop()
        children = node.values() if isinstance(node, dict) else node
        deepest = max(deepest, depth)
        pending.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def text_position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column (in characters) of `index` in `text` (for one position; for
    many in one text, `report.lines.Lines`)."""
    # Only the text up to `index` is scanned (a block's first token is read at every parse);
    # its own character too, so that a `\n` after a `\r` stays on the `\r`'s line.
    return Lines(text[: index + 1]).line_column(index)


def json_type(value: object, *, article: bool = False) -> str:
    """The JSON name of a parsed value's type: object, array, string, number, boolean, null."""
    if isinstance(value, dict):
        name = "object"
    elif isinstance(value, list):
        name = "array"
    elif isinstance(value, str):
        name = "string"
    elif isinstance(value, bool):
        name = "boolean"
    elif isinstance(value, (int, float)):
        name = "number"
    else:
        name = "null"
    if not article or name == "null":
        return name
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


_EMPTY = "the file is empty; a block file holds one JSON object"


def _fatal(file: str, message: str, line: int, column: int) -> JsonRead:
    return JsonRead(None, (error("block-json", file, message, line=line, column=column),))


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte `offset` in `data` (its lines as
    `report.lines` ends them: `\\r` and `\\n` are never inside a UTF-8 character)."""
    before = data[:offset].decode("utf-8", errors="replace")
    return Lines(before).line_column(len(before))


class _SyntaxFault(Exception):
    def __init__(self, index: int, message: str) -> None:
        super().__init__(message)
        self.index = index
        self.message = message


class _Parser:
    """Recursive descent over `text`; faults that stop parsing raise `_SyntaxFault`."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self.lines = Lines(text)
        self.index = 0
        self.problems: list[Problem] = []
        self.first_line = 1
        self.first_column = 1
        self.places: JsonPlaces | None = None  # recorded only when asked (`json_places`)

    def document(self) -> Any:
        self._skip_whitespace()
        self.first_line, self.first_column = text_position(self.text, self.index)
        value = self._value((), 0)
        self._skip_whitespace()
        if self.index < len(self.text):
            self._fail(
                f"unexpected {self._found()} after the JSON value; a block file holds one object"
            )
        return value

    def _value(self, path: _PATH, depth: int) -> Any:
        start = self.index
        char = self.text[self.index : self.index + 1]
        if char == "{":
            value: Any = self._object(path, depth + 1)
        elif char == "[":
            value = self._array(path, depth + 1)
        elif char == '"':
            value = self._string()
        elif char and char in "-0123456789":
            value = self._number(path)
        else:
            value = self._word(path)
        if self.places is not None:
            self.places.values[json_pointer(path)] = (start, self.index)
        return value

    def _object(self, path: _PATH, depth: int) -> dict[str, Any]:
        self._check_depth(depth)
        self.index += 1
        result: dict[str, Any] = {}
        seen: dict[str, int] = {}
        self._skip_whitespace()
        if self._peek() == "}":
            self.index += 1
            return result
        while True:
            if self._peek() != '"':
                if self._peek() == "'":
                    self._fail("keys need double quotes, not single quotes")
                self._fail(f"expected a key in double quotes, found {self._found()}")
            key_index = self.index
            key = self._string()
            if self.places is not None:
                self.places.keys[json_pointer((*path, key))] = (key_index, self.index)
            if key in seen:
                line, column = self.lines.line_column(seen[key])
                self._problem(
                    "block-duplicate-key",
                    key_index,
                    (*path, key),
                    f'the key "{key}" appears twice in one object (first at line {line}, '
                    f"column {column}); the runtime would keep only the last, silently; "
                    "hatch-kindgi refuses it because one of the two values would be lost "
                    "unseen",
                )
            else:
                seen[key] = key_index
            self._skip_whitespace()
            if self._peek() != ":":
                self._fail(f"expected ':' after the key, found {self._found()}")
            self.index += 1
            self._skip_whitespace()
            self._expect_value()
            result[key] = self._value((*path, key), depth)
            self._skip_whitespace()
            if self._peek() == "}":
                self.index += 1
                return result
            if self._peek() != ",":
                self._fail(f"expected ',' or '}}' after a value, found {self._found()}")
            comma = self.index
            self.index += 1
            self._skip_whitespace()
            if self._peek() == "}":
                raise _SyntaxFault(comma, "a trailing comma before '}' is not allowed in JSON")

    def _array(self, path: _PATH, depth: int) -> list[Any]:
        self._check_depth(depth)
        self.index += 1
        result: list[Any] = []
        self._skip_whitespace()
        if self._peek() == "]":
            self.index += 1
            return result
        while True:
            self._expect_value()
            result.append(self._value((*path, len(result)), depth))
            self._skip_whitespace()
            if self._peek() == "]":
                self.index += 1
                return result
            if self._peek() != ",":
                self._fail(f"expected ',' or ']' after a value, found {self._found()}")
            comma = self.index
            self.index += 1
            self._skip_whitespace()
            if self._peek() == "]":
                raise _SyntaxFault(comma, "a trailing comma before ']' is not allowed in JSON")

    def _string(self) -> str:
        start = self.index
        index = start + 1
        parts: list[str] = []
        text = self.text
        while True:
            run = _STRING_RUN.match(text, index)
            assert run is not None  # the pattern matches the empty string
            parts.append(run.group())
            index = run.end()
            if index >= len(text):
                raise _SyntaxFault(start, "a string is not closed before the end of the file")
            char = text[index]
            if char == '"':
                self.index = index + 1
                return "".join(parts)
            if char != "\\":
                raise _SyntaxFault(
                    index,
                    f"a control character (U+{ord(char):04X}) in a string must be escaped",
                )
            escape = text[index + 1 : index + 2]
            if escape in _ESCAPES:
                parts.append(_ESCAPES[escape])
                index += 2
            elif escape == "u":
                code, index = self._unicode_escape(index)
                parts.append(chr(code))
            else:
                raise _SyntaxFault(index, f"invalid escape '\\{escape}' in a string")

    def _unicode_escape(self, index: int) -> tuple[int, int]:
        digits = self.text[index + 2 : index + 6]
        if not _HEX4.fullmatch(digits):
            raise _SyntaxFault(index, "\\u in a string must be followed by four hex digits")
        code = int(digits, 16)
        index += 6
        low = self.text[index + 2 : index + 6]
        if (
            0xD800 <= code <= 0xDBFF
            and self.text[index : index + 2] == "\\u"
            and _HEX4.fullmatch(low)
            and 0xDC00 <= int(low, 16) <= 0xDFFF
        ):
            code = 0x10000 + ((code - 0xD800) << 10) + (int(low, 16) - 0xDC00)
            index += 6
        return code, index

    def _number(self, path: _PATH) -> Any:
        start = self.index
        match = _NUMBER.match(self.text, start)
        like = _NUMBER_LIKE.match(self.text, start)
        assert like is not None  # called on '-' or a digit
        if self.text.startswith("-Infinity", start):
            self.index = start + len("-Infinity")
            return self._not_a_number(start, path, "-Infinity")
        if match is None or match.end() != like.end():
            raise _SyntaxFault(start, f"{like.group()!r} is not a JSON number")
        self.index = match.end()
        token = match.group()
        if match.group(1) is None and match.group(2) is None:
            digits = token.lstrip("-")
            number = int(token) if len(digits) <= 16 else None
            if number is None or abs(number) > MAX_SAFE_INTEGER:
                self._problem(
                    "json-number",
                    start,
                    path,
                    f"{_shorten(token)} is beyond ±(2^53-1), where JavaScript skips integers "
                    f"(the runtime reads {number_to_string(float(token))}); hatch-kindgi "
                    "refuses it so what deploys is what was written (write it as a string)",
                )
            return number
        value = float(token)
        if value in (float("inf"), float("-inf")):
            self._problem(
                "json-number",
                start,
                path,
                f"{_shorten(token)} is beyond the range of a double; JavaScript would make it "
                "Infinity",
            )
            return None
        return value

    def _word(self, path: _PATH) -> Any:
        start = self.index
        word = _WORD.match(self.text, start)
        if word is None:
            self._fail(f"expected a value, found {self._found()}")
        name = word.group()
        self.index = word.end()
        if name in _LITERALS:
            return _LITERALS[name]
        if name in ("NaN", "Infinity"):
            return self._not_a_number(start, path, name)
        raise _SyntaxFault(start, f"expected a value, found {name!r} (strings need double quotes)")

    def _not_a_number(self, index: int, path: _PATH, name: str) -> None:
        self._problem("json-number", index, path, f"{name} is not JSON; write a number or null")

    def _expect_value(self) -> None:
        if self.index >= len(self.text):
            self._fail("expected a value, found the end of the file")

    def _check_depth(self, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise _SyntaxFault(
                self.index, f"objects and arrays are nested more than {MAX_DEPTH} levels deep"
            )

    def _problem(self, code: str, index: int, path: _PATH, message: str) -> None:
        line, column = self.lines.line_column(index)
        self.problems.append(
            error(code, self.file, message, line=line, column=column, pointer=json_pointer(path))
        )

    def _skip_whitespace(self) -> None:
        match = _WHITESPACE.match(self.text, self.index)
        assert match is not None  # the pattern matches the empty string
        self.index = match.end()

    def _peek(self) -> str:
        return self.text[self.index : self.index + 1]

    def _found(self) -> str:
        char = self._peek()
        if not char:
            return "the end of the file"
        if char in "/#":
            return f"{char!r} (JSON has no comments)"
        if char.isprintable():
            return repr(char)
        return f"U+{ord(char):04X}"

    def _fail(self, message: str) -> NoReturn:
        raise _SyntaxFault(self.index, message)


def _shorten(token: str) -> str:
    return token if len(token) <= 40 else f"{token[:20]}…{token[-10:]}"
