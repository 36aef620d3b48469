""" "Did you mean" hints for a misspelt name, from the names that would have been right.

The hint is the name `difflib.get_close_matches` picks (cutoff 0.6), but difflib compares a
word with every name in Python, which grows with words times names: 3,000 unknown variables in a
template with 3,000 parameters took minutes. So the few names whose indel similarity
(`2 * LCS / (len(a) + len(b))`, never less than difflib's ratio, so nothing difflib would pick
is dropped unless more than `_SHORTLIST` names score above it) reaches the cutoff are kept
first, and difflib picks among those: the shortlist rapidfuzz's
`process.extract(scorer=fuzz.ratio, limit=8)` gave (ties in name order), without a compiled
dependency.

The longest common subsequence is Hyyrö's bit-parallel one, run for every name at once: the
names are laid side by side in one integer, each in a field of whole bytes with a spare bit
above it (so a carry never crosses into the next name), one bit a character, and the word's
characters are the steps: a handful of operations on that integer per character of the word,
whatever the number of names. The names are banded by how many bytes they need, and within a
band ordered by length: a band or a length that cannot reach the cutoff is skipped (the indel
similarity is at most `2 * min(la, lb) / (la + lb)`), and the ones left give each name's LCS,
counted per field by adding bits in parallel. Only the names that reach the cutoff, best first,
are looked at one by one, and only until `_SHORTLIST` are found. A name too long for a band
(over `_LONGEST` characters) is compared on its own (`_similarities`, which also walks the
sorted names so that a prefix two of them share is computed once). A band keeps a mask (one
bit a name's character) for each of the characters its names use most, not for every one of
thousands: memory stays linear in the names' characters. The work is bounded besides: no hint
among more than `MAX_CANDIDATES` names, and none for more than `MAX_WORDS` different words of
one set of names.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache

MAX_CANDIDATES = 5_000
"""Most names a hint is chosen among; past it, a guess is noise and costs too much."""

MAX_WORDS = 5_000
"""Most different words one `Suggestions` gives a hint for (the first ones asked)."""

_CUTOFF = 0.6
_SHORTLIST = 8
_KEPT = 64
"""The characters whose masks a band keeps, whatever their count (an alphabet's worth)."""
_LONGEST = 247
"""The longest name a band holds: its field of 31 bytes counts up to 8 x 31 = 248 bits, all
below 256, so no byte's count carries into the next."""


class Suggestions:
    """Hints for words misspelling one of `choices`; each word's hint is worked out once.

    `choices` is read on the first hint asked for, so making one costs nothing where no
    word needs a hint.
    """

    def __init__(self, choices: Iterable[str]) -> None:
        self._choices = choices
        self._names: _Names | None = None
        self._hints: dict[str, str] = {}

    def hint(self, word: str) -> str:
        """`; did you mean "x"?` for the closest choice, or "" when none is close."""
        close = self.closest(word)
        return f'; did you mean "{close}"?' if close else ""

    def offer(self, word: str) -> tuple[str, tuple[str, str] | None]:
        """`hint(word)`, and `(word, choice)` for the choice it names (None when none)."""
        close = self.closest(word)
        if close is None:
            return "", None
        return f'; did you mean "{close}"?', (word, close)

    def closest(self, word: str) -> str | None:
        """The closest choice, the one `hint` names; None when none is close."""
        hint = self._hints.get(word)
        if hint is None:
            hint = "" if len(self._hints) >= MAX_WORDS else self._closest(word)
            if len(self._hints) < MAX_WORDS:
                self._hints[word] = hint
        return hint or None

    def _closest(self, word: str) -> str:
        if self._names is None:
            names = sorted(set(self._choices))
            self._names = _Names(names if len(names) <= MAX_CANDIDATES else [])
        if not self._names.names:
            return ""
        import difflib  # with the first hint asked for: a clean run asks for none

        close = difflib.get_close_matches(word, self._names.shortlist(word), n=1, cutoff=_CUTOFF)
        return close[0] if close else ""


_Level = list[tuple[bytes, int, Sequence[int]]]
"""The names of one score: for each length, its names' counts, the count that scores it, and
the names' indices (position `i` of the counts is name `indices[i]`)."""


class _Names:
    """The sorted names, in bands of one field width (and a list of those too long for one)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.shared = _shared_prefixes(names)
        by_width: dict[int, list[int]] = {}
        self.long: list[int] = []
        for index, name in enumerate(names):
            if len(name) > _LONGEST:
                self.long.append(index)
            else:
                by_width.setdefault(len(name) // 8 + 1, []).append(index)
        self.bands = [_Band(width, names, indices) for width, indices in by_width.items()]

    def shortlist(self, word: str) -> list[str]:
        """The `_SHORTLIST` names most similar to `word` reaching the cutoff, the most
        similar first, ties in name order."""
        levels: dict[float, _Level] = {}
        for band in self.bands:
            band.add_levels(word, levels)
        if self.long:
            for score, index in _similarities(word, self.names, self.shared, self.long):
                if score >= _CUTOFF - 1e-8:
                    levels.setdefault(score, []).append((b"\0", 0, (index,)))
        chosen: list[int] = []
        for score in sorted(levels, reverse=True):
            wanted = _SHORTLIST - len(chosen)
            found: list[int] = []
            for counts, count, indices in levels[score]:
                at = counts.find(count)
                for _ in range(wanted):
                    if at < 0:
                        break
                    found.append(indices[at])
                    at = counts.find(count, at + 1)
            chosen += sorted(found)[:wanted]
            if len(chosen) == _SHORTLIST:
                break
        return [self.names[index] for index in chosen]


class _Band:
    """Names of `8 * width - 1` characters at most, each in a field of `width` bytes, ordered by
    length (then name): bit `p` of a name's field stands for its character `p`."""

    def __init__(self, width: int, names: Sequence[str], indices: Iterable[int]) -> None:
        self.width = width
        self.indices = sorted(indices, key=lambda index: (len(names[index]), index))
        self.size = width * len(self.indices)
        self.lengths: list[tuple[int, int, int]] = []
        """(length, first, end): the fields `first` to `end` hold the names of `length`."""
        positions: dict[str, list[int]] = {}
        for field, index in enumerate(self.indices):
            name = names[index]
            if not self.lengths or self.lengths[-1][0] != len(name):
                self.lengths.append((len(name), field, field))
            length, first, _ = self.lengths[-1]
            self.lengths[-1] = (length, first, field + 1)
            for position, char in enumerate(name, start=field * width * 8):
                positions.setdefault(char, []).append(position)
        # A character's mask is the band's size whatever its count: kept for the `_KEPT` most
        # frequent and any other found once in 8 bytes of the band or more (so at most `_KEPT`
        # masks and 8 bytes a character of the names, however many different characters they
        # use); a rarer one's mask is made again for each word that has it.
        self.masks: dict[str, int] = {}
        self.rare: dict[str, list[int]] = {}
        by_count = sorted(positions.items(), key=lambda item: -len(item[1]))
        for rank, (char, spots) in enumerate(by_count):
            if rank < _KEPT or len(spots) * 8 >= self.size:
                self.masks[char] = _mask(spots, self.size)
            else:
                self.rare[char] = spots
        self.full = _mask((p for spots in positions.values() for p in spots), self.size)
        self.odd, self.pairs, self.nibbles = (
            int.from_bytes(bytes([byte]) * self.size, "little") for byte in (0x55, 0x33, 0x0F)
        )

    def add_levels(self, word: str, levels: dict[float, _Level]) -> None:
        """Add to `levels` the names of this band reaching the cutoff, by score."""
        size = len(word)
        reachable = [
            (length, first, end, length - least)
            for length, first, end in self.lengths
            if (least := _least_common(size, length)) >= 0
        ]
        if not reachable:
            return
        counts = self._unmatched(word).to_bytes(self.size, "little")[:: self.width]
        for length, first, end, most in reachable:
            part = counts[first:end]
            indices = self.indices[first:end]
            for count in range(most + 1):
                if count in part:
                    score = _similarity(size, length, length - count)
                    levels.setdefault(score, []).append((part, count, indices))

    def _unmatched(self, word: str) -> int:
        """Each name's characters outside its LCS with `word`, in the low byte of its field."""
        full, vector = self.full, self.full
        made: dict[str, int] = {}
        for char in word:
            mask = self.masks.get(char) or made.get(char)
            if mask is None:
                spots = self.rare.get(char)
                if spots is None:
                    continue
                mask = made[char] = _mask(spots, self.size)
            matched = vector & mask
            vector = ((vector + matched) | (vector - matched)) & full
        # The ones in each byte, then the bytes of each field added into its first.
        bits = vector - ((vector >> 1) & self.odd)
        bits = (bits & self.pairs) + ((bits >> 2) & self.pairs)
        bits = (bits + (bits >> 4)) & self.nibbles
        total, offset, span, left = 0, 0, 1, self.width
        while True:
            if left & 1:
                total += bits >> (8 * offset)
                offset += span
            left >>= 1
            if not left:
                return total
            bits += bits >> (8 * span)
            span *= 2


def _mask(positions: Iterable[int], size: int) -> int:
    """An integer of `size` bytes with the bits at `positions` set."""
    bits = bytearray(size)
    for position in positions:
        bits[position >> 3] |= 1 << (position & 7)
    return int.from_bytes(bits, "little")


@lru_cache(maxsize=4096)
def _least_common(size: int, length: int) -> int:
    """The least LCS with which a name of `length` reaches the cutoff for a word of `size`
    (-1 when none can), by the score `_similarity` gives it, tolerance included."""
    for common in range(min(size, length) + 1):
        if _similarity(size, length, common) >= _CUTOFF - 1e-8:
            return common
    return -1


def _similarity(size: int, length: int, common: int) -> float:
    """The indel similarity of two strings of `size` and `length` with an LCS of `common`."""
    total = size + length
    return 1.0 - (total - 2 * common) / total if total else 1.0


def _shared_prefixes(names: Sequence[str]) -> list[int]:
    """For each name, how many leading characters it shares with the one before it."""
    shared = [0]
    for previous, name in itertools.pairwise(names):
        count = 0
        for a, b in zip(previous, name):
            if a != b:
                break
            count += 1
        shared.append(count)
    return shared


def _similarities(
    word: str, names: Sequence[str], shared: Sequence[int], indices: Iterable[int]
) -> Iterator[tuple[float, int]]:
    """`(similarity, i)` for each `i` of `indices` (ascending): `names[i]`'s indel similarity
    to `word`, one name at a time.

    `V` is Hyyrö's bit vector after a prefix of the name (a 0 bit per LCS step): the vectors of
    the current name's prefixes are kept, so the next name starts from the prefix it shares
    with the one before it (the least `shared` between them, the names being sorted).
    """
    masks: dict[str, int] = {}
    for position, char in enumerate(word):
        masks[char] = masks.get(char, 0) | (1 << position)
    full = (1 << len(word)) - 1
    vectors = [full]
    previous = -1
    for index in indices:
        common = shared[index] if index == previous + 1 else min(shared[previous + 1 : index + 1])
        previous = index
        name = names[index]
        del vectors[common + 1 :]
        vector = vectors[-1]
        for char in name[common:]:
            matched = vector & masks.get(char, 0)
            vector = ((vector + matched) | (vector - matched)) & full
            vectors.append(vector)
        yield _similarity(len(word), len(name), len(word) - bin(vector).count("1")), index


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`; did you mean "x"?` for the closest of `choices`, or "" when none is close."""
    return Suggestions(choices).hint(word)


def offer(word: str, choices: Iterable[str]) -> tuple[str, tuple[str, str] | None]:
    """`did_you_mean(word, choices)`, with the fix it proposes as data: `(word, choice)`,
    which an editor offers to apply (None when no choice is close)."""
    return Suggestions(choices).offer(word)
