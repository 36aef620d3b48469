"""Discovery: the files under a pack root that its discovery globs match (`discover_pack`),
one glob at a time (`discover`), with the problems of the globs and of what they match.

Matches are the kindgi SDK's (syntax in `patterns`). Matching is done by `pathspec`
(gitignore patterns) over the brace expansions; the walk starts at the pattern's static prefix
so a pack inside a big repository doesn't crawl all of it.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

import pathspec

from hatch_kindgi.config.pack import CODE_KINDS
from hatch_kindgi.config.pyproject import PYPROJECT, key_anchor
from hatch_kindgi.discover.links import first_link_out, within
from hatch_kindgi.discover.patterns import END, expand_braces, pattern_problem, static_prefix
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.report.problems import Problem, error

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "SKIPPED_DIRS",
    "Discovery",
    "OtherKind",
    "OtherMatch",
    "PackFiles",
    "code_files",
    "code_folder_globs",
    "discover",
    "discover_pack",
    "is_test_module",
    "misnamed_problem",
    "other_match",
]

SKIPPED_DIRS: frozenset[str] = frozenset({"__pycache__", "node_modules", "venv", "site-packages"})
"""Folders never walked nor matched (besides hidden ones, whose name starts with `.`)."""

# pathspec 1.0 renamed the gitignore pattern (the old name warns) and added backends.
_PATHSPEC_1 = int(pathspec.__version__.split(".", 1)[0]) >= 1


def is_test_module(path: str) -> bool:
    """Whether `path` is a test module: `test_*.py`, `*_test.py` or `conftest.py`."""
    name = path.rsplit("/", 1)[-1]
    if not name.endswith(".py"):
        return False
    stem = name[: -len(".py")]
    return stem.startswith("test_") or stem.endswith("_test") or stem == "conftest"


@dataclass(frozen=True)
class Discovery:
    """What one discovery glob matches under a pack root, as sorted pack-relative POSIX paths.

    `files` are regular files of the pack (a symlink to one inside the pack counts). `others`
    are matches that are not: folders named like a match, broken symlinks, symlink loops,
    symlinks that lead outside the pack, fifos and the like (`other_match` says which).
    `misnamed` are matches, of any kind, whose path is not valid UTF-8 (a name's bytes that
    are not UTF-8 come as lone surrogates, Python's surrogateescape): the index is UTF-8 JSON
    and can't name them. `outside` is the folder the walk would start from (or one above it)
    when it is a symbolic link leading outside the pack: then nothing was walked.
    """

    files: tuple[str, ...]
    others: tuple[str, ...]
    misnamed: tuple[str, ...] = ()
    outside: str | None = None


def discover(root: Path, pattern: str, *, code: bool = False) -> Discovery:
    """The paths under `root` that `pattern` matches; with `code`, test modules left out.

    Hidden files and folders and `SKIPPED_DIRS` are never walked nor matched, and folder
    symlinks met on the walk are not followed (as in the kindgi SDK). The folders of the static
    prefix are taken as written, even when hidden, and followed where they are links to folders
    of the pack; where one leads outside the pack, nothing is walked (`Discovery.outside`).
    `pattern` must be one `pattern_problem` accepts: anything else is a bug in the caller and
    raises ValueError.
    """
    problem = pattern_problem(pattern)
    if problem is not None:
        raise ValueError(f"discovery pattern {pattern!r}: {problem}")
    matcher = _Matcher(expand_braces(pattern))
    prefix = static_prefix(pattern)
    if prefix:
        outside = first_link_out(root, prefix)
        if outside is not None:
            return Discovery((), (), outside=outside)
    start = root.joinpath(*prefix.split("/")) if prefix else root
    if not start.is_dir():
        return Discovery((), ())

    files: list[str] = []
    others: list[str] = []
    misnamed: list[str] = []
    inside = os.path.realpath(root)
    pending = [(os.fspath(start), prefix)]
    while pending:
        folder, rel_folder = pending.pop()
        for entry, kind in _entries(folder):
            rel = f"{rel_folder}/{entry.name}" if rel_folder else entry.name
            if kind == _FOLDER and matcher.may_hold_matches(rel):
                pending.append((entry.path, rel))
            if not matcher.matches(rel, folder=kind in (_FOLDER, _FOLDER_LINK)):
                continue
            if code and is_test_module(rel):
                continue
            if not _is_utf8(rel):
                misnamed.append(rel)
                continue
            regular = kind == _FILE and (not entry.is_symlink() or within(entry.path, inside))
            (files if regular else others).append(rel)
    return Discovery(_sorted_utf16(files), _sorted_utf16(others), _sorted_utf16(misnamed))


@dataclass(frozen=True)
class PackFiles:
    """What each of a pack's discovery globs matches, by kind (`tools`, …, `blocks`), and the
    problems of the globs themselves: one that can't be used matches nothing, and so does
    one whose folder is a symbolic link out of the pack."""

    by_kind: Mapping[str, Discovery]
    problems: tuple[Problem, ...]

    def code_modules(self) -> list[str]:
        """The code modules of every code kind, sorted."""
        return sorted({path for kind in CODE_KINDS for path in self.by_kind[kind].files})

    def misnamed(self) -> set[str]:
        """Every match whose path is not UTF-8."""
        return {path for discovery in self.by_kind.values() for path in discovery.misnamed}

    def not_modules(self, root: Path) -> list[Problem]:
        """A problem for each code match that is not a module of the pack, saying what it is."""
        others = sorted({path for kind in CODE_KINDS for path in self.by_kind[kind].others})
        return [
            error(
                "module-not-file",
                path,
                f"{other_match(root, path).said}, not a Python module of the pack",
            )
            for path in others
        ]


def discover_pack(root: Path, discovery: Mapping[str, str]) -> PackFiles:
    """What each glob of `discovery` (kind: glob, as `[tool.kindgi.discovery]` gives them)
    matches under `root`; code kinds without their test modules."""
    found: dict[str, Discovery] = {}
    problems: list[Problem] = []
    for kind, pattern in discovery.items():
        reason = pattern_problem(pattern)
        if reason is None:
            found[kind] = discover(root, pattern, code=kind in CODE_KINDS)
            continue
        import json  # to quote the pattern, as a JSON string

        problems.append(
            error(
                "discovery-pattern",
                PYPROJECT,
                f"`tool.kindgi.discovery.{kind}` {json.dumps(pattern)} can't be used: {reason}",
                anchor=key_anchor("tool", "kindgi", "discovery", kind),
            )
        )
        found[kind] = Discovery((), ())
    problems.extend(_links_out(found))
    return PackFiles(found, tuple(problems))


def _links_out(found: Mapping[str, Discovery]) -> list[Problem]:
    """One problem per folder that discovery globs start from and that leads out of the pack."""
    kinds: dict[str, list[str]] = {}
    for kind, discovery in found.items():
        if discovery.outside is not None:
            kinds.setdefault(discovery.outside, []).append(f"`tool.kindgi.discovery.{kind}`")
    return [
        error(
            "link-outside-pack",
            folder,
            "is a symbolic link that leads outside the pack, and the build reads nothing "
            f"outside the pack root: {' and '.join(globs)} find nothing under it; make it a "
            "folder of the pack (a link to a folder inside the pack is followed)",
        )
        for folder, globs in kinds.items()
    ]


def code_folder_globs(discovery: Mapping[str, str], tail: str) -> list[str]:
    """`tail` (`**`, `**/*.py`) under the folder each usable code glob of `discovery` starts
    from (its static prefix): the code folders, where helpers and generated files live."""
    globs = []
    for kind in CODE_KINDS:
        pattern = discovery[kind]
        if pattern_problem(pattern) is None:
            prefix = static_prefix(pattern)
            globs.append(f"{prefix}/{tail}" if prefix else tail)
    return globs


def code_files(root: Path, discovery: Mapping[str, str], named: Iterable[str]) -> Discovery:
    """The Python files of the pack's code: every non-test `.py` file under the code folders
    (helpers such as `tools/_db.py`), and each of `named` (the modules the index names) that
    is a `.py` file of the pack, never one reached through a link out of it. Sorted; those
    whose path is not UTF-8 are `misnamed`."""
    files: set[str] = set()
    misnamed: set[str] = set()
    for glob in code_folder_globs(discovery, "**/*.py"):
        helpers = discover(root, glob, code=True)
        files.update(helpers.files)
        misnamed.update(helpers.misnamed)
    files.update(path for path in named if _shippable_module(root, path))
    return Discovery(_sorted_utf16(list(files)), (), _sorted_utf16(list(misnamed)))


def _shippable_module(root: Path, path: str) -> bool:
    """Whether `path`, as the index names it, is a `.py` file of the pack (every folder on the
    way and the file itself inside the pack root)."""
    return path.endswith(".py") and first_link_out(root, path) is None and (root / path).is_file()


def misnamed_problem(path: str) -> Problem:
    """The problem of a match whose path is not UTF-8."""
    return error(
        "file-name-encoding",
        path,
        "the path is not valid UTF-8 (the bytes shown as \\xHH are not); rename it: the index "
        "is UTF-8 JSON and names every file by its path",
    )


def _is_utf8(path: str) -> bool:
    """Whether `path` is valid Unicode, so UTF-8 can write it (no lone surrogate)."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


OtherKind = Literal[
    "unreadable",
    "folder",
    "not-regular",
    "link-loop",
    "broken-link",
    "link-out",
    "link-to-folder",
    "link-to-other",
]
"""What a match that is not a file of the pack is: one that can't be looked at, a folder, not
a regular file, a symbolic link in a loop, to nothing, out of the pack, to a folder, or to
something else that is not a regular file."""


@dataclass(frozen=True)
class OtherMatch:
    """What a match in `Discovery.others` is (`kind`, for a stage to choose its words on) and
    why it is not a file of the pack, as a message says it (`said`: "is …")."""

    kind: OtherKind
    said: str


def other_match(root: Path, path: str) -> OtherMatch:
    """What the match `path` in `Discovery.others` is, and why it is not a file of the pack."""
    full = root / path
    try:
        info = full.lstat()
    except OSError as cause:
        return OtherMatch("unreadable", f"cannot be found ({cause.strerror or cause})")
    if stat.S_ISDIR(info.st_mode):
        return OtherMatch("folder", "is a folder named like a match")
    if not stat.S_ISLNK(info.st_mode):
        return OtherMatch("not-regular", "is not a regular file")
    try:
        target = full.stat()
    except OSError as cause:
        if cause.errno == errno.ELOOP:
            return OtherMatch("link-loop", "is a symbolic link loop")
        return OtherMatch("broken-link", "is a symbolic link to nothing (broken)")
    if not within(os.fspath(full), os.path.realpath(root)):
        # Its text would be built into a published artifact: only the pack's own files are.
        return OtherMatch("link-out", "is a symbolic link that leads outside the pack")
    if stat.S_ISDIR(target.st_mode):
        return OtherMatch("link-to-folder", "is a symbolic link to a folder")
    return OtherMatch("link-to-other", "is a symbolic link to something that is not a regular file")


# What an entry is, for discovery: a regular file (or a symlink to one), a folder to walk, a
# symlink to a folder (not followed), or anything else (broken symlink, loop, fifo, socket).
_FILE, _FOLDER, _FOLDER_LINK, _OTHER = "file", "folder", "folder-link", "other"


def _entries(folder: str) -> list[tuple[os.DirEntry[str], str]]:
    """The entries of `folder` discovery may look at, each with its kind."""
    try:
        with os.scandir(folder) as scan:
            entries = list(scan)
    except OSError:
        # Unreadable or gone since it was listed: nothing in it can be a match.
        return []
    kept: list[tuple[os.DirEntry[str], str]] = []
    for entry in entries:
        if entry.name.startswith(".") or entry.name in SKIPPED_DIRS:
            continue
        kept.append((entry, _kind(entry)))
    return kept


def _kind(entry: os.DirEntry[str]) -> str:
    try:
        if entry.is_dir(follow_symlinks=False):
            return _FOLDER
        if entry.is_file():
            return _FILE
        if entry.is_dir():
            return _FOLDER_LINK
    except OSError:
        # A symlink loop (ELOOP) or a target that can't be reached.
        return _OTHER
    return _OTHER


class _Matcher:
    """The compiled form of one discovery pattern: its brace expansions as pathspec specs."""

    def __init__(self, expansions: list[str]) -> None:
        file_lines: list[str] = []
        folder_lines: list[str] = []
        depths: list[int] = []
        for expansion in expansions:
            segments = expansion.split("/")
            if segments[-1] == "**":
                # A trailing `**` means every file beneath, at any depth (`blocks/**` is
                # `blocks/**/*`); spelled out so the end marker can follow a file name.
                segments.append("*")
            line = "/" + "/".join(segment.replace("[", "\\[") for segment in segments) + END
            file_lines.append(line)
            # A folder counts as a match only where the pattern names something: `tools/*`
            # and `tools/**` mean the files in `tools`, not its sub-folders.
            if segments[-1].strip("*"):
                folder_lines.append(line)
            depths.append(-1 if "**" in segments else len(segments))
        self._files = _compile(file_lines)
        self._folders = _compile(folder_lines)
        # Without `**`, no match is deeper than the longest expansion: don't walk below that.
        self._max_depth = None if -1 in depths else max(depths)

    def matches(self, rel: str, *, folder: bool) -> bool:
        """Whether the pack-relative path `rel` is itself matched (not only a folder above)."""
        spec = self._folders if folder else self._files
        return bool(spec.match_file(rel + END))

    def may_hold_matches(self, rel_folder: str) -> bool:
        """Whether a match can lie below the folder `rel_folder`."""
        return self._max_depth is None or rel_folder.count("/") + 1 < self._max_depth


def _compile(lines: list[str]) -> pathspec.PathSpec[pathspec.Pattern]:
    if _PATHSPEC_1:
        # Python's `re` backend: the others (re2, hyperscan) may not take a NUL in a pattern.
        return pathspec.PathSpec.from_lines("gitignore", lines, backend="simple")
    return pathspec.PathSpec.from_lines("gitwildmatch", lines)  # pragma: no cover


def _sorted_utf16(paths: list[str]) -> tuple[str, ...]:
    """`paths` in UTF-16 code-unit order, as JavaScript sorts strings."""
    return tuple(sorted(paths, key=code_unit_key))
