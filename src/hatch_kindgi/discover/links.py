"""Where symbolic links lead: the build reads nothing outside the pack root.

A path is the pack's when every folder on the way to it, and the path itself, resolves inside
the pack root: a link to another folder of the pack is fine, a link out of it is not, even
when what it reaches links back in.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["first_link_out", "within"]


def within(path: str, folder: str) -> bool:
    """Whether `path`, its links resolved, is `folder` (a real path) or lies beneath it."""
    real = os.path.realpath(path)
    return real == folder or real.startswith(folder.rstrip(os.sep) + os.sep)


def first_link_out(root: Path, rel: str, *, inside: str | None = None) -> str | None:
    """The first leading part of pack-relative `rel` (`rel` itself included) that resolves
    outside `inside` (default: the pack root's real path), or None when none does."""
    folder = os.path.realpath(root) if inside is None else inside
    segments = rel.split("/")
    for end in range(1, len(segments) + 1):
        if not within(os.fspath(root.joinpath(*segments[:end])), folder):
            return "/".join(segments[:end])
    return None
