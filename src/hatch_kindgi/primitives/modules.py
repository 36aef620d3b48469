"""The pack's modules, each read and parsed once a run, to place the problems of the entries
they declare (`DeclaringModules`): the primitives stage's findings, and the problems the
checks stage finds across entries, through the placing function the pipeline hands it
(`DeclaringModules.place`), so both stages place a problem in a module the same way, with the
one reading of its declarations (`declarations.ModuleSource`).

A module is read only to place what was found in it: from the disk, as the SDK indexed it,
and only inside the pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import Any

from hatch_kindgi.primitives.declarations import Declaration, ModuleSource
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.report.problems import Problem

MAX_MODULE_BYTES = 4 * 1024 * 1024
"""The largest module read to place problems in (a larger one gets them without a line)."""

_DECLARING_KEY = {"guardrail": "checkModulePath"}
"""The entry key naming the file that declares a primitive of a kind, where it isn't
`modulePath`: a guardrail is declared where its check is."""


class DeclaringModules:
    """The modules of the pack at `root`, each read and parsed once (on first use), to place
    problems in the module that declares an entry: at the declaration, or at the argument a
    pointer into the entry leads to."""

    def __init__(self, root: Path) -> None:
        self._root = root
        self._resolved_root: Path | None = None
        self._sources: dict[str, ModuleSource | None] = {}

    def placed(
        self, kind: str, entry: Mapping[str, Any], findings: Sequence[Finding]
    ) -> list[Problem]:
        """`findings` of `entry` (a primitive of `kind`) as problems on its declaring file,
        each at its place there when it can be told."""
        file = declaring_file(kind, entry)
        source, declaration = self._declaration(kind, entry, file)
        problems: list[Problem] = []
        for finding in findings:
            line = column = None
            if source is not None and declaration is not None:
                line, column = source.place(declaration, finding.pointer)
            problems.append(
                Problem(
                    finding.severity,
                    finding.code,
                    file,
                    finding.message,
                    line,
                    column,
                    finding.pointer,
                )
            )
        return problems

    def place(
        self, kind: str, entry: Mapping[str, Any], problems: Sequence[Problem]
    ) -> list[Problem]:
        """`problems` about `entry` (a primitive of `kind`), each one on its declaring file
        with a pointer into the entry and no line yet at its place there (when it can be
        told); the others (a problem on another file, a block's) as they are. The module is
        read only when one is to be placed."""
        file = declaring_file(kind, entry)
        if file == ".":
            return list(problems)
        here = [p.file == file and p.line is None and p.pointer is not None for p in problems]
        if not any(here):
            return list(problems)
        source, declaration = self._declaration(kind, entry, file)
        if source is None or declaration is None:
            return list(problems)
        placed: list[Problem] = []
        for problem, place in zip(problems, here):
            if place and problem.pointer is not None:
                line, column = source.place(declaration, problem.pointer)
                placed.append(replace(problem, line=line, column=column))
            else:
                placed.append(problem)
        return placed

    def _declaration(
        self, kind: str, entry: Mapping[str, Any], file: str
    ) -> tuple[ModuleSource | None, Declaration | None]:
        source = None if file == "." else self._source(file)
        return source, None if source is None else source.declaration(kind, entry)

    def _source(self, file: str) -> ModuleSource | None:
        if file not in self._sources:
            text = self._read(file)
            self._sources[file] = None if text is None else ModuleSource(text)
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
