"""What the project's own wheel ships (hatchling's selection), and the folders it imports from.

The expected files are written by hand from hatchling's documented selection rules
(https://hatch.pypa.io/latest/plugins/builder/wheel/); the build tests compare with real
hatchling wheels (`tests/e2e/test_app_packs.py`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hatchling.builders.wheel import WheelBuilder

from hatch_kindgi.discover.shipped import (
    NOTHING,
    ProjectWheel,
    import_roots,
    may_ship,
    paths_taken,
    project_wheel,
)

TESTPACKS = Path(__file__).resolve().parents[3] / "testpacks"
PROJECT = '[project]\nname = "acme-app"\nversion = "1.0.0"\n'


def _app(root: Path, pyproject: str, *paths: str) -> Path:
    root.mkdir(exist_ok=True)
    (root / "pyproject.toml").write_text(PROJECT + pyproject, "utf-8")
    for path in (*paths, "kindgi/tools/shout.py", "README.md"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("", "utf-8")
    return root


def test_flat_layout_ships_from_the_root(tmp_path: Path) -> None:
    """`packages = ["acme_app"]`: the package at its own path, imported from the root."""
    root = _app(
        tmp_path,
        '[tool.hatch.build.targets.wheel]\npackages = ["acme_app"]\n',
        "acme_app/__init__.py",
        "acme_app/text.py",
    )
    wheel = project_wheel(root)
    assert dict(wheel.files) == {
        "acme_app/__init__.py": "acme_app/__init__.py",
        "acme_app/text.py": "acme_app/text.py",
    }
    assert import_roots(wheel) == ("",)


def test_src_layout_by_default_selection_ships_from_src(tmp_path: Path) -> None:
    """No selection option: hatchling picks `src/acme_app`, which imports from `src`."""
    root = _app(tmp_path, "", "src/acme_app/__init__.py", "src/acme_app/sub/deep.py")
    wheel = project_wheel(root)
    assert dict(wheel.files) == {
        "acme_app/__init__.py": "src/acme_app/__init__.py",
        "acme_app/sub/deep.py": "src/acme_app/sub/deep.py",
    }
    assert import_roots(wheel) == ("src",)
    assert wheel.distribution_path("src/acme_app/text.py") == "acme_app/text.py"
    assert wheel.distribution_path("kindgi/tools/shout.py") == "kindgi/tools/shout.py"


def test_dotted_package_under_a_folder_imports_from_it(tmp_path: Path) -> None:
    """A namespace package under `lib/` (`packages = ["lib/acme"]`) imports from `lib`."""
    root = _app(
        tmp_path,
        '[tool.hatch.build.targets.wheel]\npackages = ["lib/acme"]\n',
        "lib/acme/app/__init__.py",
    )
    wheel = project_wheel(root)
    assert dict(wheel.files) == {"acme/app/__init__.py": "lib/acme/app/__init__.py"}
    assert import_roots(wheel) == ("lib",)


def test_renaming_sources_gives_no_import_root(tmp_path: Path) -> None:
    """`sources = {"code" = "acme_app"}` renames the folder: nowhere in the tree imports as
    the wheel ships it, so no folder goes on the path for it."""
    root = _app(
        tmp_path,
        '[tool.hatch.build.targets.wheel]\nonly-include = ["code"]\n'
        '[tool.hatch.build.targets.wheel.sources]\n"code" = "acme_app"\n',
        "code/__init__.py",
    )
    wheel = project_wheel(root)
    assert dict(wheel.files) == {"acme_app/__init__.py": "code/__init__.py"}
    assert import_roots(wheel) == ()


def test_other_hooks_forced_files_are_the_projects(tmp_path: Path) -> None:
    """A file another hook force-includes from outside the pack ships too, and is no root."""
    root = _app(tmp_path / "app", "", "src/acme_app/__init__.py")
    outside = tmp_path / "generated.py"
    outside.write_text("", "utf-8")
    wheel = project_wheel(root, force_include={str(outside): "acme_app/generated.py"})
    assert dict(wheel.files) == {
        "acme_app/__init__.py": "src/acme_app/__init__.py",
        "acme_app/generated.py": str(outside),
    }
    assert wheel.external == {"acme_app/generated.py"}
    assert import_roots(wheel) == ("src",)


def test_a_forced_file_beside_the_pack_is_outside_it(tmp_path: Path) -> None:
    """`/x/app-data/gen.py` forced into the wheel of `/x/app` (hatchling compares path
    prefixes) is outside the pack: no root for it, its absolute path as its source."""
    root = _app(tmp_path / "app", "", "src/acme_app/__init__.py")
    beside = tmp_path / "app-data" / "acme" / "gen.py"
    beside.parent.mkdir(parents=True)
    beside.write_text("", "utf-8")
    wheel = project_wheel(root, force_include={str(beside): "acme/gen.py"})
    assert wheel.files["acme/gen.py"] == str(beside)
    assert import_roots(wheel) == ("src",)


def test_a_pack_that_is_no_app_ships_nothing_of_its_own(tmp_path: Path) -> None:
    """No `acme_app/` folder and no selection: hatchling can't choose, so nothing."""
    assert project_wheel(_app(tmp_path, "")) == NOTHING


def _hatchling_ships(root: Path) -> list[str]:
    """What hatchling's own wheel builder includes from `root` ([] where it can't choose)."""
    try:
        return [f.distribution_path for f in WheelBuilder(str(root)).recurse_included_files()]
    except ValueError:
        return []


@pytest.mark.parametrize(
    "pack",
    sorted(
        path.parent.relative_to(TESTPACKS).as_posix()
        for path in TESTPACKS.glob("**/pyproject.toml")
    ),
)
def test_the_gate_lets_hatchling_answer_wherever_it_ships_something(pack: str) -> None:
    """Every test pack the gate skips is one hatchling's builder ships nothing from; the apps
    pass the gate."""
    root = TESTPACKS / pack
    if not may_ship(root):
        assert _hatchling_ships(root) == []
    if pack in ("app-flat", "app-src", "broken/wheel-path-taken"):
        assert may_ship(root)


def test_a_configuration_hatchling_refuses_ships_nothing(tmp_path: Path) -> None:
    """`packages = 3` is hatchling's to report when it builds; here it raises nothing."""
    root = _app(tmp_path, "[tool.hatch.build.targets.wheel]\npackages = 3\n", "acme_app/x.py")
    assert project_wheel(root) == NOTHING
    (tmp_path / "pyproject.toml").write_text("not toml [", "utf-8")
    assert project_wheel(root) == NOTHING


# An app the pack lives in (`kindgi init` in an existing app): what its own wheel ships, and
# where the pack's tool module and index go.
APP = ProjectWheel(
    {
        "acme_app/__init__.py": "src/acme_app/__init__.py",
        "acme_app/text.py": "src/acme_app/text.py",
    },
    lambda path: path.removeprefix("src/"),
)
PLACED = {"acme_app/kindgi/tools/shout.py": "kindgi/tools/shout.py"}
WRITTEN = ("acme_app/index.json",)


def test_taken_nothing_beside_the_apps_files() -> None:
    """The pack's code and index beside the app's modules take none of its paths."""
    assert paths_taken(APP, PLACED, WRITTEN, "acme_app") == ()


def test_taken_a_pack_file_on_a_path_the_project_fills_names_both() -> None:
    """A pack file landing where the project ships a file is a `wheel-path-taken` error on
    the pack file naming the project's file; the index likewise, on the project's file."""
    project = ProjectWheel(
        {
            **APP.files,
            "acme_app/kindgi/tools/shout.py": "src/acme_app/kindgi/tools/shout.py",
            "acme_app/index.json": "src/acme_app/index.json",
        },
        APP.distribution_path,
    )
    problems = paths_taken(project, PLACED, WRITTEN, "acme_app")
    assert [(p.code, p.file) for p in problems] == [
        ("wheel-path-taken", "kindgi/tools/shout.py"),
        ("wheel-path-taken", "src/acme_app/index.json"),
    ]
    code, index = problems
    assert "acme_app/kindgi/tools/shout.py" in code.message
    assert "src/acme_app/kindgi/tools/shout.py" in code.message
    assert "acme_app/index.json" in index.message
    assert "index.json (written by hatch-kindgi)" in index.message


def test_taken_a_project_file_a_pack_file_would_hide_is_a_problem() -> None:
    """Hatchling leaves out what the project ships at a forced file's own path: a project
    shipping `lib/kindgi/tools/shout.py` at `kindgi/tools/shout.py` would lose it."""
    project = ProjectWheel(
        {**APP.files, "kindgi/tools/shout.py": "lib/kindgi/tools/shout.py"},
        APP.distribution_path,
    )
    problems = paths_taken(project, PLACED, WRITTEN, "acme_app")
    assert [(p.code, p.file) for p in problems] == [("wheel-path-taken", "kindgi/tools/shout.py")]
    message = problems[0].message
    assert "ships lib/kindgi/tools/shout.py at kindgi/tools/shout.py" in message


def test_taken_a_pack_file_the_project_would_ship_at_its_own_path_is_claimed() -> None:
    """A file of the pack that the project's selection takes as it is (an artifact under a
    code folder, `only-include = ["kindgi"]`) ships once, under the package: no problem."""
    project = ProjectWheel(
        {**APP.files, "kindgi/tools/shout.py": "kindgi/tools/shout.py"}, APP.distribution_path
    )
    problems = paths_taken(project, PLACED, WRITTEN, "acme_app")
    assert problems == ()


def test_taken_an_app_module_the_packs_discovery_takes_is_a_problem() -> None:
    """A pack glob reaching into the app's package (`src/acme_app/kindgi/tools/*.py`) would
    move the app's module out of its place: a problem, not a claim."""
    source = "src/acme_app/kindgi/tools/shout.py"
    project = ProjectWheel(
        {**APP.files, "acme_app/kindgi/tools/shout.py": source}, APP.distribution_path
    )
    problems = paths_taken(project, {f"acme_app/{source}": source}, WRITTEN, "acme_app")
    assert [(p.code, p.file) for p in problems] == [("wheel-path-taken", source)]
    message = problems[0].message
    assert "ships this file at acme_app/kindgi/tools/shout.py, in its package" in message
