"""Helpers for reproducibility and frontend tests: git checkouts, pins, sandboxed builds."""

from __future__ import annotations

import hashlib
import importlib.metadata
import shutil
import sys
import tarfile
from pathlib import Path

from tests.helpers.git import commit_all, init_repo
from tests.helpers.packs import PUBLISHED_AT, build_env, edit_text, run_checked

INDEX = "acme_ledger/index.json"
RECORD = ".hatch-kindgi-pins.json"
SDIST_ROOT = "acme_ledger-1.0.0"
# testpacks/full pins publishedAt with the hook option; these tests take it out, so the
# pin comes from SOURCE_DATE_EPOCH, git or the sdist record instead.
PIN_OPTION = f'published-at = "{PUBLISHED_AT}"\n'

# The commit time of tests/helpers/git.py's GIT_ENV, as publishedAt.
COMMIT_PUBLISHED_AT = "2026-03-04T05:06:07.000Z"
SOURCE_DATE_EPOCH = "1778051289"
SOURCE_DATE_PUBLISHED_AT = "2026-05-06T07:08:09.000Z"
# What copy B of a pair gets instead of the testpack's own modes and times.
UNSETTLED_MTIME = 1_000_000_000


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
    edit_text(pack / "pyproject.toml", PIN_OPTION, "")


def git_commit(pack: Path) -> None:
    """Make `pack` a git checkout of one commit, made at COMMIT_PUBLISHED_AT."""
    init_repo(pack)
    commit_all(pack, "pack")


# What isolated builds and installs from the offline wheelhouse need: the build backend and the
# SDK (a build of a pack with code indexes it), another build hook (hatch-vcs), at this
# virtualenv's versions; `editables` for editable installs at any version.
OFFLINE_PINNED = ("hatchling", "kindgi", "hatch-vcs", "setuptools-scm")
OFFLINE_OTHERS = ("editables",)


def offline_wheelhouse(wheelhouse: Path, folder: Path) -> None:
    """Fill the empty `folder` with every wheel an isolated build needs.

    The hatch-kindgi wheel of `wheelhouse`, OFFLINE_PINNED at this virtualenv's versions,
    OFFLINE_OTHERS at any version, and their dependencies: isolated builds then need no
    package index and run the toolchain a non-isolated build runs.
    """
    (plugin,) = wheelhouse.glob("hatch_kindgi-*.whl")
    shutil.copy2(plugin, folder)
    versions = [f"{dist}=={importlib.metadata.version(dist)}" for dist in OFFLINE_PINNED]
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:"]
    command += ["--dest", str(folder), str(folder / plugin.name), *versions, *OFFLINE_OTHERS]
    run_checked(command, env=build_env())


def offline_env(folder: Path) -> dict[str, str]:
    """A build environment whose installers, pip and uv, take every package from `folder`."""
    deps = str(folder)
    pins = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": deps, "UV_NO_INDEX": "1"}
    return build_env({**pins, "UV_FIND_LINKS": deps})
