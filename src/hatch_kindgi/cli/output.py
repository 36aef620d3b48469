"""What every command shares: its spec, the pack folder argument, and the report it writes."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hatch_kindgi.against.request import ENV_AGAINST
from hatch_kindgi.config.target import TARGETS
from hatch_kindgi.pipeline.request import RunRequest, command_request
from hatch_kindgi.report.formats import format_text, write
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.styles import REPORT_FORMATS

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


def add_format_argument(parser: argparse.ArgumentParser) -> None:
    """--format, the report's."""
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text for people (default), json for tools, github for Actions annotations, "
        "sarif for code scanning",
    )


@dataclass(frozen=True)
class Reporting:
    """How a command reports, as its flags say: the format, colour, and what `--quiet`,
    `--strict` and `--statistics` change."""

    style: str = "text"
    color: str = "auto"
    quiet: bool = False
    """Only for people: nothing when the run passes, else only what fails it (no summary,
    no notes); a JSON, GitHub or SARIF document is written whole all the same."""
    strict: bool = False
    """Warnings fail too (as the hook option `strict = true`)."""
    statistics: bool = False
    """Counts by code instead of the problems (text or JSON)."""


def reporting(args: argparse.Namespace) -> Reporting:
    """The `Reporting` of a command's parsed arguments (each flag it lacks at its default)."""
    return Reporting(
        style=getattr(args, "format", "text"),
        color=getattr(args, "color", "auto"),
        quiet=getattr(args, "quiet", False),
        strict=getattr(args, "strict", False),
        statistics=getattr(args, "statistics", False),
    )


def add_report_arguments(parser: argparse.ArgumentParser, *, statistics: bool = False) -> None:
    """--format, --color, --quiet and --strict (and --statistics), for a command that
    reports on packs."""
    add_format_argument(parser)
    add_color_argument(parser)
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="print nothing when the check passes, and only what fails it otherwise: the "
        "errors (with --strict, the warnings too), no summary, no notes",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="warnings fail too (exit 1), as the hook option `strict = true`",
    )
    if statistics:
        parser.add_argument(
            "--statistics",
            action="store_true",
            help="how many problems of each code instead of the problems, most first "
            "(--format text or json)",
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
        dest="deploy_target",  # `render`'s TARGET is the block or agent it renders
        choices=TARGETS,
        help="where the pack deploys: hosted (Kindgi hosted's bounds: patterns on RE2, fast "
        "formats, schemas up to 256 KiB) or self-hosted; every verdict is that profile's "
        "(default: the hook option `target`; without one, self-hosted's verdicts and a "
        "warning on what only hosted refuses)",
    )


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


_NAMES_NOTHING = frozenset({"against-unknown-ref", "against-no-git"})
"""A reference that names nothing here: no revision git knows, no such file, no repository."""


def reference_usage(command: str, problems: Iterable[Sequence[Problem]]) -> int | None:
    """EXIT_USAGE, with the reason on stderr, when the reference the command line named
    (`--against REF`, `diff REF`) names nothing here; None otherwise. Such a problem is the
    argument's, not the pack's (one from the hook option `against` is the pyproject's, and
    fails as a pack problem)."""
    for listed in problems:
        for problem in listed:
            if problem.code in _NAMES_NOTHING and problem.file == ".":
                sys.stderr.write(f"hatch-kindgi {command}: {problem.message}\n")
                return EXIT_USAGE
    return None


def run_request(args: argparse.Namespace) -> RunRequest:
    """The pipeline's request a command's parsed flags make, the same for every command:
    this process's environment, who runs (pre-commit's hook or the command line), and the
    overrides its flags set (`--against`, `--strict`, `--target`; a flag the command lacks
    leaves the hook option's). A command adds what is its own (`index`'s pins, `diff`'s
    REF) with `dataclasses.replace`."""
    return command_request(
        os.environ,
        against=getattr(args, "against", None),
        strict=getattr(args, "strict", False),
        target=getattr(args, "deploy_target", None),
    )


def interrupted() -> int:
    """Say that Ctrl-C stopped the command (no traceback); its exit code, 130. What it had
    started is gone by now: each stage removes its temporary folders and children as the
    interrupt unwinds it."""
    sys.stdout.flush()
    sys.stderr.write("hatch-kindgi: interrupted\n")
    sys.stderr.flush()
    return EXIT_INTERRUPTED


def write_notes(notes: Iterable[str], *, quiet: bool = False) -> None:
    """Each note of a run on stderr, `hatch-kindgi: note: …` (none when `quiet`)."""
    if quiet:
        return
    for note in notes:
        write(sys.stderr, f"hatch-kindgi: note: {note}\n")


def write_problems(problems: Sequence[Problem], when: str = "auto") -> None:
    """The text report of `problems` on stderr, nothing when there are none: for a command
    whose stdout carries something else (`render`'s text, `diff`'s diff). `when` is
    `--color`'s choice."""
    if problems:
        write(sys.stderr, format_text(problems, color=color(sys.stderr, when)))


COLOR_CHOICES = ("auto", "always", "never")


def add_color_argument(parser: argparse.ArgumentParser) -> None:
    """--color WHEN, for the commands that write a text report."""
    parser.add_argument(
        "--color",
        choices=COLOR_CHOICES,
        default="auto",
        help="colour the text report: auto (default) on a terminal, none when NO_COLOR is "
        "set, always when FORCE_COLOR is; always and never win over both",
    )


def color(stream: TextIO, when: str = "auto", environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour text for `stream`, as `--color` says: `always` and `never` are
    final; `auto` colours a terminal (not `TERM=dumb`), never with `NO_COLOR` set and not
    empty (no-color.org), always with `FORCE_COLOR` set and not empty (force-color.org),
    `NO_COLOR` winning when both are."""
    if when != "auto":
        return when == "always"
    environ = os.environ if environ is None else environ
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    return environ.get("TERM") != "dumb" and stream.isatty()
