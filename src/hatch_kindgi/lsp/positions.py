"""Where a problem sits in a file's text, as the Language Server Protocol counts: 0-based
lines and UTF-16 code units.

A problem has a line and column (1-based, in characters), or a JSON pointer (placed on that
key or value of the block's JSON), maybe with a position inside the string there (an inline
template's own line and column). This module only converts; where a key or value is comes
from the block reader (`blocks.json_reader.json_places`).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from dataclasses import dataclass

from hatch_kindgi.blocks.json_reader import JsonPlaces, json_places, string_indexes
from hatch_kindgi.report.problems import Problem

_WORD = re.compile(r"[\w.-]+")

KEY_CODES = frozenset({"block-unknown-key", "block-duplicate-key"})
"""Problems about a key itself, not its value: they land on the key."""


@dataclass(frozen=True)
class Span:
    """Character indexes `start` to `end` of a text."""

    start: int
    end: int


class Text:
    """One file's text, with conversions between character indexes and LSP positions."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts = [0, *(match.end() for match in re.finditer("\n", text))]
        self._places: JsonPlaces | None = None

    @property
    def places(self) -> JsonPlaces:
        """Where each key and value is, when the text is JSON (read on first use)."""
        if self._places is None:
            self._places = json_places(self.text)
        return self._places

    def index(self, line: int, column: int) -> int:
        """The character index of 1-based `line` and `column` (in characters), kept inside."""
        line = min(max(line, 1), len(self._starts))
        start = self._starts[line - 1]
        end = self._line_end(line - 1)
        return min(start + max(column, 1) - 1, end)

    def position(self, index: int) -> tuple[int, int]:
        """LSP line and character (UTF-16 code units) of character `index`."""
        index = min(max(index, 0), len(self.text))
        line = bisect_right(self._starts, index) - 1
        before = self.text[self._starts[line] : index]
        return line, len(before.encode("utf-16-le")) // 2

    def offset(self, line: int, character: int) -> int:
        """The character index of LSP `line` and `character` (UTF-16 code units)."""
        if line >= len(self._starts):
            return len(self.text)
        start = self._starts[max(line, 0)]
        end = self._line_end(max(line, 0))
        units = 0
        for index in range(start, end):
            if units >= character:
                return index
            units += 2 if ord(self.text[index]) > 0xFFFF else 1
        return end

    def _line_end(self, line: int) -> int:
        if line + 1 < len(self._starts):
            return self._starts[line + 1] - 1
        return len(self.text)


def problem_span(problem: Problem, text: Text) -> Span:
    """Where `problem` is in its file's `text`: at its line and column (the word there), on
    the key or value its pointer names (inside a string, at its own position), else the
    file's first character."""
    if problem.line is not None:
        start = text.index(problem.line, problem.column or 1)
        return _word_at(text.text, start)
    if problem.pointer is not None:
        on_key = problem.code in KEY_CODES
        span = pointer_span(text, problem.pointer, inner=problem.inner, on_key=on_key)
        if span is not None:
            return span
    return Span(0, 0)


def pointer_span(
    text: Text, pointer: str, *, inner: tuple[int, int] | None = None, on_key: bool = False
) -> Span | None:
    """The key (`on_key`, or for an object or array value, whose text may be long) or the
    value at `pointer`; with `inner`, the word at that line and column of the string there.
    The nearest enclosing key or value when the pointer names what the text lacks."""
    places = text.places
    value = places.values.get(pointer)
    if value is not None and inner is not None and text.text[value[0]] == '"':
        return _inside_string(text.text, value[0], inner)
    key = places.keys.get(pointer)
    if on_key and key is not None:
        return Span(*key)
    while True:
        value = places.values.get(pointer)
        key = places.keys.get(pointer)
        if value is not None and text.text[value[0]] not in "{[":
            return Span(*value)
        if key is not None:
            return Span(*key)
        if value is not None:  # the document itself, or an array's item: its opening bracket
            return Span(value[0], value[0] + 1)
        if not pointer:
            return None
        pointer = pointer.rpartition("/")[0]


def string_value(text: str, span: Span) -> str | None:
    """The string a JSON string literal spells, None when it is not one."""
    try:
        value = json.loads(text[span.start : span.end])
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _inside_string(text: str, start: int, inner: tuple[int, int]) -> Span:
    indexes = string_indexes(text, start)
    decoded = string_value(text, Span(start, indexes[-1] + 1)) or ""
    line, column = inner
    at = 0
    for _ in range(line - 1):
        newline = decoded.find("\n", at)
        if newline < 0:
            break
        at = newline + 1
    at = min(at + column - 1, len(decoded))
    word = _WORD.match(decoded, at)
    end = word.end() if word else at + 1
    return Span(indexes[min(at, len(indexes) - 1)], indexes[min(end, len(indexes) - 1)])


def _word_at(text: str, start: int) -> Span:
    word = _WORD.match(text, start)
    if word is not None:
        return Span(start, word.end())
    return Span(start, min(start + 1, len(text)))
