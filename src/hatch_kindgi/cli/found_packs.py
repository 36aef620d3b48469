"""The packs of a repository: the folders below one whose `pyproject.toml` has `[tool.kindgi]`
(`find_packs`), and the pack that holds a file (`pack_of`), for the commands that check many
packs at once and for pre-commit, which names the files that changed.

What git ignores is asked of git (`git ls-files --others --exclude-standard`), never worked
out here; outside a git working tree the `.gitignore` files met on the way down are read with
pathspec, as git reads them. Hidden folders, `SKIPPED_DIRS`, build output (`build`, `dist`,
`*.egg-info`) and virtual environments (a folder with `pyvenv.cfg`) are never searched.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import pathspec

from hatch_kindgi.config.sources import PYPROJECT_MAX_BYTES, Unread, read_pack_file, unread_said
from hatch_kindgi.discover.stage import SKIPPED_DIRS
from hatch_kindgi.report.lines import output_lines

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

PYPROJECT = "pyproject.toml"
NOT_SEARCHED: frozenset[str] = frozenset({*SKIPPED_DIRS, "build", "dist"})
"""Folders never searched for packs, besides hidden ones, `*.egg-info` and virtualenvs."""

_GIT_TIMEOUT = 120.0


@dataclass(frozen=True)
class Skipped:
    """A file the search met and did not read, and why (in `config.sources.unread_said`'s words):
    a `pyproject.toml` or `.gitignore` that is a FIFO, a device or too large."""

    path: Path
    why: str


GITIGNORE_MAX_BYTES = 100 * 1024 * 1024
"""git's own bound on a `.gitignore`: it ignores a larger one (with a warning), and so do we."""


def is_pack(folder: Path) -> bool:
    """Whether `folder` holds a pack: a `pyproject.toml` with a `[tool.kindgi]` table (or one
    that names it but can't be parsed, or that is no regular file or too large to read, so
    that the check says why)."""
    return _pack_verdict(folder) is not False


def _pack_verdict(folder: Path) -> bool | Unread:
    """Whether `folder` holds a pack, or why its `pyproject.toml` (there, a file or not) was
    not read."""
    data = read_pack_file(folder / PYPROJECT, PYPROJECT_MAX_BYTES)
    if isinstance(data, Unread):
        return data if data.why in ("not-regular", "too-large") else False
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return b"tool.kindgi" in data
    tool = document.get("tool")
    return isinstance(tool, dict) and "kindgi" in tool


def find_packs(folder: Path, skipped: list[Skipped] | None = None) -> list[Path]:
    """The pack folders at or below `folder`, sorted by their path (as `folder / relative`);
    the files met and not read (a `pyproject.toml` or `.gitignore` that is a FIFO, a device
    or too large) added to `skipped`, in the order met."""
    skips = [] if skipped is None else skipped
    listed = _git_pyprojects(folder)
    candidates = listed if listed is not None else _walked_pyprojects(folder, skips)
    found = set()
    for relative in candidates:
        parts = PurePosixPath(relative).parts[:-1]
        if any(_not_searched(part) for part in parts):
            continue
        pack = folder.joinpath(*parts)
        if _in_virtualenv(folder, parts):
            continue
        verdict = _pack_verdict(pack)
        if isinstance(verdict, Unread):
            skips.append(Skipped(pack / PYPROJECT, unread_said(verdict, PYPROJECT_MAX_BYTES)))
        elif verdict:
            found.add(parts)
    return [folder.joinpath(*parts) for parts in sorted(found)]


def pack_of(path: Path) -> Path | None:
    """The pack that holds the file (or folder) `path`: its nearest folder, itself included
    for a folder, that is a pack, as an absolute path, up to the top of its git repository;
    None when none is."""
    start = path if path.is_dir() else path.parent
    absolute = Path(os.path.normpath(start.absolute()))
    for candidate in (absolute, *absolute.parents):
        if is_pack(candidate):
            return candidate
        if (candidate / ".git").exists():
            return None  # the top of the repository: a pack above it doesn't hold its files
    return None


def _not_searched(name: str) -> bool:
    return name.startswith(".") or name in NOT_SEARCHED or name.endswith(".egg-info")


def _in_virtualenv(folder: Path, parts: tuple[str, ...]) -> bool:
    """Whether one of the folders on the way down from `folder` is a virtual environment."""
    return any(
        (folder.joinpath(*parts[:depth]) / "pyvenv.cfg").is_file()
        for depth in range(1, len(parts) + 1)
    )


def _git_pyprojects(folder: Path) -> list[str] | None:
    """Every `pyproject.toml` git knows below `folder` or would add (tracked, and untracked
    but not ignored), relative to `folder`; None outside a working tree or without git."""
    try:
        completed = subprocess.run(
            [
                "git",
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
                "--",
                f":(glob)**/{PYPROJECT}",
            ],
            cwd=folder,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=_GIT_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if completed.returncode != 0:
        return None
    names = completed.stdout.decode("utf-8", "surrogateescape").split("\0")
    # --cached lists a tracked file still when it is deleted from the tree (or a link to
    # nothing); a FIFO or a device stays, to be skipped with its reason.
    return sorted({name for name in names if name and (folder / name).exists()})


def _walked_pyprojects(folder: Path, skipped: list[Skipped]) -> Iterator[str]:
    """Every `pyproject.toml` below `folder` that the `.gitignore` files on the way down
    don't ignore, relative to `folder` (outside a git working tree); a `.gitignore` not read
    added to `skipped`."""
    yield from _walk(folder, "", (), skipped)


if TYPE_CHECKING:  # pathspec's PathSpec is generic in its 1.0 only
    _Spec = pathspec.PathSpec[pathspec.Pattern]
    _Ignores = tuple[tuple[str, _Spec], ...]  # (a folder relative to the top, its spec)


def _walk(top: Path, relative: str, ignores: _Ignores, skipped: list[Skipped]) -> Iterator[str]:
    here = top / relative if relative else top
    spec = _gitignore(here, skipped)
    if spec is not None:
        ignores = (*ignores, (relative, spec))
    try:
        entries = sorted(os.scandir(here), key=lambda entry: entry.name)
    except OSError:
        return
    for entry in entries:
        path = f"{relative}/{entry.name}" if relative else entry.name
        try:
            is_dir = entry.is_dir(follow_symlinks=False)
        except OSError:
            continue
        if _ignored(path, is_dir, ignores):
            continue
        if is_dir:
            if not _not_searched(entry.name) and not (Path(entry.path) / "pyvenv.cfg").is_file():
                yield from _walk(top, path, ignores, skipped)
        elif entry.name == PYPROJECT:
            yield path


def _gitignore(folder: Path, skipped: list[Skipped]) -> _Spec | None:
    path = folder / ".gitignore"
    data = read_pack_file(path, GITIGNORE_MAX_BYTES)
    if isinstance(data, Unread):
        if data.why in ("not-regular", "too-large"):
            skipped.append(Skipped(path, unread_said(data, GITIGNORE_MAX_BYTES)))
        return None
    # As git reads one: lines end at `\n` (a `\r` before it dropped), and nowhere else (a
    # name may hold U+2028, U+0085 or `\x1c`, where `str.splitlines` breaks).
    lines = output_lines(data.decode("utf-8", errors="replace"))
    return pathspec.GitIgnoreSpec.from_lines(lines)


def _ignored(path: str, is_dir: bool, ignores: _Ignores) -> bool:
    for base, spec in ignores:
        inside = path[len(base) + 1 :] if base else path
        if spec.match_file(inside + "/" if is_dir else inside):
            return True
    return False
