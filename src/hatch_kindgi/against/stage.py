"""The against stage: read the reference, then compare the pack's entries now with its.

A reference that is a file (an index.json, a wheel) is read here. A git revision's pack
folder is copied out of git into a scratch folder, and its entries come from `entries_at`,
which the pipeline gives: the same stages, run on that folder (so nothing here imports
upwards).
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from hatch_kindgi.against.compare import Comparison, compare, superseded
from hatch_kindgi.against.entries import PackEntries, pack_entries
from hatch_kindgi.against.git import extract_pack, find_revision
from hatch_kindgi.against.reference import (
    ENV_AGAINST,
    RefRequest,
    choose_reference,
    read_file_reference,
)
from hatch_kindgi.report.problems import Problem

__all__ = [
    "ENV_AGAINST",
    "Comparison",
    "EntriesAt",
    "PackEntries",
    "RefRequest",
    "choose_reference",
    "compare_with_reference",
    "pack_entries",
    "superseded",
]

EntriesAt = Callable[[Path, str], "tuple[PackEntries | None, Sequence[str]]"]
"""The pack's entries in a folder (a copy of the pack at the reference named by the `str`),
and notes on what could not be compared."""

_NOTHING = pack_entries({})


def compare_with_reference(
    request: RefRequest,
    root: Path,
    now: PackEntries,
    *,
    package: str | None,
    entries_at: EntriesAt,
) -> tuple[Comparison | None, list[Problem]]:
    """Compare the pack at `root` (its entries `now`) with the reference `request` names;
    None and the problems when the reference can't be read."""
    read = read_file_reference(request, package)
    if read is not None:
        before, problems = read
        return (None, problems) if before is None else (compare(before, now, request.text), [])
    tree, problems = find_revision(root, request)
    if tree is None:
        return None, problems
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-against-") as scratch:
        folder = Path(scratch) / "pack"
        folder.mkdir()
        found, problems = extract_pack(root, tree, folder, request)
        if problems:
            return None, problems
        if not found:
            note = (
                f"{request.text} has no {tree.prefix}pyproject.toml: a new pack, so there is "
                "nothing to compare with"
            )
            return compare(_NOTHING, now, request.text, [note]), []
        before, notes = entries_at(folder, request.text)
    return compare(before or _NOTHING, now, request.text, notes), []
