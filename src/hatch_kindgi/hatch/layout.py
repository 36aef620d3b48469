"""The wheel's layout: which file goes where under `<package>/`, from a pipeline result.

Takes the result, the pack root as the build left it (other build hooks included), the
patterns of the files other hooks or the project declare as artifacts, and what the project's
own wheel ships (a pack inside an app); gives every archive path with the pack file it copies
or the bytes the hook writes, and the problems of the paths the project already fills. Pure,
apart from reading the tree.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pathspec

from hatch_kindgi.config.stage import package_folder
from hatch_kindgi.discover.shipped import NOTHING, ProjectWheel
from hatch_kindgi.discover.stage import code_folder_globs, discover
from hatch_kindgi.index.stage import INDEX_FILE
from hatch_kindgi.pipeline.wheel import wheel_paths
from hatch_kindgi.report.problems import Problem

if TYPE_CHECKING:
    from pathlib import Path

    from hatch_kindgi.pipeline import PipelineResult

__all__ = [
    "INIT_FILE",
    "INIT_TEXT",
    "WheelLayout",
    "artifact_patterns",
    "package_folder",
    "wheel_layout",
]

INIT_FILE = "__init__.py"
INIT_TEXT = (
    b"# A Kindgi pack: index.json beside this file is its index (written by hatch-kindgi).\n"
)
"""The `<package>/__init__.py` every pack wheel gets, unless the pack or the project (an app
the pack lives in) ships its own there.

It makes `<package>` a regular package, with a Python module, so the standard wheel linters
pass (check-wheel-contents W010 fails a folder without one) and `importlib.resources` finds the
index by package name on every supported Python. It runs nothing: `kindgi.pack serve` imports
the pack's modules under a package of its own and never imports this file."""


@dataclass(frozen=True)
class WheelLayout:
    """Every file of the wheel the hook adds, by archive path: the pack files it copies
    (pack-relative sources) and the files it writes (bytes)."""

    copied: Mapping[str, str]
    written: Mapping[str, bytes]
    problems: tuple[Problem, ...] = ()
    """Paths the project's own wheel already fills: the build fails on them."""


def wheel_layout(
    root: Path,
    result: PipelineResult,
    index: bytes,
    artifacts: Sequence[str] = (),
    project: ProjectWheel = NOTHING,
) -> WheelLayout:
    """Where `index`, `INIT_TEXT` and the pack's files go in the wheel of `result` (a
    successful run).

    Beside the Python files the result names, every file under a code folder that matches an
    artifact pattern (hatchling's `artifacts`, as hatch-vcs's `version-file` adds) is the
    pack's own: it goes under `<package>/` at its pack-relative path, never at the wheel's top
    level, whichever hook wrote it and whenever.

    `project` is what the project's wheel ships without this hook (an app the pack lives in):
    none of it is replaced. The `__init__.py` is only written where the project has none; an
    artifact the pack claims on a path the project fills is a `wheel-path-taken` problem (the
    pipeline says the same of the pack's Python files and the index).
    """
    package = result.package
    if package is None:
        raise ValueError("a pipeline result without a package has no wheel layout")
    folder = package_folder(package)
    python = result.python_files
    # The pipeline checked the pack's Python files and the index by the same rule
    # (`wheel_paths`); the artifacts the pack claims are known here only.
    own = wheel_paths(package, python, NOTHING)
    shipped = set(python)
    claimed = [path for path in _claimed_artifacts(root, result, artifacts) if path not in shipped]
    artifact_paths = wheel_paths(package, claimed, project)
    copied = {**own.placed, **artifact_paths.placed}
    written = {f"{folder}/{INDEX_FILE}": index}
    init = f"{folder}/{INIT_FILE}"
    if init not in copied and init not in project.files:
        written[init] = INIT_TEXT
    return WheelLayout(
        dict(sorted(copied.items())), dict(sorted(written.items())), artifact_paths.taken
    )


def artifact_patterns(
    build_data: Mapping[str, Any],
    target_config: Mapping[str, Any],
    build_config: Mapping[str, Any],
) -> tuple[str, ...]:
    """The artifact patterns hatchling ships for the target: the ones build hooks added
    (`build_data`), and the project's own (the target's `artifacts`, else
    `[tool.hatch.build]`'s)."""
    configured = target_config.get("artifacts")
    if configured is None:
        configured = build_config.get("artifacts", [])
    patterns = [*build_data.get("artifacts", []), *(configured or [])]
    return tuple(pattern for pattern in patterns if isinstance(pattern, str) and pattern)


def _claimed_artifacts(
    root: Path, result: PipelineResult, artifacts: Sequence[str]
) -> tuple[str, ...]:
    """The files under the pack's code folders that an artifact pattern names."""
    if not artifacts or result.pack is None:
        return ()
    spec = pathspec.GitIgnoreSpec.from_lines(artifacts)
    claimed: set[str] = set()
    for glob in code_folder_globs(result.pack.discovery, "**"):
        claimed.update(path for path in discover(root, glob).files if spec.match_file(path))
    return tuple(sorted(claimed))
