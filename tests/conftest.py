"""Shared fixtures: a wheel of hatch-kindgi itself for isolated builds of the testpacks, the
wheels and environments tests share."""

from __future__ import annotations

import fcntl
import importlib.util
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.packs import REPO, WheelCache, build_env, run_checked
from tests.helpers.repro import offline_env, offline_wheelhouse

# Test files whose tests share what a process computes once (`functools.cache`): under
# pytest-xdist each group runs on one worker, so no second worker pays for it again.
SHARED_IN_PROCESS = {
    # tests/helpers/golden.py's golden_result: the pipeline on every broken pack.
    "golden": (
        "tests/unit/report/test_golden.py",
        "tests/unit/report/test_sarif.py",
        "tests/unit/lsp/test_positions.py",
    ),
    # tests/helpers/primitives.py's indexed: the kindgi SDK's index of the primitives' corpus.
    "primitives-corpus": (
        "tests/unit/primitives/test_agents.py",
        "tests/unit/primitives/test_define_agent.py",
        "tests/unit/primitives/test_flows.py",
        "tests/unit/primitives/test_load_flow.py",
        "tests/runtime_agreement/test_agents_flows_corpus.py",
    ),
}
_GROUP_OF_FILE = {file: group for group, files in SHARED_IN_PROCESS.items() for file in files}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under `--dist loadfile`, pytest-xdist's scheduling by test file, with the files of a
    SHARED_IN_PROCESS group as one unit. (Its `loadgroup` marks can't do it on pytest 9.2,
    whose node ids pytest-xdist 3.8 no longer rewrites.)"""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class _SharedFiles(LoadFileScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::", 1)[0]
            return _GROUP_OF_FILE.get(file, file)

    return _SharedFiles(config, log)


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


def _once_a_run(factory: pytest.TempPathFactory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, made by `make(folder)` once for the whole test run.

    Alone, a session's own temporary folder. Under pytest-xdist, one folder beside the
    workers' own (the run's), made by the first worker to ask while the others wait on a
    lock: the workers share it and read it only, so the wheels are built and fetched once.
    """
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        folder = factory.mktemp(name)
        make(folder)
        return folder
    shared = factory.getbasetemp().parent
    folder = shared / name
    done = shared / f"{name}.complete"
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir()
            make(folder)
            done.write_text("")
    return folder


def _build_own_wheel(folder: Path) -> None:
    command = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(folder)]
    run_checked(command, env=os.environ, cwd=REPO)


@pytest.fixture(scope="session")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding a freshly built hatch-kindgi wheel, built once per run."""
    return _once_a_run(tmp_path_factory, "wheelhouse", _build_own_wheel)


@pytest.fixture(scope="session")
def isolated_env(wheelhouse: Path) -> dict[str, str]:
    """The environment of an isolated build that can find the local hatch-kindgi wheel."""
    links = " ".join(filter(None, [str(wheelhouse), os.environ.get("PIP_FIND_LINKS", "")]))
    return build_env({"PIP_FIND_LINKS": links})


@pytest.fixture(scope="session")
def offline(wheelhouse: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A build environment whose installers, pip and uv, take every package from a local
    wheelhouse (tests/helpers/repro.py's `offline_wheelhouse`), fetched once a run."""
    folder = _once_a_run(
        tmp_path_factory, "wheelhouse-offline", lambda into: offline_wheelhouse(wheelhouse, into)
    )
    return offline_env(folder)


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
