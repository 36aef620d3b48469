"""Per-file results of the blocks stage, kept from one run to the next (`check --watch`).

A result is reused while every file it was made from is unchanged: the same size, inode and
modification and change times. A watcher also says which paths changed (`forget`), since an
edit within one tick of the file system's clock can keep both times and the size.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, TypeVar

from hatch_kindgi.config.sources import NO_OVERLAY, Overlay

Fingerprint = tuple[int, int, int, int]
"""`st_mtime_ns`, `st_ctime_ns`, `st_size` and `st_ino` of a file."""

T = TypeVar("T")


def fingerprint(path: Path) -> Fingerprint | None:
    """The fingerprint of the file at `path` (links followed), None when it can't be had."""
    try:
        info = path.stat()
    except (OSError, ValueError):
        return None
    return (info.st_mtime_ns, info.st_ctime_ns, info.st_size, info.st_ino)


def source_fingerprint(root: Path, file: str, overlay: Overlay = NO_OVERLAY) -> Fingerprint | None:
    """The fingerprint of pack file `file` as the pipeline reads it: an editor's buffer of it
    (from `overlay`) by its content, else the file on disk."""
    data = overlay.get(file)
    if data is None:
        return fingerprint(root / file)
    # No file has negative times: a buffer never passes for the file under it.
    return (-1, -1, len(data), hash(data))


@dataclass(frozen=True)
class _Kept(Generic[T]):
    sources: tuple[tuple[str, Fingerprint | None], ...]
    value: T


class FileResults(Generic[T]):
    """Results by pack-relative file, each with the fingerprints of the files it was made from."""

    def __init__(self) -> None:
        self._kept: dict[str, _Kept[T]] = {}
        self._context: Hashable = None

    def use_context(self, context: Hashable) -> None:
        """Forget every result unless `context` (what else the results depend on, such as the
        blocks folder and the size limit) equals the previous run's."""
        if context != self._context:
            self._kept.clear()
            self._context = context

    def get(self, root: Path, file: str, overlay: Overlay = NO_OVERLAY) -> T | None:
        """The result kept for `file`, when none of its source files changed since (as read
        through `overlay`)."""
        kept = self._kept.get(file)
        if kept is None:
            return None
        for source, before in kept.sources:
            if source_fingerprint(root, source, overlay) != before:
                del self._kept[file]
                return None
        return kept.value

    def keep(self, file: str, sources: Mapping[str, Fingerprint | None], value: T) -> None:
        """Keep `value` as the result for `file`, made from `sources` (path: fingerprint taken
        before it was read)."""
        self._kept[file] = _Kept(tuple(sources.items()), value)

    def forget(self, paths: Iterable[str]) -> None:
        """Drop every result made from one of `paths` (pack-relative)."""
        changed = set(paths)
        for file in [f for f, kept in self._kept.items() if changed & {s for s, _ in kept.sources}]:
            del self._kept[file]

    def __len__(self) -> int:
        return len(self._kept)
