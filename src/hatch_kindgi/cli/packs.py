"""Which packs a command works on, and their reports made one.

`PACK_DIR…`: a folder that is a pack is that pack; a folder that is not (the default `.`, a
repository's root) stands for the packs below it (`cli.found_packs.find_packs`), and the command
says how many it found; with none below it, for the pack around it (run from a pack's
`blocks/`, as ruff and pyright find their config upward); a file stands for the pack that holds
it (pre-commit names the files that changed: only their packs are checked, none for a change
outside every pack).

One pack named as its folder reports as it always has: paths relative to the pack, as the build
reports them. Otherwise every path is named from where the command runs (`packs/ledger/blocks/
x.json`, or `reply.json` and `../pyproject.toml` in a pack's `blocks/`), SARIF's from the
repository's root, and the packs run side by side
(`cli.side_by_side`), their problems merged in the report's own order.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO, TypeVar

from hatch_kindgi.cli.found_packs import Skipped, find_packs, is_pack, pack_of
from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Reporting,
    color,
    not_a_pack,
    write_notes,
)
from hatch_kindgi.cli.side_by_side import side_by_side
from hatch_kindgi.report.files import repository_prefix
from hatch_kindgi.report.formats import format_text, write
from hatch_kindgi.report.problems import Problem, placed_below
from hatch_kindgi.report.styles import format_report

T = TypeVar("T")

_PACK_FILE = "pyproject.toml"


@dataclass(frozen=True)
class Packs:
    """The packs a command works on, in order, and how their reports name files."""

    roots: tuple[Path, ...]
    single: bool
    """One pack, named as its folder: paths stay relative to it."""

    def folder_name(self, root: Path) -> str:
        """How the report names the pack folder `root`: as from where the command runs."""
        return os.path.normpath(root)


def add_pack_dirs_argument(parser: argparse.ArgumentParser) -> None:
    """PACK_DIR…, any number, and --jobs."""
    parser.add_argument(
        "pack_dirs",
        nargs="*",
        default=["."],
        metavar="PACK_DIR",
        help="a pack's folder (holding its pyproject.toml with [tool.kindgi]); a folder that "
        "is not a pack means every pack below it, a file the pack that holds it "
        "(default: this folder)",
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help="how many packs to check at once (default: one a core)",
    )


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return number


def choose_packs(given: Sequence[str], *, quiet: bool = False) -> Packs | None:
    """The packs `given` (PACK_DIR…) name; None, a usage message written, when one of them
    is neither a pack, nor a folder with packs below it or a pack around it, nor a file.
    `quiet`: no line on stderr saying what was found."""
    given = list(given) or ["."]
    roots: list[Path] = []
    files = outside = 0

    def say(text: str) -> None:
        if not quiet:
            sys.stderr.write(f"hatch-kindgi: {text}\n")

    for word in given:
        path = Path(word)
        if path.is_file():
            files += 1
            holder = pack_of(path)
            if holder is None:
                outside += 1
            else:
                roots.append(_as_given(holder))
            continue
        if not path.is_dir():
            sys.stderr.write(f"hatch-kindgi: {not_a_pack(path, word)}\n")
            return None
        if is_pack(path):
            roots.append(path)
            continue
        skipped: list[Skipped] = []
        found = find_packs(path, skipped)
        for skip in skipped:
            say(f"{os.path.normpath(skip.path)} {skip.why}: skipped")
        if found:
            count = f"{len(found)} pack" + ("" if len(found) == 1 else "s")
            say(f"{count} found below {word}")
            roots.extend(found)
        elif (path / _PACK_FILE).is_file():
            roots.append(path)  # a pyproject without [tool.kindgi]: the check says so
        elif (holder := pack_of(path)) is not None:
            # A folder inside a pack (run from its blocks/): that pack, as ruff and pyright
            # find their config upward.
            around = _around(holder, word)
            say(f"{word} is inside the pack at {around}")
            roots.append(around)
        else:
            sys.stderr.write(f"hatch-kindgi: {not_a_pack(path, word)}\n")
            return None
    if files and outside:
        of = "file" if outside == 1 else "files"
        say(f"{outside} {of} given in no pack: not checked")
    unique: dict[str, Path] = {}
    for root in roots:
        unique.setdefault(os.path.realpath(root), root)
    # The folder given, taken as the pack: its report stays as the build words it.
    single = len(given) == 1 and not files and roots == [Path(given[0])]
    return Packs(tuple(unique.values()), single)


def choose_pack(given: str) -> Packs | None:
    """The one pack PACK_DIR names (`render`): the folder holding its pyproject.toml, or the
    pack around a folder inside it; None, a usage message written, when there is neither."""
    path = Path(given)
    if (path / _PACK_FILE).is_file():
        return Packs((path,), single=True)
    holder = pack_of(path) if path.is_dir() else None
    if holder is None:
        sys.stderr.write(f"hatch-kindgi: {not_a_pack(path, given)}\n")
        return None
    around = _around(holder, given)
    sys.stderr.write(f"hatch-kindgi: {given} is inside the pack at {around}\n")
    return Packs((around,), single=False)


def _as_given(folder: Path) -> Path:
    """An absolute folder `pack_of` found, as from where the command runs when it is below."""
    try:
        return folder.relative_to(Path.cwd().absolute())
    except ValueError:
        return folder


def _around(folder: Path, given: str) -> Path:
    """An absolute folder `pack_of` found around the folder `given`, as the way to it from
    `given` (`..` for `.`, `/work/acme` for `/work/acme/blocks`); absolute where no relative
    path leads there (another drive)."""
    try:
        up = os.path.relpath(folder, Path(given).absolute())
    except ValueError:
        return folder
    return Path(os.path.normpath(Path(given) / up))


def each_pack(packs: Packs, job: Callable[[Path], T], workers: int | None) -> list[T]:
    """`job` on every pack, side by side (one pack: here), the values in the packs' order."""
    return side_by_side([_bound(job, root) for root in packs.roots], workers)


def _bound(job: Callable[[Path], T], root: Path) -> Callable[[], T]:
    return lambda: job(root)


@dataclass(frozen=True)
class Named:
    """Problems with their files named for the report: as given (one pack), from where the
    command runs, or from the repository's root (SARIF)."""

    problems: tuple[Problem, ...]
    prefix: str = ""
    """For one pack's SARIF: its path in the repository, which the format puts before files."""
    notes: tuple[str, ...] = field(default=())


def named(
    packs: Packs,
    outcomes: Sequence[tuple[Sequence[Problem], Sequence[str]]],
    style: str,
) -> Named:
    """Every pack's problems and notes (`outcomes`, in the packs' order), named for a report
    in `style`."""
    if packs.single:
        problems, notes = outcomes[0]
        prefix = repository_prefix(packs.roots[0]) if style == "sarif" else ""
        return Named(tuple(problems), prefix, tuple(notes))
    merged: list[Problem] = []
    said: list[str] = []
    for root, (problems, notes) in zip(packs.roots, outcomes):
        shown = packs.folder_name(root)
        if style == "sarif":
            base = repository_prefix(root)
            merged.extend(placed_below(p, base, base + _PACK_FILE) for p in problems)
        elif shown == os.pardir or shown.startswith(os.pardir + os.sep):
            # A pack around the working folder: each file as the way to it from here.
            merged.extend(_from_here(p, shown) for p in problems)
        else:
            base = "" if shown == "." else f"{shown}/"
            merged.extend(placed_below(p, base, shown) for p in problems)
        said.extend(f"{shown}: {note}" for note in notes)
    return Named(tuple(merged), "", tuple(said))


def _from_here(problem: Problem, root: str) -> Problem:
    """`problem` of the pack at `root` (a folder above this one) with its file named from
    here: `reply.json` and `../pyproject.toml` when run in the pack's `blocks/`."""
    if problem.file in ("", "."):
        return placed_below(problem, "", root)
    here = Path(os.path.relpath(Path(root) / problem.shown_file)).as_posix()
    return replace(problem, file=here, suggestion=None, inner=None)


@dataclass(frozen=True)
class PackOutcome:
    """What a command's run on one pack sends back (from a child, so plain data only)."""

    problems: tuple[Problem, ...]
    failed: bool
    notes: tuple[str, ...] = ()
    index: bytes | None = None
    pins: tuple[str, str] | None = None
    """For `index`: the artifactVersion and publishedAt written."""
    text: str | None = None
    """For `diff`: the diff, in the format asked for (None: no diff)."""
    changed: bool = False
    """For `diff`: whether the diff shows a change."""
    refused: bool = False
    """For `diff`: the pack's config has errors, as `check` and a build refuse it: no diff."""
    strict: bool = False
    """Whether warnings fail the pack (`--strict`, or the hook option)."""


def report(packs: Packs, outcomes: Sequence[PackOutcome], how: Reporting, stream: TextIO) -> int:
    """Write one report of every pack's problems as `how` says (the notes to stderr); the
    exit code it means: 1 when any pack fails."""
    failing = any(outcome.failed for outcome in outcomes)
    people = how.style == "text"
    listed = [(_kept(o, how.quiet) if people else o.problems, o.notes) for o in outcomes]
    shown = named(packs, listed, how.style)
    write_notes(shown.notes, quiet=how.quiet)
    if how.statistics:
        from hatch_kindgi.report.statistics import format_statistics

        summed = not (people and how.quiet)
        write(stream, format_statistics(shown.problems, how.style, with_summary=summed))
    elif not people:
        write(stream, format_report(shown.problems, how.style, failed=failing, prefix=shown.prefix))
    elif shown.problems:
        colored = color(stream, how.color)
        write(stream, format_text(shown.problems, color=colored, with_summary=not how.quiet))
    return EXIT_PROBLEMS if failing else EXIT_OK


def _kept(outcome: PackOutcome, quiet: bool) -> tuple[Problem, ...]:
    """The problems of one pack a text report shows: all of them; with `--quiet`, none when
    the pack passes, else those that fail it (its errors, and when strict its warnings)."""
    if not quiet:
        return outcome.problems
    if not outcome.failed:
        return ()
    return tuple(p for p in outcome.problems if outcome.strict or p.severity == "error")
