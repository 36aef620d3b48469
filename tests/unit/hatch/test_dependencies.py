"""The hook's `dependencies()`: the kindgi SDK (and the pack's own requirements) exactly when
the pack has code modules for the SDK to index, at the edges of what counts as one.

Each expected answer is written by hand from the rules in docs/configuration.md (discovery
globs, test modules left out, the pack's own `kindgi` requirement kept instead of ours);
hatchling's own `ProjectMetadata` gives the hook its `[project]`, as in a build."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hatchling.metadata.core import ProjectMetadata
from hatchling.plugin.manager import PluginManager

from hatch_kindgi.config.stage import read_config
from hatch_kindgi.discover.stage import discover_pack
from hatch_kindgi.hatch.plugin import KindgiBuildHook
from hatch_kindgi.pipeline.read import has_code_modules

SDK = "kindgi>=0.1.10,<0.2"
APP_SDK = "kindgi<0.2,>=0.1.10"  # the app's own, as hatchling hands it (packaging's form)

_PACK = '[tool.kindgi.pack]\nid = "acme.ledger"\nversion = "1.0.0"\n'


def _pack(root: Path, files: dict[str, str], *, extra: str = "", project: str = "") -> Path:
    root.mkdir(parents=True, exist_ok=True)
    head = f'[project]\nname = "acme-ledger"\nversion = "1.0.0"\n{project}\n'
    (root / "pyproject.toml").write_text(head + _PACK + extra, "utf-8")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, "utf-8")
    return root


def _dependencies(root: Path, target: str = "wheel") -> list[str]:
    metadata = ProjectMetadata(str(root), PluginManager())
    hook = KindgiBuildHook(str(root), {}, None, metadata, str(root), target)
    return hook.dependencies()


def _as_before(root: Path) -> bool:
    """The answer as it was worded before `dependencies()` read the pack's part alone: the
    whole config read, every discovery glob walked."""
    pack = read_config(root).pack
    return pack is not None and bool(discover_pack(root, pack.discovery).code_modules())


CASES: dict[str, tuple[dict[str, str], str, list[str]]] = {
    "blocks only": ({"blocks/a.json": "{}"}, "", []),
    "a tool": ({"tools/lookup.py": ""}, "", [SDK]),
    "a flow deep down": ({"flows/a/b/c/route.py": ""}, "", [SDK]),
    "test modules only": (
        {"tools/test_lookup.py": "", "agents/lookup_test.py": "", "flows/conftest.py": ""},
        "",
        [],
    ),
    "a test module beside a tool": ({"tools/test_a.py": "", "tools/a.py": ""}, "", [SDK]),
    "a Python file the blocks glob matches": (
        {"blocks/helper.py": ""},
        '[tool.kindgi.discovery]\nblocks = "blocks/**/*"\n',
        [],
    ),
    "a custom tools glob that matches": (
        {"pack/tools/a.py": ""},
        '[tool.kindgi.discovery]\ntools = "pack/tools/*.py"\n',
        [SDK],
    ),
    "a custom tools glob beside the default folder": (
        {"tools/a.py": ""},
        '[tool.kindgi.discovery]\ntools = "pack/tools/*.py"\n',
        [],
    ),
    "braces in a custom glob": (
        {"src/guards/g.py": ""},
        '[tool.kindgi.discovery]\nguardrails = "src/{checks,guards}/*.py"\n',
        [SDK],
    ),
    "a glob that can't be used, and a tool": (
        {"tools/a.py": ""},
        '[tool.kindgi.discovery]\nagents = "/abs/**/*.py"\n',
        [SDK],
    ),
    "an unknown discovery kind: the config can't be used": (
        {"tools/a.py": ""},
        '[tool.kindgi.discovery]\nmodels = "models/*.py"\n',
        [],
    ),
    "a bad hook option, and a tool": (
        {"tools/a.py": ""},
        "[tool.hatch.build.hooks.kindgi]\ntarget = 5\nmax-file-size = -1\n",
        [SDK],
    ),
    "a folder named like a module": ({"tools/a.py/x.txt": ""}, "", []),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_sdk_is_asked_for_exactly_when_the_pack_has_code(tmp_path: Path, case: str) -> None:
    files, extra, expected = CASES[case]
    root = _pack(tmp_path / "pack", files, extra=extra)
    assert _dependencies(root) == expected
    assert _dependencies(root, "sdist") == expected
    assert has_code_modules(root) is _as_before(root) is bool(expected)


def test_the_packs_requirements_follow_the_sdk(tmp_path: Path) -> None:
    """The pack's own requirements, after the SDK: indexing imports its modules."""
    root = _pack(
        tmp_path / "pack", {"tools/a.py": ""}, project='dependencies = ["httpx >= 0.27"]\n'
    )
    assert _dependencies(root) == [SDK, "httpx>=0.27"]


def test_a_kindgi_of_the_packs_own_replaces_ours(tmp_path: Path) -> None:
    root = _pack(
        tmp_path / "pack",
        {"tools/a.py": ""},
        project='dependencies = ["Kindgi == 0.1.12", "httpx"]\n',
    )
    assert _dependencies(root) == ["httpx", "kindgi==0.1.12"]  # as hatchling hands them


def test_another_target_asks_for_nothing(tmp_path: Path) -> None:
    root = _pack(tmp_path / "pack", {"tools/a.py": ""})
    assert _dependencies(root, "custom") == []


@pytest.mark.parametrize(
    "pyproject",
    [
        '[project]\nname = "acme-ledger"\nversion = "1.0.0"\n',  # no [tool.kindgi]
        '[project]\nname = "acme-ledger"\nversion = "1.0.0"\n[tool.kindgi.pack]\nid = "acme"\n',
        '[project]\nname = "acme-ledger"\nversion = "1.0.0"\n[tool.kindgi]\nenv = 3\n' + _PACK,
    ],
    ids=["no-kindgi-table", "no-pack-version", "bad-env"],
)
def test_a_config_that_cant_be_used_asks_for_nothing(tmp_path: Path, pyproject: str) -> None:
    """The build fails on it later, naming the problem; the SDK wouldn't help it."""
    root = _pack(tmp_path / "pack", {"tools/a.py": ""})
    (root / "pyproject.toml").write_text(pyproject, "utf-8")
    assert _dependencies(root) == []
    assert has_code_modules(root) is _as_before(root) is False


def test_no_pyproject_or_a_broken_one_has_no_code(tmp_path: Path) -> None:
    root = _pack(tmp_path / "pack", {"tools/a.py": ""})
    (root / "pyproject.toml").write_text("[tool.kindgi.pack\n", "utf-8")
    assert has_code_modules(root) is False
    (root / "pyproject.toml").unlink()
    assert has_code_modules(root) is False


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_a_link_to_a_module_outside_the_pack_is_no_module(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.py"
    outside.write_text("", "utf-8")
    root = _pack(tmp_path / "pack", {})
    (root / "tools").mkdir()
    (root / "tools" / "a.py").symlink_to(outside)
    assert _dependencies(root) == []
    (root / "tools" / "b.py").symlink_to(root / "pyproject.toml")  # inside the pack: a file
    assert _dependencies(root) == [SDK]


@pytest.mark.parametrize("app", ["app-flat", "app-src"])
def test_a_pack_inside_an_app(tmp_path: Path, app: str) -> None:
    """`testpacks/app-*`: the pack's code under `kindgi/`, the app's own package beside it.
    The app requires the SDK itself: its requirements are the answer, as hatchling hands
    them (sorted by name). Without the pack's
    code, the app's own modules (`acme_app/*.py`) are no code of the pack: nothing."""
    root = tmp_path / app
    shutil.copytree(Path(__file__).resolve().parents[3] / "testpacks" / app, root)
    assert _dependencies(root) == [APP_SDK, "pydantic>=2"]
    shutil.rmtree(root / "kindgi")
    assert _dependencies(root) == []
    assert has_code_modules(root) is _as_before(root) is False
