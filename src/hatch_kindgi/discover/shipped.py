"""What the project's own wheel ships, as hatchling's wheel builder selects it.

A pack may live inside an existing Python app (`kindgi init` in an app appends `[tool.kindgi]`
to the app's pyproject, its code under `kindgi/`): then the wheel holds the app's packages and
the pack. Which files the app ships is hatchling's decision (`packages`, `sources`,
`only-include`, `force-include`, its default selection of `<name>/` or `src/<name>/`), so this
module never restates its rules: it asks a `WheelBuilder` of the project for the files it
would include (`recurse_included_files`, with the other hooks' build data in place, exactly as
a build walks them) and keeps its `get_distribution_path` to say where a project file would go.

The layout uses it so the pack never takes a path the project fills (`hatch/layout.py`); the
code stage puts the folders the wheel ships packages from on the indexing child's `sys.path`
(`import_roots`), as Kindgi's own build has the app installed. The tests hold it to hatchling
by building each app with the hook removed and comparing wheels file by file
(`tests/build/test_app_packs.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath
from typing import Any

__all__ = ["ProjectWheel", "import_roots", "project_wheel"]


def _as_is(path: str) -> str:
    return path


@dataclass(frozen=True)
class ProjectWheel:
    """The files the project's wheel ships without the kindgi hook: archive path -> source
    (pack-relative with forward slashes, or an absolute path outside the pack), and where
    hatchling puts a pack-relative path (`distribution_path`, its `sources` rewriting)."""

    files: Mapping[str, str] = field(default_factory=dict)
    distribution_path: Callable[[str], str] = _as_is
    external: frozenset[str] = frozenset()
    """The archive paths whose source is outside the pack."""


NOTHING = ProjectWheel()


def project_wheel(
    root: Path,
    *,
    artifacts: Sequence[str] = (),
    force_include: Mapping[str, str] | None = None,
) -> ProjectWheel:
    """What hatchling's wheel builder would ship from the project at `root` with the build data
    other hooks gave (`artifacts`, `force_include`) and nothing of ours.

    A project whose wheel hatchling can't select files for (a pack that is not an app: no
    `<name>/` folder, no selection option) ships nothing of its own. A configuration hatchling
    refuses is hatchling's to report when it builds: here it ships nothing.
    """
    try:
        from hatchling.builders.wheel import WheelBuilder

        builder = WheelBuilder(str(root.resolve()))
        config = builder.config
        data: dict[str, Any] = {
            "artifacts": list(artifacts),
            "force_include": dict(force_include or {}),
        }
        with config.set_build_data(data):
            try:
                included = list(builder.recurse_included_files())
            except ValueError:
                # "Unable to determine which files to ship": no selection and nothing forced.
                return NOTHING
        distribution_path = config.get_distribution_path
    except Exception:  # hatchling's own build names a configuration it refuses
        return NOTHING
    files: dict[str, str] = {}
    external: set[str] = set()
    for item in included:
        target = _posix(item.distribution_path)
        relative = _posix(item.relative_path) if item.relative_path else ""
        # Hatchling takes a forced file for the project's when its path merely starts with the
        # root's (`/work/app-data/x.py` for `/work/app`): that one is outside too.
        if relative and not relative.startswith("../"):
            files[target] = relative
        else:
            files[target] = item.path
            external.add(target)

    def where(relative: str) -> str:
        return _posix(distribution_path(str(PurePath(*relative.split("/")))))

    return ProjectWheel(dict(sorted(files.items())), where, frozenset(external))


def import_roots(wheel: ProjectWheel) -> tuple[str, ...]:
    """The pack-relative folders the project's wheel ships Python modules from as they are
    laid out there (`src` for `src/acme_app/text.py` -> `acme_app/text.py`, `""` for a flat
    layout), sorted: on `sys.path`, the project's packages import as installed."""
    roots: set[str] = set()
    for target, source in wheel.files.items():
        if target in wheel.external or not target.endswith(".py"):
            continue
        if source == target:
            roots.add("")
        elif source.endswith(f"/{target}"):
            roots.add(source[: -len(target) - 1])
    return tuple(sorted(roots))


def _posix(path: str) -> str:
    return PurePath(path).as_posix()
