""" "Did you mean" hints for a misspelt name, from the names that would have been right.

The hint is the name `difflib.get_close_matches` picks (cutoff 0.6), but difflib compares a
word with every name in Python, which grows with words times names: 3,000 unknown variables in a
template with 3,000 parameters took minutes. So the few names whose indel similarity
(`2 * LCS / (len(a) + len(b))`, never less than difflib's ratio, so nothing difflib would pick
is dropped unless more than `_SHORTLIST` names score above it) reaches the cutoff are kept
first, and difflib picks among those. The similarity is a bit-parallel longest common
subsequence (Hyyrö's), walked along the sorted names so that a prefix two names share is
computed once: the shortlist rapidfuzz's `process.extract(scorer=fuzz.ratio, limit=8)` gave
(ties in name order), without a compiled dependency. The work is bounded besides: no hint
among more than `MAX_CANDIDATES` names, and none for more than `MAX_WORDS` different words of
one set of names.
"""

from __future__ import annotations

import difflib
import heapq
from collections.abc import Iterable, Iterator, Sequence

MAX_CANDIDATES = 5_000
"""Most names a hint is chosen among; past it, a guess is noise and costs too much."""

MAX_WORDS = 5_000
"""Most different words one `Suggestions` gives a hint for (the first ones asked)."""

_CUTOFF = 0.6
_SHORTLIST = 8


class Suggestions:
    """Hints for words misspelling one of `choices`; each word's hint is worked out once.

    `choices` is read on the first hint asked for, so making one costs nothing where no
    word needs a hint.
    """

    def __init__(self, choices: Iterable[str]) -> None:
        self._choices = choices
        self._sorted: list[str] | None = None
        self._shared: list[int] = []
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
        if self._sorted is None:
            names = sorted(set(self._choices))
            self._sorted = names if len(names) <= MAX_CANDIDATES else []
            self._shared = _shared_prefixes(self._sorted)
        if not self._sorted:
            return ""
        scored = zip(_similarities(word, self._sorted, self._shared), self._sorted)
        kept = ((score, name) for score, name in scored if score >= _CUTOFF - 1e-8)
        # The highest first, ties in name order (nlargest is stable); difflib breaks its own.
        shortlist = heapq.nlargest(_SHORTLIST, kept, key=lambda pair: pair[0])
        close = difflib.get_close_matches(word, [n for _, n in shortlist], n=1, cutoff=_CUTOFF)
        return close[0] if close else ""


def _shared_prefixes(names: Sequence[str]) -> list[int]:
    """For each name, how many leading characters it shares with the one before it."""
    shared = [0]
    for previous, name in zip(names, names[1:]):
        count = 0
        for a, b in zip(previous, name):
            if a != b:
                break
            count += 1
        shared.append(count)
    return shared


def _similarities(word: str, names: Sequence[str], shared: Sequence[int]) -> Iterator[float]:
    """Each name's indel similarity to `word`, `1 - (len sum - 2 LCS) / len sum`, in order.

    `V` is Hyyrö's bit vector after a prefix of the name (a 0 bit per LCS step): the vectors of
    the current name's prefixes are kept, so the next name starts from the prefix it shares.
    """
    masks: dict[str, int] = {}
    for position, char in enumerate(word):
        masks[char] = masks.get(char, 0) | (1 << position)
    full = (1 << len(word)) - 1
    vectors = [full]
    for name, common in zip(names, shared):
        del vectors[common + 1 :]
        vector = vectors[-1]
        for char in name[common:]:
            matched = vector & masks.get(char, 0)
            vector = ((vector + matched) | (vector - matched)) & full
            vectors.append(vector)
        total = len(word) + len(name)
        if not total:
            yield 1.0
            continue
        common_length = len(word) - bin(vector).count("1")
        yield 1.0 - (total - 2 * common_length) / total


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`; did you mean "x"?` for the closest of `choices`, or "" when none is close."""
    return Suggestions(choices).hint(word)


def offer(word: str, choices: Iterable[str]) -> tuple[str, tuple[str, str] | None]:
    """`did_you_mean(word, choices)`, with the fix it proposes as data: `(word, choice)`,
    which an editor offers to apply (None when no choice is close)."""
    return Suggestions(choices).offer(word)
