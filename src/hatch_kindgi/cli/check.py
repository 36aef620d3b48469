"""`hatch-kindgi check [PACK_DIR…]`: every problem in the packs, and nothing written."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

from hatch_kindgi.cli.fix import add_fix_arguments, fix_packs, fix_usage
from hatch_kindgi.cli.output import (
    EXIT_OK,
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
from hatch_kindgi.pipeline import RunRequest, run_pipeline


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_dirs_argument(parser)
    add_report_arguments(parser, statistics=True)
    add_against_argument(parser)
    add_target_argument(parser)
    parser.add_argument(
        "--watch",
        action="store_true",
        help="check again whenever a file under the packs changes, printing the problems "
        "that appeared and went away (text only; Ctrl-C stops, exit 130; needs "
        "hatch-kindgi[watch])",
    )
    add_fix_arguments(parser)


def _run(args: argparse.Namespace) -> int:
    how = reporting(args)
    if args.watch and (how.style != "text" or how.statistics):
        sys.stderr.write(
            "hatch-kindgi check: --watch reports as text only (no --format, no --statistics)\n"
        )
        return EXIT_USAGE
    if how.statistics and how.style not in ("text", "json"):
        sys.stderr.write(
            f"hatch-kindgi check: --statistics comes as text or json, not {how.style}\n"
        )
        return EXIT_USAGE
    if fix_usage(args) is not None:
        sys.stderr.write(f"hatch-kindgi check: {fix_usage(args)}\n")
        return EXIT_USAGE
    packs = choose_packs(args.pack_dirs, quiet=how.quiet)
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
        return watch(packs, sys.stdout, run_request(args), how=how)
    if args.fix or args.diff:
        return fix_packs(packs, args, sys.stdout, how=how, jobs=args.jobs)
    outcomes = each_pack(packs, partial(_check, request=run_request(args)), args.jobs)
    if args.against:
        usage = reference_usage("check", (outcome.problems for outcome in outcomes))
        if usage is not None:
            return usage
    return report(packs, outcomes, how, sys.stdout)


def _check(root: Path, *, request: RunRequest) -> PackOutcome:
    result = run_pipeline(root, request)
    return PackOutcome(result.problems, result.failed, result.notes, strict=result.options.strict)


COMMAND = Command(
    name="check",
    summary="report every problem in the packs; write nothing",
    description="report every problem in the packs (exit 0 clean, 1 problems, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
