""" "Did you mean" hints for a misspelt name, from the names that would have been right.

The hint is the name `difflib.get_close_matches` picks (cutoff 0.6), but difflib compares a
word with every name in Python, which grows with words times names: 3,000 unknown variables in a
template with 3,000 parameters took minutes. rapidfuzz (C++) first keeps the few names whose
indel similarity reaches the cutoff (never less than difflib's ratio, so nothing difflib would
pick is dropped unless more than `_SHORTLIST` names score above it), and difflib picks among
those. The work is bounded besides: no hint among more than `MAX_CANDIDATES` names, and none
for more than `MAX_WORDS` different words of one set of names.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

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
        if not self._sorted:
            return ""
        from rapidfuzz import fuzz, process  # loaded with the first hint a run gives

        shortlist = process.extract(
            word,
            self._sorted,
            scorer=fuzz.ratio,
            processor=None,
            score_cutoff=_CUTOFF * 100 - 1e-6,
            limit=_SHORTLIST,
        )
        # Order doesn't matter: difflib breaks ties by name.
        names = [name for name, _, _ in shortlist]
        close = difflib.get_close_matches(word, names, n=1, cutoff=_CUTOFF)
        return close[0] if close else ""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`; did you mean "x"?` for the closest of `choices`, or "" when none is close."""
    return Suggestions(choices).hint(word)


def offer(word: str, choices: Iterable[str]) -> tuple[str, tuple[str, str] | None]:
    """`did_you_mean(word, choices)`, with the fix it proposes as data: `(word, choice)`,
    which an editor offers to apply (None when no choice is close)."""
    return Suggestions(choices).offer(word)
