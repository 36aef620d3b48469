"""`hatch-kindgi COMMAND`: the parser, and the dispatch to the module of each command."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from hatch_kindgi import __version__
from hatch_kindgi.cli import check, diff, index, lsp, render, schema
from hatch_kindgi.cli.output import Command, interrupted
from hatch_kindgi.report.suggest import did_you_mean

COMMANDS: tuple[Command, ...] = (
    check.COMMAND,
    index.COMMAND,
    render.COMMAND,
    diff.COMMAND,
    schema.COMMAND,
    lsp.COMMAND,
)
"""Every command, in the order `--help` lists them."""

_DESCRIPTION = """\
Check a Kindgi pack, write its index.json, render its prompts, or show what a
change does to it, with the same rules as the build (`python -m build` with
hatch-kindgi). Nothing is built; no wheel is made.

{commands}
"""

_EPILOG = """\
examples:
  hatch-kindgi check                      check the pack in this folder
  hatch-kindgi check packs/ledger --format github
  hatch-kindgi index -o dist/index.json --artifact-version 2026.11.29
  hatch-kindgi check --format sarif > kindgi.sarif
  hatch-kindgi schema block > .vscode/kindgi-block.schema.json
  hatch-kindgi check --watch               check again on every change
  hatch-kindgi check --fix                 make the certain fixes (--diff: show them)
  hatch-kindgi render acme.reply-prompt --param tone=formal
  hatch-kindgi check --against origin/main
  hatch-kindgi diff v1.2.0 --format markdown
  hatch-kindgi lsp                         the language server, for an editor
"""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser, commands = _parser()
    words = list(sys.argv[1:] if argv is None else argv)
    try:
        args, unparsed = parser.parse_known_args(words)
        if unparsed:
            # argparse takes a command's positionals in one go, so `render X --param a=b DIR`
            # leaves DIR over; the command's own parser reads options and positionals mixed.
            args = commands[args.command].parse_intermixed_args(words[1:])
    except SystemExit as stop:  # argparse exits 2 on usage errors and 0 on --help
        return int(stop.code or 0)
    command: Command = args.command_spec
    try:
        return command.run(args)
    except KeyboardInterrupt:
        return interrupted()


class _Parser(argparse.ArgumentParser):
    """argparse, with "did you mean" for a misspelt command, choice or option (argparse gives
    none before Python 3.14, and there only when asked, in its own words: 3.15 asks by default,
    and its "maybe you meant" beside ours would be two suggestions). The command's parsers are of
    this class too (argparse makes a subparser of its parent's class)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # An attribute argparse reads from Python 3.14 on (`suggest_on_error=`, which 3.9 to
        # 3.13 don't take): ours is the one suggestion on every Python.
        self.suggest_on_error = False

    def error(self, message: str) -> NoReturn:
        super().error(message + _hint(self, message))


_INVALID_CHOICE = re.compile(r"invalid choice: '(?P<word>[^']*)' \(choose from (?P<choices>.*)\)")
_UNRECOGNIZED = "unrecognized arguments: "


def _hint(parser: argparse.ArgumentParser, message: str) -> str:
    if "did you mean" in message or "maybe you meant" in message:
        return ""
    invalid = _INVALID_CHOICE.search(message)
    if invalid is not None:
        choices = re.findall(r"'([^']*)'", invalid.group("choices"))
        return did_you_mean(invalid.group("word"), choices)
    if message.startswith(_UNRECOGNIZED):
        options = [name for name in parser._option_string_actions if name.startswith("--")]
        for word in message[len(_UNRECOGNIZED) :].split():
            name = word.partition("=")[0]
            if name.startswith("--"):
                hint = did_you_mean(name, options)
                if hint:
                    return hint
    return ""


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    listed = "\n".join(f"  {c.name:<7} {c.description}" for c in COMMANDS)
    parser = _Parser(
        prog="hatch-kindgi",
        description=_DESCRIPTION.format(commands=listed),
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hatch-kindgi {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands: dict[str, argparse.ArgumentParser] = {}
    for command in COMMANDS:
        sub = subparsers.add_parser(
            command.name, help=command.summary, description=command.description
        )
        command.add_arguments(sub)
        sub.set_defaults(command_spec=command, command=command.name)
        commands[command.name] = sub
    return parser, commands
