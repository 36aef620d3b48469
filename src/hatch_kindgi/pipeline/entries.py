"""A pack's entries for the jobs that read them rather than build: `render` (`load_entries`)
and the comparison with a pack's copy at a git revision (`entries_at`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hatch_kindgi.blocks.stage import BlocksOutcome
from hatch_kindgi.code.outcome import NO_CODE, CodeOutcome
from hatch_kindgi.config.stage import PackConfig
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.index.pins import LocalPins, Pins, resolve_pins
from hatch_kindgi.pipeline.read import pack_code, read_pack
from hatch_kindgi.pipeline.request import RunRequest
from hatch_kindgi.report.problems import Problem, has_errors

if TYPE_CHECKING:
    from pathlib import Path

    from hatch_kindgi.against.stage import PackEntries


@dataclass(frozen=True)
class LoadedEntries:
    """A pack's entries, for a command that reads them rather than building (`render`):
    its blocks, its agents (None when its code was not indexed), every problem found on
    the way (config, discovery, blocks, code), and the bounds of the profile it deploys to
    (what a render is limited by). `config_refused`: the config has errors, as `check` and a
    build refuse it; `problems` are then the config's alone, and no entry was read."""

    blocks: BlocksOutcome
    agents: tuple[dict[str, Any], ...] | None
    problems: tuple[Problem, ...]
    bounds: Bounds = SELF_HOSTED_BOUNDS
    config_refused: bool = False


def load_entries(
    root: Path, request: RunRequest, *, needs_code: Callable[[BlocksOutcome], bool]
) -> LoadedEntries:
    """The entries of the pack at `root` without checks across them or an index: its blocks,
    and its agents when `needs_code` says, given the blocks, that they are needed. `request`
    is the command's, as `check` makes its own (`command_request`: the environment, who
    runs, `--target`), so the config is read through the same checks; a config with errors
    gives no entries."""
    read = read_pack(root, request, config_first=True)  # a refused config: no block is read
    bounds = read.target.bounds
    if has_errors(read.config_problems):
        return LoadedEntries(read.blocks, None, read.config_problems, bounds, config_refused=True)
    if read.pack is None or not needs_code(read.blocks):
        return LoadedEntries(read.blocks, None, read.problems, bounds)
    version = read.pack.pack_version
    pins, pin_problems = resolve_pins(
        root, read.options, request.environ, version, local=LocalPins(None, None, version)
    )
    code = NO_CODE if pins is None else pack_code(root, read, pins)
    problems = (*read.problems, *pin_problems, *code.problems)
    return LoadedEntries(read.blocks, code.agents, problems, bounds)


_REFERENCE_PINS = Pins("0", "1970-01-01T00:00:00.000Z", "a reference", "a reference")
"""The pins the code stage gets at a reference: no entry carries them."""


def entries_at(root: Path, ref: str) -> tuple[PackEntries | None, list[str]]:
    """The entries of the pack copied out of `ref` into `root`, by the same stages, and notes
    on what could not be compared; the code stage runs (in its bounded child) only when the
    kindgi SDK is here."""
    read = read_pack(root)  # as a build runs it
    if read.pack is None:
        return None, [
            f"the pyproject.toml at {ref} has no usable [tool.kindgi]: nothing to compare with"
        ]
    code = pack_code(root, read, _REFERENCE_PINS)
    notes = []
    if any(problem.code == "sdk-missing" for problem in code.problems):
        notes.append(
            f"the kindgi SDK is not installed here, so the code at {ref} was not indexed: "
            "only blocks are compared"
        )
    elif has_errors([*read.problems, *code.problems]):
        notes.append(
            f"the pack at {ref} has errors of its own: its entries with errors are left out"
        )
    return pack_entries_of(read.pack, read.blocks, code), notes


def pack_entries_of(pack: PackConfig, blocks: BlocksOutcome, code: CodeOutcome) -> PackEntries:
    """One side of a comparison: the pack's entries and env names."""
    from hatch_kindgi.against.stage import pack_entries  # only a comparison loads against/

    return pack_entries(
        {**code.lists(), "blocks": blocks.entries},
        env_required=pack.env_required,
        env_optional=pack.env_optional,
        pack_version=pack.pack_version,
        erred_blocks=[b["id"] for b in blocks.erred if isinstance(b.get("id"), str)],
    )
