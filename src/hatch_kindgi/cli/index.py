"""`hatch-kindgi index [PACK_DIR] [-o FILE]`: check the pack, then write its index.json."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    add_against_argument,
    add_pack_arguments,
    finish,
    pack_root,
)
from hatch_kindgi.config.timestamps import read_timestamp
from hatch_kindgi.index.pins import LocalPins, next_artifact_version
from hatch_kindgi.index.stage import INDEX_FILE
from hatch_kindgi.pipeline import run_pipeline
from hatch_kindgi.report.files import write_atomically
from hatch_kindgi.report.formats import write


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_arguments(parser)
    add_against_argument(parser)
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="where to write the index (default: PACK_DIR/index.json)",
    )
    parser.add_argument(
        "--artifact-version",
        metavar="V",
        help="this build's artifactVersion (default: YYYYMMDD.N, N counting up "
        "from the index already at FILE when it is from today)",
    )
    parser.add_argument(
        "--published-at",
        metavar="T",
        help="an ISO 8601 date-time with a zone (default: SOURCE_DATE_EPOCH, else now)",
    )


def _run(args: argparse.Namespace) -> int:
    root = pack_root(args)
    if root is None:
        return EXIT_USAGE
    output = Path(args.output) if args.output else root / INDEX_FILE
    published_at = None
    if args.published_at is not None:
        published_at, why_not = read_timestamp(args.published_at)
        if why_not is not None:
            sys.stderr.write(
                f"hatch-kindgi index: --published-at {args.published_at!r} {why_not}\n"
            )
            return EXIT_USAGE
    if args.artifact_version is not None and not args.artifact_version.strip():
        sys.stderr.write("hatch-kindgi index: --artifact-version must not be empty\n")
        return EXIT_USAGE
    local = LocalPins(args.artifact_version, published_at, next_artifact_version(output))
    result = run_pipeline(
        root, environ=os.environ, local_pins=local, against=args.against, runner="command-line"
    )
    code = finish(result, args.format, sys.stdout, root=root)
    if code != EXIT_OK or result.index is None:
        return code
    try:
        write_atomically(output, result.index)
    except OSError as cause:
        sys.stderr.write(f"hatch-kindgi index: cannot write {output}: {cause}\n")
        return EXIT_PROBLEMS
    if args.format == "text" and result.pins is not None:
        write(
            sys.stdout,
            f"wrote {output} (artifactVersion {result.pins.artifact_version}, "
            f"publishedAt {result.pins.published_at})\n",
        )
    return EXIT_OK


COMMAND = Command(
    name="index",
    summary="check the pack, then write its index.json atomically",
    description="check, then write the pack's index.json (default: PACK_DIR/index.json)",
    add_arguments=_arguments,
    run=_run,
)
