"""The pipeline: wires the stages; the build hook and the command line are adapters over it.

Every job starts the same way on a pack (`read`):

    config -> discover -> blocks        read_pack  -> PackRead
    (the job's pins) -> code            pack_code  -> CodeOutcome

then goes on with its own:

- `run.run_pipeline` (the build hook, `check`, `index`, `diff`, `check --watch`, the
  language server), asked one `request.RunRequest` whichever adapter asks: the rules
  across entries, the comparison with an earlier release, the Python files the wheel ships,
  and the index -> `PipelineResult`. `cache.PipelineCache` is what `check --watch` keeps
  between runs.
- `entries.load_entries` (`render`): the blocks, and the agents when the target needs them.
- `entries.entries_at` (`against` at a git revision): the entries of the pack's copy there.

Data in, data out: the rules live in the stages, none here.

The names below load with their module on first use, not with the package: a build step
that only asks `has_code_modules` (hatchling's `dependencies()`, in a process of its own)
never loads the stages.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hatch_kindgi.index.pins import LocalPins
    from hatch_kindgi.pipeline.cache import PipelineCache
    from hatch_kindgi.pipeline.entries import LoadedEntries, load_entries
    from hatch_kindgi.pipeline.read import has_code_modules
    from hatch_kindgi.pipeline.request import RunRequest, command_request
    from hatch_kindgi.pipeline.run import PipelineResult, run_pipeline

__all__ = [
    "LoadedEntries",
    "LocalPins",
    "PipelineCache",
    "PipelineResult",
    "RunRequest",
    "command_request",
    "has_code_modules",
    "load_entries",
    "run_pipeline",
]

_MODULES = {
    "LoadedEntries": "hatch_kindgi.pipeline.entries",
    "LocalPins": "hatch_kindgi.index.pins",
    "PipelineCache": "hatch_kindgi.pipeline.cache",
    "PipelineResult": "hatch_kindgi.pipeline.run",
    "RunRequest": "hatch_kindgi.pipeline.request",
    "command_request": "hatch_kindgi.pipeline.request",
    "has_code_modules": "hatch_kindgi.pipeline.read",
    "load_entries": "hatch_kindgi.pipeline.entries",
    "run_pipeline": "hatch_kindgi.pipeline.run",
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
