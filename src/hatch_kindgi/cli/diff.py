"""`hatch-kindgi diff REF [PACK_DIR…]`: what the change does to each pack, against REF (one
diff a pack, under its name when there are several; JSON for one pack only)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hatch_kindgi.against.formats import DIFF_FORMATS
from hatch_kindgi.against.reference import RefRequest
from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    write_problems,
)
from hatch_kindgi.cli.packs import (
    PackOutcome,
    add_pack_dirs_argument,
    choose_packs,
    each_pack,
    named,
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
    add_pack_dirs_argument(parser)
    parser.add_argument(
        "--format",
        choices=DIFF_FORMATS,
        default="text",
        help="text for people (default), markdown for a pull-request comment, json for tools "
        "(one pack only)",
    )


_HEADINGS = {"text": "== {pack} ==\n", "markdown": "## {pack}\n\n"}
"""Above each pack's diff when there are several."""


def _run(args: argparse.Namespace) -> int:
    packs = choose_packs(args.pack_dirs)
    if packs is None:
        return EXIT_USAGE
    if args.format == "json" and len(packs.roots) > 1:
        sys.stderr.write(
            f"hatch-kindgi diff: a JSON diff is of one pack, and there are {len(packs.roots)}: "
            "name one, or use --format text or markdown\n"
        )
        return EXIT_USAGE
    if not packs.roots:
        return EXIT_OK

    def one(root: Path) -> PackOutcome:
        # No pins are written: the fallback only feeds the code stage, whose entries don't
        # carry it.
        result = run_pipeline(
            root,
            environ=os.environ,
            local_pins=LocalPins(None, None, "0"),
            against=RefRequest(args.ref, "REF"),
        )
        # The pack's own problems go to stderr, as `check` words them; reused versions are
        # in the diff itself.
        problems = tuple(p for p in result.problems if p.code != "version-reused")
        if result.comparison is None:
            return PackOutcome(problems, True)
        from hatch_kindgi.against.formats import format_diff

        return PackOutcome(problems, False, text=format_diff(result.comparison.diff, args.format))

    outcomes = each_pack(packs, one, args.jobs)
    write_problems(named(packs, [(o.problems, ()) for o in outcomes], "text").problems)
    shown = [(root, o.text) for root, o in zip(packs.roots, outcomes) if o.text is not None]
    for number, (root, text) in enumerate(shown):
        if len(packs.roots) > 1:
            gap = "\n" if number and args.format == "markdown" else ""
            sys.stdout.write(gap + _HEADINGS[args.format].format(pack=packs.shown(root)))
        sys.stdout.write(text)
    return EXIT_PROBLEMS if any(o.failed for o in outcomes) else EXIT_OK


COMMAND = Command(
    name="diff",
    summary="show what the change does to the pack against REF; write nothing",
    description="what the change does to the pack against REF (exit 0 shown, 1 no diff, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
