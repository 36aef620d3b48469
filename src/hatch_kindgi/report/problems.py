"""The one type every stage reports with: a problem in a pack, never an exception."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from hatch_kindgi.report.codes import CODES
from hatch_kindgi.report.escape import shown

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """Something wrong (error) or suspicious (warning) in one file of a pack.

    `file` is relative to the pack root with forward slashes. `line` and `column` are
    1-based; `pointer` is an RFC 6901 JSON pointer into the file's document.

    File, pointer and message are kept as every report shows them (`report.escape.shown`):
    control characters, line separators, bidi controls and lone surrogates escaped, and at
    most `MAX_TEXT` characters each. Whatever a pack puts in a key or a file name, a problem
    is one line, in every format.

    Two more facts for an editor (`hatch-kindgi lsp`), which no report shows and no
    comparison of problems weighs: `suggestion`, the word written and the one the message's
    "did you mean" proposes for it, as data (nothing written, `("", "number")`: the `"type"`
    Ajv's strict mode wants for the keyword at `pointer`, to add to the schema object that
    holds it); `inner`, the
    1-based line and column inside the string at `pointer` (an inline template's own
    position, which the message also says).

    Two more for placing a problem in its file's text (`pipeline.places`), also weighed by no
    comparison: `anchor`, a pointer into the file's document for a problem whose report shows
    none (a `pyproject.toml` key: `/tool/kindgi/pack/version`), never shown; `end`, the line
    and column just after the place's last character, where `line` and `column` start it.
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

    def __post_init__(self) -> None:
        # Every code is registered and documented; an unknown one is a bug, not a pack fault.
        if self.code not in CODES:
            raise ValueError(
                f"problem code {self.code!r} is not in hatch_kindgi.report.codes.CODES"
            )
        # Escaped here, once, rather than by each format: no format can forget it.
        object.__setattr__(self, "file", shown(self.file, file_name=True))
        object.__setattr__(self, "message", shown(self.message))
        if self.pointer is not None:
            object.__setattr__(self, "pointer", shown(self.pointer))


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
    packs; a problem of the whole pack (no file, or `.`) at `whole`. The file is escaped as
    any problem's: what was escaped already reads the same. Its place in the file stays."""
    file = whole if problem.file in ("", ".") else base + problem.file
    return replace(problem, file=file, suggestion=None, inner=None, anchor=None)


def has_errors(problems: Iterable[Problem]) -> bool:
    """Whether any of `problems` is an error."""
    return any(problem.severity == "error" for problem in problems)


def json_pointer(path: Iterable[object]) -> str:
    """RFC 6901 pointer for a path of keys and indexes (`~` and `/` escaped)."""
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in path)
