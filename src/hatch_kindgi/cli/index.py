"""`hatch-kindgi index [PACK_DIR…] [-o FILE]`: check the packs, then write each one's
index.json: all of them when every pack passes, none otherwise (`-o` with one pack only)."""

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
    add_format_argument,
    add_target_argument,
)
from hatch_kindgi.cli.packs import (
    PackOutcome,
    add_pack_dirs_argument,
    choose_packs,
    each_pack,
    report,
)
from hatch_kindgi.config.timestamps import read_timestamp
from hatch_kindgi.index.pins import LocalPins, next_artifact_version
from hatch_kindgi.index.stage import INDEX_FILE
from hatch_kindgi.pipeline import run_pipeline
from hatch_kindgi.report.files import write_atomically
from hatch_kindgi.report.formats import write


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_dirs_argument(parser)
    add_format_argument(parser)
    add_against_argument(parser)
    add_target_argument(parser)
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="where to write the index (default: PACK_DIR/index.json; one pack only: with "
        "several, each pack's index goes to its own folder)",
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
    packs = choose_packs(args.pack_dirs)
    if packs is None:
        return EXIT_USAGE
    if args.output and len(packs.roots) > 1:
        sys.stderr.write(
            f"hatch-kindgi index: -o names one file, and there are {len(packs.roots)} packs: "
            "leave it out to write each pack's index.json in its folder\n"
        )
        return EXIT_USAGE
    if not packs.roots:
        return EXIT_OK
    outputs = {
        root: Path(args.output) if args.output else root / INDEX_FILE for root in packs.roots
    }

    def one(root: Path) -> PackOutcome:
        local = LocalPins(args.artifact_version, published_at, next_artifact_version(outputs[root]))
        result = run_pipeline(
            root,
            environ=os.environ,
            local_pins=local,
            against=args.against,
            runner="command-line",
            target=args.target,
        )
        failed = result.failed or result.index is None
        pins = result.pins
        return PackOutcome(
            result.problems,
            failed,
            result.notes,
            index=None if failed else result.index,
            pins=None if pins is None else (pins.artifact_version, pins.published_at),
        )

    outcomes = each_pack(packs, one, args.jobs)
    code = report(packs, outcomes, args.format, sys.stdout)
    if code != EXIT_OK:
        return code  # every pack passes, or no index is written
    for root, outcome in zip(packs.roots, outcomes):
        output = outputs[root]
        assert outcome.index is not None  # a pack that passed has its index
        try:
            write_atomically(output, outcome.index)
        except OSError as cause:
            sys.stderr.write(f"hatch-kindgi index: cannot write {output}: {cause}\n")
            return EXIT_PROBLEMS
        if args.format == "text" and outcome.pins is not None:
            version, at = outcome.pins
            write(sys.stdout, f"wrote {output} (artifactVersion {version}, publishedAt {at})\n")
    return EXIT_OK


COMMAND = Command(
    name="index",
    summary="check the packs, then write each one's index.json atomically",
    description="check, then write each pack's index.json (default: PACK_DIR/index.json)",
    add_arguments=_arguments,
    run=_run,
)
