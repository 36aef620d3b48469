"""Which packs a command works on, and their reports made one.

`PACK_DIR…`: a folder that is a pack is that pack; a folder that is not (the default `.`, a
repository's root) stands for the packs below it (`discover.packs.find_packs`), and the command
says how many it found; a file stands for the pack that holds it (pre-commit names the files
that changed: only their packs are checked, none for a change outside every pack).

One pack named as its folder reports as it always has: paths relative to the pack, as the build
reports them. Otherwise every path is named from where the command runs (`packs/ledger/blocks/
x.json`), SARIF's from the repository's root, and the packs run side by side
(`pipeline.side_by_side`), their problems merged in the report's own order.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO, TypeVar

from hatch_kindgi.cli.output import EXIT_OK, EXIT_PROBLEMS, color, not_a_pack, write_notes
from hatch_kindgi.discover.packs import find_packs, is_pack, pack_of
from hatch_kindgi.pipeline.side_by_side import side_by_side
from hatch_kindgi.report.formats import format_text, write
from hatch_kindgi.report.problems import Problem, placed_below
from hatch_kindgi.report.sarif import repository_prefix
from hatch_kindgi.report.styles import format_report

T = TypeVar("T")

_PACK_FILE = "pyproject.toml"


@dataclass(frozen=True)
class Packs:
    """The packs a command works on, in order, and how their reports name files."""

    roots: tuple[Path, ...]
    single: bool
    """One pack, named as its folder: paths stay relative to it."""

    def shown(self, root: Path) -> str:
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


def choose_packs(given: Sequence[str]) -> Packs | None:
    """The packs `given` (PACK_DIR…) name; None, a usage message written, when one of them
    is neither a pack, nor a folder with packs below it, nor a file."""
    given = list(given) or ["."]
    roots: list[Path] = []
    files = outside = 0
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
        found = find_packs(path)
        if found:
            count = f"{len(found)} pack" + ("" if len(found) == 1 else "s")
            sys.stderr.write(f"hatch-kindgi: {count} found below {word}\n")
            roots.extend(found)
        elif (path / _PACK_FILE).is_file():
            roots.append(path)  # a pyproject without [tool.kindgi]: the check says so
        else:
            sys.stderr.write(f"hatch-kindgi: {not_a_pack(path, word)}\n")
            return None
    if files and outside:
        of = "file" if outside == 1 else "files"
        sys.stderr.write(f"hatch-kindgi: {outside} {of} given in no pack: not checked\n")
    unique: dict[str, Path] = {}
    for root in roots:
        unique.setdefault(os.path.realpath(root), root)
    # The folder given, taken as the pack: its report stays as the build words it.
    single = len(given) == 1 and not files and roots == [Path(given[0])]
    return Packs(tuple(unique.values()), single)


def _as_given(folder: Path) -> Path:
    """An absolute folder `pack_of` found, as from where the command runs when it is below."""
    try:
        return folder.relative_to(Path.cwd().absolute())
    except ValueError:
        return folder


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
        shown = packs.shown(root)
        if style == "sarif":
            base = repository_prefix(root)
            merged.extend(placed_below(p, base, base + _PACK_FILE) for p in problems)
        else:
            base = "" if shown == "." else f"{shown}/"
            merged.extend(placed_below(p, base, shown) for p in problems)
        said.extend(f"{shown}: {note}" for note in notes)
    return Named(tuple(merged), "", tuple(said))


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


def report(packs: Packs, outcomes: Sequence[PackOutcome], style: str, stream: TextIO) -> int:
    """Write one report of every pack's problems in `style` (the notes to stderr); the exit
    code it means: 1 when any pack fails."""
    shown = named(packs, [(o.problems, o.notes) for o in outcomes], style)
    failing = any(outcome.failed for outcome in outcomes)
    write_notes(shown.notes)
    if style != "text":
        write(stream, format_report(shown.problems, style, failed=failing, prefix=shown.prefix))
    elif shown.problems:
        write(stream, format_text(shown.problems, color=color(stream)))
    return EXIT_PROBLEMS if failing else EXIT_OK
