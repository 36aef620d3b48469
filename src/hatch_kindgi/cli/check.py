"""`hatch-kindgi check [PACK_DIR…]`: every problem in the packs, and nothing written."""

from __future__ import annotations

import argparse
import os
import sys
from functools import partial
from pathlib import Path

from hatch_kindgi.cli.output import (
    EXIT_OK,
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
from hatch_kindgi.pipeline import run_pipeline


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_dirs_argument(parser)
    add_format_argument(parser)
    add_against_argument(parser)
    add_target_argument(parser)
    parser.add_argument(
        "--watch",
        action="store_true",
        help="check again whenever a file under the packs changes, printing the problems "
        "that appeared and went away (text only; Ctrl-C stops, exit 130; needs "
        "hatch-kindgi[watch])",
    )


def _run(args: argparse.Namespace) -> int:
    if args.watch and args.format != "text":
        sys.stderr.write("hatch-kindgi check: --watch reports as text only\n")
        return EXIT_USAGE
    packs = choose_packs(args.pack_dirs)
    if packs is None:
        return EXIT_USAGE
    if not packs.roots:
        return EXIT_OK  # only files outside every pack were given (pre-commit): none to check
    if args.watch:
        try:  # only a watch needs watchfiles, an optional dependency
            from hatch_kindgi.cli.watch import watch
        except ModuleNotFoundError as missing:
            if missing.name != "watchfiles":
                raise
            sys.stderr.write(
                "hatch-kindgi check: --watch needs the watchfiles package: "
                "pip install 'hatch-kindgi[watch]'\n"
            )
            return EXIT_USAGE
        return watch(packs, sys.stdout, against=args.against, target=args.target)
    check = partial(_check, against=args.against, target=args.target)
    outcomes = each_pack(packs, check, args.jobs)
    return report(packs, outcomes, args.format, sys.stdout)


def _check(root: Path, *, against: str | None, target: str | None) -> PackOutcome:
    result = run_pipeline(
        root, environ=os.environ, against=against, runner="command-line", target=target
    )
    return PackOutcome(result.problems, result.failed, result.notes)


COMMAND = Command(
    name="check",
    summary="report every problem in the packs; write nothing",
    description="report every problem in the packs (exit 0 clean, 1 problems, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
