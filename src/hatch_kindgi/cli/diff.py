"""`hatch-kindgi diff REF [PACK_DIR]`: what the change does to the pack, against REF."""

from __future__ import annotations

import argparse
import os
import sys

from hatch_kindgi.against.formats import DIFF_FORMATS
from hatch_kindgi.against.reference import RefRequest
from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    add_pack_dir_argument,
    pack_root,
    write_problems,
)
from hatch_kindgi.index.pins import LocalPins
from hatch_kindgi.pipeline import run_pipeline


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "ref",
        metavar="REF",
        help="what to compare with: a git revision (origin/main, v1.2.0, HEAD~1), "
        "an index.json, or a wheel built by hatch-kindgi",
    )
    add_pack_dir_argument(parser)
    parser.add_argument(
        "--format",
        choices=DIFF_FORMATS,
        default="text",
        help="text for people (default), markdown for a pull-request comment, json for tools",
    )


def _run(args: argparse.Namespace) -> int:
    root = pack_root(args)
    if root is None:
        return EXIT_USAGE
    # No pins are written: the fallback only feeds the code stage, whose entries don't carry it.
    result = run_pipeline(
        root,
        environ=os.environ,
        local_pins=LocalPins(None, None, "0"),
        against=RefRequest(args.ref, "REF"),
    )
    # The pack's own problems go to stderr, as `check` words them; reused versions are in
    # the diff itself.
    write_problems([p for p in result.problems if p.code != "version-reused"])
    if result.comparison is None:
        return EXIT_PROBLEMS
    from hatch_kindgi.against.formats import format_diff

    sys.stdout.write(format_diff(result.comparison.diff, args.format))
    return EXIT_OK


COMMAND = Command(
    name="diff",
    summary="show what the change does to the pack against REF; write nothing",
    description="what the change does to the pack against REF (exit 0 shown, 1 no diff, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
