"""The command line on a pack with code, installed as a user installs it: without the kindgi
SDK it says to install `hatch-kindgi[sdk]`, and with that extra it checks the pack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.packs import TESTPACKS, build_env
from tests.helpers.repro import offline_env, offline_wheelhouse, run_checked

pytestmark = [pytest.mark.slow, pytest.mark.sdk]


def _check(venv: Path, pack: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(venv / "bin" / "hatch-kindgi"), "check", str(pack)],
        capture_output=True,
        text=True,
        env=build_env({"SOURCE_DATE_EPOCH": "1767225600"}),
        check=False,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )


def test_check_says_to_install_the_sdk_extra_then_works_with_it(
    tmp_path: Path, wheelhouse: Path
) -> None:
    """`pip install hatch-kindgi`, then `hatch-kindgi check` on a code pack: one sdk-missing
    problem naming `pip install 'hatch-kindgi[sdk]'`; after exactly that, the check is clean."""
    deps = offline_wheelhouse(wheelhouse, "cli", ("kindgi",))
    env = offline_env(deps)
    venv = tmp_path / "venv"
    run_checked([sys.executable, "-m", "venv", str(venv)], env=build_env())
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    run_checked([*pip, "hatch-kindgi"], env=env)
    pack = TESTPACKS / "code-only"

    without = _check(venv, pack)
    assert (without.returncode, without.stderr) == (1, "")
    python = venv / "bin" / "python"
    assert without.stdout == (
        "pyproject.toml: error[sdk-missing]: the pack has code modules (agents/scribe.py, "
        "flows/daily.py, guardrails/no_shouting.py, …) but "
        f"this Python ({python}) cannot import `kindgi`, whose indexer indexes them: install "
        "the command line with the SDK: pip install 'hatch-kindgi[sdk]' (kindgi needs Python "
        "3.11 or later)\n"
        "1 error, 0 warnings in 1 file\n"
    )

    run_checked([*pip, "hatch-kindgi[sdk]"], env=env)
    with_sdk = _check(venv, pack)
    assert (with_sdk.returncode, with_sdk.stdout, with_sdk.stderr) == (0, "", "")
