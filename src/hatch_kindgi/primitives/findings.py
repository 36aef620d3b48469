"""What one primitive's check finds, before the stage places it in the file that declares it."""

from __future__ import annotations

from dataclasses import dataclass

from hatch_kindgi.report.problems import Severity


@dataclass(frozen=True)
class Finding:
    """A problem of one index entry: `pointer` is RFC 6901 into the entry as indexed (`""` for
    the entry itself); the stage turns it into a `Problem` on the entry's `modulePath` (a
    guardrail's `checkModulePath`), at the declaration's line, or the pointer's place in it."""

    severity: Severity
    code: str
    pointer: str
    message: str
