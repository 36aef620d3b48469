"""A pattern's re2js reading (`engines.re2.syntax`) matched by google-re2, RE2 itself, in time
linear in the text.

google-re2 never reads the pattern's own text: it differs from re2js in its Unicode tables
(Unicode 15 against 17), its case folding, and its `\\B` inside a multi-byte character. So no
Unicode knowledge of google-re2's is used. The tree is written over a compressed alphabet:
code points that no character set of the pattern tells apart, and that `\\b`/`\\B` and `^`/`$`
read alike (ASCII word character or not, `\\n` or not), are one symbol, and each symbol is
one byte, matched in RE2's Latin-1 mode; the text is mapped to the same bytes. Word symbols
take the 63 ASCII word bytes, `\\n` is 0x0A, the others take the other 192. A pattern needing
more symbols than that (some 200 distinct sets of non-word characters) is matched with the
symbols as code points in UTF-8 mode instead, which is exact but for `\\B` next to a
non-ASCII character: such a pattern with a `\\B` is `TooLargeToCheck`.

RE2 is linear in the text, but the factor is the program's size: a pattern of 1,024
characters can spell 140,000 steps (`a{1000}` side by side), and RE2's DFA, out of memory on
such a program, falls back to a search whose work is the steps times the text's characters
(minutes on a megabyte; re2js's too, which has no DFA). So every match is counted, not
timed (`engines.budget.counted_match`): its worst case, the steps times the text's symbols,
runs in this process when it fits one match's share and what the check has left, and is a
problem (`Re2Timeout`) without being run when it doesn't (a pattern whose every match starts
at the text's start and has a most length counts only the characters it can reach: `^[a-z]{1,
1000}$` on a megabyte is two million, not a thousand million). The same values give the same
report on every run and every machine, and no match needs a process of its own. The text is
mapped to its symbols in C for Latin-1 text (`bytes.translate`).

google-re2 is imported on first use (`Re2Unavailable` says what to install when it can't
be): most packs have no pattern for the hosted profile to match. The tests hold every answer
to re2js's through the runtime's `compileTenantPattern` (`tests/unit/engines/re2/`).
"""

from __future__ import annotations

import bisect
import importlib
import json
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from hatch_kindgi.engines.budget import PatternTimeout, counted_match
from hatch_kindgi.engines.javascript.strings import from_utf16_units, utf16_units
from hatch_kindgi.engines.re2.errors import INSTALL, Re2Unavailable, TooLargeToCheck
from hatch_kindgi.engines.re2.syntax import (
    Alternate,
    Assertion,
    Chars,
    Concat,
    Node,
    Repeat,
    children,
)
from hatch_kindgi.engines.re2.unicode import MAX_RUNE, Ranges

__all__ = [
    "INSTALL",
    "Program",
    "Re2Timeout",
    "Re2Unavailable",
    "TooLargeToCheck",
    "compile_program",
]

"""What installs the library the hosted profile's patterns are matched with."""
MAX_MEMORY = 64 << 20
"""The memory google-re2 may take for one program (compressed programs are small)."""
_WORD_BYTES = tuple(b for b in range(128) if chr(b).isalnum() or b == 0x5F)  # [0-9A-Za-z_]: 63
_OTHER_BYTES = tuple(b for b in range(256) if b not in _WORD_BYTES and b != 0x0A)
_NEWLINE = 0x0A
# Where ASCII's word characters and `\n` begin and end: no symbol straddles them.
_ASCII_CUTS = (0x0A, 0x0B, 0x30, 0x3A, 0x41, 0x5B, 0x5F, 0x60, 0x61, 0x7B, 0x80)
_ASSERTIONS = {
    "begin_text": "\\A",
    "end_text": "\\z",
    "begin_line": "(?m:^)",
    "end_line": "(?m:$)",
    "word": "\\b",
    "not_word": "\\B",
}


class Re2Timeout(PatternTimeout):
    """A match on RE2 whose work (its program's steps times the text's characters) passes
    what one match, or the check's matches together (`in_all`), may take: never run."""

    def __init__(self, pattern: str, subject: str, work: int, limit: int, in_all: bool) -> None:
        super().__init__(pattern, subject, 0.0, in_all)
        self.work = work
        self.limit = limit

    def explained(self, where: str | None) -> str:
        where = where or "a string"
        lead = (
            f"matching the schema's patterns would take more than {self.limit} steps in all, "
            f"the last {json.dumps(self.pattern)} against {where} ({self.work} steps)"
            if self.in_all
            else f"matching {json.dumps(self.pattern)} against {where} would take {self.work} "
            f"steps, more than the {self.limit} one match may take"
        )
        return (
            f"{lead} on RE2: its work is the pattern's steps (its counts multiplied out) times "
            "the text's characters at worst, which this check counts rather than times "
            "(re2js, the runtime's engine, can take as long); use smaller counts, or bound "
            'the value with "maxLength"'
        )


@lru_cache(maxsize=1)
def _library() -> Any:
    try:
        return importlib.import_module("re2")
    except ImportError as missing:
        raise Re2Unavailable(missing) from None


def _is_word(point: int) -> bool:
    return 0x30 <= point <= 0x39 or 0x41 <= point <= 0x5A or point == 0x5F or 0x61 <= point <= 0x7A


def _atoms(tree: Node) -> Iterator[Chars]:
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Chars):
            yield node
        pending.extend(children(node))


def _has_not_word(tree: Node) -> bool:
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Assertion) and node.kind == "not_word":
            return True
        pending.extend(children(node))
    return False


class _Alphabet:
    """The pattern's symbols: each code point's (a bisect over where intervals start), and
    each character set's."""

    def __init__(self, atoms: list[Ranges]) -> None:
        edges: dict[int, list[tuple[int, int]]] = {}
        for number, ranges in enumerate(atoms):
            for lo, hi in ranges:
                edges.setdefault(lo, []).append((number, 1))
                edges.setdefault(hi + 1, []).append((number, -1))
        self.starts = sorted({0, *_ASCII_CUTS, *(edge for edge in edges if edge <= MAX_RUNE)})
        # Each interval's key: the sets holding it, whether a word character, whether `\n`.
        depth: dict[int, int] = {}
        active: set[int] = set()
        holding: frozenset[int] = frozenset()
        keys: list[tuple[frozenset[int], bool, bool]] = []
        for start in self.starts:
            changes = edges.get(start)
            if changes:
                for atom, change in changes:
                    depth[atom] = count = depth.get(atom, 0) + change
                    (active.add if count > 0 else active.discard)(atom)
                holding = frozenset(active)
            keys.append((holding, _is_word(start), start == _NEWLINE))
        classes: dict[tuple[frozenset[int], bool, bool], int] = {}
        self.interval_class = [classes.setdefault(key, len(classes)) for key in keys]
        words = [key for key in classes if key[1]]
        others = [key for key in classes if not key[1] and not key[2]]
        self.latin1 = len(others) <= len(_OTHER_BYTES)  # words: 63 at most, one a character
        symbol_of: dict[tuple[frozenset[int], bool, bool], int] = dict(zip(words, _WORD_BYTES))
        if self.latin1:
            symbol_of.update(zip(others, _OTHER_BYTES))
        else:
            symbol_of.update((key, _wide_symbol(n)) for n, key in enumerate(others))
        symbol_of.update((key, _NEWLINE) for key in classes if key[2])
        self.class_symbol = [0] * len(classes)
        self.symbols: list[set[int]] = [set() for _ in atoms]
        for key, number in classes.items():
            self.class_symbol[number] = symbol_of[key]
            for atom in key[0]:
                self.symbols[atom].add(symbol_of[key])
        # Latin-1 text, mapped in C: each of its 256 code points' symbol
        self._latin1_table = (
            bytes(self.symbol(point) for point in range(256)) if self.latin1 else b""
        )

    def symbol(self, point: int) -> int:
        return self.class_symbol[self.interval_class[bisect.bisect_right(self.starts, point) - 1]]

    def encode(self, text: str) -> bytes:
        if self.latin1:
            try:
                return text.encode("latin-1").translate(self._latin1_table)
            except UnicodeEncodeError:
                pass
        if any(0xD800 <= ord(char) <= 0xDFFF for char in set(text)):
            text = from_utf16_units(utf16_units(text))  # a pair of surrogates: one code point
        mapped = text.translate({ord(char): self.symbol(ord(char)) for char in set(text)})
        return mapped.encode("latin-1") if self.latin1 else mapped.encode("utf-8")


def _wide_symbol(number: int) -> int:
    """The code point of the `number`th non-word symbol in UTF-8 mode (surrogates skipped)."""
    point = 0x80 + number
    return point if point < 0xD800 else point + 0x800


def _class_text(symbols: set[int], top: int) -> str:
    if not symbols:
        return f"[^\\x00-\\x{{{top:x}}}]"  # matches nothing
    runs: list[list[int]] = []
    for symbol in sorted(symbols):
        if runs and runs[-1][1] + 1 == symbol:
            runs[-1][1] = symbol
        else:
            runs.append([symbol, symbol])
    items = (f"\\x{{{lo:x}}}" if lo == hi else f"\\x{{{lo:x}}}-\\x{{{hi:x}}}" for lo, hi in runs)
    return "[" + "".join(items) + "]"


def _quantifier(node: Repeat) -> str:
    low, high = node.low, node.high
    if (low, high) == (0, -1):
        return "*"
    if (low, high) == (1, -1):
        return "+"
    if (low, high) == (0, 1) and not node.counted:
        return "?"
    if high < 0:
        return f"{{{low},}}"
    return f"{{{low}}}" if low == high else f"{{{low},{high}}}"


def _written(tree: Node, alphabet: _Alphabet, atoms: dict[int, int]) -> str:
    """The tree in RE2's syntax over the alphabet's symbols (no flag, no `.`, no `\\p`)."""
    top = 0xFF if alphabet.latin1 else 0x10FFFF
    out: list[str] = []
    pending: list[Node | str] = [tree]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, Chars):
            out.append(_class_text(alphabet.symbols[atoms[id(item)]], top))
        elif isinstance(item, Assertion):
            out.append(_ASSERTIONS[item.kind])
        elif isinstance(item, Concat):
            if not item.items:
                out.append("(?:)")
            pending.extend(reversed(item.items))
        elif isinstance(item, Alternate):
            pending.append(")")
            for number, alternative in enumerate(reversed(item.items)):
                pending.append(alternative)
                if number < len(item.items) - 1:
                    pending.append("|")
            pending.append("(?:")
        else:
            pending.extend((_quantifier(item), ")", item.item, "(?:"))
    return "".join(out)


def _children_first(tree: Node) -> Iterator[Node]:
    """`tree`'s nodes, each after its children (no recursion: a tree may nest thousands
    deep)."""
    pending: list[tuple[Node, bool]] = [(tree, False)]
    while pending:
        node, done = pending.pop()
        if done:
            yield node
            continue
        pending.append((node, True))
        pending.extend((child, False) for child in children(node))


def _steps(tree: Node) -> int:
    """How many steps RE2's program for `tree` has: its counts multiplied out."""
    sizes: dict[int, int] = {}
    for node in _children_first(tree):
        inside = sum(sizes[id(child)] for child in children(node))
        if isinstance(node, Repeat):
            most = node.high if node.high >= 0 else node.low
            inside *= max(most, 1)
        sizes[id(node)] = inside + 1
    return sizes[id(tree)]


def _longest(tree: Node) -> int | None:
    """The most characters a match of `tree` takes; None when it has no most."""
    sizes: dict[int, int | None] = {}
    for node in _children_first(tree):
        inside = [sizes[id(child)] for child in children(node)]
        size: int | None
        if isinstance(node, Chars):
            size = 1
        elif isinstance(node, Assertion):
            size = 0
        elif None in inside:
            size = None
        elif isinstance(node, Concat):
            size = sum(each or 0 for each in inside)
        elif isinstance(node, Alternate):
            size = max((each or 0 for each in inside), default=0)
        else:  # Repeat
            item = inside[0] or 0
            size = (0 if item == 0 else None) if node.high < 0 else node.high * item
        sizes[id(node)] = size
    return sizes[id(tree)]


def _anchored(tree: Node) -> bool:
    """Whether every match of `tree` starts at the text's start (it begins with `\\A`)."""
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Assertion) and node.kind == "begin_text":
            continue
        if isinstance(node, Concat) and node.items:
            pending.append(node.items[0])
        elif isinstance(node, Alternate) and node.items:
            pending.extend(node.items)
        elif isinstance(node, Repeat) and node.low >= 1:
            pending.append(node.item)
        else:
            return False
    return True


def _work(steps: int, reach: int | None, length: int) -> int:
    """A match's worst case, in steps times characters: the program's steps on every
    character of the text; for a pattern whose every match starts at the text's start and
    takes at most `reach` - 1 characters, on those only (every thread is dead past them),
    and a step for each character after, should RE2 scan on."""
    if reach is None:
        return steps * max(length, 1)
    return steps * max(min(length, reach), 1) + length


class Program:
    """A compiled pattern (of `source`): whether it matches in a text, as re2js's `test`
    answers (from the start only when `sticky`, the `y` flag), within the check's time."""

    def __init__(  # noqa: PLR0917 (what compile_program made, kept together)
        self,
        source: str,
        compiled: Any,
        written: bytes,
        alphabet: _Alphabet,
        sticky: bool,
        steps: int,
        reach: int | None = None,
    ) -> None:
        self.source = source
        self._compiled = compiled
        self._written = written
        self._alphabet = alphabet
        self._sticky = sticky
        self.steps = steps
        self.reach = reach

    def test(self, text: str) -> bool:
        """Whether it matches in `text`; raises Re2Timeout, without matching, when its work
        passes one match's share or what the check has left (`engines.budget`)."""
        data = self._alphabet.encode(text)
        work = _work(self.steps, self.reach, len(data))

        def refused(work: int, limit: int, in_all: bool) -> Re2Timeout:
            return Re2Timeout(self.source, text, work, limit, in_all)

        return counted_match(work, lambda: self.matched(data), refused)

    def matched(self, data: bytes) -> bool:
        found = self._compiled.match(data) if self._sticky else self._compiled.search(data)
        return found is not None


def compile_program(tree: Node, source: str, *, sticky: bool = False) -> Program:
    """`tree` (re2js's reading of `source`) compiled by google-re2. Raises Re2Unavailable
    without google-re2, and TooLargeToCheck for a tree it can't match exactly or won't
    compile within MAX_MEMORY."""
    library = _library()
    nodes = list(_atoms(tree))
    alphabet = _Alphabet([node.ranges for node in nodes])
    if not alphabet.latin1 and _has_not_word(tree):
        raise TooLargeToCheck("it tells apart too many sets of characters to check `\\B` in it")
    written = _written(tree, alphabet, {id(node): number for number, node in enumerate(nodes)})
    options = library.Options()
    options.log_errors = False
    options.max_mem = MAX_MEMORY
    if alphabet.latin1:
        options.encoding = library.Options.Encoding.LATIN1
        pattern = written.encode("latin-1")
    else:
        pattern = written.encode("utf-8")
    try:
        compiled = library.compile(pattern, options)
    except library.error as refused:
        message = f"RE2 can't build it within {MAX_MEMORY >> 20} MiB ({refused})"
        raise TooLargeToCheck(message) from None
    longest = _longest(tree)
    reach = longest + 1 if longest is not None and (sticky or _anchored(tree)) else None
    return Program(source, compiled, pattern, alphabet, sticky, _steps(tree), reach)
