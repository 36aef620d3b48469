"""Where symbolic links lead: the build reads nothing outside the pack root.

A path is the pack's when every folder on the way to it, and the path itself, resolves inside
the pack root: a link to another folder of the pack is fine, a link out of it is not, even
when what it reaches links back in.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["first_link_out", "joined", "walk_inside", "within"]


def within(path: str, folder: str) -> bool:
    """Whether `path`, its links resolved, is `folder` (a real path) or lies beneath it."""
    real = os.path.realpath(path)
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)


def first_link_out(root: Path, rel: str, *, inside: str | None = None) -> str | None:
    """The first leading part of pack-relative `rel` (`rel` itself included) that resolves
    outside the pack root, or None when none does. `inside` is the pack root's real path, when
    the caller has it already."""
    return walk_inside(root, rel, inside=inside)[0]


def walk_inside(root: Path, rel: str, *, inside: str | None = None) -> tuple[str | None, str]:
    """`first_link_out(root, rel)`, and the real path of `rel` (meaningful when that is None)."""
    folder = os.path.realpath(root) if inside is None else inside
    segments = rel.split("/")
    if any(segment in ("", ".", "..") for segment in segments):
        for end in range(1, len(segments) + 1):
            if not within(os.fspath(root.joinpath(*segments[:end])), folder):
                return "/".join(segments[:end]), ""
        return None, os.path.realpath(root.joinpath(*segments))
    # One step at a time: a part that is not a link lies where its folder really is, so only
    # the links on the way are resolved (a realpath of every leading part costs the square of
    # the depth in system calls, for every template of a pack).
    path, real = os.fspath(root), folder
    boundary = folder.rstrip(os.sep) + os.sep
    for end, segment in enumerate(segments, start=1):
        path = joined(path, segment)
        try:
            is_link = stat.S_ISLNK(os.lstat(path).st_mode)
        except OSError:
            is_link = False
        real = os.path.realpath(path) if is_link else joined(real, segment)
        if real != folder and not real.startswith(boundary):
            return "/".join(segments[:end]), real
    return None, real


def joined(folder: str, name: str) -> str:
    """`folder`/`name` as a str: no Path is built (this runs for every template of a pack)."""
    return folder.rstrip(os.sep) + os.sep + name
