"""`hatch-kindgi check [PACK_DIR]`: every problem in the pack, and nothing written."""

from __future__ import annotations

import argparse
import os
import sys

from hatch_kindgi.cli.output import (
    EXIT_USAGE,
    Command,
    add_against_argument,
    add_pack_arguments,
    finish,
    pack_root,
)
from hatch_kindgi.pipeline import run_pipeline


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_arguments(parser)
    add_against_argument(parser)
    parser.add_argument(
        "--watch",
        action="store_true",
        help="check again whenever a file under the pack changes, printing the problems "
        "that appeared and went away (text only; Ctrl-C stops, exit 130; needs "
        "hatch-kindgi[watch])",
    )


def _run(args: argparse.Namespace) -> int:
    root = pack_root(args)
    if root is None:
        return EXIT_USAGE
    if args.watch:
        if args.format != "text":
            sys.stderr.write("hatch-kindgi check: --watch reports as text only\n")
            return EXIT_USAGE
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
        return watch(root, sys.stdout, against=args.against)
    result = run_pipeline(root, environ=os.environ, against=args.against, runner="command-line")
    return finish(result, args.format, sys.stdout, root=root)


COMMAND = Command(
    name="check",
    summary="report every problem in the pack; write nothing",
    description="report every problem in the pack (exit 0 clean, 1 problems, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
