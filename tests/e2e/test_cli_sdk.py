"""The command line on a pack with code, installed as a user installs it: without the kindgi
SDK it says to install `hatch-kindgi[sdk]`, and with that extra it checks the pack."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import TESTPACKS, build_env, run_captured, run_checked

pytestmark = [pytest.mark.slow, pytest.mark.sdk]


def _check(venv: Path, pack: Path) -> subprocess.CompletedProcess[str]:
    return run_captured([venv / "bin" / "hatch-kindgi", "check", pack], env=build_env(GOLDEN_ENV))


def test_check_says_to_install_the_sdk_extra_then_works_with_it(
    tmp_path: Path, offline: dict[str, str]
) -> None:
    """`pip install hatch-kindgi`, then `hatch-kindgi check` on a code pack: one sdk-missing
    problem naming `pip install 'hatch-kindgi[sdk]'`; after exactly that, the check is clean."""
    venv = tmp_path / "venv"
    run_checked([sys.executable, "-m", "venv", str(venv)])
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    run_checked([*pip, "hatch-kindgi"], env=offline)
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

    run_checked([*pip, "hatch-kindgi[sdk]"], env=offline)
    with_sdk = _check(venv, pack)
    assert (with_sdk.returncode, with_sdk.stdout, with_sdk.stderr) == (0, "", "")
