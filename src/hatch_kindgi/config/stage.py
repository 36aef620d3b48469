"""The config stage: `[tool.kindgi]`, `[project]` and the hook's options, every fault at once
(the pack's part in `pack.py`, the options' in `options.py`)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from hatch_kindgi.config.options import DEFAULT_MAX_FILE_SIZE, HookOptions, hook_options
from hatch_kindgi.config.pack import (
    CODE_KINDS,
    DEFAULT_DISCOVERY,
    ENTRY_KINDS,
    PackConfig,
    pack_config,
)
from hatch_kindgi.config.pyproject import PYPROJECT, hook_table, read_pyproject
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay
from hatch_kindgi.report.problems import Problem

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "CODE_KINDS",
    "DEFAULT_DISCOVERY",
    "DEFAULT_MAX_FILE_SIZE",
    "ENTRY_KINDS",
    "PYPROJECT",
    "ConfigOutcome",
    "HookOptions",
    "PackConfig",
    "Runner",
    "default_package",
    "hook_table",
    "load_config",
    "package_folder",
    "package_name",
    "read_config",
    "read_pyproject",
]

Runner = Literal["build", "command-line", "pre-commit"]
"""What runs the pipeline: a build (the hook), the command line (`check`, `index`), or the
command line as pre-commit's hook runs it (in an environment pre-commit makes). Stages that
tell the user what to install or set up say it for the one that runs."""


@dataclass(frozen=True)
class ConfigOutcome:
    """The config, when there is enough of it to go on, and every problem found."""

    pack: PackConfig | None
    options: HookOptions
    problems: tuple[Problem, ...] = field(default=())


def read_config(
    root: Path, hook_config: Mapping[str, Any] | None = None, overlay: Overlay = NO_OVERLAY
) -> ConfigOutcome:
    """The config of the pack at `root`, its pyproject.toml read and checked. `hook_config` is
    the hook's options as Hatchling hands them; None reads them from the pyproject (the
    command line, and a pack's copy at a git revision). `overlay`: an editor's buffers."""
    document, problems = read_pyproject(root, overlay)
    if document is None:
        return ConfigOutcome(None, HookOptions(), tuple(problems))
    return load_config(document, hook_table(document) if hook_config is None else hook_config)


def load_config(document: Mapping[str, Any], hook_config: Mapping[str, Any]) -> ConfigOutcome:
    """Check `[tool.kindgi]`, `[project]` and the hook's options; report every fault."""
    problems: list[Problem] = []
    options = hook_options(hook_config, problems)
    pack = pack_config(document, problems)
    return ConfigOutcome(pack, options, tuple(problems))


def default_package(project_name: str) -> str:
    """The distribution name as an import name: `acme-ledger` -> `acme_ledger`."""
    return re.sub(r"[-_.]+", "_", project_name).lower()


def package_folder(package: str) -> str:
    """The wheel folder of an import name: `acme_ledger` -> `acme_ledger`, and a dotted name
    as the folders Python imports it from, `acme.ledger` -> `acme/ledger` (`acme` is then a
    namespace package, which other packs of the same vendor can share)."""
    return package.replace(".", "/")


def package_name(options: HookOptions, project_name: str | None) -> str | None:
    """The import name the wheel's folder takes: the hook option `package`, else the
    project's name as an import name; None when there is neither."""
    return options.package or (default_package(project_name) if project_name else None)
