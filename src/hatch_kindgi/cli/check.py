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


def _run(args: argparse.Namespace) -> int:
    root = pack_root(args)
    if root is None:
        return EXIT_USAGE
    result = run_pipeline(root, environ=os.environ, against=args.against, runner="command-line")
    return finish(result, args.format, sys.stdout, root=root)


def _arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_arguments(parser)
    add_against_argument(parser)


COMMAND = Command(
    name="check",
    summary="report every problem in the pack; write nothing",
    description="report every problem in the pack (exit 0 clean, 1 problems, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
