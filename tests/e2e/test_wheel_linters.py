"""The standard wheel linters pass on every good testpack's wheel, as a pack author's CI runs
them: `check-wheel-contents` (every check, W010 included) and `twine check`."""

from __future__ import annotations

import ast
import subprocess

import pytest

from tests.helpers.packs import TESTPACKS, WheelCache, build_env, has_code, run_module, wheel_files

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
    params: list[object] = [
        pytest.param(name, marks=pytest.mark.sdk) if has_code(TESTPACKS / name) else name
        for name in GOOD_PACKS
    ]
    params.append(pytest.param("full-dotted", marks=pytest.mark.sdk))
    return params


def _linter(*command: str) -> subprocess.CompletedProcess[str]:
    return run_module(*command, env=build_env({"NO_COLOR": "1"}))


def test_the_good_testpacks_are_all_here() -> None:
    """The packs linted are the good testpacks: blocks-only, code and env-only among them, and
    apps with a pack inside."""
    assert GOOD_PACKS == [
        "agent-blocks",
        "app-flat",
        "app-src",
        "blocks",
        "code-only",
        "full",
        "getting-started",
        "minimal",
    ]
    assert sorted(PACKAGE_FOLDERS) == sorted([*GOOD_PACKS, "full-dotted"])


@pytest.mark.parametrize("name", _params())
def test_check_wheel_contents_passes(good_wheels: WheelCache, name: str) -> None:
    """check-wheel-contents with every check on: OK (a blocks-only wheel used to fail W010,
    its package folder holding no Python module)."""
    wheel = good_wheels[name]
    run = _linter("check_wheel_contents", str(wheel))
    assert (run.returncode, run.stdout.strip()) == (0, f"{wheel}: OK"), run.stdout + run.stderr


@pytest.mark.parametrize("name", _params())
def test_twine_check_passes(good_wheels: WheelCache, name: str) -> None:
    """twine check: PASSED (it warns about the testpacks' missing READMEs, their own choice)."""
    run = _linter("twine", "check", str(good_wheels[name]))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASSED" in run.stdout


# The apps with a pack inside, and the folder their package sits in.
APPS = {"app-flat": "", "app-src": "src"}

# Each pack's package folder, from its pyproject by hand.
PACKAGE_FOLDERS = {
    "agent-blocks": "acme_desk",
    "app-flat": "acme_app",
    "app-src": "acme_app",
    "blocks": "acme_blocks",
    "code-only": "acme_notes",
    "full": "acme_ledger",
    "getting-started": "acme_replies",
    "minimal": "acme_minimal",
    "full-dotted": "acme/ledger",
}


@pytest.mark.parametrize("name", _params())
def test_package_is_a_regular_package(good_wheels: WheelCache, name: str) -> None:
    """The package folder has an `__init__.py` that runs nothing (a comment alone), or an
    app's own unchanged; a dotted package's namespace part has none."""
    files = wheel_files(good_wheels[name])
    folder = PACKAGE_FOLDERS[name]
    assert f"{folder}/index.json" in files
    if name in APPS:
        # An app's package keeps its own.
        own = TESTPACKS / name / APPS[name] / folder / "__init__.py"
        assert files[f"{folder}/__init__.py"] == own.read_bytes()
        return
    init = files[f"{folder}/__init__.py"].decode("utf-8")
    assert init.startswith("# ")
    assert ast.parse(init).body == []
    assert "acme/__init__.py" not in files
