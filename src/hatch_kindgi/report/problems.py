"""The one type every stage reports with: a problem in a pack, never an exception."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal

from hatch_kindgi.report.codes import CODES
from hatch_kindgi.report.escape import shown

Severity = Literal["error", "warning"]

Declared = tuple[str, str | None, str | None]
"""An entry the SDK indexed from a code module: its kind (`tool`, `agent`, …), id and
version, each None when it is not a string."""


@dataclass(frozen=True, eq=False)
class Problem:
    """Something wrong (error) or suspicious (warning) in one file of a pack.

    `file` is relative to the pack root with forward slashes. `line` and `column` are
    1-based; `pointer` is an RFC 6901 JSON pointer into the file's document.

    File and pointer are kept as the pack has them (a file name with a newline, a key with a
    lone surrogate), so the pipeline places a problem and reads its file by them; a format
    writes them as `shown_file` and `shown_pointer` (`report.escape.shown`: control
    characters, line separators, bidi controls and lone surrogates escaped, and at most
    `MAX_TEXT` characters each). The message is kept as it is shown, escaped and bounded when
    the problem is made. Whatever a pack puts in a key or a file name, a problem is one line,
    in every format. Two problems are equal when they read the same in a report: their
    severity, code, shown file, message, line, column and shown pointer.

    Two more facts for an editor (`hatch-kindgi lsp`), which no report shows and no
    comparison of problems weighs: `suggestion`, the word written and the one the message's
    "did you mean" proposes for it, as data (nothing written, `("", "number")`: the `"type"`
    Ajv's strict mode wants for the keyword at `pointer`, to add to the schema object that
    holds it); `inner`, the
    1-based line and column inside the string at `pointer` (an inline template's own
    position, which the message also says).

    Three more for placing a problem in its file's text (`pipeline.places`), also weighed by
    no comparison: `anchor`, a pointer into the file's document for a problem whose report
    shows none (a `pyproject.toml` key: `/tool/kindgi/pack/version`), never shown; `declared`,
    for a problem on a code module whose `pointer` leads into an entry the SDK indexed from
    it, that entry's kind, id and version (a string, else None), by which the module's
    declaration of it is found (`primitives.modules.DeclaringModules`), never shown; `end`,
    the line and column just after the place's last character, where `line` and `column`
    start it.
    """

    severity: Severity
    code: str
    file: str
    message: str
    line: int | None = None
    column: int | None = None
    pointer: str | None = None
    suggestion: tuple[str, str] | None = field(default=None, compare=False)
    inner: tuple[int, int] | None = field(default=None, compare=False)
    anchor: str | None = field(default=None, compare=False)
    end: tuple[int, int] | None = field(default=None, compare=False)
    declared: Declared | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        # Every code is registered and documented; an unknown one is a bug, not a pack fault.
        if self.code not in CODES:
            raise ValueError(
                f"problem code {self.code!r} is not in hatch_kindgi.report.codes.CODES"
            )
        # The message is our words around the pack's text: escaped here, once.
        object.__setattr__(self, "message", shown(self.message))

    @cached_property
    def shown_file(self) -> str:
        """The file as every format writes it: escaped (a byte that is not UTF-8 as that
        byte, `\\xff`) and bounded."""
        return shown(self.file, file_name=True)

    @cached_property
    def shown_pointer(self) -> str | None:
        """The pointer as every format writes it: escaped and bounded."""
        return None if self.pointer is None else shown(self.pointer)

    @cached_property
    def _shown(self) -> tuple[object, ...]:
        return (
            self.severity,
            self.code,
            self.shown_file,
            self.message,
            self.line,
            self.column,
            self.shown_pointer,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Problem) or other.__class__ is not self.__class__:
            return NotImplemented
        return self._shown == other._shown

    def __hash__(self) -> int:
        return hash(self._shown)


def error(
    code: str,
    file: str,
    message: str,
    *,
    line: int | None = None,
    column: int | None = None,
    pointer: str | None = None,
    suggestion: tuple[str, str] | None = None,
    anchor: str | None = None,
) -> Problem:
    """An error: the build fails."""
    return Problem("error", code, file, message, line, column, pointer, suggestion, anchor=anchor)


def warning(
    code: str,
    file: str,
    message: str,
    *,
    line: int | None = None,
    column: int | None = None,
    pointer: str | None = None,
    suggestion: tuple[str, str] | None = None,
    anchor: str | None = None,
) -> Problem:
    """A warning: printed, and the build goes on unless `strict` is set."""
    return Problem("warning", code, file, message, line, column, pointer, suggestion, anchor=anchor)


def placed_below(problem: Problem, base: str, whole: str) -> Problem:
    """`problem` with its file named below `base` (`packs/ledger/`), for a report of many
    packs; a problem of the whole pack (no file, or `.`) at `whole`. The name is the report's
    (`shown_file` below `base`, escaped and bounded again), no longer a file of the pack: a
    name escaped already reads the same. Its place in the file stays."""
    named = whole if problem.file in ("", ".") else base + problem.shown_file
    file = shown(named, file_name=True)
    return replace(problem, file=file, suggestion=None, inner=None, anchor=None, declared=None)


def has_errors(problems: Iterable[Problem]) -> bool:
    """Whether any of `problems` is an error."""
    return any(problem.severity == "error" for problem in problems)


def json_pointer(path: Iterable[object]) -> str:
    """RFC 6901 pointer for a path of keys and indexes (`~` and `/` escaped)."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)
