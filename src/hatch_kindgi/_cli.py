"""`hatch-kindgi check|index`: the build's pipeline on the command line, without a wheel."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

from hatch_kindgi import __version__
from hatch_kindgi._index import INDEX_FILE
from hatch_kindgi._pipeline import LocalPins, PipelineResult, run_pipeline
from hatch_kindgi._report import format_github, format_json, format_text
from hatch_kindgi._timestamps import normalize_timestamp

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2

_DESCRIPTION = """\
Check a Kindgi pack, or write its index.json, with the same rules as the build
(`python -m build` with hatch-kindgi). Nothing is built; no wheel is made.

  check   report every problem in the pack (exit 0 clean, 1 problems, 2 usage)
  index   check, then write the pack's index.json (default: PACK_DIR/index.json)
"""

_EPILOG = """\
examples:
  hatch-kindgi check                      check the pack in this folder
  hatch-kindgi check packs/ledger --format github
  hatch-kindgi index -o dist/index.json --artifact-version 2026.11.29
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse exits 2 on usage errors and 0 on --help
        return int(stop.code or 0)
    root = Path(args.pack_dir)
    if not (root / "pyproject.toml").is_file():
        sys.stderr.write(f"hatch-kindgi: no pyproject.toml in {args.pack_dir}\n")
        return EXIT_USAGE
    if args.command == "check":
        result = run_pipeline(root, environ=os.environ)
        return _finish(result, args.format, sys.stdout)
    return _index(args, root)


def _index(args: argparse.Namespace, root: Path) -> int:
    output = Path(args.output) if args.output else root / INDEX_FILE
    published_at = None
    if args.published_at is not None:
        published_at = normalize_timestamp(args.published_at)
        if published_at is None:
            sys.stderr.write(
                f"hatch-kindgi index: --published-at {args.published_at!r} is not an ISO 8601 "
                'date-time with a zone, like "2026-09-20T14:32:07.104Z"\n'
            )
            return EXIT_USAGE
    if args.artifact_version is not None and not args.artifact_version.strip():
        sys.stderr.write("hatch-kindgi index: --artifact-version must not be empty\n")
        return EXIT_USAGE
    local = LocalPins(args.artifact_version, published_at, next_artifact_version(output))
    result = run_pipeline(root, environ=os.environ, local_pins=local)
    code = _finish(result, args.format, sys.stdout)
    if code != EXIT_OK or result.index is None:
        return code
    try:
        write_atomically(output, result.index)
    except OSError as cause:
        sys.stderr.write(f"hatch-kindgi index: cannot write {output}: {cause}\n")
        return EXIT_PROBLEMS
    if args.format == "text" and result.pins is not None:
        sys.stdout.write(
            f"wrote {output} (artifactVersion {result.pins.artifact_version}, "
            f"publishedAt {result.pins.published_at})\n"
        )
    return EXIT_OK


def next_artifact_version(output: Path, today: datetime | None = None) -> str:
    """`YYYYMMDD.N` for today (UTC): N one past the index already at `output` when that
    one is from today, else 1."""
    stamp = (today or datetime.now(timezone.utc)).strftime("%Y%m%d")
    try:
        previous = json.loads(output.read_bytes()).get("artifactVersion")
    except (OSError, ValueError, AttributeError):
        previous = None
    match = re.fullmatch(
        re.escape(stamp) + r"\.(\d+)", previous if isinstance(previous, str) else ""
    )
    return f"{stamp}.{int(match.group(1)) + 1 if match else 1}"


def write_atomically(path: Path, data: bytes) -> None:
    """Write `data` to `path` so a crash or an error leaves the old file as it was."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        Path(temporary).replace(path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _finish(result: PipelineResult, style: str, stream: TextIO) -> int:
    failing = result.failed
    if style == "json":
        stream.write(format_json(result.problems, failed=failing))
    elif style == "github":
        stream.write(format_github(result.problems))
    elif result.problems:
        stream.write(format_text(result.problems, color=_color(stream)))
    return EXIT_PROBLEMS if failing else EXIT_OK


def _color(stream: TextIO) -> bool:
    return stream.isatty() and "NO_COLOR" not in os.environ


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hatch-kindgi",
        description=_DESCRIPTION,
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hatch-kindgi {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in (
        ("check", "report every problem in the pack; write nothing"),
        ("index", "check the pack, then write its index.json atomically"),
    ):
        command = commands.add_parser(name, help=summary, description=summary)
        command.add_argument(
            "pack_dir",
            nargs="?",
            default=".",
            metavar="PACK_DIR",
            help="the pack's folder, holding its pyproject.toml (default: this folder)",
        )
        command.add_argument(
            "--format",
            choices=("text", "json", "github"),
            default="text",
            help="text for people (default), json for tools, github for Actions annotations",
        )
        if name == "index":
            command.add_argument(
                "-o",
                "--output",
                metavar="FILE",
                help="where to write the index (default: PACK_DIR/index.json)",
            )
            command.add_argument(
                "--artifact-version",
                metavar="V",
                help="this build's artifactVersion (default: YYYYMMDD.N, N counting up "
                "from the index already at FILE when it is from today)",
            )
            command.add_argument(
                "--published-at",
                metavar="T",
                help="an ISO 8601 date-time with a zone (default: SOURCE_DATE_EPOCH, else now)",
            )
    return parser
