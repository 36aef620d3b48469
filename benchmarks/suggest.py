""" "Did you mean" at its bound: MAX_WORDS words against MAX_CANDIDATES names, seconds.

Three sets of 5,000 names and 5,000 words (seeded):
- *realistic*: snake_case variable names of one to four common words, the words asked for
  misspellings of them (a letter dropped, doubled, swapped or changed) and names that are not
  there (other combinations of the same words);
- *same letters*: every name and word a shuffle of the same twelve letters (hostile: the bounds
  on length and letters drop none, every pair is compared in full);
- *numbered*: `parm_00042` against `param_00000` to `param_04999` (`hostile.py`'s case).

Each is timed through `Suggestions` (the hints a check gives) and, in the same run, through
the path before the bands (each name's LCS on its own, `suggest._similarities` over every name,
as `report/suggest.py` did up to 2026-12-02): the two give the same hints, which the run
checks. Run against an older checkout (`PYTHONPATH=../main/src`), it times that one's
`Suggestions` alone.

    python benchmarks/suggest.py              # the three sets, 5,000 x 5,000: about a minute
    python benchmarks/suggest.py --size 500   # smaller (--json FILE: also the figures)
"""

from __future__ import annotations

import argparse
import difflib
import gc
import heapq
import json
import os
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from hatch_kindgi.report import suggest
from hatch_kindgi.report.suggest import MAX_CANDIDATES, Suggestions

_WORDS = (
    "user account id name first last full email address street city zip code country phone "
    "order item items price total sub tax discount amount count number index key value values "
    "date time start end created updated deleted at by is has enabled active status state type "
    "kind mode level max min limit offset page size length width height color label title text "
    "body message error warning info debug log path file dir url host port token secret session "
    "cache ttl retry timeout delay interval rate score rank weight product customer invoice "
    "payment method card currency locale language region zone tag tags group role permission "
    "owner parent child node tree list map set queue stack buffer stream input output source "
    "target result response request header query param params config settings option flag"
)
VOCABULARY = tuple(_WORDS.split())


def realistic(size: int, seed: int = 7) -> tuple[list[str], list[str]]:
    """`size` snake_case names and `size` different words: 3 in 5 a name misspelt."""
    rng = random.Random(seed)
    names: set[str] = set()
    while len(names) < size:
        names.add("_".join(rng.sample(VOCABULARY, rng.choice((1, 2, 2, 3, 3, 4)))))
    ordered = sorted(names)
    words: set[str] = set()
    while len(words) < size:
        if rng.random() < 0.6:
            word = _misspelt(rng.choice(ordered), rng)
        else:
            word = "_".join(rng.sample(VOCABULARY, rng.choice((1, 2, 3, 4))))
        if word not in names:
            words.add(word)
    return ordered, sorted(words, key=lambda _: rng.random())


def _misspelt(name: str, rng: random.Random) -> str:
    at = rng.randrange(len(name))
    how = rng.randrange(4)
    if how == 0:
        return name[:at] + name[at + 1 :]
    if how == 1:
        return name[:at] + name[at] + name[at:]
    if how == 2 and at + 1 < len(name):
        return name[:at] + name[at + 1] + name[at] + name[at + 2 :]
    return name[:at] + rng.choice("aeiourstln") + name[at + 1 :]


def same_letters(size: int, seed: int = 7) -> tuple[list[str], list[str]]:
    """`size` names and `size` other words, each a shuffle of the same twelve letters."""
    rng = random.Random(seed)
    letters = list("abcdefghijkl")
    seen: set[str] = set()
    while len(seen) < 2 * size:
        rng.shuffle(letters)
        seen.add("".join(letters))
    ordered = sorted(seen, key=lambda _: rng.random())
    return ordered[:size], ordered[size:]


def numbered(size: int) -> tuple[list[str], list[str]]:
    """`hostile.py`'s case: each word close to every name."""
    return [f"param_{n:05d}" for n in range(size)], [f"parm_{n:05d}" for n in range(size)]


def _hints(words: list[str], names: list[str]) -> list[str | None]:
    suggestions = Suggestions(names)
    return [suggestions.closest(word) for word in words]


def _one_by_one(words: list[str], names: list[str]) -> list[str | None]:
    """The path before the bands: each name's LCS on its own, a shared prefix once."""
    shared = suggest._shared_prefixes(names)
    hints: list[str | None] = []
    for word in words:
        scored = suggest._similarities(word, names, shared, range(len(names)))
        kept = [(score, index) for score, index in scored if score >= 0.6 - 1e-8]
        top = heapq.nlargest(8, kept, key=lambda pair: pair[0])
        close = difflib.get_close_matches(word, [names[i] for _, i in top], n=1, cutoff=0.6)
        hints.append(close[0] if close else None)
    return hints


def _timed(run: Callable[[], list[str | None]]) -> tuple[float, float, list[str | None]]:
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    hints = run()
    return time.perf_counter() - start, time.process_time() - cpu, hints


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=MAX_CANDIDATES, help="names and words")
    parser.add_argument("--no-unfiltered", action="store_true", help="skip the path before")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, dict[str, float | bool]] = {}
    print(f"load average {os.getloadavg()[0]:.1f}; {args.size:,} words x {args.size:,} names")
    for label, (names, words) in (
        ("realistic", realistic(args.size)),
        ("same letters", same_letters(args.size)),
        ("numbered", numbered(args.size)),
    ):
        wall, cpu, hints = _timed(partial(_hints, words, names))
        found = sum(hint is not None for hint in hints)
        line = f"{label:>12}: Suggestions {wall:6.2f} s ({cpu:.2f} s CPU), {found:,} hints"
        figures[label] = {"s": wall, "cpu_s": cpu, "hints": found}
        if hasattr(suggest, "_Band") and not args.no_unfiltered:
            before, _, same = _timed(partial(_one_by_one, words, sorted(set(names))))
            line += f"; one name at a time {before:6.2f} s ({before / wall:.1f}x)"
            line += "" if same == hints else " DIFFERENT HINTS"
            figures[label].update(one_by_one_s=before, same_hints=same == hints)
        print(line)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
