"""Where a pack's files go in its wheel, the one rule of it (`wheel_paths`): under the package's
folder at their pack-relative paths, and never on a path the project's own wheel fills
(`wheel-path-taken`, `discover.shipped.paths_taken`).

The pipeline applies it to the pack's Python files and the index (a `check` says what a build
would refuse), the hook's layout (`hatch/layout.py`) to the artifacts the pack claims, which
only a build knows; both reach it here, below the hook.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hatch_kindgi.config.stage import package_folder
from hatch_kindgi.discover.shipped import ProjectWheel, paths_taken
from hatch_kindgi.report.problems import Problem

__all__ = ["WheelPaths", "wheel_paths"]


@dataclass(frozen=True)
class WheelPaths:
    """Pack files by the archive path each goes to (`placed`: archive path -> pack-relative
    path), and the `wheel-path-taken` problems of the paths the project already fills."""

    placed: dict[str, str]
    taken: tuple[Problem, ...]


def wheel_paths(
    package: str, files: Iterable[str], project: ProjectWheel, written: Iterable[str] = ()
) -> WheelPaths:
    """Each of `files` (pack-relative) at its path under `package`'s folder, and the
    problems of those paths, and of `written` (the names of the files the hook writes in the
    folder: the index), that `project`'s own wheel fills."""
    folder = package_folder(package)
    placed = {f"{folder}/{path}": path for path in files}
    writes = tuple(f"{folder}/{name}" for name in written)
    return WheelPaths(placed, paths_taken(project, placed, writes, folder))
