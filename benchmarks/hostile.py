"""How the work on hostile inputs grows: scaling ratios in one run, never a pass or fail.

- "did you mean": N unknown words, each close to every one of N names (the worst case: every
  pair is compared in full), with `Suggestions` against difflib over every name (what it was);
- a block file of N NaN (one problem each, each placed by line and column), read at N and
  10 N: linear work reads 10 N in about ten times the time;
- the report of those N problems, which shows 50 and counts the rest;
- the hosted profile's patterns (RE2) built to be slow, each on values of N and 10 N
  characters: every check ends within its time limit;
- many values against one hosted pattern (6 blocks x 60 values of 30,000 characters), checked
  twice: the same report both times (matches are counted, not timed), in well under a second;
- single matches at the edge of one match's share (200 million steps x characters), on texts
  that never match and make a DFA grow on every character: the slowest a check's match gets.

Each hosted row runs on our own matcher (pure Python) and on google-re2 (where installed),
side by side, with the same outcomes.

    python benchmarks/hostile.py            # N = 500 words, 25,000 NaN: a few minutes
    python benchmarks/hostile.py --smoke    # small sizes: seconds
    python benchmarks/hostile.py --only hosted   # the hosted rows alone
"""

from __future__ import annotations

import argparse
import difflib
import gc
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Literal

from hatch_kindgi.blocks.json_reader import read_json_object
from hatch_kindgi.engines.re2.tenant import matched_on
from hatch_kindgi.report.formats import format_text
from hatch_kindgi.report.suggest import Suggestions


def _best(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def _difflib_hints(words: list[str], names: list[str]) -> int:
    """What did_you_mean did before: difflib over every name, for every word."""
    return sum(
        bool(difflib.get_close_matches(word, sorted(set(names)), n=1, cutoff=0.6)) for word in words
    )


def _suggestion_hints(words: list[str], names: list[str]) -> int:
    suggestions = Suggestions(names)
    return sum(bool(suggestions.hint(word)) for word in words)


def _nan_file(count: int) -> bytes:
    return b'{"v": [\n' + b",\n".join(b"NaN" for _ in range(count)) + b"\n]}"


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="small sizes, one repeat")
    parser.add_argument("--only", choices=["hosted"], help="run the hosted rows alone")
    args = parser.parse_args()
    if args.only == "hosted":
        hosted_patterns((10_000, 100_000) if args.smoke else (100_000, 1_000_000), 1)
        hosted_many_values()
        hosted_edge(args.smoke)
        return
    words_n, nan_n, repeats = (100, 2_500, 1) if args.smoke else (500, 25_000, 3)

    names = [f"param_{n:05d}" for n in range(words_n)]
    words = [f"parm_{n:05d}" for n in range(words_n)]
    old = _best(lambda: _difflib_hints(words, names), repeats)
    new = _best(lambda: _suggestion_hints(words, names), repeats)
    print(f"did you mean, {words_n:,} words x {words_n:,} names:")
    print(f"  difflib over every name {old:.2f} s, Suggestions {new:.3f} s ({old / new:.0f}x)")
    many = words_n * 10
    names = [f"param_{n:05d}" for n in range(many)]
    words = [f"parm_{n:05d}" for n in range(many)]
    bigger = _best(lambda: _suggestion_hints(words, names), 1)
    print(f"  Suggestions at {many:,} x {many:,}: {bigger:.2f} s ({bigger / new:.0f}x)")

    small_file, large_file = _nan_file(nan_n), _nan_file(nan_n * 10)
    small = _best(lambda: read_json_object("n.json", small_file), repeats)
    large = _best(lambda: read_json_object("n.json", large_file), 1)
    print(f"block of NaN: {nan_n:,} read in {small:.2f} s, {nan_n * 10:,} in {large:.2f} s")
    print(f"  time(10 N) / time(N) = {large / small:.1f} (linear work: about 10)")
    problems = read_json_object("n.json", large_file).problems
    report = _best(lambda: format_text(problems), 1)
    print(f"  the report of {len(problems):,} problems: {report:.2f} s, ", end="")
    print(f"{len(format_text(problems)):,} characters")
    hosted_patterns((10_000, 100_000) if args.smoke else (100_000, 1_000_000), 1)
    hosted_many_values()
    hosted_edge(args.smoke)


# --- the hosted profile's patterns: RE2, whatever the pattern and the value ------------------


def _matchers() -> list[Literal["python", "google-re2"]]:
    """Our own matcher, and google-re2 where it is installed."""
    from hatch_kindgi.engines.re2.accelerator import installed

    return ["python", "google-re2"] if installed() is not None else ["python"]


HOSTILE_PATTERNS = (
    "\\p{L}{1,1000}",
    "(?:\\p{L}{1,1000}|\\p{N}{1,1000})+y",
    "(?:a|b)*a(?:a|b){999}",
    "(x+x+)+y",
    "^(a|a)*$",
    "^(?:[\\p{L}\\p{N}]{1,1000})+$",
    "(?:(?:a|b|c|d|e|f|g|h){10}){100}",
    "a{1000}" * 146,
)
"""Patterns built to make a matcher slow: exponential on a backtracker, a DFA blow-up, the
largest program 1,024 characters spell (146,000 steps)."""


def hosted_patterns(sizes: tuple[int, int], repeats: int) -> None:
    """Each hostile pattern's hosted check of a settings value of N and 10 N characters (the
    whole SchemaChecks: compile, then values), the longest of four values each, on each
    matcher: a match ends within the check's time limit, or is a problem saying why, never a
    hang."""
    from hatch_kindgi.blocks.settings import SchemaChecks
    from hatch_kindgi.engines.bounds import HOSTED_BOUNDS

    print("hosted patterns (seconds for N and 10 N characters; the worst of 4 values):")
    for pattern in HOSTILE_PATTERNS:
        schema = {"type": "object", "properties": {"v": {"type": "string", "pattern": pattern}}}
        print(f"  {pattern[:40]!r}")
        for matcher in _matchers():
            row = []
            with matched_on(matcher):
                for size in sizes:
                    values = ["a" * size, "ab" * (size // 2), "é" * size, "x" * (size - 1) + "y"]
                    worst = 0.0
                    outcomes: set[str] = set()
                    for value in values:
                        checks = SchemaChecks(HOSTED_BOUNDS)  # nothing kept from the last value
                        check = partial(checks.value_problems, "b.json", {"v": value}, schema)
                        took = _best(check, repeats)
                        problems = checks.value_problems("b.json", {"v": value}, schema)
                        code = problems[0].code.replace("settings-", "") if problems else "taken"
                        outcomes.add(code)
                        worst = max(worst, took)
                    row.append(f"{size:,}: {worst:.2f} s ({', '.join(sorted(outcomes))})")
            print(f"    {matcher:11} " + ", ".join(row))


MANY_VALUES_PATTERN = "^[a-z]{1,1000}(?:-[a-z]{1,1000})*$"
"""2,000 steps: each value of 30,000 characters is 60 million steps x characters at worst."""


def hosted_many_values() -> None:
    """6 blocks x 60 values against one hosted pattern, each value's match past 20 million
    steps x characters (once a child process each: 10 to 20 s, and a report that changed
    from run to run), checked twice on each matcher: the seconds, and whether all the
    reports are the same."""
    from hatch_kindgi.blocks.settings import SchemaChecks
    from hatch_kindgi.engines.bounds import HOSTED_BOUNDS

    item = {"type": "string", "pattern": MANY_VALUES_PATTERN}
    schema = {"type": "object", "properties": {"v": {"type": "array", "items": item}}}
    values = [("a" * 999 + "-") * 30 + f"!{n}" for n in range(60)]
    print(f"hosted, 6 blocks x 60 values of 30,000 characters on {MANY_VALUES_PATTERN!r}:")
    reports = []
    for matcher in _matchers():
        times = []
        with matched_on(matcher):
            for _ in range(2):
                checks = SchemaChecks(HOSTED_BOUNDS)
                start = time.perf_counter()
                problems = [
                    (p.code, p.pointer, p.message)
                    for block in range(6)
                    for p in checks.value_problems(f"b{block}.json", {"v": values}, schema)
                ]
                times.append(time.perf_counter() - start)
                reports.append(problems)
        stopped = sum(code == "settings-pattern-timeout" for code, _, _ in reports[-1])
        print(
            f"  {matcher:11} {times[0]:.2f} s and {times[1]:.2f} s, {len(reports[-1])} problems "
            f"({stopped} checks stopped)"
        )
    print(
        f"  the same report every time, on every matcher: {all(r == reports[0] for r in reports)}"
    )


EDGE_PATTERNS = (
    ("[ab]*a[ab]{999}c", "ab"),
    ("(?:a|b)*a(?:a|b){999}c", "ab"),
    ("a[ab]{200}c", "ab"),
    ("(?:a|b)*a(?:a|b){30}c", "ab"),
    ("(?:(?:a|b|c|d|e|f|g|h){10}){100}", "abcdefghi"),
    ("\\b(?:[a-c]{1,30}\\b\\W){1,30}x", "abc ,"),
    ("a{1000}" * 146, "a"),
)
"""Patterns whose DFA grows on (almost) every character of a random text over the letters
beside them, which none of them matches: each a new set of positions, the worst case of a
lazy DFA (and RE2's, which falls back to its NFA)."""


def hosted_edge(smoke: bool) -> None:
    """One match each of `EDGE_PATTERNS`, on a random text as long as one match's share
    allows (200 million steps x characters; a tenth with --smoke), on each matcher."""
    from hatch_kindgi.engines.budget import PATTERN_TIMEOUT, WORK_PER_SECOND
    from hatch_kindgi.engines.re2.program import compile_program
    from hatch_kindgi.engines.re2.syntax import read

    share = round(PATTERN_TIMEOUT * WORK_PER_SECOND) // (10 if smoke else 1)
    print(f"hosted, one match of {share:,} steps x characters on a random text, never matching:")
    chooser = random.Random(43)
    for pattern, letters in EDGE_PATTERNS:
        tree = read(pattern, "u")
        row = []
        for matcher in _matchers():
            program = compile_program(tree, pattern, accelerate=matcher != "python")
            length = share // program.steps
            text = "".join(chooser.choice(letters) for _ in range(length))
            start = time.perf_counter()
            answer = program.test(text)
            row.append(f"{matcher} {time.perf_counter() - start:.2f} s ({answer})")
        print(f"  {pattern[:36]!r:40} {length:>9,} characters: " + ", ".join(row))


if __name__ == "__main__":
    main()
