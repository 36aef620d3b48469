"""liquidjs 10.30.0's `parse(template)`, in Python: whether it throws, where and with which
message; and what an accepted template reads.

This module walks a template as liquidjs's tokenizer and parser do (`dist/liquid.node.js` of
the liquidjs kindgi-cli ships, 10.30.0: `Tokenizer`, `Parser`, `ParseStream` and the
constructors of the tags in its `tags` table) and throws where they throw, with their message
and position (`parse_error`). An engine's options change what its parse refuses (`Options`):
`strictFilters` with the filters it has (an unknown one refused as the template is parsed,
where liquidjs makes each output's and tag's `Value`), and tags registered in place of
liquidjs's own that throw an error of their own. The runtime parses a prompt's template so at
publish, under `tenantLiquid()`'s options (`@kindgi/agents/src/liquid.ts`); which options,
the words it puts around liquidjs's message and its refusal of a blank template are the
blocks stage's (`blocks/liquid.py`).

It builds no tree: it decides the verdict, and on the way (`analyze`) notes what a template
reads that no tag of it sets and the filters it calls, as python-liquid's static analysis
(`analyze(include_partials=False)`) finds them; `tests/unit/engines/liquidjs/test_reads.py`
holds the two equal on every template python-liquid can parse. On a template liquidjs accepts
and python-liquid can't parse (`{{ a b }}`, `{% if not x %}`), it notes each value liquidjs
reads.

Where liquidjs is more lenient than Shopify's
Liquid (`{{ a b }}`, `{% when %}` with no value, `{% if not x %}`), it accepts; where it is
stricter (no `doc` or `ifchanged` tag, a second `{% else %}`, nested comments,
`{%- endraw -%}`, a `,` after an output's value), it refuses. Positions are counted in UTF-16
code units as JavaScript counts them. The tests compare the verdict and the message with the
runtime's own (`tests/oracle/shipped.py`, kindgi-cli's `templateProblem`: the golden-liquid
suite, a corpus of realistic prompts, generated fragments).
"""

from __future__ import annotations

import bisect
import contextlib
import json
import re
import sys
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hatch_kindgi.engines.javascript.strings import WHITE_SPACE, from_utf16_units, utf16_units

__all__ = [
    "DEFAULTS",
    "TAGS",
    "TOO_DEEP",
    "Analysis",
    "Options",
    "ParseError",
    "analyze",
    "parse_error",
]

TOO_DEEP = "it nests too deeply to parse"
"""The message for a template nested deeper than Python's recursion follows (liquidjs parses
a few thousand nested blocks; past about 2,500 this parse stops there)."""

# liquidjs's character classes (its generated TYPES table): word characters are ASCII letters,
# digits, `_`, `?` and `-`, and every character from U+0080 but its blanks and curly quotes.
_ASCII_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_?-")
_WIDE_BLANKS = frozenset((160, 5760, 6158, *range(8192, 8203), 8232, 8233, 8239, 8287, 12288))
_WIDE_PUNCTUATION = frozenset((8220, 8221))


def _longest_first(words: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True))))


_OPERATORS = _longest_first(("==", "!=", ">", "<", ">=", "<=", "contains", "not", "and", "or"))
_LITERALS = _longest_first(("true", "false", "nil", "null", "empty", "blank"))

_JS_SPACE = re.escape(WHITE_SPACE)
_INLINE_COMMENT_LINE = re.compile(f"\n[{_JS_SPACE}]*[^#{_JS_SPACE}]")


def _not_word_class() -> str:
    """A regular-expression character class body for every character that is no word
    character: ASCII but letters, digits, `_`, `?` and `-`, and the wide blanks and curly
    quotes. Written as the complement, because a class that spells out the ranges up to
    U+10FFFF takes `re` about 10 ms to compile, where this one takes a tenth of that."""
    ascii_others = "".join(chr(code) for code in range(128) if chr(code) not in _ASCII_WORD)
    wide = "".join(map(chr, sorted(_WIDE_BLANKS | _WIDE_PUNCTUATION)))
    return re.escape(ascii_others + wide)


# The same classes as regular expressions, for the runs that matter for speed.
_WORD_RUN = re.compile(f"[^{_not_word_class()}]+")
_BLANK_RUN = re.compile(
    "[\t\n\v\f\r " + "".join(re.escape(chr(code)) for code in sorted(_WIDE_BLANKS)) + "]+"
)
_BLANKS = frozenset("\t\n\v\f\r " + "".join(map(chr, _WIDE_BLANKS)))
_DIGITS = frozenset("0123456789")
_QUOTES = frozenset("'\"")
_NUMBER_STARTS = frozenset("+-0123456789")
_PATH = re.compile(f"{_WORD_RUN.pattern}(?:\\.{_WORD_RUN.pattern})*")
_DELIMITER_START = re.compile("\\{[%{]")
_OUTPUT_STOP = re.compile("['\"]|\\}\\}")
_QUOTED_REST = {q: re.compile(f"(?:[^{q}\\\\]|\\\\[\\s\\S])*{q}") for q in "'\""}


def _is_word(char: str) -> bool:
    if not char:
        return False
    code = ord(char)
    if code >= 128:
        return code not in _WIDE_BLANKS and code not in _WIDE_PUNCTUATION
    return char in _ASCII_WORD


Segment = str | int | float | None | list["Segment"]
"""A step of a variable's path: a key, an index, or the path of a variable (`a[b.c]`)."""


class Reads:
    """What a template reads while it is parsed: the variables no tag of it sets (python-liquid's
    `analyze().globals`: a `for` or `tablerow` scopes its variable and loop object to its block,
    `assign`, `capture`, `increment` and `decrement` set theirs for the rest of the template)
    and the filters it calls, each with where it begins."""

    __slots__ = ("astral", "filters", "last", "reads", "scopes")

    def __init__(self, astral: bool = False) -> None:
        self.astral = astral  # the text is UTF-16 units: join the pairs of each key read
        self.last: tuple[int, list[Segment], bool] | None = None
        self.reads: list[tuple[str, list[Segment], int] | None] = []
        self.filters: list[tuple[str, int]] = []
        self.scopes: list[set[str]] = [set()]

    def reserve(self) -> int:
        self.reads.append(None)
        return len(self.reads) - 1

    def release(self, slot: int) -> None:
        del self.reads[slot:]

    def fill(self, slot: int, path: list[Segment], index: int) -> None:
        root = str(path[0]) if path else ""  # in UTF-16 units, as the names in scope are
        if any(root in scope for scope in self.scopes):
            self.reads[slot] = None
            return
        if self.astral:  # a nested path's keys were joined when it was read
            path[:] = [_from_utf16(key) if isinstance(key, str) else key for key in path]
            root = str(path[0]) if path else ""
        self.reads[slot] = (root, path, index)

    def set(self, name: str) -> None:
        self.scopes[0].add(name)


@dataclass(frozen=True)
class Options:
    """What a `Liquid` engine is made with that its parse reads.

    `filters`: `strictFilters: true` with these filters registered (a filter of another name
    is refused as the template is parsed: `undefined filter: NAME`); None, liquidjs's default,
    takes any filter name. `refused_tags`: tags registered (`registerTag`) with a class whose
    constructor throws an error of its own, by name: the message of that error."""

    filters: frozenset[str] | None = None
    refused_tags: Mapping[str, str] = field(default_factory=dict)


DEFAULTS = Options()
"""`new Liquid()`'s own options."""


@dataclass(frozen=True)
class ParseError:
    """What the parse throws: liquidjs's message (with its `line:L, col:C`), and where (an
    index into the template's text, -1 when the message is for the template as a whole:
    `TOO_DEEP`). When liquidjs wrapped an error a tag or filter check threw (its
    `originalError`): `refused_tag`, the name of a tag of `Options.refused_tags`, with
    `original` its message; `undefined_filter`, the filter `strictFilters` refused, and
    `filter_index`, where its name begins."""

    message: str
    index: int
    refused_tag: str | None = None
    original: str | None = None
    undefined_filter: str | None = None
    filter_index: int = -1


class _Refused(Exception):
    """liquidjs's LiquidError: a message with its `line:L, col:C`, and where; what it wraps
    (`_Thrown`'s), if anything."""

    def __init__(self, message: str, index: int, cause: _Thrown | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index
        self.cause = cause


class _Thrown(Exception):
    """Any other error a tag's constructor throws: `parseToken` puts the tag's place on it.
    `refused_tag`: the tag of `Options.refused_tags` that threw it; `undefined_filter`: the
    filter `strictFilters` refused, and where its name begins."""

    def __init__(
        self,
        message: str,
        *,
        refused_tag: str | None = None,
        undefined_filter: tuple[str, int] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.refused_tag = refused_tag
        self.undefined_filter = undefined_filter


def _position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


_LONE_SURROGATE = re.compile(
    "[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]"
)


def _stringify(value: str) -> str:
    """JavaScript's `JSON.stringify` of a string (lone surrogates escaped as it does)."""
    text = json.dumps(value, ensure_ascii=False)
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _ellipsis(text: str, size: int) -> str:
    return text[: size - 3] + "..." if len(text) > size else text


class _Tokenizer:
    """liquidjs's `Tokenizer` over `text[begin:end]` (positions are into the whole text)."""

    __slots__ = ("filter_at", "n", "p", "raw_begin", "segments", "sink", "text")

    def __init__(self, text: str, begin: int = 0, end: int | None = None) -> None:
        self.text = text
        self.p = begin
        self.n = len(text) if end is None else end
        self.raw_begin = -1
        self.filter_at = -1  # where the name of the filter read last begins
        self.sink: Reads | None = None
        self.segments: Segment | None = None  # the value read last, as a path segment

    # reading characters
    def char(self, index: int) -> str:
        return self.text[index] if 0 <= index < len(self.text) else ""

    def peek(self, ahead: int = 0) -> str:
        return "" if self.p + ahead >= self.n else self.text[self.p + ahead]

    def end(self) -> bool:
        return self.p >= self.n

    def read(self) -> str:
        char = self.char(self.p)
        self.p += 1
        return char

    def skip_blank(self) -> None:
        if self.p < self.n and self.text[self.p] in _BLANKS:
            run = _BLANK_RUN.match(self.text, self.p, self.n)
            assert run is not None
            self.p = run.end()

    def rmatch(self, word: str) -> bool:
        return all(self.char(self.p - 1 - i) == c for i, c in enumerate(reversed(word)))

    def read_to(self, end: str) -> int:
        """Past the first `end` that ends after p (it may begin before p), else -1 at the end."""
        if self.p >= self.n:
            return -1
        found = self.text.find(end, max(self.p + 1 - len(end), 0), self.n)
        if found == -1:
            self.p = self.n
            return -1
        self.p = found + len(end)
        return self.p

    def error(self, message: str, index: int | None = None) -> _Refused:
        at = self.p if index is None else index
        line, column = _position(self.text, at)
        return _Refused(f"{message}, line:{line}, col:{column}", at)

    def check(self, condition: object, message: str | Callable[[], str]) -> None:
        if not condition:
            raise self.error(message() if callable(message) else message)

    def snapshot(self, begin: int | None = None) -> str:
        start = self.p if begin is None else begin
        return _stringify(_ellipsis(self.text[start : self.n], 32))

    # words and values
    def read_identifier(self) -> str:
        self.skip_blank()
        run = _WORD_RUN.match(self.text, self.p, self.n) if self.p < self.n else None
        if run is None:
            return ""
        self.p = run.end()
        return run.group()

    def read_tag_name(self) -> str:
        self.skip_blank()
        if self.char(self.p) == "#":
            self.p += 1
            return "#"
        return self.read_identifier()

    def _match_words(self, words: re.Pattern[str]) -> int:
        """liquidjs's `matchTrie`: the end of the longest of `words` at p, -1 if none or if
        it ends in a word character and a word character follows."""
        found = words.match(self.text, self.p, self.n)
        if found is None:
            return -1
        end = found.end()
        if _is_word(found.group()[-1]) and end < self.n and _is_word(self.text[end]):
            return -1
        return end

    def read_operator(self) -> bool:
        self.skip_blank()
        end = self._match_words(_OPERATORS)
        if end == -1:
            return False
        self.p = end
        return True

    def read_literal(self) -> bool:
        self.skip_blank()
        end = self._match_words(_LITERALS)
        if end == -1:
            return False
        self.p = end
        return True

    def read_quoted(self) -> tuple[int, int] | None:
        self.skip_blank()
        begin = self.p
        if begin >= self.n or self.text[begin] not in "'\"":
            return None
        rest = _QUOTED_REST[self.text[begin]].match(self.text, begin + 1, self.n)
        self.p = self.n if rest is None else rest.end()
        return begin, self.p

    def read_number(self) -> bool:
        self.skip_blank()
        decimal = digit = False
        n = 1 if self.peek() in ("+", "-") else 0
        if self.peek(n) not in _DIGITS:  # no digit before a dot or anything else: no number
            return False
        while self.p + n <= self.n:
            if self.peek(n) in _DIGITS:
                digit = True
                n += 1
            elif self.peek(n) == "." and self.peek(n + 1) != ".":
                if decimal or not digit:
                    return False
                decimal = True
                n += 1
            else:
                break
        if digit and not _is_word(self.peek(n)):
            self.p += n
            return True
        return False

    def read_value(self) -> tuple[int, int] | None:
        """A value's (begin, end), None when there is none (liquidjs's `readValue`)."""
        self.skip_blank()
        begin = self.p
        first = self.text[begin] if begin < self.n else ""
        # Literal words, quotes and numbers begin with different characters: at most one of
        # liquidjs's readLiteral, readQuoted and readNumber can read here.
        segment: Segment | None = None
        if first in _QUOTES:
            found = self.read_quoted() is not None
            if found:
                segment = _string_literal(self.text[begin : self.p])
        elif first in _NUMBER_STARTS:
            found = self.read_number()
            if found:
                number = self.text[begin : self.p]
                segment = int(number) if "." not in number else float(number)
        else:
            found = self.read_literal() or (first == "(" and self.read_group_or_range())
        sink = self.sink
        if found or sink is None:
            props = self.read_properties(not found, None)
            self.segments = segment if not props else None
            return (begin, self.p) if found or props else None
        slot = sink.reserve()
        path: list[Segment] = []
        props = self.read_properties(True, path)
        if not props:
            sink.release(slot)
            self.segments = None
            return None
        sink.fill(slot, path, begin)
        self.segments = path
        sink.last = (slot, path, first in ".[")
        return begin, self.p

    def read_value_or_throw(self) -> tuple[int, int]:
        value = self.read_value()
        self.check(value, lambda: f"unexpected token {self.snapshot()}, value expected")
        assert value is not None
        return value

    def read_properties(self, first: bool = True, segments: list[Segment] | None = None) -> int:
        """How many properties it reads; each appended to `segments` when given."""
        count = 0
        if first:  # the common `a.b.c` at once (the caller skipped the blanks before it)
            path = _PATH.match(self.text, self.p, self.n) if self.p < self.n else None
            if path is not None:
                self.p = path.end()
                count = 1
                if segments is not None:
                    segments.extend(path.group().split("."))
        while True:
            if self.peek() == "[":
                self.p += 1
                value = self.read_value()
                if segments is not None:
                    segments.append(self.segments if value is not None else None)
                self.check(self.read_to("]") != -1, "[ not closed")
                count += 1
                continue
            if first and not count:
                word = self.read_identifier()
                if word:
                    if segments is not None:
                        segments.append(word)
                    count += 1
                    continue
            if self.peek() == "." and self.peek(1) != ".":
                self.p += 1
                word = self.read_identifier()
                if not word:
                    break
                if segments is not None:
                    segments.append(word)
                count += 1
                continue
            return count
        return count

    def read_group_or_range(self) -> bool:
        self.skip_blank()
        if self.peek() != "(":
            return False
        self.p += 1
        self.read_value_or_throw()
        self.skip_blank()
        if self.peek() == "." and self.peek(1) == ".":
            self.p += 2
            self.read_value_or_throw()
            self.skip_blank()
            self.check(self.read() == ")", "invalid range syntax")
            return True
        raise self.error("invalid range syntax")

    def read_expression(self) -> int:
        """How many operators and operands it reads (liquidjs's `readExpressionTokens`)."""
        count = 0
        sink = self.sink
        if sink is None:
            while self.p < self.n:
                if self.read_operator() or self.read_value() is not None:
                    count += 1
                    continue
                break
            return count
        previous: tuple[int, list[Segment], bool] | None = None
        while self.p < self.n:
            if self.read_operator():
                previous = None
                count += 1
                continue
            sink.last = None
            if self.read_value() is not None:
                last = sink.last
                if last is not None and last[2] and previous is not None:
                    # `foo .bar`, `['foo'] ['bar']`: python-liquid reads one path
                    previous[1].extend(last[1])
                    sink.reads[last[0]] = None
                else:
                    previous = last
                count += 1
                continue
            break
        return count

    def read_filtered_value(self) -> list[tuple[str, int]]:
        """liquidjs's `readFilteredValue`: the filters it reads, in order, each its name and
        where the name begins."""
        valid = self.read_expression()
        self.check(valid, lambda: f"invalid value expression: {self.snapshot()}")
        names: list[tuple[str, int]] = []
        while True:
            name = self.read_filter()
            if name is None:
                return names
            names.append((name, self.filter_at))

    def read_filter(self) -> str | None:
        """liquidjs 10.30.0's `readFilter`: the filter's name (where it begins in
        `filter_at`), None when there is none more (a `,` after a value is no end: `{{ a, b
        }}` is refused, as 10.30.0 refuses it)."""
        self.skip_blank()
        if self.end() or self.peek() == ")":
            return None
        self.check(self.read() == "|", 'expected "|" before filter')
        self.skip_blank()
        at = self.p
        name = self.read_identifier()
        if not name:
            self.check(self.end(), "expected filter name")
            return None
        self.filter_at = at
        if self.sink is not None:
            self.sink.filters.append((name, at))
        self.skip_blank()
        if self.peek() == ":":
            while True:
                self.p += 1
                self.read_filter_arg()
                self.skip_blank()
                self.check(
                    self.end() or self.peek() in (",", "|", ")"),
                    lambda: f"unexpected character {self.snapshot()}",
                )
                if self.peek() != ",":
                    break
        elif not (self.peek() in ("|", ")") or self.end()):
            raise self.error('expected ":" after filter name')
        return name

    def read_filter_arg(self) -> None:
        mark = -1 if self.sink is None else len(self.sink.reads)
        if self.read_value() is None:
            return
        self.skip_blank()
        if self.peek() == ":":
            if self.sink is not None:  # a keyword argument's name is no variable
                del self.sink.reads[mark:]
            self.p += 1
            self.read_value()

    def read_hashes(self) -> None:
        while True:
            self.skip_blank()
            if self.peek() == ",":
                self.p += 1
            key = self.read_identifier()
            if not key:
                return
            self.skip_blank()
            if self.peek() == ":":
                self.p += 1
                mark = -1 if self.sink is None else len(self.sink.reads)
                value = self.read_value()
                if (
                    self.sink is not None
                    and key == "offset"
                    and value is not None
                    and self.text[value[0] : value[1]] == "continue"
                ):
                    del self.sink.reads[mark:]  # `offset: continue` is a keyword

    def read_to_delimiter(self, delimiter: str) -> int:
        self.skip_blank()
        return self.read_to(delimiter)

    def read_to_output_end(self) -> int:
        """`readToDelimiter("}}", respectQuoted)`: quoted strings are stepped over whole."""
        self.skip_blank()
        while self.p < self.n:
            stop = _OUTPUT_STOP.search(self.text, self.p, self.n)
            if stop is None:
                self.p = self.n
                return -1
            if stop.group() == "}}":
                self.p = stop.end()
                return self.p
            self.p = stop.start()
            self.read_quoted()
        return -1

    # top-level tokens
    def read_top_level_tokens(self) -> deque[_Token]:
        tokens: deque[_Token] = deque()
        while self.p < self.n:
            if self.raw_begin > -1:
                tokens.append(self._read_endraw_or_raw_content())
            elif self.text.startswith("{%", self.p):
                tokens.append(self._read_tag_token())
            elif self.text.startswith("{{", self.p):
                tokens.append(self._read_output_token())
            else:
                begin = self.p
                delimiter = _DELIMITER_START.search(self.text, self.p, self.n)
                self.p = self.n if delimiter is None else delimiter.start()
                tokens.append(_Token("html", begin, self.p))
        return tokens

    def _read_tag_token(self) -> _Tag:
        begin = self.p
        if self.read_to_delimiter("%}") == -1:
            raise self.error(f"tag {self.snapshot(begin)} not closed", begin)
        tag = _tag_token(self.text, begin, self.p, 2)
        if tag.name == "raw":
            self.raw_begin = begin
        return tag

    def _read_output_token(self) -> _Token:
        begin = self.p
        if self.read_to_output_end() == -1:
            raise self.error(f"output {self.snapshot(begin)} not closed", begin)
        return _Token("output", begin, self.p)

    def _read_endraw_or_raw_content(self) -> _Token:
        begin = self.p
        left = self.read_to("{%") - 2
        while self.p < self.n:
            if self.read_identifier() != "endraw":
                left = self.read_to("{%") - 2
                continue
            while self.p <= self.n:
                if self.rmatch("%}"):
                    if begin == left:
                        self.raw_begin = -1
                        return _tag_token(self.text, begin, self.p, 2)
                    self.p = left
                    return _Token("html", begin, left)
                if self.rmatch("{%"):
                    break
                self.p += 1
        raise self.error(f"raw {self.snapshot(self.raw_begin)} not closed", begin)

    def read_liquid_tag_tokens(self) -> deque[_Token]:
        tokens: deque[_Token] = deque()
        while self.p < self.n:
            self.skip_blank()
            if self.end():
                break
            begin = self.p
            self.read_to_delimiter("\n")
            tokens.append(_tag_token(self.text, begin, self.p, 0, liquid_line=True))
        return tokens


class _Token:
    __slots__ = ("begin", "end", "kind")

    def __init__(self, kind: str, begin: int, end: int) -> None:
        self.kind = kind  # "html", "output" or "tag"
        self.begin = begin
        self.end = end


class _Tag(_Token):
    __slots__ = ("args", "name", "tokenizer")

    def __init__(
        self, begin: int, end: int, name: str, *, args: str, tokenizer: _Tokenizer
    ) -> None:
        super().__init__("tag", begin, end)
        self.name = name
        self.args = args
        self.tokenizer = tokenizer


def _content_range(text: str, begin: int, end: int) -> tuple[int, int]:
    """A delimited token's content, without its `-` markers and blanks (`DelimitedToken`)."""
    left = begin + 1 if text[begin : begin + 1] == "-" else begin
    right = end - 1 if end - 1 >= 0 and text[end - 1 : end] == "-" else end
    while left < right and text[left] in _BLANKS:
        left += 1
    while right > left and text[right - 1] in _BLANKS:
        right -= 1
    return left, right


def _tag_token(
    text: str, begin: int, end: int, delimiter: int, *, liquid_line: bool = False
) -> _Tag:
    left, right = _content_range(text, begin + delimiter, end - delimiter)
    tokenizer = _Tokenizer(text, left, right)
    name = tokenizer.read_tag_name()
    tokenizer.check(
        name,
        "illegal liquid tag syntax" if liquid_line else "illegal tag syntax, tag name expected",
    )
    tokenizer.skip_blank()
    return _Tag(begin, end, name, args=text[tokenizer.p : right], tokenizer=tokenizer)


_Handler = Callable[[_Tag], None]
_Tokens = deque[_Token]


class _Parser:
    """liquidjs's `Parser` and the constructors of its tags, for their errors only."""

    def __init__(self, text: str, sink: Reads | None = None, options: Options = DEFAULTS) -> None:
        self.text = text
        self.sink = sink
        self.options = options

    def parse(self, text: str) -> None:
        self.parse_tokens(_Tokenizer(text).read_top_level_tokens())

    def parse_tokens(self, tokens: _Tokens) -> None:
        while tokens:
            self.parse_token(tokens.popleft(), tokens)

    def parse_token(self, token: _Token, rest: _Tokens) -> None:
        try:
            if isinstance(token, _Tag):
                refusal = self.options.refused_tags.get(token.name)
                if refusal is not None:  # its constructor throws before it reads anything
                    raise _Thrown(refusal, refused_tag=token.name)
                construct = _TAGS.get(token.name)
                if construct is None:
                    raise _Thrown(f'tag "{token.name}" not found')
                token.tokenizer.sink = self.sink
                construct(self, token, rest)
            elif token.kind == "output":
                left, right = _content_range(self.text, token.begin + 2, token.end - 2)
                tokenizer = _Tokenizer(self.text, left, right)
                tokenizer.sink = self.sink
                self.value(tokenizer)
        except _Thrown as thrown:
            text = self.text
            line, column = _position(text, token.begin)
            message = f"{thrown.message}, line:{line}, col:{column}"
            raise _Refused(message, token.begin, thrown) from None

    def value(self, tokenizer: _Tokenizer) -> None:
        """liquidjs's `new Value(tokenizer.readFilteredValue(), liquid)`: the value and its
        filters read, then each filter looked up (`strictFilters`: an unknown one throws)."""
        filters = tokenizer.read_filtered_value()
        known = self.options.filters
        if known is not None:
            for name, at in filters:
                if name not in known:
                    raise _Thrown(f"undefined filter: {name}", undefined_filter=(name, at))

    def stream(
        self,
        tag: _Tag,
        rest: _Tokens,
        handlers: dict[str, _Handler],
        *,
        start: Callable[[], None] | None = None,
    ) -> None:
        """liquidjs's `ParseStream`: `handlers` by tag name; a handler returning means go on,
        `_Stop` ends the block; the tokens running out is `tag ... not closed`."""
        if start is not None:
            start()
        while rest:
            token = rest.popleft()
            if isinstance(token, _Tag) and token.name in handlers:
                token.tokenizer.sink = self.sink
                try:
                    handlers[token.name](token)
                except _Stop:
                    return
                continue
            self.parse_token(token, rest)
        raise _Thrown(f"tag {self.text[tag.begin : tag.end]} not closed")

    def until(self, tag: _Tag, rest: _Tokens, end: str, *, parse: bool = True) -> None:
        """Tokens up to `{% <end> %}`, each parsed (or skipped); `not closed` if none."""
        while rest:
            token = rest.popleft()
            if isinstance(token, _Tag) and token.name == end:
                return
            if parse:
                self.parse_token(token, rest)
        raise _Thrown(f"tag {tag.tokenizer.text[tag.begin : tag.end]} not closed")

    def file_path(self, tokenizer: _Tokenizer) -> None:
        """liquidjs's `parseFilePath` (dynamic partials): a quoted name is parsed as a template."""
        value = tokenizer.read_value()
        tokenizer.check(value, "illegal file path")
        assert value is not None
        if _is_quoted_only(tokenizer, value):
            name = _string_literal(tokenizer.text[value[0] : value[1]])
            try:
                _Parser(name, options=self.options).parse(name)
            except _Refused as refused:  # its place is in the name: point at the name
                raise _Refused(refused.message, value[0]) from None


class _Stop(Exception):
    """A block's end tag: the stream stops."""


def _is_quoted_only(tokenizer: _Tokenizer, value: tuple[int, int]) -> bool:
    """Whether the value read is one quoted string (no property after it)."""
    probe = _Tokenizer(tokenizer.text, value[0], value[1])
    quoted = probe.read_quoted()
    return quoted is not None and quoted[1] == value[1]


def _string_literal(text: str) -> str:
    """liquidjs's `parseStringLiteral`: a quoted token's content with its escapes."""
    escapes = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
    out: list[str] = []
    i = 1
    while i < len(text) - 1:
        char = text[i]
        if char != "\\":
            out.append(char)
            i += 1
            continue
        following = text[i + 1] if i + 1 < len(text) else ""
        if following in escapes and following:
            out.append(escapes[following])
            i += 2
        elif following == "u":
            value, j = 0, i + 2
            while j <= i + 5 and j < len(text) and text[j] in "0123456789abcdefABCDEF":
                value = value * 16 + int(text[j], 16)
                j += 1
            out.append(chr(value))
            i = j
        elif following not in "01234567" or not following:
            out.append(following)
            i += 2
        else:
            value, j = 0, i + 1
            while j <= i + 3 and j < len(text) and text[j] in "01234567":
                value = value * 8 + int(text[j])
                j += 1
            out.append(chr(value))
            i = j
    return "".join(out)


# The tags (liquidjs's `tags` table): each checks what its constructor checks.


def _assign(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tokenizer = tag.tokenizer
    name = tokenizer.read_identifier()
    tokenizer.check(name, "expected variable name")
    tokenizer.skip_blank()
    tokenizer.check(tokenizer.peek() == "=", 'expected "="')
    tokenizer.p += 1
    parser.value(tokenizer)
    if parser.sink is not None:
        parser.sink.set(name)


def _not_empty(args: str) -> None:
    if args:
        raise _Thrown(f"unexpected {_stringify(args)}")


def _stop(tag: _Tag) -> None:
    raise _Stop


def _for(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tokenizer = tag.tokenizer
    variable = tokenizer.read_identifier()
    keyword = tokenizer.read_identifier()
    collection = tokenizer.read_value()
    if not variable or keyword != "in" or collection is None:
        raise _Thrown(f"illegal tag: {tokenizer.text[tag.begin : tag.end]}")
    tokenizer.read_hashes()

    def end(token: _Tag) -> None:
        _not_empty(token.args)
        raise _Stop

    _scoped(parser, {variable, "forloop"})
    parser.stream(tag, rest, {"else": lambda token: _not_empty(token.args), "endfor": end})
    _unscoped(parser)


def _scoped(parser: _Parser, names: set[str]) -> None:
    if parser.sink is not None:
        parser.sink.scopes.append(names)


def _unscoped(parser: _Parser) -> None:
    if parser.sink is not None:
        parser.sink.scopes.pop()


def _capture(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tokenizer = tag.tokenizer
    name = tokenizer.read_identifier()
    if not name:
        quoted = tokenizer.read_quoted()
        if quoted is None:
            raise tokenizer.error("invalid capture name")
        name = _string_literal(tokenizer.text[quoted[0] : quoted[1]])
    if parser.sink is not None:
        parser.sink.set(name)
    parser.until(tag, rest, "endcapture")


def _case(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    parser.value(tag.tokenizer)
    state = {"else": 0}

    def when(token: _Tag) -> None:
        if state["else"]:
            return
        tokenizer = token.tokenizer
        while not tokenizer.end():
            tokenizer.read_value_or_throw()
            tokenizer.skip_blank()
            tokenizer.read_to("," if tokenizer.peek() == "," else "or")

    def otherwise(token: _Tag) -> None:
        state["else"] += 1

    parser.stream(tag, rest, {"when": when, "else": otherwise, "endcase": _stop})


def _comment(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    parser.until(tag, rest, "endcomment", parse=False)


def _render(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tokenizer = tag.tokenizer
    parser.file_path(tokenizer)
    while not tokenizer.end():
        tokenizer.skip_blank()
        begin = tokenizer.p
        keyword = tokenizer.read_identifier()
        if keyword in ("with", "for"):
            tokenizer.skip_blank()
            if tokenizer.peek() != ":" and tokenizer.read_value() is not None:
                before_as = tokenizer.p
                if tokenizer.read_identifier() == "as":
                    tokenizer.read_identifier()
                else:
                    tokenizer.p = before_as
                tokenizer.skip_blank()
                if tokenizer.peek() == ",":
                    tokenizer.p += 1
                continue
        tokenizer.p = begin
        break
    tokenizer.read_hashes()


def _include(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tokenizer = tag.tokenizer
    parser.file_path(tokenizer)
    begin = tokenizer.p
    keyword = tokenizer.read_identifier()
    if keyword == "with":
        tokenizer.skip_blank()
        if tokenizer.peek() != ":":
            tokenizer.read_value()
        else:
            tokenizer.p = begin
    else:
        if keyword == "for" and parser.sink is not None:
            # liquidjs reads no `for` here; python-liquid reads its value
            probe = _Tokenizer(tokenizer.text, tokenizer.p, tokenizer.n)
            probe.sink = parser.sink
            probe.skip_blank()
            if probe.peek() != ":":
                with contextlib.suppress(_Refused):  # not liquidjs's reading: its verdict stands
                    probe.read_value()
        tokenizer.p = begin
    tokenizer.read_hashes()


def _counter(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    name = tag.tokenizer.read_identifier()
    if parser.sink is not None and name:
        parser.sink.set(name)


def _cycle(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    """liquidjs 10.30.0's: a group, then values (no filters: what follows a value up to the
    next `,` is skipped), the group itself the first candidate when no `:` follows it."""
    tokenizer = tag.tokenizer
    group = tokenizer.read_value()
    tokenizer.skip_blank()
    candidates = 0
    if group is not None:
        if tokenizer.peek() == ":":
            tokenizer.p += 1
        else:
            candidates += 1
    while not tokenizer.end():
        if tokenizer.read_value() is not None:
            candidates += 1
        tokenizer.read_to(",")
    text = tokenizer.text[tag.begin : tag.end]
    tokenizer.check(candidates, lambda: f'empty candidates: "{text}"')


def _if(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    state = {"else": False}

    def elsif(token: _Tag) -> None:
        if state["else"]:
            raise _Thrown("unexpected elsif after else")
        parser.value(token.tokenizer)

    def otherwise(token: _Tag) -> None:
        _not_empty(token.args)
        if state["else"]:
            raise _Thrown("duplicated else")
        state["else"] = True

    def end(token: _Tag) -> None:
        _not_empty(token.args)
        raise _Stop

    parser.stream(
        tag,
        rest,
        {"elsif": elsif, "else": otherwise, "endif": end},
        start=lambda: parser.value(tag.tokenizer),
    )


def _layout(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    parser.file_path(tag.tokenizer)
    tag.tokenizer.read_hashes()
    parser.parse_tokens(rest)


def _block(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    parser.until(tag, rest, "endblock")


def _raw(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    parser.until(tag, rest, "endraw", parse=False)


def _tablerow(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tokenizer = tag.tokenizer
    variable = tokenizer.read_identifier()
    tokenizer.skip_blank()
    keyword = tokenizer.read_identifier()
    collection = tokenizer.read_value()
    if keyword != "in" or collection is None:
        raise _Thrown(f"illegal tag: {tokenizer.text[tag.begin : tag.end]}")
    tokenizer.read_hashes()
    _scoped(parser, {variable, "tablerowloop"})
    parser.stream(tag, rest, {"endtablerow": _stop})
    _unscoped(parser)


def _unless(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    state = {"else": 0}

    def elsif(token: _Tag) -> None:
        if not state["else"]:
            parser.value(token.tokenizer)

    def otherwise(token: _Tag) -> None:
        state["else"] += 1

    parser.stream(
        tag,
        rest,
        {"elsif": elsif, "else": otherwise, "endunless": _stop},
        start=lambda: parser.value(tag.tokenizer),
    )


def _nothing(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    return


def _echo(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    tag.tokenizer.skip_blank()
    if not tag.tokenizer.end():
        parser.value(tag.tokenizer)


def _liquid(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    parser.parse_tokens(tag.tokenizer.read_liquid_tag_tokens())


def _inline_comment(parser: _Parser, tag: _Tag, rest: _Tokens) -> None:
    if _INLINE_COMMENT_LINE.search(tag.args):
        raise _Thrown("every line of an inline comment must start with a '#' character")


_TAGS: dict[str, Callable[[_Parser, _Tag, _Tokens], None]] = {
    "assign": _assign,
    "for": _for,
    "capture": _capture,
    "case": _case,
    "comment": _comment,
    "include": _include,
    "render": _render,
    "decrement": _counter,
    "increment": _counter,
    "cycle": _cycle,
    "if": _if,
    "layout": _layout,
    "block": _block,
    "raw": _raw,
    "tablerow": _tablerow,
    "unless": _unless,
    "break": _nothing,
    "continue": _nothing,
    "echo": _echo,
    "liquid": _liquid,
    "#": _inline_comment,
}
TAGS = frozenset(_TAGS)
"""The tags liquidjs knows (`#` is the inline comment)."""


_DEPTH = 12_000
"""The recursion limit while parsing (Python 3.11 and later): about 2,500 nested blocks."""
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
_PAIR = re.compile("[\ud800-\udbff][\udc00-\udfff]")


def parse_error(template: str, options: Options = DEFAULTS) -> ParseError | None:
    """None when liquidjs parses `template` (an engine made with `options`), else what its
    parse throws and where."""
    return _parse(template, None, options)


@dataclass(frozen=True)
class Analysis:
    """What an accepted template reads (`Reads`), with indices into the template's text:
    `globals` maps each root to its reads' (segments, index) in the order they are read,
    `filters` maps each filter name to where it is first called."""

    globals: dict[str, list[tuple[list[Segment], int]]]
    filters: dict[str, int]


def analyze(template: str, options: Options = DEFAULTS) -> ParseError | Analysis:
    """What liquidjs's parse of `template` (an engine made with `options`) throws, or, when
    it parses, what it reads."""
    astral = _ASTRAL.search(template) is not None
    sink = Reads(astral)
    refused = _parse(template, sink, options)
    if refused is not None:
        return refused
    # each pair of UTF-16 units before an index is one character less in Python's string
    pairs = [m.end() for m in _PAIR.finditer(utf16_units(template))] if astral else []
    found: dict[str, list[tuple[list[Segment], int]]] = {}
    for read in sink.reads:
        if read is not None:
            root, segments, index = read
            if astral:
                index -= bisect.bisect_right(pairs, index)
            found.setdefault(root, []).append((segments, index))
    filters: dict[str, int] = {}
    for called, at in sink.filters:
        name, index = called, at
        if astral:
            name, index = _from_utf16(called), at - bisect.bisect_right(pairs, at)
        if name not in filters:
            filters[name] = index
    return Analysis(found, filters)


def _parse(template: str, sink: Reads | None, options: Options) -> ParseError | None:
    text = utf16_units(template)
    limit = sys.getrecursionlimit()
    try:
        if sys.version_info >= (3, 11) and limit < _DEPTH:
            # liquidjs parses a few thousand nested blocks; from 3.11 Python calls Python
            # without C recursion, so the deeper limit is safe (below it, the default stays).
            sys.setrecursionlimit(_DEPTH)
        _Parser(text, sink, options).parse(text)
    except _Refused as refused:
        cause = refused.cause
        message, index = _from_utf16(refused.message), _python_index(text, refused.index)
        if cause is None:
            return ParseError(message, index)
        name, at = cause.undefined_filter or (None, -1)
        return ParseError(
            message,
            index,
            refused_tag=cause.refused_tag,
            original=_from_utf16(cause.message),
            undefined_filter=None if name is None else _from_utf16(name),
            filter_index=_python_index(text, at),
        )
    except RecursionError:
        return ParseError(TOO_DEEP, -1)
    finally:
        sys.setrecursionlimit(limit)
    return None


def _from_utf16(text: str) -> str:
    """Surrogate pairs joined again; a lone surrogate (a cut pair) becomes U+FFFD."""
    return re.sub("[\ud800-\udfff]", "\ufffd", from_utf16_units(text))


def _python_index(text: str, index: int) -> int:
    """The index in the Python string of UTF-16 index `index` of `text`."""
    if index < 0:
        return -1
    return len(_from_utf16(text[:index]))
