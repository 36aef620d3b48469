"""A git revision's copy of the pack folder, read with git into a folder of our own.

Nothing in the working tree is checked out or touched, and git never goes to the network:
no `git fetch`, no prompt, and a partial clone's missing objects are not fetched lazily
(`protocol.allow=never`, `GIT_NO_LAZY_FETCH`). Blobs are read raw with `git cat-file
--batch`, not through `git archive`, whose `export-ignore` and `export-subst` attributes
would leave out or rewrite files the pack had at that revision.
"""

from __future__ import annotations

import os
import re
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from hatch_kindgi.against.request import RefRequest
from hatch_kindgi.report.lines import output_lines, said_lines
from hatch_kindgi.report.problems import Problem

GIT_TIMEOUT = 60.0
"""Seconds each git command may take (reading every blob of the pack folder included)."""

LARGEST_COPIED = 64 * 1024 * 1024
"""A file of the pack folder larger than this is written at its size with none of its bytes
(a sparse file): git neither reads nor streams it. The pipeline reads a block or template by
its size first (`max-file-size`, 1 MiB unless set) and otherwise only pyproject.toml and the
code, so a data file a pack keeps in its folder costs nothing at every `--against`."""

_CHUNK = 1024 * 1024
_FILE_MODES = {"100644": 0o644, "100755": 0o755}
_LINK_MODE = "120000"
_RELATIVE = re.compile(r"HEAD(?P<steps>(?:[~^]\d*)+)")


@dataclass(frozen=True)
class PackTree:
    """The pack folder at a revision: the commit, and the folder's path from the top of the
    repository (`""` at the top, else ending in `/`)."""

    commit: str
    prefix: str


class _GitError(Exception):
    """A git command failed: its first line of complaint."""


class _GitTimeout(_GitError):
    """A git command took longer than GIT_TIMEOUT."""


def find_revision(root: Path, request: RefRequest) -> tuple[PackTree | None, list[Problem]]:
    """The commit `request` names in the repository holding `root`, or the problem why not."""
    try:
        prefix = _git(root, "rev-parse", "--show-prefix").decode("utf-8", "surrogateescape")
    except FileNotFoundError:
        return None, [request.problem("against-no-git", _NO_GIT + " (git is not installed)")]
    except _GitError as cause:
        if "not a git repository" in str(cause):
            return None, [request.problem("against-no-git", _NO_GIT)]
        return None, [request.problem("against-git", f"git cannot read the repository: {cause}")]
    text = request.text
    try:
        if text.startswith("-"):
            raise _GitError(text)
        commit = _git(
            root, "rev-parse", "--verify", "--quiet", "--end-of-options", text + "^{commit}"
        )
    except _GitTimeout as cause:
        return None, [request.problem("against-git", f"git cannot read the repository: {cause}")]
    except _GitError:
        return None, [request.problem("against-unknown-ref", _unknown(root, text))]
    # One line end off, no more: a folder's name may start or end with a newline of its own.
    return PackTree(commit.decode("ascii").strip(), prefix.removesuffix("\n")), []


def extract_pack(
    root: Path, tree: PackTree, destination: Path, request: RefRequest
) -> tuple[bool, list[Problem]]:
    """Write the pack folder's files at `tree` into `destination`; whether the revision has
    the pack folder (with its pyproject.toml) at all."""
    try:
        folder = _git(root, "rev-parse", "--verify", "--quiet", f"{tree.commit}:{tree.prefix}")
        listing = _git(root, "ls-tree", "-r", "-z", "--full-tree", folder.decode("ascii").strip())
    except _GitTimeout as cause:
        return False, [request.problem("against-git", f"git cannot read the pack folder: {cause}")]
    except _GitError:  # no such folder at that revision, or not a folder
        return False, []
    files, links = _listing(listing)
    if "pyproject.toml" not in files:
        return False, []
    try:
        _write_blobs(root, files, destination)
        for path, blob in sorted(links.items()):
            _write_link(root, path, blob, destination)
    except _GitError as cause:
        return False, [
            request.problem("against-git", f"git cannot read the pack folder there: {cause}")
        ]
    except OSError as cause:
        return False, [
            request.problem("against-git", f"the pack folder there cannot be copied: {cause}")
        ]
    return True, []


_NO_GIT = (
    "the pack is not in a git repository, so this can't be read as a git revision; "
    "name an index.json or a wheel built by hatch-kindgi instead"
)


def _unknown(root: Path, text: str) -> str:
    """Why `text` names no commit here, and in a shallow clone, how to fetch it."""
    said = f"git knows no commit by this name in {_top(root)}"
    try:
        shallow = _git(root, "rev-parse", "--is-shallow-repository").strip() == b"true"
    except _GitError:
        shallow = False
    if not shallow:
        return f"{said}: name a branch, tag or commit it has (git branch -a, git tag)"
    relative = _RELATIVE.fullmatch(text)
    remote, _, branch = text.partition("/")
    if relative is not None:
        steps = sum(int(step[1:] or 1) for step in re.findall(r"[~^]\d*", text))
        fetch = f"fetch more history (`git fetch --deepen={steps}`)"
    elif branch and remote in _remotes(root):
        fetch = f"fetch it (`git fetch --depth=1 {remote} {branch}`)"
    else:
        fetch = f"fetch it (for a tag, `git fetch --depth=1 origin tag {text}`)"
    return (
        f"{said}, and this clone is shallow, so it may lack it: {fetch}, or check out with "
        "history (`fetch-depth: 0` in actions/checkout)"
    )


def _top(root: Path) -> str:
    try:
        top = _git(root, "rev-parse", "--show-toplevel").decode("utf-8", "surrogateescape")
    except _GitError:
        return "this repository"
    top = top.removesuffix("\n")  # only git's line end: a folder's name may end in space
    return f"the repository at {top}"


def _remotes(root: Path) -> list[str]:
    try:
        return output_lines(_git(root, "remote").decode("utf-8", "surrogateescape"))
    except _GitError:
        return []


def _listing(listing: bytes) -> tuple[dict[str, tuple[str, int]], dict[str, str]]:
    """The regular files (path -> blob, mode) and symlinks (path -> blob) of an `ls-tree -r
    -z`; submodules are left out, and so is a path no checkout would write."""
    files: dict[str, tuple[str, int]] = {}
    links: dict[str, str] = {}
    for record in listing.split(b"\0"):
        if not record:
            continue
        header, _, raw_path = record.partition(b"\t")
        mode, kind, blob = header.decode("ascii").split(" ")
        path = raw_path.decode("utf-8", "surrogateescape")
        parts = path.split("/")
        if kind != "blob" or any(part in ("", ".", "..", ".git") for part in parts):
            continue
        if mode == _LINK_MODE:
            links[path] = blob
        elif mode in _FILE_MODES:
            files[path] = (blob, _FILE_MODES[mode])
    return files, links


def _sizes(root: Path, blobs: set[str]) -> dict[str, int]:
    """The size of each blob this clone has (`git cat-file --batch-check`, which reads no
    blob's bytes); one it lacks is left out, for the copy to report."""
    try:
        lines = _git(root, "cat-file", "--batch-check", stdin="".join(f"{b}\n" for b in blobs))
    except _GitTimeout:
        raise
    except _GitError:  # a partial clone lacking some: sizes unknown, the copy says which
        return {}
    sizes: dict[str, int] = {}
    for line in output_lines(lines.decode("ascii", "replace")):
        fields = line.split()
        if len(fields) == 3 and fields[1] == "blob":
            sizes[fields[0]] = int(fields[2])
    return sizes


def _write_blobs(root: Path, files: dict[str, tuple[str, int]], destination: Path) -> None:
    """Every file's blob, streamed from one `git cat-file --batch` into `destination`."""
    sizes = _sizes(root, {blob for blob, _ in files.values()})
    with tempfile.TemporaryFile() as complaints:
        process = subprocess.Popen(
            [*_GIT, "cat-file", "--batch"],
            cwd=root,
            env=_environment(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=complaints,
        )
        timer = threading.Timer(GIT_TIMEOUT, process.kill)
        timer.start()
        try:
            assert process.stdin is not None
            assert process.stdout is not None
            for path, (blob, mode) in sorted(files.items()):
                target = destination / path
                target.parent.mkdir(parents=True, exist_ok=True)
                size = sizes.get(blob, 0)
                if size > LARGEST_COPIED:
                    with target.open("wb") as stream:
                        stream.truncate(size)
                    target.chmod(mode)
                    continue
                header = b""
                try:
                    process.stdin.write(blob.encode("ascii") + b"\n")
                    process.stdin.flush()
                    with target.open("wb") as stream:
                        copied, header = _copy_blob(process.stdout, stream)
                except BrokenPipeError:
                    copied = False
                if not copied and timer.finished.is_set():
                    raise _GitTimeout(f"reading the files took longer than {GIT_TIMEOUT:g} s")
                if not copied:
                    process.kill()
                    process.wait()
                    complaints.seek(0)
                    said = complaints.read()
                    raise _GitError(_blob_failure(root, path, blob, header, said))
                target.chmod(mode)
        finally:
            timer.cancel()
            if process.stdin is not None:
                process.stdin.close()
            process.kill()
            process.wait()
            if process.stdout is not None:
                process.stdout.close()


def _copy_blob(output: IO[bytes], stream: IO[bytes]) -> tuple[bool, bytes]:
    """Copy the next object of `git cat-file --batch` into `stream`; whether it was a
    whole blob, and the header git gave it (`<oid> missing` for one the clone lacks)."""
    line = output.readline()
    header = line.split()
    if len(header) != 3 or header[1] != b"blob":
        return False, line.strip()
    left = int(header[2])
    while left:
        chunk = output.read(min(left, _CHUNK))
        if not chunk:
            return False, line.strip()
        stream.write(chunk)
        left -= len(chunk)
    output.read(1)  # the newline after each object
    return True, line.strip()


def _blob_failure(root: Path, path: str, blob: str, header: bytes, said: bytes) -> str:
    """Why a blob could not be read, in our words on every git: git 2.39 refuses a partial
    clone's missing blob on stderr ("could not fetch ... from promisor remote"), git 2.55 answers
    `<oid> missing` on stdout and says nothing, so the clone itself is asked whether it is
    partial."""
    lines = [line for line in output_lines(said.decode("utf-8", "replace")) if line.strip()]
    promisor = any("promisor" in line or "lazy fetch" in line for line in lines)
    missing = header.endswith(b" missing")
    if promisor or (missing and _partial(root)):
        return (
            f"{path} ({blob}) is not in this clone, and git may not fetch it here (a partial "
            "clone): fetch the revision first, or clone without --filter"
        )
    if missing and not lines:
        return f"{path} ({blob}) cannot be read: git has no such object in this clone"
    fatal = [line for line in lines if line.startswith(("fatal:", "error:"))]
    reason = (fatal or lines or ["git cat-file stopped"])[-1]
    return f"{path} ({blob}) cannot be read: {reason}"


def _partial(root: Path) -> bool:
    """Whether the clone is partial (`git clone --filter`): it names a promisor remote."""
    try:
        said = _git(
            root, "config", "--get-regexp", r"^(extensions\.partialclone|remote\..*\.promisor)$"
        )
    except _GitTimeout:
        raise
    except _GitError:  # none set: git exits 1
        return False
    return bool(said.strip())


def _write_link(root: Path, path: str, blob: str, destination: Path) -> None:
    """A symlink as git holds it: its target is its blob. The pack's rules for links (none
    may lead out of the pack) then apply to the copy as to the pack."""
    target = _git(root, "cat-file", "blob", blob).decode("utf-8", "surrogateescape")
    link = destination / path
    link.parent.mkdir(parents=True, exist_ok=True)
    # A folder on the way that is itself a link, or a path taken: never write through one.
    if link.parent.resolve() == (destination.resolve() / path).parent and not (
        link.exists() or link.is_symlink()
    ):
        link.symlink_to(target)


_GIT = ("git", "-c", "protocol.allow=never", "-c", "core.quotePath=false")


def _git(root: Path, *args: str, stdin: str = "") -> bytes:
    """Run git in `root` (`stdin` on its standard input, nothing else: it never waits on a
    terminal); its stdout, or `_GitError` with the first line it complained."""
    try:
        completed = subprocess.run(
            [*_GIT, *args],
            cwd=root,
            env=_environment(),
            capture_output=True,
            timeout=GIT_TIMEOUT,
            check=False,
            input=stdin.encode("ascii"),
        )
    except subprocess.TimeoutExpired as cause:
        raise _GitTimeout(f"git {args[0]} took longer than {GIT_TIMEOUT:g} s") from cause
    if completed.returncode != 0:
        said = said_lines(completed.stderr.decode("utf-8", "replace"))
        raise _GitError(said[0] if said else f"git {args[0]} exited with {completed.returncode}")
    return completed.stdout


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment.update(
        {
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_NO_LAZY_FETCH": "1",
            "GIT_OPTIONAL_LOCKS": "0",
            "LC_ALL": "C",
        }
    )
    return environment
