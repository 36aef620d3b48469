"""Shared fixtures: a wheel of hatch-kindgi itself for isolated builds of the testpacks, the
wheels and environments tests share."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

from tests.helpers.packs import REPO, WheelCache, build_env, run_checked
from tests.helpers.repro import offline_env, offline_wheelhouse


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
    command = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(folder)]
    run_checked(command, env=os.environ, cwd=REPO)
    return folder


@pytest.fixture(scope="session")
def isolated_env(wheelhouse: Path) -> dict[str, str]:
    """The environment of an isolated build that can find the local hatch-kindgi wheel."""
    links = " ".join(filter(None, [str(wheelhouse), os.environ.get("PIP_FIND_LINKS", "")]))
    return build_env({"PIP_FIND_LINKS": links})


@pytest.fixture(scope="session")
def offline(wheelhouse: Path) -> dict[str, str]:
    """A build environment whose installers, pip and uv, take every package from a local
    wheelhouse (tests/helpers/repro.py's `offline_wheelhouse`), fetched once a session."""
    return offline_env(offline_wheelhouse(wheelhouse))


@pytest.fixture(scope="session")
def good_wheels(tmp_path_factory: pytest.TempPathFactory) -> WheelCache:
    """The good testpacks' wheels (`python -m build --wheel --no-isolation`), each built on
    first use and shared by every test that only reads it."""
    return WheelCache(tmp_path_factory.mktemp("good-wheels"))


@pytest.fixture(scope="session")
def bare_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The interpreter of a virtualenv without pip or any package: no kindgi to import."""
    folder = tmp_path_factory.mktemp("bare") / "venv"
    run_checked([sys.executable, "-m", "venv", "--without-pip", folder])
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
