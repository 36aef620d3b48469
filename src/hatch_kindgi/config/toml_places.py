"""Where each key and value of a TOML text is, by JSON pointer (`/tool/kindgi/pack/version`):
what places a `pyproject.toml` problem on its key's line.

`tomllib` gives the values and no positions, and no TOML library on PyPI that is kept for its
field reports where a key is (tomlkit keeps a document's formatting, not its offsets), so this
is a small scanner of its own. It reads a text `tomllib` has parsed already, so it knows TOML's
grammar only as far as finding keys needs: comments, the four kinds of strings, dotted and
quoted keys, table and array-of-tables headers, arrays and inline tables. What it can't read
it stops at, keeping the places found before, and it never raises.

The tests hold each place to `tomllib`: the value a place spans, read alone, is the value
`tomllib` reads at that pointer.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

from hatch_kindgi.report.problems import json_pointer

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_BLANK = re.compile(r"[ \t]*")
_SCALAR_END = re.compile(r"[,\]}#\r\n]")
_BASIC_ESCAPES = {'"': '"', "\\": "\\", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_Path = tuple[object, ...]


@dataclass(frozen=True)
class TomlPlaces:
    """`(start, end)` character indexes of each key and value by JSON pointer, a string's
    quotes included (the same shape as `blocks.json_reader.JsonPlaces`). A table named by a
    header has its key there (the header's last name) and the whole header as its value; an
    array of tables' item, its header."""

    values: dict[str, tuple[int, int]] = field(default_factory=dict)
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)


class _Stop(Exception):
    """The text is not TOML as this scanner reads it: keep what was found."""


def toml_places(text: str) -> TomlPlaces:
    """The places of the keys and values of the TOML `text` (first definition of each)."""
    scanner = _Scanner(text)
    with contextlib.suppress(_Stop, IndexError, RecursionError):
        scanner.document()
    return scanner.places


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.index = 0
        self.places = TomlPlaces()
        self.table: _Path = ()
        self.arrays: dict[_Path, int] = {}  # an array of tables' path -> items so far

    def document(self) -> None:
        while self.index < len(self.text):
            self._blank()
            char = self._peek()
            if char in ("\n", "\r"):
                self.index += 1
            elif char == "#":
                self._comment()
            elif char == "[":
                self._header()
            elif char:
                self._key_value(self.table)
                self._line_end()

    def _header(self) -> None:
        start = self.index
        array = self.text.startswith("[[", start)
        self.index += 2 if array else 1
        self._blank()
        parts = self._key()
        self._blank()
        closing = "]]" if array else "]"
        if not self.text.startswith(closing, self.index):
            raise _Stop
        self.index += len(closing)
        path: list[object] = []
        for number, (name, span) in enumerate(parts):
            path.append(name)
            self._place(self.places.keys, tuple(path), span)
            last = number == len(parts) - 1
            if last and array:
                items = self.arrays.get(tuple(path), 0)
                self.arrays[tuple(path)] = items + 1
                path.append(items)
            elif tuple(path) in self.arrays:  # inside the array's latest table
                path.append(self.arrays[tuple(path)] - 1)
        self._place(self.places.values, tuple(path), (start, self.index))
        self.table = tuple(path)
        self._line_end()

    def _key_value(self, table: _Path) -> None:
        parts = self._key()
        self._blank()
        if self._peek() != "=":
            raise _Stop
        self.index += 1
        self._blank()
        path = table
        for name, span in parts:
            path = (*path, name)
            self._place(self.places.keys, path, span)
        self._value(path)

    def _key(self) -> list[tuple[str, tuple[int, int]]]:
        parts = [self._simple_key()]
        while True:
            self._blank()
            if self._peek() != ".":
                return parts
            self.index += 1
            self._blank()
            parts.append(self._simple_key())

    def _simple_key(self) -> tuple[str, tuple[int, int]]:
        start = self.index
        char = self._peek()
        if char == '"':
            name = self._basic_string()
        elif char == "'":
            name = self._literal_string()
        else:
            bare = _BARE_KEY.match(self.text, start)
            if bare is None:
                raise _Stop
            name = bare.group()
            self.index = bare.end()
        return name, (start, self.index)

    def _value(self, path: _Path) -> None:
        start = self.index
        char = self._peek()
        if self.text.startswith('"""', start):
            self._multiline('"""')
        elif self.text.startswith("'''", start):
            self._multiline("'''")
        elif char == '"':
            self._basic_string()
        elif char == "'":
            self._literal_string()
        elif char == "[":
            self._array(path)
        elif char == "{":
            self._inline_table(path)
        else:
            end = _SCALAR_END.search(self.text, start)
            stop = len(self.text) if end is None else end.start()
            self.index = start + len(self.text[start:stop].rstrip(" \t"))
            if self.index == start:
                raise _Stop
        self._place(self.places.values, path, (start, self.index))

    def _array(self, path: _Path) -> None:
        self.index += 1
        item = 0
        while True:
            self._space_in_array()
            if self._peek() == "]":
                self.index += 1
                return
            self._value((*path, item))
            item += 1
            self._space_in_array()
            if self._peek() == ",":
                self.index += 1
            elif self._peek() != "]":
                raise _Stop

    def _inline_table(self, path: _Path) -> None:
        self.index += 1
        self._blank()
        if self._peek() == "}":
            self.index += 1
            return
        while True:
            self._blank()
            self._key_value(path)
            self._blank()
            if self._peek() == "}":
                self.index += 1
                return
            if self._peek() != ",":
                raise _Stop
            self.index += 1

    def _basic_string(self) -> str:
        self.index += 1
        chars: list[str] = []
        while True:
            char = self.text[self.index]
            if char == '"':
                self.index += 1
                return "".join(chars)
            if char in "\r\n":
                raise _Stop
            if char == "\\":
                escape = self.text[self.index + 1]
                if escape in _BASIC_ESCAPES:
                    chars.append(_BASIC_ESCAPES[escape])
                    self.index += 2
                elif escape in "uU":
                    width = 4 if escape == "u" else 8
                    digits = self.text[self.index + 2 : self.index + 2 + width]
                    try:
                        chars.append(chr(int(digits, 16)))
                    except ValueError as cause:
                        raise _Stop from cause
                    self.index += 2 + width
                else:
                    raise _Stop
                continue
            chars.append(char)
            self.index += 1

    def _literal_string(self) -> str:
        end = self.text.find("'", self.index + 1)
        newline = self.text.find("\n", self.index + 1)
        if end < 0 or 0 <= newline < end:
            raise _Stop
        name = self.text[self.index + 1 : end]
        self.index = end + 1
        return name

    def _multiline(self, quotes: str) -> None:
        index = self.index + 3
        while True:
            if quotes == '"""' and self.text[index] == "\\":
                index += 2  # an escape, a quote's too
                continue
            if self.text.startswith(quotes, index):
                # Up to two more quotes may end the string's content.
                end = index + 3
                while end < index + 5 and self.text[end : end + 1] == quotes[0]:
                    end += 1
                self.index = end
                return
            index += 1

    def _space_in_array(self) -> None:
        while True:
            self._blank()
            char = self._peek()
            if char in ("\n", "\r"):
                self.index += 1
            elif char == "#":
                self._comment()
            else:
                return

    def _line_end(self) -> None:
        self._blank()
        if self._peek() == "#":
            self._comment()
        if self._peek() not in ("", "\n", "\r"):
            raise _Stop

    def _comment(self) -> None:
        newline = self.text.find("\n", self.index)
        self.index = len(self.text) if newline < 0 else newline

    def _blank(self) -> None:
        match = _BLANK.match(self.text, self.index)
        assert match is not None  # the pattern matches the empty string
        self.index = match.end()

    def _peek(self) -> str:
        return self.text[self.index : self.index + 1]

    @staticmethod
    def _place(places: dict[str, tuple[int, int]], path: _Path, span: tuple[int, int]) -> None:
        places.setdefault(json_pointer(path), span)
