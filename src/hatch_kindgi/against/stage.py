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
from hatch_kindgi.against.git import PackTree, extract_pack, find_revision
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
    "Revisions",
    "choose_reference",
    "compare_with_reference",
    "pack_entries",
    "superseded",
]

EntriesAt = Callable[[Path, str], "tuple[PackEntries | None, Sequence[str]]"]
"""The pack's entries in a folder (a copy of the pack at the reference named by the `str`),
and notes on what could not be compared."""

_NOTHING = pack_entries({})


Revisions = dict[tuple[str, str], "tuple[PackEntries, tuple[str, ...]]"]
"""A git revision's entries and notes by commit and pack folder, for a run to reuse
(`check --watch`): a commit's files never change."""


def compare_with_reference(
    request: RefRequest,
    root: Path,
    now: PackEntries,
    *,
    package: str | None,
    entries_at: EntriesAt,
    revisions: Revisions | None = None,
) -> tuple[Comparison | None, list[Problem]]:
    """Compare the pack at `root` (its entries `now`) with the reference `request` names;
    None and the problems when the reference can't be read. A git revision's entries are
    taken from `revisions` when there, else read and kept there."""
    read = read_file_reference(request, package)
    if read is not None:
        before, problems = read
        return (None, problems) if before is None else (compare(before, now, request.text), [])
    tree, problems = find_revision(root, request)
    if tree is None:
        return None, problems
    # The name is resolved again each run (a branch moves); what a commit holds never changes.
    known = None if revisions is None else revisions.get((tree.commit, tree.prefix))
    if known is None:
        known, problems = _at_revision(root, tree, request, entries_at)
        if known is None:
            return None, problems
        if revisions is not None:
            revisions[tree.commit, tree.prefix] = known
    before, notes = known
    return compare(before, now, request.text, notes), []


def _at_revision(
    root: Path, tree: PackTree, request: RefRequest, entries_at: EntriesAt
) -> tuple[tuple[PackEntries, tuple[str, ...]] | None, list[Problem]]:
    """The entries of the pack folder at `tree`, and notes; or None and why not."""
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
            return (_NOTHING, (note,)), []
        before, notes = entries_at(folder, request.text)
    return (before or _NOTHING, tuple(notes)), []
