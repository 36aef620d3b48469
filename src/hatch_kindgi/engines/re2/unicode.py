"""re2js's Unicode, from its own tables: the `\\p{…}` classes and case folding as the hosted
profile's patterns read them (re2js 2.9.0: Unicode 17, where Node 22.12's V8 has 16).

The tables are data (`unicode.json` beside this module), written from the re2js kindgi-cli
ships by `tests/oracle/re2js_tables.py`; `tests/unit/engines/re2/test_tables.py` holds the file
equal to what that re2js writes, so a kindgi-cli with another re2js fails the tests until the
file is written again. Sets of code points are `Ranges`: sorted, disjoint, non-adjacent
inclusive (lo, hi) pairs.
"""

from __future__ import annotations

import bisect
import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = [
    "MAX_RUNE",
    "Ranges",
    "clean",
    "fold_closure",
    "negate",
    "orbit",
    "unicode_class",
]

MAX_RUNE = 0x10FFFF
_MIN_FOLD = 0x41  # re2js's Unicode.MIN_FOLD and MAX_FOLD: the code points case folding touches
_MAX_FOLD = 0x1E943
_DATA = Path(__file__).with_name("unicode.json")

Ranges = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class _Table:
    ranges: Ranges
    fold: Ranges | None
    negated: bool


@dataclass(frozen=True)
class _Tables:
    version: str
    tables: dict[str, _Table]
    orbit: dict[int, int]
    folding: tuple[int, ...]
    """The code points `orbit` has, sorted."""


def _pairs(flat: list[int]) -> Ranges:
    return tuple(zip(flat[::2], flat[1::2]))


@lru_cache(maxsize=1)
def _tables() -> _Tables:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    tables = {
        name: _Table(
            _pairs(flat),
            None if data["folds"][name] is None else _pairs(data["folds"][name]),
            data["signs"][name] < 0,
        )
        for name, flat in data["tables"].items()
    }
    flat_orbit = data["orbit"]
    orbit = dict(zip(flat_orbit[::2], flat_orbit[1::2]))
    return _Tables(data["re2js"], tables, orbit, tuple(sorted(orbit)))


def re2js_version() -> str:
    """The version of the re2js the tables were written from."""
    return _tables().version


def clean(ranges: list[tuple[int, int]] | Ranges) -> Ranges:
    """`ranges` sorted and merged (`CharClass.cleanClass`)."""
    merged: list[list[int]] = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    return tuple((lo, hi) for lo, hi in merged)


def negate(ranges: Ranges) -> Ranges:
    """Every code point `ranges` (clean) leaves out."""
    out: list[tuple[int, int]] = []
    next_low = 0
    for lo, hi in ranges:
        if next_low < lo:
            out.append((next_low, lo - 1))
        next_low = hi + 1
    if next_low <= MAX_RUNE:
        out.append((next_low, MAX_RUNE))
    return tuple(out)


def _simple_fold(point: int) -> int:
    """re2js's `Unicode.simpleFold`: the next code point of `point`'s case orbit."""
    folded = _tables().orbit.get(point)
    if folded is not None:
        return folded
    if 0x41 <= point <= 0x5A:
        return point + 0x20
    if 0x61 <= point <= 0x7A:
        return point - 0x20
    return point


def orbit(point: int) -> tuple[int, ...]:
    """`point` and every code point simple case folding makes it equal to."""
    found = [point]
    folded = _simple_fold(point)
    while folded != point:
        found.append(folded)
        folded = _simple_fold(folded)
    return tuple(found)


def fold_closure(ranges: Ranges) -> Ranges:
    """`ranges` with every case orbit of theirs (`CharClass.appendFoldedRange` on each)."""
    added: list[tuple[int, int]] = list(ranges)
    folding = _tables().folding
    for lo, hi in ranges:
        if (lo <= _MIN_FOLD and hi >= _MAX_FOLD) or hi < _MIN_FOLD or lo > _MAX_FOLD:
            continue
        low, high = max(lo, _MIN_FOLD), min(hi, _MAX_FOLD)
        # ASCII letters fold by their case, every other code point only through the table
        for point in range(low, min(high, 0x7A) + 1):
            added.extend((each, each) for each in orbit(point))
        start = bisect.bisect_left(folding, low)
        for point in folding[start : bisect.bisect_right(folding, high)]:
            added.extend((each, each) for each in orbit(point))
    return clean(added)


def unicode_class(name: str, *, negated: bool, fold: bool) -> Ranges | None:
    """`\\p{name}` (`\\P{name}` when `negated`) as re2js reads it (`parseUnicodeClass`), its
    fold table added under case folding; None for a name re2js doesn't have."""
    table = _tables().tables.get(name)
    if table is None:
        return None
    ranges = table.ranges
    if fold and table.fold is not None:
        ranges = clean([*ranges, *table.fold])
    return negate(ranges) if negated != table.negated else ranges
