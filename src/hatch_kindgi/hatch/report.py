"""What the build hook says: the report printed (`print_report`), and the report file the
options or the environment ask for (`BuildReport`: checked writable before the artifact is
built, `writable`; written once it is, `write_report_file`, or when the build fails)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

from hatch_kindgi.report.files import unwritable, write_atomically

if TYPE_CHECKING:
    from pathlib import Path

    from hatch_kindgi.config.report_file import ReportFile
    from hatch_kindgi.report.problems import Problem

__all__ = ["NO_REPORT", "BuildReport", "print_report", "writable", "write_report_file"]


@dataclass(frozen=True)
class BuildReport:
    """A build's report: its problems, the report file asked for (None: none), and the
    prefix of the report's paths (the pack's folder in its repository)."""

    problems: tuple[Problem, ...] = ()
    file: ReportFile | None = None
    prefix: str = ""


NO_REPORT = BuildReport()
"""Before the pack is checked: nothing to report, no file asked for."""


def refuse_built_without_files(artifact: Path, target: str) -> NoReturn:
    """Remove an artifact built without the pack's files and stop the build. Only a hatchling
    that stopped reading `force_include` as a mapping, or a build hook after ours that
    replaced it, gets here."""
    artifact.unlink(missing_ok=True)
    sys.stderr.write(
        f"kindgi: the {target} was built without the pack's index and files "
        "(build_data['force_include'] was replaced by another build hook, or never "
        "read by hatchling); it was removed. Check the other hooks under "
        "[tool.hatch.build.hooks], or report this with your hatchling version.\n"
    )
    sys.exit(1)


def print_report(
    problems: Sequence[Problem], notes: Sequence[str], *, artifact: str, failing: bool
) -> None:
    """Print the report (stderr, and annotations under GitHub Actions), then the run's
    notes; `artifact` is what is built ("wheel", "sdist"), which `failing` says isn't. The
    formats load only when there is something to print."""
    if not problems and not notes:
        return
    from hatch_kindgi.report.formats import format_github, format_text, write

    if problems:
        header = f"kindgi: the pack has problems; no {artifact} was built" if failing else "kindgi:"
        write(sys.stderr, f"{header}\n{format_text(problems)}")
        if os.environ.get("GITHUB_ACTIONS") == "true":
            write(sys.stdout, format_github(problems))
        sys.stderr.flush()
        sys.stdout.flush()
    for note in notes:
        write(sys.stderr, f"kindgi: note: {note}\n")
    sys.stderr.flush()


def writable(report: BuildReport) -> bool:
    """Whether the report file can be written (or none is asked for), asked before the
    artifact is built, so an unwritable path stops the build before there is one."""
    if report.file is None:
        return True
    why = unwritable(report.file.path)
    return why is None or _cannot_write(report.file.path, why)


def write_report_file(report: BuildReport, *, failed: bool) -> bool:
    """Write the report file, whole or not at all; whether it was written (or none was
    asked for)."""
    target = report.file
    if target is None:
        return True
    from hatch_kindgi.report.styles import format_report

    text = format_report(report.problems, target.style, failed=failed, prefix=report.prefix)
    try:
        write_atomically(target.path, text.encode("utf-8"))
    except OSError as cause:
        return _cannot_write(target.path, cause)
    return True


def _cannot_write(path: Path, why: object) -> bool:
    """Say why the report file can't be written; False, for the caller to stop the build."""
    sys.stderr.write(f"kindgi: cannot write the report file {path}: {why}\n")
    sys.stderr.flush()
    return False
