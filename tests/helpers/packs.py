"""Test helpers: copy a testpack, run real builds on it, read the wheel it makes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTPACKS = REPO / "testpacks"
BROKEN = TESTPACKS / "broken"
SUMMARY = re.compile(r"\d+ errors?, \d+ warnings? in \d+ files?")


@dataclass(frozen=True)
class BuildRun:
    """One `python -m build` run: its exit code, output and the artifacts it left."""

    returncode: int
    stdout: str
    stderr: str
    outdir: Path

    @property
    def wheels(self) -> list[Path]:
        """The wheels in the output folder."""
        return sorted(self.outdir.glob("*.whl"))

    @property
    def artifacts(self) -> list[Path]:
        """Everything in the output folder."""
        return sorted(self.outdir.iterdir()) if self.outdir.exists() else []


def copy_pack(name: str, destination: Path) -> Path:
    """A copy of `testpacks/<name>` under `destination`, so builds never touch the repo."""
    target = destination / Path(name).name
    shutil.copytree(TESTPACKS / name, target, symlinks=True)
    return target


def build_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a build: this one, minus pins a developer may have set."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SOURCE_DATE_EPOCH", "KINDGI_ARTIFACT_VERSION", "KINDGI_PUBLISHED_AT")
        and key != "GITHUB_ACTIONS"
    }
    env.update(extra or {})
    return env


def run_build(
    pack: Path,
    outdir: Path,
    *,
    isolated: bool,
    args: tuple[str, ...] = ("--wheel",),
    env: dict[str, str] | None = None,
    timeout: float = 600,
    encoding: str = "utf-8",
) -> BuildRun:
    """`python -m build` on `pack`, as a pack author runs it (its output read in `encoding`,
    which a test sets with PYTHONIOENCODING in `env`)."""
    command = [sys.executable, "-m", "build", *args, "--outdir", str(outdir), str(pack)]
    if not isolated:
        command.insert(3, "--no-isolation")
    completed = subprocess.run(
        command,
        capture_output=True,
        text=True,
        encoding=encoding,
        env=env or build_env(),
        timeout=timeout,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    return BuildRun(completed.returncode, completed.stdout, completed.stderr, outdir)


def run_module(
    *args: str, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """`python -m <args>` with this interpreter (a linter, the command line), output captured
    for the test to judge; `env` defaults to `build_env()`."""
    return subprocess.run(
        [sys.executable, "-m", *args],
        capture_output=True,
        text=True,
        env=env or build_env(),
        check=False,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )


def wheel_files(wheel: Path) -> dict[str, bytes]:
    """Every file in a wheel, by archive name."""
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def report_of(stderr: str) -> str:
    """The kindgi report in a build's stderr: from the header to the summary line."""
    lines = stderr.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("kindgi:"))
    end = next(i for i in range(start + 1, len(lines)) if SUMMARY.fullmatch(lines[i]))
    return "\n".join(lines[start + 1 : end + 1]) + "\n"


def scratch_pyproject(name: str, pack_id: str) -> str:
    """The pyproject of a pack a test writes: the hook, the SDK, a pinned publishedAt."""
    return f"""\
[build-system]
requires = ["hatchling", "hatch-kindgi"]
build-backend = "hatchling.build"

[project]
name = "{name}"
version = "1.0.0"
dependencies = ["kindgi>=0.1.10,<0.2"]

[tool.kindgi.pack]
id = "{pack_id}"
version = "1.0.0"

[tool.hatch.build.hooks.kindgi]
published-at = "2026-01-02T03:04:05.678Z"
"""
