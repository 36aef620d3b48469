"""Shared fixtures: a wheel of hatch-kindgi itself, for isolated builds of the testpacks."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.packs import REPO, build_env


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a freshly built hatch-kindgi wheel, built once per session."""
    folder = tmp_path_factory.mktemp("wheelhouse")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(folder)],
        cwd=REPO,
        check=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
    )
    return folder


@pytest.fixture(scope="session")
def isolated_env(wheelhouse: Path) -> dict[str, str]:
    """The environment of an isolated build that can find the local hatch-kindgi wheel."""
    links = " ".join(filter(None, [str(wheelhouse), os.environ.get("PIP_FIND_LINKS", "")]))
    return build_env({"PIP_FIND_LINKS": links})
