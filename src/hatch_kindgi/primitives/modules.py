"""The pack's modules, each read and parsed once a run, to place the problems of the entries
they declare (`DeclaringModules`), and what a problem on a module carries for it
(`declared_problems`, `entry_problems`): the primitives stage's findings and the problems
the checks stage finds across entries leave their stages unplaced, naming the entry they are
about (`Problem.declared`), and the pipeline's one placement step (`pipeline.places.
place_problems`) places them here, with the one reading of each module's declarations
(`declarations.ModuleSource`).

A module is read only to place what was found in it: from the disk, as the SDK indexed it,
and only inside the pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from hatch_kindgi.primitives.declarations import Declaration, ModuleSource
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.report.problems import Declared, Problem

MAX_MODULE_BYTES = 4 * 1024 * 1024
"""The largest module read to place problems in (a larger one gets them without a line)."""

_DECLARING_KEY = {"guardrail": "checkModulePath"}
"""The entry key naming the file that declares a primitive of a kind, where it isn't
`modulePath`: a guardrail is declared where its check is."""


def declared_problems(
    kind: str, entry: Mapping[str, Any], findings: Sequence[Finding]
) -> list[Problem]:
    """`findings` of `entry` (a primitive of `kind`) as problems on its declaring file, each
    naming the entry (`Problem.declared`) to be placed at its declaration there."""
    file = declaring_file(kind, entry)
    declared = declared_as(kind, entry)
    return [
        Problem(
            finding.severity,
            finding.code,
            file,
            finding.message,
            pointer=finding.pointer,
            declared=declared,
        )
        for finding in findings
    ]


def entry_problems(
    kind: str, entry: Mapping[str, Any], problems: Sequence[Problem]
) -> list[Problem]:
    """`problems` about `entry` (a primitive of `kind`), each one on its declaring file with
    a pointer into the entry and no line naming the entry (`Problem.declared`), to be placed
    at its declaration there; the others (a problem on another file, a block's) as they
    are."""
    file = declaring_file(kind, entry)
    if file == ".":
        return list(problems)
    declared = declared_as(kind, entry)
    return [
        replace(problem, declared=declared)
        if problem.file == file and problem.line is None and problem.pointer is not None
        else problem
        for problem in problems
    ]


def declared_as(kind: str, entry: Mapping[str, Any]) -> Declared:
    """`entry`, a primitive of `kind`, as a problem names it: its kind, id and version."""
    entry_id, version = entry.get("id"), entry.get("version")
    return (
        kind,
        entry_id if isinstance(entry_id, str) else None,
        version if isinstance(version, str) else None,
    )


def distinct(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """`problems` without repeats, the first of each kept: a problem is a repeat of one equal
    to it about the same entry (one about another entry may be placed elsewhere)."""
    kept: dict[tuple[Problem, Declared | None], Problem] = {}
    for problem in problems:
        kept.setdefault((problem, problem.declared), problem)
    return tuple(kept.values())


class ModuleParses:
    """Each module text parsed once (its `ModuleSource`, a pure function of the text), by
    the text itself: shared by every reader of the pack's modules in a run (the checks of
    what the code reads, the placement of problems), and kept between runs by a
    `PipelineCache` (`next_run`), so a re-check after a block changed parses nothing again."""

    def __init__(self) -> None:
        self._earlier: dict[str, ModuleSource] = {}
        self._now: dict[str, ModuleSource] = {}

    def source(self, text: str) -> ModuleSource:
        """`text` parsed: as this run or the one before parsed it, else now."""
        found = self._now.get(text)
        if found is None:
            found = self._earlier.get(text) or ModuleSource(text)
            self._now[text] = found
        return found

    def next_run(self) -> ModuleParses:
        """These parses for the next run: only the texts this run parsed are kept."""
        kept = ModuleParses()
        kept._earlier = self._now or self._earlier
        return kept


class DeclaringModules:
    """The modules of the pack at `root`, each read and parsed once (on first use), to place
    problems in the module that declares an entry: at the declaration, or at the argument a
    pointer into the entry leads to. `parses`: the run's parses, shared with the other
    readers of the modules."""

    def __init__(self, root: Path, parses: ModuleParses | None = None) -> None:
        self._root = root
        self.parses = ModuleParses() if parses is None else parses
        self._resolved_root: Path | None = None
        self._sources: dict[str, ModuleSource | None] = {}
        self._declarations: dict[tuple[str, Declared], Declaration | None] = {}

    def place(self, file: str, declared: Declared, pointer: str) -> tuple[int, int] | None:
        """The line and column in module `file` of `pointer` into the entry `declared` names:
        the argument the pointer leads to, else the declaration itself; None when it can't
        be told (the module unreadable, the declaration not found)."""
        source = None if file == "." else self._source(file)
        if source is None:
            return None
        key = (file, declared)
        if key not in self._declarations:
            kind, entry_id, version = declared
            self._declarations[key] = source.declaration(kind, {"id": entry_id, "version": version})
        declaration = self._declarations[key]
        return None if declaration is None else source.place(declaration, pointer)

    def _source(self, file: str) -> ModuleSource | None:
        if file not in self._sources:
            text = self._read(file)
            self._sources[file] = None if text is None else self.parses.source(text)
        return self._sources[file]

    def _read(self, file: str) -> str | None:
        """The text of pack file `file` (pack-relative, `/`), None when it isn't a regular
        file inside the pack, is too large, or can't be read."""
        relative = PurePosixPath(file)
        if relative.is_absolute() or ".." in relative.parts or not file:
            return None
        try:
            if self._resolved_root is None:
                self._resolved_root = self._root.resolve()
            path = (self._root / relative).resolve()
            path.relative_to(self._resolved_root)
            if not path.is_file() or path.stat().st_size > MAX_MODULE_BYTES:
                return None
            return path.read_bytes().decode("utf-8", "replace")
        except (OSError, ValueError, RuntimeError):
            return None


def declaring_file(kind: str, entry: Mapping[str, Any], *, blank: bool = False) -> str:
    """The pack-relative file that declares `entry`, a primitive of `kind` (or any other
    entry): a guardrail's `checkModulePath`, else its `modulePath`, the first that is a
    string and not empty (with `blank`, an empty one too: as the checks across entries, the
    comparison and render name a problem's file); "." (the pack) when neither is."""
    for file in (entry.get(_DECLARING_KEY.get(kind, "modulePath")), entry.get("modulePath")):
        if isinstance(file, str) and (blank or file):
            return file
    return "."
