"""What the project's own wheel ships, as hatchling's wheel builder selects it.

A pack may live inside an existing Python app (`kindgi init` in an app appends `[tool.kindgi]`
to the app's pyproject, its code under `kindgi/`): then the wheel holds the app's packages and
the pack. Which files the app ships is hatchling's decision (`packages`, `sources`,
`only-include`, `force-include`, its default selection of `<name>/` or `src/<name>/`), so this
module never restates its rules: it asks a `WheelBuilder` of the project for the files it
would include (`recurse_included_files`, with the other hooks' build data in place, exactly as
a build walks them) and keeps its `get_distribution_path` to say where a project file would go.

The pack never takes a path the project fills (`paths_taken`, which the pipeline applies to
the pack's Python files and index, and the layout to the artifacts it claims); the
code stage puts the folders the wheel ships packages from on the indexing child's `sys.path`
(`import_roots`), as Kindgi's own build has the app installed. The tests hold it to hatchling
by building each app with the hook removed and comparing wheels file by file
(`tests/e2e/test_app_packs.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePath, PurePosixPath
from typing import Any

from hatch_kindgi.config.pyproject import read_pyproject
from hatch_kindgi.report.problems import Problem, error

__all__ = [
    "NOTHING",
    "ProjectWheel",
    "import_roots",
    "may_ship",
    "paths_taken",
    "project_wheel",
]


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
    refuses is hatchling's to report when it builds: here it ships nothing. Hatchling is only
    loaded when the project, or another hook, may ship something (`may_ship`).
    """
    if not artifacts and not force_include and not may_ship(root):
        return NOTHING
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


def may_ship(root: Path) -> bool:
    """Whether hatchling's wheel builder may select files of the project's own, so that asking
    it is worth loading it (the command line loads no hatchling for a pack that is no app).

    A gate, not a rule: True whenever the pyproject configures any part of `[tool.hatch.build]`
    beyond its hooks (a selection option, sources, artifacts, a target), or a Python module
    sits at the root, or a folder with an `__init__.py` at the root or one level down: a
    superset of where hatchling's default selection looks (`<name>/`, `src/<name>/`,
    `<name>.py`, `*/<name>/`). Hatchling decides what ships; the tests hold the gate to it on
    every test pack.
    """
    document, _ = read_pyproject(root)
    if document is None:
        return False
    tool = document.get("tool")
    hatch = tool.get("hatch") if isinstance(tool, dict) else None
    build = hatch.get("build") if isinstance(hatch, dict) else None
    if build is not None and (not isinstance(build, dict) or set(build) - {"hooks"}):
        return True
    patterns = ("*.py", "*/__init__.py", "*/*/__init__.py")
    try:
        return any(any(root.glob(pattern)) for pattern in patterns)
    except OSError:
        return True


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


def paths_taken(
    project: ProjectWheel, copied: Mapping[str, str], written: Iterable[str], folder: str
) -> tuple[Problem, ...]:
    """`wheel-path-taken` for each archive path of the pack the project's own wheel fills:
    `copied` maps archive paths to the pack files that go there, `written` are the paths of
    the files the hook writes (the index), `folder` the pack's package folder. Each problem
    names both sources. Hatchling leaves a project file out where a force-included pack file
    would have gone by its own path: another file there is a problem too, and so is the pack
    file itself where the project ships it in the package folder (an app module the pack's
    discovery takes would move); elsewhere (an artifact at the top level) the pack claims it."""
    problems: list[Problem] = []
    for target, source in sorted(copied.items()):
        own = project.files.get(target)
        if own is not None:
            problems.append(
                error(
                    "wheel-path-taken",
                    source,
                    f"the pack's file goes to {target} in the wheel, where the project already "
                    f"ships {own}; hatch-kindgi never replaces a file the project ships: move or "
                    "rename one of them, or set the hook option `package`",
                )
            )
            continue
        # Hatchling leaves out whatever the project ships at a forced file's own path. Where
        # that is this very file (an artifact hatchling would ship at the top level), the pack
        # claims it: it ships once, under the package.
        hidden = project.distribution_path(source)
        own = project.files.get(hidden)
        if own == source and hidden.startswith(f"{folder}/"):
            problems.append(
                error(
                    "wheel-path-taken",
                    source,
                    f"the project's wheel ships this file at {hidden}, in its package; as the "
                    f"pack's code it would go to {target} instead, and hatchling would leave it "
                    f"out at {hidden}: keep the pack's code out of the project's packages",
                )
            )
        elif own is not None and own != source:
            problems.append(
                error(
                    "wheel-path-taken",
                    source,
                    f"the project's wheel ships {own} at {hidden}; with the pack's file added "
                    f"(at {target}), hatchling would leave that out: keep the pack's code out "
                    "of the project's packages, or their paths apart",
                )
            )
    for target in sorted(written):
        own = project.files.get(target)
        if own is not None:
            problems.append(
                error(
                    "wheel-path-taken",
                    own,
                    f"the project ships this file at {target}, where the wheel gets the pack's "
                    f"{PurePosixPath(target).name} (written by hatch-kindgi); hatch-kindgi never "
                    "replaces a file the project ships: rename it, or set the hook option "
                    "`package`",
                )
            )
    return tuple(problems)


def _posix(path: str) -> str:
    return PurePath(path).as_posix()
