"""`hatch-kindgi index [PACK_DIR…] [-o FILE]`: check the packs, then write each one's
index.json: all of them when every pack passes, none otherwise (`-o` with one pack only).

Without `-o`, each index goes to the pack's `dist/index.json`, beside the wheels `python -m
build` writes there: hatchling leaves `/dist` out of every sdist and wheel, so an index
written for a deploy never ships inside the next build.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    add_against_argument,
    add_report_arguments,
    add_target_argument,
    reference_usage,
    reporting,
    run_request,
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

OUTPUT = f"dist/{INDEX_FILE}"
"""Where a pack's index goes without `-o`, from its folder (never in a build of it)."""


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_dirs_argument(parser)
    add_report_arguments(parser)
    add_against_argument(parser)
    add_target_argument(parser)
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help=f"where to write the index (default: PACK_DIR/{OUTPUT}, which no build of the "
        "pack ships; one pack only: with several, each pack's goes to its own folder)",
    )
    parser.add_argument(
        "--artifact-version",
        metavar="V",
        help="this index's artifactVersion (default: the hook option `artifact-version`, "
        "KINDGI_ARTIFACT_VERSION, else YYYYMMDD.N, N counting up from the index already at "
        "FILE when it is from today)",
    )
    parser.add_argument(
        "--published-at",
        metavar="T",
        help="an ISO 8601 date-time with a zone (default: as a build pins it, the hook option "
        "`published-at`, KINDGI_PUBLISHED_AT, SOURCE_DATE_EPOCH, git HEAD's commit time, "
        "else now)",
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
    how = reporting(args)
    packs = choose_packs(args.pack_dirs, quiet=how.quiet)
    if packs is None:
        return EXIT_USAGE
    if args.output and len(packs.roots) > 1:
        sys.stderr.write(
            f"hatch-kindgi index: -o names one file, and there are {len(packs.roots)} packs: "
            f"leave it out to write each pack's index.json to its {OUTPUT}\n"
        )
        return EXIT_USAGE
    if not packs.roots:
        return EXIT_OK
    outputs = {root: Path(args.output) if args.output else root / OUTPUT for root in packs.roots}
    request = run_request(args)

    def one(root: Path) -> PackOutcome:
        local = LocalPins(args.artifact_version, published_at, next_artifact_version(outputs[root]))
        result = run_pipeline(root, replace(request, local_pins=local))
        failed = result.failed or result.index is None
        pins = result.pins
        return PackOutcome(
            result.problems,
            failed,
            result.notes,
            index=None if failed else result.index,
            pins=None if pins is None else (pins.artifact_version, pins.published_at),
            strict=result.options.strict,
        )

    outcomes = each_pack(packs, one, args.jobs)
    if args.against:
        usage = reference_usage("index", (outcome.problems for outcome in outcomes))
        if usage is not None:
            return usage
    code = report(packs, outcomes, how, sys.stdout)
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
        if how.style == "text" and not how.quiet and outcome.pins is not None:
            version, at = outcome.pins
            write(sys.stdout, f"wrote {output} (artifactVersion {version}, publishedAt {at})\n")
    return EXIT_OK


COMMAND = Command(
    name="index",
    summary="check the packs, then write each one's index.json atomically",
    description=f"check, then write each pack's index.json (default: PACK_DIR/{OUTPUT}; "
    "exit 0 written, 1 problems and nothing written, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
