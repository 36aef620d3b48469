"""`hatch-kindgi schema block`: the JSON Schema of a block file, for editors."""

from __future__ import annotations

import argparse
import sys

from hatch_kindgi.blocks.block_schema import schema_text
from hatch_kindgi.cli.output import EXIT_OK, Command

_SCHEMAS = {"block": schema_text}


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name",
        choices=sorted(_SCHEMAS),
        metavar="NAME",
        help="block: a prompt or settings block file (blocks/**/*.json)",
    )


def _run(args: argparse.Namespace) -> int:
    sys.stdout.write(_SCHEMAS[args.name]())
    return EXIT_OK


COMMAND = Command(
    name="schema",
    summary="print a JSON Schema (Draft 2020-12) for editors: schema block",
    description="print the JSON Schema of block files, for an editor to check them as you type",
    add_arguments=_arguments,
    run=_run,
)
