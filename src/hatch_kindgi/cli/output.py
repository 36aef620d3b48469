"""What every command shares: its spec, the pack folder argument, and the report it writes."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hatch_kindgi.against.reference import ENV_AGAINST
from hatch_kindgi.config.target import TARGETS
from hatch_kindgi.pipeline import PipelineResult
from hatch_kindgi.report.formats import format_text, write
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.sarif import repository_prefix
from hatch_kindgi.report.styles import REPORT_FORMATS, format_report

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, what a shell reports for a command it interrupted."""

FORMATS = REPORT_FORMATS


@dataclass(frozen=True)
class Command:
    """One command of the command line: its name, what it does, its arguments, its run."""

    name: str
    summary: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def add_pack_dir_argument(parser: argparse.ArgumentParser) -> None:
    """PACK_DIR, optional: the folder holding the pack's pyproject.toml."""
    parser.add_argument(
        "pack_dir",
        nargs="?",
        default=".",
        metavar="PACK_DIR",
        help="the pack's folder, holding its pyproject.toml (default: this folder)",
    )


def add_pack_arguments(parser: argparse.ArgumentParser) -> None:
    """PACK_DIR and --format, which every command that reports on a pack takes."""
    add_pack_dir_argument(parser)
    add_format_argument(parser)


def add_format_argument(parser: argparse.ArgumentParser) -> None:
    """--format, the report's."""
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text for people (default), json for tools, github for Actions annotations, "
        "sarif for code scanning",
    )


def add_against_argument(parser: argparse.ArgumentParser) -> None:
    """--against REF, for the commands that can compare the pack with an earlier release."""
    parser.add_argument(
        "--against",
        metavar="REF",
        help="compare with an earlier release: a git revision (origin/main, v1.2.0, HEAD~1), "
        "an index.json or a wheel; a version released with other content is an error "
        f"(default: the hook option `against`, else ${ENV_AGAINST})",
    )


def add_target_argument(parser: argparse.ArgumentParser) -> None:
    """--target PROFILE: where the pack deploys, whose verdicts the checks give."""
    parser.add_argument(
        "--target",
        choices=TARGETS,
        help="where the pack deploys: hosted (Kindgi hosted's bounds: patterns on RE2, fast "
        "formats, schemas up to 256 KiB) or self-hosted; every verdict is that profile's "
        "(default: the hook option `target`; without one, self-hosted's verdicts and a "
        "warning on what only hosted refuses)",
    )


def pack_root(args: argparse.Namespace) -> Path | None:
    """The pack folder of `args`, or None (and a usage message) when it has no pyproject."""
    root = Path(args.pack_dir)
    if (root / "pyproject.toml").is_file():
        return root
    sys.stderr.write(f"hatch-kindgi: {not_a_pack(root, args.pack_dir)}\n")
    return None


_LEVELS_UP = 8  # how far up a "the pack is here" hint looks


def not_a_pack(root: Path, given: str) -> str:
    """Why `root` (as the user gave it) is not a pack folder, and where the pack may be."""
    if root.is_file():
        if root.name == "pyproject.toml":
            return f"{given} is a file: give the folder that holds it ({root.parent})"
        return f"{given} is a file, not a pack folder (the folder with its pyproject.toml)"
    if not root.exists():
        return f"no folder {given}"
    said = f"no pyproject.toml in {given}"
    folder = root.resolve()
    for _ in range(_LEVELS_UP):
        if (folder / ".git").exists() or folder.parent == folder:
            break  # the top of the repository, or of the file system
        folder = folder.parent
        if (folder / "pyproject.toml").is_file():
            return f"{said}; the nearest one above it is in {folder}"
    return said


def finish(result: PipelineResult, style: str, stream: TextIO, *, root: Path | None = None) -> int:
    """Write the report of `result` in `style` (its notes to stderr); the exit code it
    means. `root`, the pack folder, places SARIF paths in the repository that holds it."""
    failing = result.failed
    write_notes(result.notes)
    if style != "text":
        prefix = repository_prefix(root) if root is not None else ""
        write(stream, format_report(result.problems, style, failed=failing, prefix=prefix))
    elif result.problems:
        write(stream, format_text(result.problems, color=color(stream)))
    return EXIT_PROBLEMS if failing else EXIT_OK


def interrupted() -> int:
    """Say that Ctrl-C stopped the command (no traceback); its exit code, 130. What it had
    started is gone by now: each stage removes its temporary folders and children as the
    interrupt unwinds it."""
    sys.stdout.flush()
    sys.stderr.write("hatch-kindgi: interrupted\n")
    sys.stderr.flush()
    return EXIT_INTERRUPTED


def write_notes(notes: Iterable[str]) -> None:
    """Each note of a run on stderr, `hatch-kindgi: note: …`."""
    for note in notes:
        write(sys.stderr, f"hatch-kindgi: note: {note}\n")


def write_problems(problems: Sequence[Problem]) -> None:
    """The text report of `problems` on stderr, nothing when there are none: for a command
    whose stdout carries something else (`render`'s text, `diff`'s diff)."""
    if problems:
        write(sys.stderr, format_text(problems, color=color(sys.stderr)))


def color(stream: TextIO) -> bool:
    """Whether to colour text for `stream`: only a terminal, and never with NO_COLOR."""
    return stream.isatty() and "NO_COLOR" not in os.environ
