"""What changed between two reports of the same pack (`check --watch`): the problems that
appeared, those that went away, and a one-line status."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hatch_kindgi.report.formats import format_problem, summary
from hatch_kindgi.report.order import ordered
from hatch_kindgi.report.problems import Problem

_GREEN = "\033[32m"
_DIM = "\033[2m"
_RESET = "\033[0m"


@dataclass(frozen=True)
class ProblemChanges:
    """The problems of a run that the run before didn't have, and those it no longer has,
    each in report order."""

    appeared: tuple[Problem, ...]
    gone: tuple[Problem, ...]


def compare(before: Sequence[Problem], after: Sequence[Problem]) -> ProblemChanges:
    """The changes from the problems `before` to the problems `after`."""
    old, new = set(before), set(after)
    return ProblemChanges(tuple(ordered(new - old)), tuple(ordered(old - new)))


def format_changes(changes: ProblemChanges, *, color: bool = False) -> str:
    """One line a change: `+ ` and the report line of a new problem, `- ` and that of one
    that went away."""
    lines = [f"+ {format_problem(p, color=color)}" for p in changes.appeared]
    gone = [f"- {format_problem(p)}" for p in changes.gone]
    lines += [f"{_DIM}{line}{_RESET}" for line in gone] if color else gone
    return "".join(line + "\n" for line in lines)


def status_line(
    problems: Sequence[Problem],
    changes: ProblemChanges | None,
    *,
    clock: str,
    seconds: float,
    changed: Sequence[str] = (),
    color: bool = False,
) -> str:
    """`[12:03:04] blocks/a.json changed: 1 error, 0 warnings in 1 file (+1 -2), checked in
    90 ms`: `no problems` for a clean pack, the `(+N -M)` only after a re-check (`changes`
    given), the files that changed when known."""
    listed = ordered(problems)
    state = summary(listed) if listed else "no problems"
    if color and not listed:
        state = f"{_GREEN}{state}{_RESET}"
    delta = ""
    if changes is not None:
        delta = f" (+{len(changes.appeared)} -{len(changes.gone)})"
    trigger = ""
    if changed:
        more = f" and {len(changed) - 1} more" if len(changed) > 1 else ""
        trigger = f"{changed[0]}{more} changed: "
    took = f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.1f} s"
    return f"[{clock}] {trigger}{state}{delta}, checked in {took}\n"
