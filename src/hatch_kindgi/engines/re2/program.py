"""A pattern's re2js reading (`engines.re2.syntax`) matched in time linear in the text: by our
own matcher, in pure Python (`engines.re2.automaton`), or by google-re2 where it is installed
and can answer exactly (`engines.re2.accelerator`, the `re2` extra). The answers are the same,
and so is the work a match is charged: a pack gets the same report either way.

RE2 is linear in the text, but the factor is the program's size: a pattern of 1,024
characters can spell 140,000 steps (`a{1000}` side by side), and RE2's DFA, out of memory on
such a program, falls back to a search whose work is the steps times the text's characters
(minutes on a megabyte; re2js's too, which has no DFA). So every match is counted, not
timed (`engines.budget.counted_match`): its worst case, the steps times the text's classes,
runs in this process when it fits one match's share and what the check has left, and is a
problem (`Re2Timeout`) without being run when it doesn't (a pattern whose every match starts
at the text's start and has a most length counts only the characters it can reach: `^[a-z]{1,
1000}$` on a megabyte is two million, not a thousand million). The same values give the same
report on every run, every machine, with google-re2 and without, and no match needs a process
of its own.

The tests hold every answer to re2js's through the runtime's `compileTenantPattern`
(`tests/unit/engines/re2/`), with google-re2 and without, and the two matchers to each other.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextvars import ContextVar

from hatch_kindgi.engines.budget import PatternTimeout, counted_match
from hatch_kindgi.engines.re2.accelerator import accelerated
from hatch_kindgi.engines.re2.alphabet import Alphabet
from hatch_kindgi.engines.re2.automaton import Automaton
from hatch_kindgi.engines.re2.syntax import (
    Alternate,
    Assertion,
    Chars,
    Concat,
    Node,
    Repeat,
    children,
)

__all__ = ["ACCELERATE", "Program", "Re2Timeout", "compile_program"]

ACCELERATE: ContextVar[bool] = ContextVar("ACCELERATE", default=True)
"""Whether google-re2 matches where it is installed and exact (`engines.re2.tenant.matched_on`
sets it, for the tests and the benchmarks that hold the two matchers side by side)."""


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


def _atoms(tree: Node) -> Iterator[Chars]:
    """The character sets of `tree`, each node once."""
    pending = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Chars):
            yield node
        pending.extend(children(node))


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
        matcher: Callable[[Sequence[int]], bool],
        alphabet: Alphabet,
        steps: int,
        reach: int | None,
        engine: str,
    ) -> None:
        self.source = source
        self._matcher = matcher
        self._alphabet = alphabet
        self.steps = steps
        self.reach = reach
        self.engine = engine
        """Which matcher answers: "python" (ours) or "google-re2"."""

    def test(self, text: str) -> bool:
        """Whether it matches in `text`; raises Re2Timeout, without matching, when its work
        passes one match's share or what the check has left (`engines.budget`)."""
        classes = self._alphabet.classes(text)
        work = _work(self.steps, self.reach, len(classes))

        def refused(work: int, limit: int, in_all: bool) -> Re2Timeout:
            return Re2Timeout(self.source, text, work, limit, in_all)

        return counted_match(work, lambda: self._matcher(classes), refused)


def compile_program(
    tree: Node, source: str, *, sticky: bool = False, accelerate: bool | None = None
) -> Program:
    """`tree` (re2js's reading of `source`) made ready to match: on google-re2 where it is
    installed and exact for it (unless not `accelerate`, by default `ACCELERATE`), else on
    our own automaton. Raises `automaton.TooLargeToCheck` for a pattern whose automaton
    would be too large to build, with google-re2 or without."""
    if accelerate is None:
        accelerate = ACCELERATE.get()
    nodes = list(_atoms(tree))
    atoms = {id(node): number for number, node in enumerate(nodes)}
    alphabet = Alphabet([node.ranges for node in nodes])
    longest = _longest(tree)
    reach = longest + 1 if longest is not None and (sticky or _anchored(tree)) else None
    # Ours is built whichever matches: a pattern too large for it is refused either way.
    automaton = Automaton(tree, alphabet, atoms, sticky)
    matcher = accelerated(tree, alphabet, atoms, sticky=sticky) if accelerate else None
    if matcher is not None:
        return Program(source, matcher, alphabet, _steps(tree), reach, "google-re2")
    return Program(source, automaton.test, alphabet, _steps(tree), reach, "python")
