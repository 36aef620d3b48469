"""The standard wheel linters pass on every good testpack's wheel, as a pack author's CI runs
them: `check-wheel-contents` (every check, W010 included) and `twine check`."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

from tests.helpers.golden import CODE_FOLDERS
from tests.helpers.packs import (
    TESTPACKS,
    build_env,
    copy_pack,
    run_build,
    run_module,
    wheel_files,
)

pytestmark = pytest.mark.slow

# Every pack of testpacks/ but the broken ones (testpacks/history holds two snapshots, no pack).
GOOD_PACKS = sorted(
    path.name
    for path in TESTPACKS.iterdir()
    if (path / "pyproject.toml").is_file() and path.name != "broken"
)


def _params() -> list[object]:
    """Each good testpack, the ones with code marked `sdk`, plus the full pack with a dotted
    `package`."""
    params: list[object] = []
    for name in GOOD_PACKS:
        has_code = any((TESTPACKS / name / folder).is_dir() for folder in CODE_FOLDERS)
        params.append(pytest.param(name, marks=pytest.mark.sdk) if has_code else name)
    params.append(pytest.param("full-dotted", marks=pytest.mark.sdk))
    return params


def _linter(*command: str) -> subprocess.CompletedProcess[str]:
    return run_module(*command, env=build_env({"NO_COLOR": "1"}))


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One wheel of each pack in `_params`, built as `python -m build --wheel` builds it."""
    built: dict[str, Path] = {}
    for name in [*GOOD_PACKS, "full-dotted"]:
        scratch = tmp_path_factory.mktemp(name)
        pack = copy_pack(name.removesuffix("-dotted"), scratch)
        if name.endswith("-dotted"):
            pyproject = pack / "pyproject.toml"
            pyproject.write_text(pyproject.read_text("utf-8") + 'package = "acme.ledger"\n')
        run = run_build(pack, scratch / "dist", isolated=False)
        assert run.returncode == 0, run.stderr
        (built[name],) = run.wheels
    return built


def test_the_good_testpacks_are_all_here() -> None:
    """The packs linted are the good testpacks: blocks-only, code and env-only among them."""
    assert GOOD_PACKS == ["agent-blocks", "blocks", "code-only", "full", "minimal"]
    assert sorted(PACKAGE_FOLDERS) == sorted([*GOOD_PACKS, "full-dotted"])


@pytest.mark.parametrize("name", _params())
def test_check_wheel_contents_passes(wheels: dict[str, Path], name: str) -> None:
    """check-wheel-contents with every check on: OK (a blocks-only wheel used to fail W010,
    its package folder holding no Python module)."""
    wheel = wheels[name]
    run = _linter("check_wheel_contents", str(wheel))
    assert (run.returncode, run.stdout.strip()) == (0, f"{wheel}: OK"), run.stdout + run.stderr


@pytest.mark.parametrize("name", _params())
def test_twine_check_passes(wheels: dict[str, Path], name: str) -> None:
    """twine check: PASSED (it warns about the testpacks' missing READMEs, their own choice)."""
    run = _linter("twine", "check", str(wheels[name]))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASSED" in run.stdout


# Each pack's package folder, from its pyproject by hand.
PACKAGE_FOLDERS = {
    "agent-blocks": "acme_desk",
    "blocks": "acme_blocks",
    "code-only": "acme_notes",
    "full": "acme_ledger",
    "minimal": "acme_minimal",
    "full-dotted": "acme/ledger",
}


@pytest.mark.parametrize("name", _params())
def test_package_is_a_regular_package(wheels: dict[str, Path], name: str) -> None:
    """The package folder has an `__init__.py` that runs nothing (a comment alone); a dotted
    package's namespace part has none."""
    files = wheel_files(wheels[name])
    folder = PACKAGE_FOLDERS[name]
    assert f"{folder}/index.json" in files
    init = files[f"{folder}/__init__.py"].decode("utf-8")
    assert init.startswith("# ")
    assert ast.parse(init).body == []
    assert "acme/__init__.py" not in files
