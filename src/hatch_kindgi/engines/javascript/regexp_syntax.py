"""Whether `new RegExp(text)` compiles: JavaScript's pattern grammar without flags, with the
web-compatibility rules of ECMA-262 Annex B (B.1.2) that engines apply to it (a lone `{` or
`]` is a literal, `\\8` is an identity escape, `[\\d-z]` is allowed, a lookahead may be
quantified), as V8 in Node.js 20 (the runtime's) reads it: no duplicate group names, no
modifiers (`(?i:...)`).

ajv-formats' `regex` format asks exactly this question (`dist/formats.js`, `regex`); the
tests hold the answer to the real engine through the runtime oracle. A pattern is read as
UTF-16 code units, as JavaScript does without the `u` flag.
"""

from __future__ import annotations

from hatch_kindgi.engines.javascript.strings import utf16_units

__all__ = ["compiles"]

_SYNTAX = "*+?{"
_NOT_LITERAL = "^$\\.*+?()[|"
_CLASS_ESCAPES = "dDsSwW"
_CONTROL = {"f": 12, "n": 10, "r": 13, "t": 9, "v": 11}


class _Invalid(Exception):
    pass


def _hex(units: list[str], start: int, count: int) -> int | None:
    digits = "".join(units[start : start + count])
    if len(digits) == count and all(c in "0123456789abcdefABCDEF" for c in digits):
        return int(digits, 16)
    return None


def _name_ok(name: str) -> bool:
    if not name:
        return False
    first, rest = name[0], name[1:]
    if not (first in "$_" or first.isidentifier()):
        return False
    return all(c in "$\u200c\u200d" or ("a" + c).isidentifier() for c in rest)


class _Parser:
    def __init__(self, text: str) -> None:
        self.units = list(utf16_units(text))  # one string a UTF-16 code unit
        self.at = 0
        self.names: list[str] = []
        self.references: list[str] = []
        self.named = "(?<" in text.replace("(?<=", "").replace("(?<!", "")

    def peek(self, offset: int = 0) -> str:
        index = self.at + offset
        return self.units[index] if index < len(self.units) else ""

    def braced_quantifier(self) -> int | None:
        """The length of a `{n}`, `{n,}` or `{n,m}` here, or None; raise when n > m."""
        units, i = self.units, self.at + 1
        low = i
        while i < len(units) and units[i].isdigit() and units[i] < "\x80":
            i += 1
        if i == low:
            return None
        first = int("".join(units[low:i]))
        if i < len(units) and units[i] == "}":
            return i + 1 - self.at
        if i >= len(units) or units[i] != ",":
            return None
        i += 1
        high = i
        while i < len(units) and units[i].isdigit() and units[i] < "\x80":
            i += 1
        if i >= len(units) or units[i] != "}":
            return None
        if i > high and int("".join(units[high:i])) < first:
            raise _Invalid("numbers out of order in {} quantifier")
        return i + 1 - self.at

    def disjunction(self, depth: int) -> None:
        while self.at < len(self.units):
            unit = self.peek()
            if unit == "|":
                self.at += 1
            elif unit == ")":
                if depth == 0:
                    raise _Invalid("Unmatched ')'")
                return
            else:
                self.term(depth)
        if depth:
            raise _Invalid("Unterminated group")

    def quantifier(self) -> bool:
        """Read a quantifier here, if there is one."""
        unit = self.peek()
        if unit in ("*", "+", "?"):
            self.at += 1
        elif unit == "{":
            length = self.braced_quantifier()
            if length is None:
                return False
            self.at += length
        else:
            return False
        if self.peek() == "?":
            self.at += 1
        return True

    def term(self, depth: int) -> None:
        unit = self.peek()
        if unit in ("^", "$"):
            self.at += 1
            quantifiable = False
        elif unit == "\\" and self.peek(1) in ("b", "B"):
            self.at += 2
            quantifiable = False
        elif unit == "(":
            quantifiable = self.group(depth)
        elif unit in "*+?":
            raise _Invalid("Nothing to repeat")
        elif unit == "{":
            if self.braced_quantifier() is not None:
                raise _Invalid("Nothing to repeat")
            self.at += 1
            quantifiable = True
        elif unit == "[":
            self.character_class()
            quantifiable = True
        elif unit == "\\":
            self.atom_escape()
            quantifiable = True
        else:
            self.at += 1
            quantifiable = True
        if self.quantifier():
            if not quantifiable:
                raise _Invalid("Nothing to repeat")
            if self.peek() in ("*", "+", "?") or (
                self.peek() == "{" and self.braced_quantifier() is not None
            ):
                raise _Invalid("Nothing to repeat")

    def group(self, depth: int) -> bool:
        """Read a group; whether it may be quantified."""
        self.at += 1
        quantifiable = True
        if self.peek() == "?":
            kind = self.peek(1)
            if kind in (":", "=", "!"):
                self.at += 2
            elif kind == "<" and self.peek(2) in ("=", "!"):
                self.at += 3
                quantifiable = False
            elif kind == "<":
                self.at += 2
                self.names.append(self.group_name())
            else:
                raise _Invalid("Invalid group")
        self.disjunction(depth + 1)
        self.at += 1  # the ")"
        return quantifiable

    def group_name(self) -> str:
        end = self.units.index(">", self.at) if ">" in self.units[self.at :] else -1
        if end < 0:
            raise _Invalid("Invalid capture group name")
        name = "".join(self.units[self.at : end])
        if not _name_ok(name):
            raise _Invalid("Invalid capture group name")
        self.at = end + 1
        return name

    def atom_escape(self) -> None:
        self.at += 1
        unit = self.peek()
        if unit == "":
            raise _Invalid("\\ at end of pattern")
        if unit == "k" and self.named:
            if self.peek(1) != "<":
                raise _Invalid("Invalid named reference")
            self.at += 2
            self.references.append(self.group_name())
            return
        self.escape_value()

    def escape_value(self) -> int | None:
        """Read the escape after a `\\` (not `\\b`/`\\k` in an atom): its code unit, or
        None for a class escape (`\\d` ...)."""
        unit = self.peek()
        self.at += 1
        if unit in _CLASS_ESCAPES:
            return None
        if unit in _CONTROL:
            return _CONTROL[unit]
        if unit == "c":
            letter = self.peek()
            if letter.isascii() and letter.isalpha():
                self.at += 1
                return ord(letter) % 32
            self.at -= 1  # a backslash, then "c" read as a character of its own
            return ord("\\")
        if unit == "x":
            value = _hex(self.units, self.at, 2)
            if value is not None:
                self.at += 2
                return value
            return ord("x")
        if unit == "u":
            value = _hex(self.units, self.at, 4)
            if value is not None:
                self.at += 4
                return value
            return ord("u")
        if unit in "01234567":
            digits = unit
            while len(digits) < 3 and self.peek() in tuple("01234567") and self.peek():
                if int(digits + self.peek(), 8) > 0o377:
                    break
                digits += self.peek()
                self.at += 1
            return int(digits, 8)
        return ord(unit)

    def class_atom(self) -> int | None:
        unit = self.peek()
        if unit == "":
            raise _Invalid("Unterminated character class")
        if unit == "\\":
            self.at += 1
            if self.peek() == "":
                raise _Invalid("\\ at end of pattern")
            if self.peek() == "b":
                self.at += 1
                return 8
            control = self.peek(1)
            if self.peek() == "c" and control.isascii() and (control.isdigit() or control == "_"):
                self.at += 2
                return ord(self.units[self.at - 1]) % 32
            return self.escape_value()
        self.at += 1
        return ord(unit)

    def character_class(self) -> None:
        self.at += 1
        if self.peek() == "^":
            self.at += 1
        while True:
            if self.peek() == "]":
                self.at += 1
                return
            low = self.class_atom()
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.at += 1
                high = self.class_atom()
                if low is not None and high is not None and low > high:
                    raise _Invalid("Range out of order in character class")


def compiles(text: str) -> bool:
    """Whether `new RegExp(text)` compiles in the runtime's JavaScript. Groups nested past
    64 are read with the recursion room `regexp.with_room` gives (V8 takes thousands); past
    what that gives, about 27,000, as refused (V8 refuses at some depth too)."""
    from hatch_kindgi.engines.javascript.regexp import with_room

    parser = _Parser(text)
    try:
        with_room(text, lambda: parser.disjunction(0))
    except (_Invalid, RecursionError):
        return False
    if len(set(parser.names)) != len(parser.names):
        return False
    return all(name in parser.names for name in parser.references)
