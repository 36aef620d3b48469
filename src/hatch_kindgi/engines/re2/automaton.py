"""A pattern's re2js reading (`engines.re2.syntax`) matched in pure Python, in time linear in
the text: a lazy DFA over the pattern's position automaton, its states sets of positions held
as the bits of one integer.

The automaton is Glushkov's: one position a character set of the pattern with its counts
multiplied out (`a{3}` is three positions), and a match is the positions reached after each
character of the text. Which positions may follow which is a list of rules, each made when
the tree is read: a shift (every position of a mask is followed by the one `k` further on,
what a run of characters or a count gives, however long) or a product (if any position of `S`
is reached, every position of `T` may follow, what the end of a group and a loop give). A step
applies them all to the set reached so far with a few operations on integers, so a step's
cost is the number of rules, not of positions, and the integers' operations run in C.

The empty-width assertions (`^`, `$`, `\\A`, `\\z`, `\\b`, `\\B`) are read at a boundary
between two characters, all of them at once: its context is what the character before it is
(the text's start, `\\n`, a word character, another) and what the character after it is (the
text's end, `\\n`, a word character, another), sixteen contexts in all. A rule passing through
assertions holds in the contexts where they all hold, so each context has its rules, its first
positions, its last ones, and whether the empty match is one there.

Each set reached, with the kind of the character before it, is a state of a DFA built as the
text is read, and a state's step on a class is kept: on a text whose states recur (most, and
every long run of one character), a character costs a list lookup. A DFA that grows past
`MAX_STATES` (or `MAX_STATE_BITS` of sets) is dropped and built again, so memory stays
bounded; one that makes a new state on most characters stops keeping them and applies the
rules to each character in turn, as RE2 falls back from its DFA to its NFA. `test` answers
as re2js's `test`: whether there is a match anywhere (at the start only when `sticky`), never
where.

The work the check is charged for a match is RE2's (`engines.re2.program`): the same report
with google-re2 or without. The tests hold every answer to re2js's (`tests/unit/engines/re2/
test_tenant.py`), and to google-re2's on generated patterns and texts.
"""

from __future__ import annotations

from collections.abc import Sequence

from hatch_kindgi.engines.re2.alphabet import Alphabet
from hatch_kindgi.engines.re2.errors import TooLargeToCheck
from hatch_kindgi.engines.re2.syntax import Alternate, Assertion, Chars, Node, Repeat

__all__ = ["MAX_STATES", "MAX_WRITTEN", "Automaton"]

MAX_STATES = 4096
"""The DFA states kept at once (each with its step on every class) before they are dropped."""
MAX_STATE_BITS = 256 << 20
"""The bits the kept states' sets may take together (32 MiB): a pattern of 146,000 positions
keeps some 1,800 states."""

# The kind of a character on either side of a boundary, and a context's number: before * 4 +
# after.
_EDGE, _NEWLINE, _WORD, _OTHER = 0, 1, 2, 3
_ALL = (1 << 16) - 1
_UNKNOWN, _MATCH, _DEAD = -1, -2, -3
MAX_WRITTEN = 4_000_000
"""The most positions the automaton's sets and rules may hold, written out: past it a pattern
is too large to check (whichever matcher would run it, so the report is the same)."""
_THRASHING = 512
"""New DFA states, past which, if they are made on most characters read, `test` stops making
them (`Automaton._simulated`)."""
_RUN = 16
"""Products tested together behind the union of their sources."""
_SMALL_PRODUCT = 4
"""A product of at most this many pairs is written as shifts, one a pair."""


Positions = list[int]
Sets = dict[int, Positions]
"""Positions by the contexts (a mask of the sixteen) in which they are reached."""
Part = tuple[Sets, Sets, int]
"""What a node gives the automaton: its first positions, its last ones, the contexts in
which it matches the empty text."""


def _holds(kind: str, before: int, after: int) -> bool:
    if kind == "begin_text":
        return before == _EDGE
    if kind == "end_text":
        return after == _EDGE
    if kind == "begin_line":
        return before in {_EDGE, _NEWLINE}
    if kind == "end_line":
        return after in {_EDGE, _NEWLINE}
    at_word = (before == _WORD) != (after == _WORD)
    return at_word if kind == "word" else not at_word


def _contexts(kind: str) -> int:
    """The contexts in which assertion `kind` holds, as a mask."""
    mask = 0
    for before in range(4):
        for after in range(4):
            if _holds(kind, before, after):
                mask |= 1 << (before * 4 + after)
    return mask


_ASSERTION_CONTEXTS = {
    kind: _contexts(kind)
    for kind in ("begin_text", "end_text", "begin_line", "end_line", "word", "not_word")
}


def _characters(node: Node) -> bool:
    """Whether `node` is an alternation of character sets alone."""
    return (
        isinstance(node, Alternate)
        and bool(node.items)
        and all(isinstance(item, Chars) for item in node.items)
    )


def _one_position(node: Node) -> bool:
    """Whether `node` takes one character, a set's or an alternation of sets'."""
    return isinstance(node, Chars) or _characters(node)


def _flattened(node: Repeat) -> Repeat | None:
    """A count of `x?`, `x*` or `x+` (one position) as the one count of `x` matching the same
    texts (`(?:x?){3}` is `x{0,3}`, `(?:x+){2,}` is `x{2,}`), or None: RE2's classic hostile
    pattern written out as a run, not as copies each following all those before."""
    inner = node.item
    if not isinstance(inner, Repeat) or not _one_position(inner.item):
        return None
    if (inner.low, inner.high) == (0, 1):  # x? n to m times: x 0 to m times
        return Repeat(0, node.high, inner.item, counted=True)
    if (inner.low, inner.high) == (0, -1):  # x*
        return Repeat(0, -1, inner.item, counted=True)
    if (inner.low, inner.high) == (1, -1):  # x+ n or more times: x n or more times
        if node.low == 0 and node.high == 0:
            return None
        return Repeat(node.low, -1, inner.item, counted=True)
    return None


def _mask(positions: Sequence[int], size: int) -> int:
    """The integer whose bits are `positions`."""
    if len(positions) == 1:
        return 1 << positions[0]
    bits = bytearray((size >> 3) + 1)
    for position in positions:
        bits[position >> 3] |= 1 << (position & 7)
    return int.from_bytes(bits, "little")


class _Builder:
    """The automaton's positions and rules, made by reading a tree once, its counts
    multiplied out (no recursion: a tree may nest hundreds deep)."""

    def __init__(self) -> None:
        self.atom_of: list[tuple[int, ...]] = []  # each position's character sets, by number
        self.atoms: dict[int, int] = {}  # a Chars node's id: its number
        self.shifts: dict[tuple[int, int], Positions] = {}  # (contexts, k): from where
        self.products: list[tuple[int, Positions, Positions]] = []
        self.written = 0

    def spend(self, entries: int) -> None:
        """Count `entries` more positions written into the automaton's sets and rules."""
        self.written += entries
        if self.written > MAX_WRITTEN:
            raise TooLargeToCheck(
                f"its automaton, its counts multiplied out, would write more than {MAX_WRITTEN:,} "
                "positions (optional groups side by side, each following all those before)"
            )

    def gated(self, sets: Sets, contexts: int) -> Sets:
        """`sets` reached only in `contexts` too."""
        if contexts == _ALL:
            return sets
        gated: Sets = {}
        for held, positions in sets.items():
            both = held & contexts
            if both:
                gated[both] = gated.get(both, []) + positions
                self.spend(len(gated[both]))
        return gated

    def union(self, one: Sets, other: Sets) -> Sets:
        if not one:
            return other
        if not other:
            return one
        merged = dict(one)
        for held, positions in other.items():
            if held in merged:
                merged[held] = merged[held] + positions
                self.spend(len(merged[held]))
            else:
                merged[held] = positions
        return merged

    def follow(self, last: Sets, first: Sets) -> None:
        """Every position of `last` may be followed by every one of `first`."""
        for held, sources in last.items():
            for also, targets in first.items():
                contexts = held & also
                if not contexts:
                    continue
                if len(sources) * len(targets) <= _SMALL_PRODUCT:
                    for source in sources:
                        for target in targets:
                            key = (contexts, target - source)
                            self.shifts.setdefault(key, []).append(source)
                else:
                    self.spend(len(sources) + len(targets))
                    self.products.append((contexts, sources, targets))

    def concat(self, one: Part, other: Part) -> Part:
        first, last, empty = one
        then_first, then_last, then_empty = other
        self.follow(last, then_first)
        return (
            self.union(first, self.gated(then_first, empty)) if empty else first,
            self.union(then_last, self.gated(last, then_empty)) if then_empty else then_last,
            empty & then_empty,
        )

    def loop(self, part: Part) -> None:
        self.follow(part[1], part[0])

    def repeated(self, node: Repeat, copies: list[Part]) -> Part:
        """`node` from its item's `copies`, as RE2 writes a count out: `x{2,}` as `xx+`,
        `x{2,4}` as `xx(x(x)?)?`."""
        if node.high < 0:
            self.loop(copies[-1])
            if node.low == 0:
                first, last, _ = copies[-1]
                return first, last, _ALL
            mandatory, optional = copies, []
        else:
            mandatory, optional = copies[: node.low], copies[node.low :]
        tail: Part | None = None
        for copy in reversed(optional):
            part = copy if tail is None else self.concat(copy, tail)
            tail = (part[0], part[1], _ALL)
        parts = [*mandatory, *([tail] if tail is not None else [])]
        if not parts:
            return {}, {}, _ALL
        whole = parts[0]
        for part in parts[1:]:
            whole = self.concat(whole, part)
        return whole

    def read(self, tree: Node) -> Part:
        results: list[Part] = []
        # ("visit", node) or ("make", node, how many results are its own)
        pending: list[tuple[str, Node, int]] = [("visit", tree, 0)]
        while pending:
            step, node, count = pending.pop()
            if step == "make":
                parts = results[len(results) - count :] if count else []
                del results[len(results) - count :]
                results.append(self.made(node, parts))
                continue
            if isinstance(node, Chars) or _characters(node):
                # One position for a character set, and for an alternation of them (`a|b|c`
                # takes what `[abc]` takes): fewer positions, and shifts for products.
                position = len(self.atom_of)
                items = node.items if isinstance(node, Alternate) else (node,)
                self.atom_of.append(
                    tuple(self.atoms.setdefault(id(item), len(self.atoms)) for item in items)
                )
                only = {_ALL: [position]}
                results.append((only, only, 0))
            elif isinstance(node, Assertion):
                results.append(({}, {}, _ASSERTION_CONTEXTS[node.kind]))
            elif isinstance(node, Repeat) and _one_position(node.item):
                results.append(self.run(node))
            elif isinstance(node, Repeat) and _flattened(node) is not None:
                flat = _flattened(node)
                assert flat is not None
                results.append(self.run(flat))
            elif isinstance(node, Repeat):
                copies = max(node.low, 1) if node.high < 0 else node.high
                pending.append(("make", node, copies))
                pending.extend(("visit", node.item, 0) for _ in range(copies))
            else:
                pending.append(("make", node, len(node.items)))
                pending.extend(("visit", item, 0) for item in reversed(node.items))
        return results[0]

    def run(self, node: Repeat) -> Part:
        """A count of one position (`[a-z]{1,1000}`) at once: a run of positions, each
        followed by the next, without a part a copy (what the copies would give)."""
        item = node.item
        items = item.items if isinstance(item, Alternate) else (item,)
        held = tuple(self.atoms.setdefault(id(each), len(self.atoms)) for each in items)
        copies = max(node.low, 1) if node.high < 0 else node.high
        start = len(self.atom_of)
        self.atom_of.extend([held] * copies)
        empty = _ALL if node.low == 0 else 0
        if not copies:
            return {}, {}, _ALL
        end = start + copies - 1
        if copies > 1:
            self.shifts.setdefault((_ALL, 1), []).extend(range(start, end))
        if node.high < 0:
            self.shifts.setdefault((_ALL, 0), []).append(end)
            return {_ALL: [start]}, {_ALL: [end]}, empty
        return {_ALL: [start]}, {_ALL: list(range(start + max(node.low, 1) - 1, end + 1))}, empty

    def made(self, node: Node, parts: list[Part]) -> Part:
        if isinstance(node, Repeat):
            return self.repeated(node, parts)
        if isinstance(node, Alternate):
            first: Sets = {}
            last: Sets = {}
            empty = 0
            for part in parts:
                first, last = self.union(first, part[0]), self.union(last, part[1])
                empty |= part[2]
            return first, last, empty
        whole: Part = ({}, {}, _ALL)  # Concat
        for part in parts:
            whole = self.concat(whole, part)
        return whole


class _Context:
    """The rules of one context, as integers."""

    def __init__(
        self, shifts: list[tuple[int, int]], products: list[tuple[int, int]], first: int
    ) -> None:
        self.shifts = shifts
        self.ahead = [(k, mask) for k, mask in shifts if k >= 0]
        self.back = [(-k, mask) for k, mask in shifts if k < 0]
        self.products = products
        # The products in runs of _RUN by where their sources start, each run behind the
        # union of its sources: a step tests a run's members only when it reaches the run.
        ordered = sorted(products, key=lambda product: (product[0] & -product[0]).bit_length())
        self.runs: list[tuple[int, list[tuple[int, int]]]] = []
        for start in range(0, len(ordered), _RUN):
            members = ordered[start : start + _RUN]
            union = 0
            for sources, _ in members:
                union |= sources
            self.runs.append((union, members))
        self.first = first

    def follow(self, reached: int) -> int:
        """The positions that may follow those `reached` (none: no rule to apply)."""
        following = 0
        for k, mask in self.ahead:
            following |= (reached & mask) << k
        for k, mask in self.back:
            following |= (reached & mask) >> k
        for union, members in self.runs:
            if reached & union:
                for sources, targets in members:
                    if reached & sources:
                        following |= targets
        return following


class Automaton:
    """A tree's position automaton and the DFA built from it as texts are read; `test`
    answers whether it matches in a text given as class numbers (`Alphabet.classes`)."""

    def __init__(self, tree: Node, alphabet: Alphabet, atoms: dict[int, int], sticky: bool) -> None:
        builder = _Builder()
        builder.atoms = dict(atoms)
        first, last, empty = builder.read(tree)
        size = len(builder.atom_of)
        self._size = size
        self._sticky = sticky
        # No assertion: every context has the same rules, first and last positions.
        self._uniform = (
            empty in {0, _ALL}
            and all(held == _ALL for held in (*first, *last, *(key[0] for key in builder.shifts)))
            and all(product[0] == _ALL for product in builder.products)
        )
        self._most_states = max(64, min(MAX_STATES, MAX_STATE_BITS // max(size, 1)))
        self._builder = builder
        self._first = first
        self._empty = empty
        self._last = [
            _mask([p for held, ps in last.items() if held >> context & 1 for p in ps], size)
            for context in range(16)
        ]
        self._contexts: list[_Context | None] = [None] * 16
        self._masks: tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]] | None = None
        # Which positions each class may take.
        by_atom: dict[int, list[int]] = {}
        for position, held in enumerate(builder.atom_of):
            for atom in held:
                by_atom.setdefault(atom, []).append(position)
        atom_masks = {atom: _mask(positions, size) for atom, positions in by_atom.items()}
        self._takes: list[int] = []
        self._after: list[int] = []  # each class's kind as the character after a boundary
        for holding, word, newline in alphabet.keys:
            mask = 0
            for atom in holding:
                mask |= atom_masks.get(atom, 0)
            self._takes.append(mask)
            self._after.append(_NEWLINE if newline else _WORD if word else _OTHER)
        # A match can start past the text's start only if some context whose character
        # before is one gives first positions or the empty match.
        later = sum(1 << (before * 4 + after) for before in (1, 2, 3) for after in range(4))
        self._starts_later = not sticky and (
            bool(empty & later) or any(held & later for held in first)
        )
        self._reset()

    def _reset(self) -> None:
        self._states: dict[tuple[int, int, bool], int] = {}
        self._sets: list[tuple[int, int, bool]] = []
        self._steps: list[list[int]] = []

    def _state(self, key: tuple[int, int, bool]) -> int:
        number = self._states.get(key)
        if number is None:
            if len(self._sets) >= self._most_states:
                self._reset()
            number = self._states[key] = len(self._sets)
            self._sets.append(key)
            self._steps.append([_UNKNOWN] * len(self._takes))
        return number

    def _context(self, number: int) -> _Context:
        context = self._contexts[number]
        if context is None:
            if self._masks is None:
                builder, size = self._builder, self._size
                self._masks = (
                    [
                        (held, k, _mask(sources, size))
                        for (held, k), sources in builder.shifts.items()
                    ],
                    [
                        (held, _mask(sources, size), _mask(targets, size))
                        for held, sources, targets in builder.products
                    ],
                )
            shift_masks, product_masks = self._masks
            bit = 1 << number
            shifts: dict[int, int] = {}
            for held, k, mask in shift_masks:
                if held & bit:
                    shifts[k] = shifts.get(k, 0) | mask
            first = [p for held, ps in self._first.items() if held & bit for p in ps]
            context = _Context(
                sorted(shifts.items()),
                [(sources, targets) for held, sources, targets in product_masks if held & bit],
                _mask(first, self._size),
            )
            self._contexts[number] = context
        return context

    def _matches_at(self, reached: int, starting: bool, context: int) -> bool:
        """Whether a match ends at a boundary of `context` with `reached` positions behind."""
        return bool(reached & self._last[context]) or (
            starting and bool(self._empty >> context & 1)
        )

    def _step(self, number: int, symbol: int) -> int:
        steps = self._steps
        reached, before, starting = self._sets[number]
        context_number = before * 4 + self._after[symbol]
        if self._matches_at(reached, starting, context_number):
            found = _MATCH
        else:
            context = self._context(context_number)
            following = context.follow(reached) if reached else 0
            if starting:
                following |= context.first
            following &= self._takes[symbol]
            if not following and not self._starts_later:
                found = _DEAD
            else:
                found = self._state((following, self._after[symbol], self._starts_later))
        if steps is self._steps:  # else the DFA was dropped: this state is gone
            steps[number][symbol] = found
        return found

    def test(self, symbols: Sequence[int]) -> bool:
        """Whether the pattern matches in the text whose class numbers are `symbols`."""
        state = self._state((0, _EDGE, True))
        steps = self._steps
        made = 0
        for index, symbol in enumerate(symbols):
            following = steps[state][symbol]
            if following < 0:
                if following == _UNKNOWN:
                    following = self._step(state, symbol)
                    steps = self._steps  # a reset made new lists
                    made += 1
                if following == _MATCH:
                    return True
                if following == _DEAD:
                    return False
                if made > _THRASHING and made * 2 > index:
                    return self._simulated(symbols, index + 1, self._sets[following])
            state = following
        reached, before, starting = self._sets[state]
        return self._matches_at(reached, starting, before * 4 + _EDGE)

    def _simulated(self, symbols: Sequence[int], start: int, state: tuple[int, int, bool]) -> bool:
        """`test` from `symbols[start]` on, from `state`, keeping no state: where most
        characters reach a set never reached before (a DFA that would grow without end, as
        `(a|b)*a(a|b){30}c` on random text), the rules applied to each in turn, as RE2 falls
        back from its DFA to its NFA."""
        reached, before, starting = state
        if self._uniform and self._starts_later:
            return self._searched(symbols, start, reached)
        contexts = [self._context(number) for number in range(16)]
        last, empty, takes, after_of = self._last, self._empty, self._takes, self._after
        for index in range(start, len(symbols)):
            symbol = symbols[index]
            after = after_of[symbol]
            number = before * 4 + after
            if reached & last[number] or (starting and empty >> number & 1):
                return True
            context = contexts[number]
            following = context.follow(reached) if reached else 0
            if starting:
                following |= context.first
            reached = following & takes[symbol]
            before = after
            starting = self._starts_later
            if not reached and not starting:
                return False
        return self._matches_at(reached, starting, before * 4 + _EDGE)

    def _searched(self, symbols: Sequence[int], start: int, reached: int) -> bool:
        """`_simulated` for a search (a match may start anywhere) whose rules are the same
        in every context (no assertion): the fewest operations a character, `follow`
        written out in the loop (a call a character would cost a third more)."""
        context = self._context(0)
        last, first, takes = self._last[0], context.first, self._takes
        ahead, back, runs = context.ahead, context.back, context.runs
        for index in range(start, len(symbols)):
            if reached & last:
                return True
            following = first
            if reached:
                for k, mask in ahead:
                    following |= (reached & mask) << k
                for k, mask in back:
                    following |= (reached & mask) >> k
                for union, members in runs:
                    if reached & union:
                        for sources, targets in members:
                            if reached & sources:
                                following |= targets
            reached = following & takes[symbols[index]]
        return bool(reached & last)
