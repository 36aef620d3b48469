"""What every command shares: its spec, the pack folder argument, and the report it writes."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hatch_kindgi.pipeline import PipelineResult
from hatch_kindgi.report.formats import format_github, format_json, format_text

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

FORMATS = ("text", "json", "github")


@dataclass(frozen=True)
class Command:
    """One command of the command line: its name, what it does, its arguments, its run."""

    name: str
    summary: str
    description: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def add_pack_dir(parser: argparse.ArgumentParser) -> None:
    """PACK_DIR, the optional positional every command on a pack takes."""
    parser.add_argument(
        "pack_dir",
        nargs="?",
        default=".",
        metavar="PACK_DIR",
        help="the pack's folder, holding its pyproject.toml (default: this folder)",
    )


def add_pack_arguments(parser: argparse.ArgumentParser) -> None:
    """PACK_DIR and --format, which every command that reports on a pack takes."""
    add_pack_dir(parser)
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text for people (default), json for tools, github for Actions annotations",
    )


def pack_root(args: argparse.Namespace) -> Path | None:
    """The pack folder of `args`, or None (and a usage message) when it has no pyproject."""
    root = Path(args.pack_dir)
    if not (root / "pyproject.toml").is_file():
        sys.stderr.write(f"hatch-kindgi: no pyproject.toml in {args.pack_dir}\n")
        return None
    return root


def finish(result: PipelineResult, style: str, stream: TextIO) -> int:
    """Write the report of `result` in `style`; the exit code it means."""
    failing = result.failed
    if style == "json":
        stream.write(format_json(result.problems, failed=failing))
    elif style == "github":
        stream.write(format_github(result.problems))
    elif result.problems:
        stream.write(format_text(result.problems, color=color(stream)))
    return EXIT_PROBLEMS if failing else EXIT_OK


def color(stream: TextIO) -> bool:
    """Whether to colour text for `stream`: only a terminal, and never with NO_COLOR."""
    return stream.isatty() and "NO_COLOR" not in os.environ
