"""Helpers for reproducibility and frontend tests: git checkouts, pins, sandboxed builds."""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from pathlib import Path

from tests.helpers.packs import build_env

INDEX = "acme_ledger/index.json"
RECORD = ".hatch-kindgi-pins.json"
SDIST_ROOT = "acme_ledger-1.0.0"
# testpacks/full pins publishedAt with the hook option; these tests take it out, so the
# pin comes from SOURCE_DATE_EPOCH, git or the sdist record instead.
PIN_OPTION = 'published-at = "2026-01-02T03:04:05.678Z"\n'

COMMIT_DATE = "1772600767 +0000"
COMMIT_PUBLISHED_AT = "2026-03-04T05:06:07.000Z"
SOURCE_DATE_EPOCH = "1778051289"
SOURCE_DATE_PUBLISHED_AT = "2026-05-06T07:08:09.000Z"
# What copy B of a pair gets instead of the testpack's own modes and times.
UNSETTLED_MTIME = 1_000_000_000


def run_checked(
    command: list[str], *, env: dict[str, str], cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `command`; fail the test with its output when it fails."""
    completed = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=600,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert completed.returncode == 0, f"{command}\n{completed.stdout}\n{completed.stderr}"
    return completed


def sandboxed(scratch: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """`base` (default: a plain build environment) with TMPDIR under `scratch`, and git kept
    from climbing out of `scratch`: an unpacked sdist there is never inside a git checkout."""
    (scratch / "tmp").mkdir(exist_ok=True)
    env = dict(base) if base is not None else build_env()
    env.update({"TMPDIR": str(scratch / "tmp"), "GIT_CEILING_DIRECTORIES": str(scratch)})
    return env


def sha256(path: Path) -> str:
    """The hex sha256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sdist_member(sdist: Path, name: str) -> bytes:
    """One file of an sdist, by its path under the sdist's root folder."""
    with tarfile.open(sdist) as archive:
        member = archive.extractfile(f"{SDIST_ROOT}/{name}")
        assert member is not None, name
        return member.read()


def drop_pin_option(pack: Path) -> None:
    """Take the `published-at` hook option out of the pack's pyproject (the table stays)."""
    pyproject = pack / "pyproject.toml"
    text = pyproject.read_text("utf-8")
    assert PIN_OPTION in text, "testpacks/full no longer pins published-at with the option"
    pyproject.write_text(text.replace(PIN_OPTION, ""), "utf-8")


def git_commit(pack: Path) -> None:
    """Make `pack` a git checkout of one commit made at COMMIT_DATE."""
    env = build_env(
        {
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_DATE": COMMIT_DATE,
            "GIT_COMMITTER_DATE": COMMIT_DATE,
        }
    )
    identity = ["-c", "user.name=Pack Author", "-c", "user.email=author@example.com"]
    run_checked(["git", "init", "--quiet", "--initial-branch=main"], env=env, cwd=pack)
    run_checked(["git", "add", "--all"], env=env, cwd=pack)
    run_checked(["git", *identity, "commit", "--quiet", "-m", "pack"], env=env, cwd=pack)


def offline_wheelhouse(
    wheelhouse: Path, name: str, pinned: Sequence[str], others: Sequence[str] = ()
) -> Path:
    """A folder beside `wheelhouse` with every wheel an isolated build needs, fetched once.

    The hatch-kindgi wheel of `wheelhouse`, the `pinned` distributions at this virtualenv's
    versions, `others` at any version, and their dependencies: isolated builds then need no
    package index and run the toolchain a non-isolated build runs.
    """
    folder = wheelhouse.with_name(f"{wheelhouse.name}-{name}")
    complete = folder / ".complete"
    if complete.is_file():
        return folder
    folder.mkdir(exist_ok=True)
    (plugin,) = wheelhouse.glob("hatch_kindgi-*.whl")
    shutil.copy2(plugin, folder)
    versions = [f"{dist}=={importlib.metadata.version(dist)}" for dist in pinned]
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:"]
    command += ["--dest", str(folder), str(folder / plugin.name), *versions, *others]
    run_checked(command, env=build_env())
    complete.touch()
    return folder


def offline_env(folder: Path) -> dict[str, str]:
    """A build environment whose installers, pip and uv, take every package from `folder`."""
    deps = str(folder)
    pins = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": deps, "UV_NO_INDEX": "1"}
    return build_env({**pins, "UV_FIND_LINKS": deps})
