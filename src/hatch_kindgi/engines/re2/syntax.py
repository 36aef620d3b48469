"""A pattern as re2js reads it (`RE2JS.compile(source, flags)`): the tree of what it matches,
or re2js's refusal in its own words.

A port of re2js 2.9.0's `Parser.parseInternal` (itself Go's `regexp/syntax`) under the flags
`RE2JS.compile` gives it (PERL: `CLASS_NL | ONE_LINE | PERL_X | UNICODE_GROUPS`, with
`FOLD_CASE` for `i`, `DOT_NL` for `s`, no `ONE_LINE` for `m`). It reads what the hosted
profile hands re2js, a pattern V8 has parsed and `@kindgi/bounds` has scanned
(`engines.re2.tenant`), and refuses it where re2js does, at the same place, with the same
words (`invalid repeat count: \\`{1,4000}\\``, `invalid escape sequence: \\`\\b\\``, ...). The
tree spells out re2js's meanings so that matching needs nothing of another engine's: every
character is a set of code points (a literal already folded by re2js's orbits, `.` without
`s` everything but `\\n`, `\\s` `[\\t\\n\\f\\r ]`, `\\d` and `\\w` ASCII, `\\p{…}` from re2js's
Unicode tables), `^`/`$` the ends of the text (of a line, around `\\n` only, with `m`), `\\b`
ASCII word boundaries; a count with a leading zero is no count (`x{01}` is the text).

The parse is a loop over a stack, as re2js's is, and every walk of the tree is one too: a
pattern of 1,024 characters nests up to 512 groups. What re2js refuses only past its size
limits (`expression too large`, `nests too deeply`) can't be reached within 1,024 characters:
not ported. The tests hold it to the shipped re2js through the runtime's
`compileTenantPattern` (`tests/unit/engines/re2/test_tenant.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hatch_kindgi.engines.javascript.strings import from_utf16_units, utf16_units
from hatch_kindgi.engines.re2.unicode import (
    MAX_RUNE,
    Ranges,
    clean,
    fold_closure,
    negate,
    unicode_class,
)

__all__ = [
    "Alternate",
    "Assertion",
    "Chars",
    "Concat",
    "Node",
    "Re2jsSyntaxError",
    "Repeat",
    "children",
    "read",
]

MAX_REPEAT = 1000
"""re2js's largest count, and the largest product of counts nested in one another."""

_INVALID_CHAR_RANGE = "invalid character class range"
_INVALID_ESCAPE = "invalid escape sequence"
_INVALID_NAMED_CAPTURE = "invalid named capture"
_INVALID_PERL_OP = "invalid or unsupported Perl syntax"
_INVALID_REPEAT_OP = "invalid nested repetition operator"
_INVALID_REPEAT_SIZE = "invalid repeat count"
_MISSING_BRACKET = "missing closing ]"
_MISSING_PAREN = "missing closing )"
_MISSING_REPEAT_ARGUMENT = "missing argument to repetition operator"
_TRAILING_BACKSLASH = "trailing backslash at end of expression"
_DUPLICATE_NAMED_CAPTURE = "duplicate capture group name"
_UNEXPECTED_PAREN = "unexpected )"


class Re2jsSyntaxError(ValueError):
    """re2js's `RE2JSSyntaxException`: `detail` is its message without "error parsing
    regexp: " (`invalid repeat count: \\`{1,4000}\\``)."""

    def __init__(self, error: str, text: str | None = None) -> None:
        self.detail = f"{error}: `{text}`" if text else error
        super().__init__(self.detail)


# --- the tree -------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Chars:
    """One code point of `ranges` (a literal, a class, `.`, `\\d`, `\\p{…}`, ...)."""

    ranges: Ranges


@dataclass(frozen=True, eq=False)
class Assertion:
    """An empty-width assertion."""

    kind: Literal["begin_text", "end_text", "begin_line", "end_line", "word", "not_word"]


@dataclass(frozen=True, eq=False)
class Concat:
    """Each item in turn (none: the empty match)."""

    items: tuple[Node, ...]


@dataclass(frozen=True, eq=False)
class Alternate:
    """One of the items."""

    items: tuple[Node, ...]


@dataclass(frozen=True, eq=False)
class Repeat:
    """`item` `low` to `high` times (`high` -1: no most); `counted` for `{n,m}` (re2js's
    REPEAT), not `*`, `+` or `?`."""

    low: int
    high: int
    item: Node
    counted: bool


Node = Chars | Assertion | Concat | Alternate | Repeat


def children(node: Node) -> tuple[Node, ...]:
    """The nodes directly inside `node`."""
    if isinstance(node, (Concat, Alternate)):
        return node.items
    if isinstance(node, Repeat):
        return (node.item,)
    return ()


def _repeat_is_valid(node: Node, budget: int) -> bool:
    """re2js's `repeatIsValid(re, 1000)`: no chain of nested counts multiplies past it."""
    pending = [(node, budget)]
    while pending:
        item, left = pending.pop()
        if isinstance(item, Repeat) and item.counted:
            most = item.high if item.high >= 0 else item.low
            if most == 0:
                continue
            if most > left:
                return False
            left //= most
        pending.extend((child, left) for child in children(item))
    return True


# --- reading --------------------------------------------------------------------------------

_PERL_CLASSES: dict[str, Ranges] = {
    "d": ((0x30, 0x39),),
    "s": ((0x09, 0x0A), (0x0C, 0x0D), (0x20, 0x20)),
    "w": ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)),
}
_ESCAPED_CONTROLS = {"a": 7, "f": 12, "n": 10, "r": 13, "t": 9, "v": 11}
_ANY: Ranges = ((0, MAX_RUNE),)
_ANY_BUT_NEWLINE: Ranges = ((0, 9), (11, MAX_RUNE))


def _is_alnum(point: int) -> bool:
    return 0x30 <= point <= 0x39 or 0x41 <= point <= 0x5A or 0x61 <= point <= 0x7A


def _unhex(point: int) -> int:
    if 0x30 <= point <= 0x39:
        return point - 0x30
    if 0x61 <= point <= 0x66:
        return point - 0x57
    if 0x41 <= point <= 0x46:
        return point - 0x37
    return -1


class _Frame:
    """A group being read (or the whole pattern): its finished alternatives, and the items
    of the one being read."""

    __slots__ = ("alternatives", "items")

    def __init__(self) -> None:
        self.alternatives: list[Node] = []
        self.items: list[Node] = []

    def close_alternative(self) -> None:
        self.alternatives.append(_concat(self.items))
        self.items = []

    def node(self) -> Node:
        self.close_alternative()
        alternatives = self.alternatives
        return alternatives[0] if len(alternatives) == 1 else Alternate(tuple(alternatives))


def _concat(items: list[Node]) -> Node:
    return items[0] if len(items) == 1 else Concat(tuple(items))


class _Reader:
    """re2js's `StringIterator` over the pattern's code points (a surrogate pair is one), and
    the parse (`Parser.parseInternal`)."""

    def __init__(self, source: str, *, fold: bool, dot_nl: bool, multiline: bool) -> None:
        self.text = source
        self.points = [ord(char) for char in source]
        self.pos = 0
        self.fold = fold
        self.dot = _ANY if dot_nl else _ANY_BUT_NEWLINE
        self.one_line = not multiline
        self.names: set[str] = set()
        self.last_repeat = -1
        """Where the repeat just read began, if the last thing read was one (`**` is refused)."""

    # the iterator

    def more(self) -> bool:
        return self.pos < len(self.points)

    def peek(self) -> int:
        return self.points[self.pos]

    def pop(self) -> int:
        point = self.points[self.pos]
        self.pos += 1
        return point

    def looking_at(self, text: str) -> bool:
        return self.text.startswith(text, self.pos)

    def rest(self) -> str:
        return self.text[self.pos :]

    def since(self, start: int) -> str:
        return self.text[start : self.pos]

    # the parse

    def parse(self) -> Node:
        stack = [_Frame()]
        while self.more():
            frame = stack[-1]
            point = self.peek()
            repeat_at = -1
            if point == 0x28:  # (
                self.open_group()
                stack.append(_Frame())
            elif point == 0x7C:  # |
                self.pos += 1
                frame.close_alternative()
            elif point == 0x29:  # )
                self.pos += 1
                if len(stack) == 1:
                    raise Re2jsSyntaxError(_UNEXPECTED_PAREN, self.text)
                stack.pop()
                stack[-1].items.append(frame.node())
            elif point == 0x5E:  # ^
                self.pos += 1
                frame.items.append(Assertion("begin_text" if self.one_line else "begin_line"))
            elif point == 0x24:  # $
                self.pos += 1
                frame.items.append(Assertion("end_text" if self.one_line else "end_line"))
            elif point == 0x2E:  # .
                self.pos += 1
                frame.items.append(Chars(self.dot))
            elif point == 0x5B:  # [
                frame.items.append(Chars(self.char_class()))
            elif point in (0x2A, 0x2B, 0x3F):  # * + ?
                repeat_at = self.pos
                self.pos += 1
                low, high = {0x2A: (0, -1), 0x2B: (1, -1), 0x3F: (0, 1)}[point]
                self.repeat(frame, low, high, repeat_at, counted=False)
            elif point == 0x7B:  # {
                before = self.pos
                counts = self.counts()
                if counts is None:
                    self.pos = before + 1
                    frame.items.append(self.literal(0x7B))
                else:
                    repeat_at = before
                    self.repeat(frame, counts[0], counts[1], before, counted=True)
            elif point == 0x5C:  # backslash
                frame.items.append(self.escape())
            else:
                self.pos += 1
                frame.items.append(self.literal(point))
            self.last_repeat = repeat_at
        if len(stack) != 1:
            raise Re2jsSyntaxError(_MISSING_PAREN, self.text)
        return stack[0].node()

    def literal(self, point: int) -> Chars:
        ranges = ((point, point),)
        return Chars(fold_closure(ranges) if self.fold else ranges)

    def open_group(self) -> None:
        """`(`, `(?:` or `(?<name>`, read up to the group's contents (`parsePerlFlags`)."""
        if not self.looking_at("(?"):
            self.pos += 1
            return
        rest = self.rest()
        if rest.startswith(("(?P<", "(?<")):
            begin = 4 if rest[2] == "P" else 3
            end = rest.find(">")
            if end < 0:
                raise Re2jsSyntaxError(_INVALID_NAMED_CAPTURE, rest)
            name = rest[begin:end]
            self.pos += end + 1
            if not name or not all(char == "_" or _is_alnum(ord(char)) for char in name):
                raise Re2jsSyntaxError(_INVALID_NAMED_CAPTURE, rest[: end + 1])
            if name in self.names:
                raise Re2jsSyntaxError(_DUPLICATE_NAMED_CAPTURE, name)
            self.names.add(name)
            return
        if rest.startswith("(?:"):
            self.pos += 3
            return
        # (?i), (?s:...) and the other flag groups: V8 (Node 22.12) has no modifiers and refuses
        # every one before re2js reads it, so they are refused here without being read.
        raise Re2jsSyntaxError(_INVALID_PERL_OP, rest[:2])

    def number(self) -> int | None:
        """`Parser.parseInt`: None for no digits or a leading zero, -2 past 8 digits."""
        start = self.pos
        while self.more() and 0x30 <= self.peek() <= 0x39:
            self.pos += 1
        digits = self.text[start : self.pos]
        if not digits or (len(digits) > 1 and digits[0] == "0"):
            return None
        return -2 if len(digits) > 8 else int(digits)

    def counts(self) -> tuple[int, int] | None:
        """`Parser.parseRepeat`: `{n}`, `{n,}` or `{n,m}` read, or None where `{` is a
        literal; refused past re2js's largest count."""
        start = self.pos
        self.pos += 1
        low = self.number()
        if low is None or not self.more():
            return None
        if not self.looking_at(","):
            high = low
        else:
            self.pos += 1
            if not self.more():
                return None
            if self.looking_at("}"):
                high = -1
            else:
                read = self.number()
                if read is None:
                    return None
                high = read
        if not self.more() or not self.looking_at("}"):
            return None
        self.pos += 1
        if low < 0 or low > MAX_REPEAT or high == -2 or high > MAX_REPEAT or 0 <= high < low:
            raise Re2jsSyntaxError(_INVALID_REPEAT_SIZE, self.since(start))
        return low, high

    def repeat(self, frame: _Frame, low: int, high: int, before: int, *, counted: bool) -> None:
        if self.more() and self.looking_at("?"):
            self.pos += 1  # lazy: changes no answer of `test`
        if self.last_repeat != -1:
            raise Re2jsSyntaxError(_INVALID_REPEAT_OP, self.since(self.last_repeat))
        if not frame.items:
            raise Re2jsSyntaxError(_MISSING_REPEAT_ARGUMENT, self.since(before))
        node = Repeat(low, high, frame.items[-1], counted)
        frame.items[-1] = node
        if counted and (low >= 2 or high >= 2) and not _repeat_is_valid(node, MAX_REPEAT):
            raise Re2jsSyntaxError(_INVALID_REPEAT_SIZE, self.since(before))

    def escape(self) -> Node:
        """A backslash outside a class: PERL_X's `\\A \\b \\B \\C \\Q \\z`, `\\p{…}`, a Perl
        class, or an escaped character."""
        saved = self.pos
        self.pos += 1
        if self.more():
            point = self.pop()
            if point == 0x41:  # A
                return Assertion("begin_text")
            if point == 0x62:  # b
                return Assertion("word")
            if point == 0x42:  # B
                return Assertion("not_word")
            if point == 0x43:  # C
                raise Re2jsSyntaxError(_INVALID_ESCAPE, "\\C")
            if point == 0x7A:  # z
                return Assertion("end_text")
            if point == 0x51:  # Q: up to \E, literally
                rest = self.rest()
                end = rest.find("\\E")
                quoted = rest if end < 0 else rest[:end]
                self.pos += len(quoted) + (0 if end < 0 else 2)
                return _concat([self.literal(ord(char)) for char in quoted])
        self.pos = saved
        if self.looking_at("\\p") or self.looking_at("\\P"):
            return Chars(self.property_class())
        perl = self.perl_class()
        if perl is not None:
            return Chars(perl)
        return self.literal(self.escaped())

    def perl_class(self) -> Ranges | None:
        """`\\d \\D \\s \\S \\w \\W` (`parsePerlClassEscape`), folded before their sign."""
        if not self.looking_at("\\") or self.pos + 1 >= len(self.points):
            return None
        letter = chr(self.points[self.pos + 1])
        ranges = _PERL_CLASSES.get(letter.lower()) if letter in "dDsSwW" else None
        if ranges is None:
            return None
        self.pos += 2
        if self.fold:
            ranges = fold_closure(ranges)
        return negate(ranges) if letter.isupper() else ranges

    def property_class(self) -> Ranges:
        """`\\p{Name}`, `\\pN`, `\\P…` (`parseUnicodeClass`)."""
        start = self.pos
        self.pos += 1
        negated = self.pop() == 0x50  # P
        if not self.more():
            self.pos = start
            raise Re2jsSyntaxError(_INVALID_CHAR_RANGE, self.rest())
        point = self.pop()
        if point != 0x7B:
            name = chr(point)
        else:
            rest = self.rest()
            end = rest.find("}")
            if end < 0:
                self.pos = start
                raise Re2jsSyntaxError(_INVALID_CHAR_RANGE, self.rest())
            name = rest[:end]
            self.pos += end + 1
        if name.startswith("^"):
            negated = not negated
            name = name[1:]
        ranges = unicode_class(name, negated=negated, fold=self.fold)
        if ranges is None:
            raise Re2jsSyntaxError(_INVALID_CHAR_RANGE, self.since(start))
        return ranges

    def escaped(self) -> int:
        """The character an escape stands for (`Parser.parseEscape`)."""
        start = self.pos
        self.pos += 1
        if not self.more():
            raise Re2jsSyntaxError(_TRAILING_BACKSLASH)
        point = self.pop()
        if 0x30 <= point <= 0x37 and (point == 0x30 or self.octal_next()):
            value = point - 0x30
            for _ in range(2):
                if not self.octal_next():
                    break
                value = value * 8 + self.pop() - 0x30
            return value
        if point == 0x78:  # x
            found = self.hex_escape()
            if found is not None:
                return found
        elif chr(point) in _ESCAPED_CONTROLS:
            return _ESCAPED_CONTROLS[chr(point)]
        elif point <= 0x7F and not _is_alnum(point):
            return point
        raise Re2jsSyntaxError(_INVALID_ESCAPE, self.since(start))

    def octal_next(self) -> bool:
        return self.more() and 0x30 <= self.peek() <= 0x37

    def hex_escape(self) -> int | None:
        """After `\\x`: `{hex…}` or two hex digits, or None (an invalid escape)."""
        if not self.more():
            return None
        point = self.pop()
        if point == 0x7B:  # {
            digits, value = 0, 0
            while self.more():
                point = self.pop()
                if point == 0x7D:  # }
                    return value if digits else None
                nibble = _unhex(point)
                if nibble < 0:
                    return None
                value = value * 16 + nibble
                if value > MAX_RUNE:
                    return None
                digits += 1
            return None
        high = _unhex(point)
        if not self.more():
            return None
        low = _unhex(self.pop())
        return high * 16 + low if high >= 0 and low >= 0 else None

    def class_char(self, class_start: int) -> int:
        if not self.more():
            raise Re2jsSyntaxError(_MISSING_BRACKET, self.since(class_start))
        if self.looking_at("\\"):
            return self.escaped()
        return self.pop()

    def char_class(self) -> Ranges:
        """`[…]` (`parseClass`); CLASS_NL: `[^a]` takes `\\n`."""
        start = self.pos
        self.pos += 1
        negated = self.more() and self.looking_at("^")
        if negated:
            self.pos += 1
        parts: list[tuple[int, int]] = []
        first = True
        while not self.more() or self.peek() != 0x5D or first:  # ]
            first = False
            if self.looking_at("[:"):
                end = self.rest().find(":]")
                if end >= 0:
                    # A POSIX class: @kindgi/bounds refuses `[:` in a class before re2js
                    # reads it, so none is ever read; refused as re2js refuses an unknown one.
                    raise Re2jsSyntaxError(_INVALID_CHAR_RANGE, self.rest()[: end + 2])
            if self.looking_at("\\p") or self.looking_at("\\P"):
                parts.extend(self.property_class())
                continue
            perl = self.perl_class()
            if perl is not None:
                parts.extend(perl)
                continue
            before = self.pos
            low = self.class_char(start)
            high = low
            if self.more() and self.looking_at("-"):
                self.pos += 1
                if self.more() and self.looking_at("]"):
                    self.pos -= 1
                else:
                    high = self.class_char(start)
                    if high < low:
                        raise Re2jsSyntaxError(_INVALID_CHAR_RANGE, self.since(before))
            parts.extend(fold_closure(((low, high),)) if self.fold else ((low, high),))
        self.pos += 1
        ranges = clean(parts)
        return negate(ranges) if negated else ranges


def read(source: str, flags: str) -> Node:
    """What re2js matches for `source` under the JavaScript `flags` (only `i`, `s` and `m`
    change it), or Re2jsSyntaxError with re2js's words."""
    if any(0xD800 <= ord(char) <= 0xDFFF for char in source):
        source = from_utf16_units(utf16_units(source))  # a pair of surrogates: one code point
    reader = _Reader(source, fold="i" in flags, dot_nl="s" in flags, multiline="m" in flags)
    return reader.parse()
