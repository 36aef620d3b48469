"""A pattern's alphabet: the code points that none of its character sets tells apart, and
that `\\b`/`\\B` and `^`/`$` read alike (an ASCII word character or not, `\\n` or not), are one
class; a text is matched as the classes of its characters.

Both matchers of `engines.re2.program` read a text through it: the pure one
(`engines.re2.automaton`) takes the class numbers, google-re2 takes a byte a class
(`engines.re2.accelerator`). A text's characters are mapped in C (`bytes.translate`) when they
are Latin-1 and the pattern has at most 256 classes, the common case.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from hatch_kindgi.engines.javascript.strings import from_utf16_units, utf16_units
from hatch_kindgi.engines.re2.unicode import MAX_RUNE, Ranges

__all__ = ["NEWLINE", "Alphabet", "ClassKey", "is_word"]

NEWLINE = 0x0A
# Where ASCII's word characters and `\n` begin and end: no class straddles them.
_ASCII_CUTS = (0x0A, 0x0B, 0x30, 0x3A, 0x41, 0x5B, 0x5F, 0x60, 0x61, 0x7B, 0x80)

ClassKey = tuple[frozenset[int], bool, bool]
"""A class: the character sets (atoms, by number) holding it, whether its code points are
word characters, whether it is `\\n`."""


def is_word(point: int) -> bool:
    """Whether `point` is one of RE2's word characters, `[0-9A-Za-z_]`."""
    return 0x30 <= point <= 0x39 or 0x41 <= point <= 0x5A or point == 0x5F or 0x61 <= point <= 0x7A


class Alphabet:
    """The classes of a pattern whose character sets are `atoms`: each code point's (a bisect
    over where intervals start), and each class's key."""

    def __init__(self, atoms: Sequence[Ranges]) -> None:
        edges: dict[int, list[tuple[int, int]]] = {}
        for number, ranges in enumerate(atoms):
            for lo, hi in ranges:
                edges.setdefault(lo, []).append((number, 1))
                edges.setdefault(hi + 1, []).append((number, -1))
        self.starts = sorted({0, *_ASCII_CUTS, *(edge for edge in edges if edge <= MAX_RUNE)})
        depth: dict[int, int] = {}
        active: set[int] = set()
        holding: frozenset[int] = frozenset()
        numbers: dict[ClassKey, int] = {}
        self.interval_class: list[int] = []
        for start in self.starts:
            changes = edges.get(start)
            if changes:
                for atom, change in changes:
                    depth[atom] = count = depth.get(atom, 0) + change
                    (active.add if count > 0 else active.discard)(atom)
                holding = frozenset(active)
            key = (holding, is_word(start), start == NEWLINE)
            self.interval_class.append(numbers.setdefault(key, len(numbers)))
        self.keys: list[ClassKey] = list(numbers)
        """Each class's key, by its number."""
        self._latin1 = (
            bytes(self.class_of(point) for point in range(256)) if len(self.keys) <= 256 else b""
        )

    def class_of(self, point: int) -> int:
        """The number of the class of `point`."""
        return self.interval_class[bisect.bisect_right(self.starts, point) - 1]

    def classes(self, text: str) -> Sequence[int]:
        """The number of each character's class in `text`, a surrogate pair being one code
        point (as re2js reads a string) and a lone surrogate itself."""
        if self._latin1:
            try:
                return text.encode("latin-1").translate(self._latin1)
            except UnicodeEncodeError:
                pass
        if any(0xD800 <= ord(char) <= 0xDFFF for char in set(text)):
            text = from_utf16_units(utf16_units(text))
        table = {ord(char): self.class_of(ord(char)) for char in set(text)}
        if self._latin1:
            return text.translate(table).encode("latin-1")
        return [table[ord(char)] for char in text]
