"""Shared fixtures: a wheel of hatch-kindgi itself, for isolated builds of the testpacks."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.packs import REPO, build_env


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip `sdk` tests where the kindgi SDK can't be installed (it needs Python 3.11+).

    From 3.11 on the SDK is a test dependency: a missing one fails its tests, never skips.
    """
    if sys.version_info >= (3, 11) or importlib.util.find_spec("kindgi") is not None:
        return
    skip = pytest.mark.skip(reason="needs the kindgi SDK, which needs Python 3.11+")
    for item in items:
        if "sdk" in item.keywords:
            item.add_marker(skip)


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
