"""`hatch-kindgi render TARGET [PACK_DIR] [--param NAME=VALUE]… [--agent AGENT_ID] [--now TIME]
[--input JSON]`: the text a run would render as instructions, on stdout and nothing else;
problems on stderr."""

from __future__ import annotations

import argparse
import sys

from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    EXIT_USAGE,
    Command,
    add_color_argument,
    add_pack_dir_argument,
    add_target_argument,
    run_request,
    write_problems,
)
from hatch_kindgi.cli.packs import choose_pack, named
from hatch_kindgi.pipeline import load_entries
from hatch_kindgi.pipeline.places import pack_text, place_problems
from hatch_kindgi.report.formats import write


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "target",
        metavar="TARGET",
        help="a prompt block, BLOCK_ID or BLOCK_ID@VERSION (default: its newest version, or "
        "the one --agent's range picks), or an agent's id (its instructions)",
    )
    add_pack_dir_argument(parser)
    add_target_argument(parser)
    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a parameter's value, typed by its declaration (number, boolean true/false, "
        "date YYYY-MM-DD, string); repeat for each",
    )
    parser.add_argument(
        "--agent",
        metavar="AGENT_ID",
        help="the agent the run runs: {{ agent }} is its id, name and version, and settings "
        "are read as its ranges pick them from the pack (default: the newest version of each "
        "settings block, and no agent)",
    )
    parser.add_argument(
        "--now",
        metavar="TIME",
        help="the run's clock for {{ now }}, {{ today }} and the date filter, an ISO time "
        "with its zone (2026-12-01T15:04:05.123Z) or a date (default: the clock now)",
    )
    parser.add_argument(
        "--input",
        metavar="JSON",
        help="the turn's structured input, {{ input }} (default: none, as a turn without one)",
    )
    add_color_argument(parser)


def _run(args: argparse.Namespace) -> int:
    packs = choose_pack(args.pack_dir)
    if packs is None:
        return EXIT_USAGE
    (root,) = packs.roots
    from hatch_kindgi.render.stage import RenderRequest, needs_agents, render

    request = RenderRequest(args.target, tuple(args.param), args.agent, args.now, args.input)
    entries = load_entries(
        root,
        run_request(args),  # the config read through `check`'s checks, `--target` applied
        needs_code=lambda blocks: needs_agents(request, blocks.entries),
    )
    if entries.config_refused:  # as `check` and a build refuse it: nothing is rendered
        placed = place_problems(entries.problems, pack_text(root))
        write_problems(named(packs, [(placed, ())], "text").problems, args.color)
        return EXIT_PROBLEMS
    outcome = render(
        request,
        entries.blocks.entries,
        entries.blocks.template_files,
        entries.agents,
        entries.problems,
        bounds=entries.bounds,
    )
    placed = place_problems(outcome.problems, pack_text(root))  # as `check` places them
    write_problems(named(packs, [(placed, ())], "text").problems, args.color)
    if outcome.usage is not None:
        write(sys.stderr, f"hatch-kindgi render: {outcome.usage}\n")
    if outcome.text is None:
        return EXIT_PROBLEMS if outcome.problems else EXIT_USAGE
    # The text exactly, as UTF-8 whatever the locale: it is what a run sends a model.
    data = outcome.text.encode("utf-8", "backslashreplace")
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        sys.stdout.flush()
        buffer.write(data)
        buffer.flush()
    return EXIT_OK


COMMAND = Command(
    name="render",
    summary="render a prompt block or an agent's instructions as a run would",
    description="render a prompt block or an agent's instructions (exit 0 rendered, 1 "
    "problems, 2 usage)",
    add_arguments=_arguments,
    run=_run,
)
