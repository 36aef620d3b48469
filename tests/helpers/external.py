"""Public test suites a test reads, taken from PyPI (pinned) on first use and cached.

No test suite is copied into this repository: each comes from a package on PyPI that ships it,
downloaded by pip into a cache folder outside the tree (`HATCH_KINDGI_TEST_CACHE`, default
`~/.cache/hatch-kindgi-tests`) and unpacked there once.

- The JSON-Schema-Test-Suite (json-schema-org), as python-jsonschema's sdist ships it under
  `json/tests/` (jsonschema 4.26.0).
- The golden-liquid suite (jg-rp/golden-liquid), as python-liquid 2.0.0's sdist ships it: the
  same cases as Python data under `liquid/golden/` (one module a tag or filter, `cases`).

Without network or pip the calling test skips, and fails under CI=true.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

__all__ = ["golden_liquid_source", "json_schema_test_suite", "pypi_sdist"]


def _cache() -> Path:
    default = Path.home() / ".cache" / "hatch-kindgi-tests"
    folder = Path(os.environ.get("HATCH_KINDGI_TEST_CACHE", default))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)")
    pytest.skip(reason)


def pypi_sdist(name: str, version: str) -> Path:
    """The unpacked sdist of `name==version` (its top folder), downloaded once."""
    cache = _cache()
    target = cache / f"{name}-{version}"
    done = target / ".complete"
    if done.is_file():
        return next(path for path in target.iterdir() if path.is_dir())
    with (cache / f".{name}-{version}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            download = cache / f".download-{name}-{version}"
            download.mkdir(exist_ok=True)
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"]
            command += ["--no-binary", ":all:", "--dest", str(download), f"{name}=={version}"]
            completed = subprocess.run(
                command, capture_output=True, text=True, timeout=600, check=False
            )
            archives = sorted(download.glob("*.tar.gz"))
            if completed.returncode != 0 or not archives:
                _unavailable(f"pip could not download {name}=={version}: {completed.stderr[-500:]}")
            target.mkdir(exist_ok=True)
            with tarfile.open(archives[0]) as archive:
                if sys.version_info >= (3, 12):
                    archive.extractall(target, filter="data")
                else:  # the sdists named here are pinned and come from PyPI
                    archive.extractall(target)
            done.write_text("")
    return next(path for path in target.iterdir() if path.is_dir())


def json_schema_test_suite(dialect: str = "draft2020-12") -> Path:
    """The JSON-Schema-Test-Suite's folder of one dialect's test files."""
    return pypi_sdist("jsonschema", "4.26.0") / "json" / "tests" / dialect


def golden_liquid_source() -> Path:
    """The folder of golden-liquid's case modules: each `*.py` holds `cases`, a list of
    `Case(...)` calls with literal arguments. Read them with `ast`, don't import them (they
    import python-liquid 2.0.0, not the python-liquid installed here)."""
    return pypi_sdist("python-liquid", "2.0.0") / "liquid" / "golden"
