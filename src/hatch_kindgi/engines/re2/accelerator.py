"""google-re2, RE2 itself, as an accelerator of `engines.re2.program`'s matches: where it is
installed (the `re2` extra) and can answer exactly, it matches a pattern's re2js reading in C.
Its answers are the pure matcher's (`engines.re2.automaton`), held to each other by the
tests, and the work a match is charged is the same, so a pack gets the same report with it
and without.

google-re2 never reads the pattern's own text: it differs from re2js in its Unicode tables
(Unicode 15 against 17), its case folding, and its `\\B` inside a multi-byte character. So no
Unicode knowledge of google-re2's is used. The tree is written over the pattern's classes
(`engines.re2.alphabet`), one byte a class, matched in RE2's Latin-1 mode: word classes take
the 63 ASCII word bytes, `\\n` is 0x0A, the others the other 192. A pattern needing more
classes than that (some 200 distinct sets of non-word characters) is written with the
classes as code points in UTF-8 mode instead, which is exact but for `\\B` next to a
non-ASCII character: such a pattern with a `\\B`, like one RE2 can't build within
`MAX_MEMORY`, is left to the pure matcher.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from hatch_kindgi.engines.re2.alphabet import NEWLINE, Alphabet
from hatch_kindgi.engines.re2.syntax import (
    Alternate,
    Assertion,
    Chars,
    Concat,
    Node,
    Repeat,
    children,
)

__all__ = ["MAX_MEMORY", "accelerated", "installed"]

MAX_MEMORY = 64 << 20
"""The memory google-re2 may take for one program (programs over classes are small)."""
_WORD_BYTES = tuple(b for b in range(128) if chr(b).isalnum() or b == 0x5F)  # [0-9A-Za-z_]: 63
_OTHER_BYTES = tuple(b for b in range(256) if b not in _WORD_BYTES and b != NEWLINE)
_ASSERTIONS = {
    "begin_text": "\\A",
    "end_text": "\\z",
    "begin_line": "(?m:^)",
    "end_line": "(?m:$)",
    "word": "\\b",
    "not_word": "\\B",
}


@lru_cache(maxsize=1)
def installed() -> Any:
    """google-re2's module, or None where it can't be imported."""
    try:
        return importlib.import_module("re2")
    except ImportError:
        return None


def _has_not_word(tree: Node) -> bool:
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Assertion) and node.kind == "not_word":
            return True
        pending.extend(children(node))
    return False


def _wide_symbol(number: int) -> int:
    """The code point of the `number`th non-word class in UTF-8 mode (surrogates skipped)."""
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


def _written(tree: Node, atom_symbols: list[set[int]], atoms: dict[int, int], top: int) -> str:
    """The tree in RE2's syntax over the classes' symbols (no flag, no `.`, no `\\p`)."""
    out: list[str] = []
    pending: list[Node | str] = [tree]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, Chars):
            out.append(_class_text(atom_symbols[atoms[id(item)]], top))
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


def _symbols(alphabet: Alphabet) -> tuple[list[int], bool]:
    """Each class's symbol, and whether they are Latin-1 bytes (else code points)."""
    keys = alphabet.keys
    others = [number for number, key in enumerate(keys) if not key[1] and not key[2]]
    latin1 = len(others) <= len(_OTHER_BYTES)  # word classes: 63 at most, one a character
    symbol = [0] * len(keys)
    words = iter(_WORD_BYTES)
    for number, (_, word, newline) in enumerate(keys):
        if newline:
            symbol[number] = NEWLINE
        elif word:
            symbol[number] = next(words)
    for order, number in enumerate(others):
        symbol[number] = _OTHER_BYTES[order] if latin1 else _wide_symbol(order)
    return symbol, latin1


def accelerated(
    tree: Node, alphabet: Alphabet, atoms: dict[int, int], *, sticky: bool
) -> Callable[[Sequence[int]], bool] | None:
    """What matches `tree` (re2js's reading) in a text of class numbers on google-re2; None
    where google-re2 isn't installed or can't answer exactly."""
    library = installed()
    if library is None:
        return None
    symbol, latin1 = _symbols(alphabet)
    if not latin1 and _has_not_word(tree):
        return None
    atom_symbols: list[set[int]] = [set() for _ in atoms]
    for number, (holding, _, _) in enumerate(alphabet.keys):
        for atom in holding:
            atom_symbols[atom].add(symbol[number])
    written = _written(tree, atom_symbols, atoms, 0xFF if latin1 else 0x10FFFF)
    options = library.Options()
    options.log_errors = False
    options.max_mem = MAX_MEMORY
    if latin1:
        options.encoding = library.Options.Encoding.LATIN1
        pattern = written.encode("latin-1")
    else:
        pattern = written.encode("utf-8")
    try:
        compiled = library.compile(pattern, options)
    except library.error:
        return None
    find = compiled.match if sticky else compiled.search
    if latin1:  # at most 256 classes, each a byte: the text's class numbers are bytes
        table = bytes(symbol[number] if number < len(symbol) else 0 for number in range(256))

        def encoded(classes: Sequence[int]) -> bytes:
            return bytes(classes).translate(table)

    else:

        def encoded(classes: Sequence[int]) -> bytes:
            return "".join(chr(symbol[number]) for number in classes).encode("utf-8")

    return lambda classes: find(encoded(classes)) is not None
