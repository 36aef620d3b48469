"""`hatch-kindgi lsp`: the language server, over stdio, for an editor to start."""

from __future__ import annotations

import argparse
import sys

from hatch_kindgi.cli.output import EXIT_USAGE, Command


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--stdio",
        action="store_true",
        help="talk over stdin and stdout (the only way; accepted as editors pass it)",
    )


def _run(_: argparse.Namespace) -> int:
    try:  # only the server needs pygls, an optional dependency
        from hatch_kindgi.lsp.server import serve
    except ModuleNotFoundError as missing:
        if missing.name not in ("pygls", "lsprotocol") and not str(missing.name).startswith(
            ("pygls.", "lsprotocol.")
        ):
            raise
        sys.stderr.write(
            "hatch-kindgi lsp: the language server needs the pygls package: "
            "pip install 'hatch-kindgi[lsp]'\n"
        )
        return EXIT_USAGE
    return serve()


COMMAND = Command(
    name="lsp",
    summary="run the language server (LSP over stdio): problems in the editor as you type",
    description=(
        "serve the Language Server Protocol over stdin and stdout: the problems `check` "
        "finds, in the editor, from unsaved buffers, with quick fixes and completion"
    ),
    add_arguments=_arguments,
    run=_run,
)
