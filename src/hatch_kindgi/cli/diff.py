"""`hatch-kindgi diff REF [PACK_DIR…]`: what the change does to each pack, against REF (one
diff a pack, under its name when there are several; JSON for one pack only).

Exit codes as `git diff` has them: 0 when the diff is written, whatever it shows; with
`--exit-code`, 1 when it shows a change (0: none), as `git diff --exit-code`; 2 for a usage
error or when no diff can be made (REF names nothing here, it or the pack can't be read),
as diff(1) says "trouble". A pack whose config has errors is refused as `check` refuses it:
no diff of it, its problems on stderr, exit 1 (as `render`)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from hatch_kindgi.against.formats import DIFF_FORMATS
from hatch_kindgi.against.request import RefRequest
from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    add_color_argument,
    reference_usage,
    run_request,
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
    parser.add_argument(
        "--exit-code",
        action="store_true",
        help="exit 1 when the diff shows a change and 0 when it shows none, as git diff "
        "--exit-code (default: 0 whenever the diff is written)",
    )
    add_color_argument(parser)


EXIT_CHANGED = 1
"""`--exit-code`: the diff shows a change (git diff --exit-code's 1)."""

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
    # No pins are written: the fallback only feeds the code stage, whose entries don't carry
    # it.
    request = replace(
        run_request(args),
        local_pins=LocalPins(None, None, "0"),
        against=RefRequest(args.ref, "REF"),
    )

    def one(root: Path) -> PackOutcome:
        result = run_pipeline(root, request)
        # The pack's own problems go to stderr, as `check` words them; reused versions are
        # in the diff itself.
        problems = tuple(p for p in result.problems if p.code != "version-reused")
        if result.config_refused:  # as `check` and a build refuse it: no diff of it
            return PackOutcome(problems, False, refused=True)
        if result.comparison is None:
            return PackOutcome(problems, True)
        from hatch_kindgi.against.formats import format_diff

        diff = result.comparison.diff
        changed = not diff.changes_nothing or diff.pack_version != diff.pack_version_before
        text = format_diff(diff, args.format)
        return PackOutcome(problems, False, text=text, changed=changed)

    outcomes = each_pack(packs, one, args.jobs)
    usage = reference_usage("diff", (outcome.problems for outcome in outcomes))
    if usage is not None:
        return usage
    write_problems(named(packs, [(o.problems, ()) for o in outcomes], "text").problems, args.color)
    shown = [(root, o.text) for root, o in zip(packs.roots, outcomes) if o.text is not None]
    for number, (root, text) in enumerate(shown):
        if len(packs.roots) > 1:
            gap = "\n" if number and args.format == "markdown" else ""
            sys.stdout.write(gap + _HEADINGS[args.format].format(pack=packs.folder_name(root)))
        sys.stdout.write(text)
    if any(o.failed for o in outcomes):
        return EXIT_USAGE  # no diff could be made of some pack: its problems say why
    if any(o.refused for o in outcomes):
        return EXIT_PROBLEMS  # a config with errors, as `check` exits on it
    if args.exit_code and any(o.changed for o in outcomes):
        return EXIT_CHANGED
    return EXIT_OK


COMMAND = Command(
    name="diff",
    summary="show what the change does to the pack against REF; write nothing",
    description="what the change does to the pack against REF (exit 0 written; with "
    "--exit-code, 1 when it shows a change; 2 usage, or no diff can be made; 1 when the "
    "pack's config has errors, as check)",
    add_arguments=_arguments,
    run=_run,
)
