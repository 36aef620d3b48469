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

__all__ = [
    "NO_REPORT",
    "BuildReport",
    "print_report",
    "refuse_built_without_files",
    "refuse_files_missing",
    "refuse_read_early",
    "writable",
    "write_report_file",
]


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
    _refuse(
        artifact,
        f"the {target} was built without the pack's index and files "
        "(build_data['force_include'] was replaced by another build hook, or never "
        f"read by {_hatchling()}); it was removed. Check the other hooks under "
        "[tool.hatch.build.hooks], or report this with your hatchling version.",
    )


def refuse_files_missing(artifact: Path, target: str, missing: Sequence[str]) -> NoReturn:
    """Remove an artifact that lacks files the hook handed hatchling (or holds other bytes
    there) and stop the build: a hatchling that read `force_include` otherwise."""
    shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
    _refuse(
        artifact,
        f"the {target} lacks {len(missing)} of the pack's files, or holds others in their "
        f"place ({shown}): {_hatchling()} did not write the build_data['force_include'] "
        "entries the hook handed it; it was removed rather than shipped without them. "
        "Report this with your hatchling version.",
    )


def refuse_read_early(
    artifact: Path, target: str, after: Sequence[str], changed: Sequence[str]
) -> NoReturn:
    """Remove an artifact whose index was made before a build hook after ours ran, and stop
    the build: a hatchling that read `force_include` before every hook's `initialize`."""
    hooks = ", ".join(after) or "another build hook"
    shown = ", ".join(changed[:5]) + (f" and {len(changed) - 5} more" if len(changed) > 5 else "")
    _refuse(
        artifact,
        f"{_hatchling()} read build_data['force_include'] before the build hooks after "
        f"kindgi ({hooks}) had run, and they changed {shown} after the pack was checked and "
        f"indexed: the {target} could miss it, so it was removed. List "
        "[tool.hatch.build.hooks.kindgi] after the other hooks in pyproject.toml (as the last "
        "hook it checks the pack once they have all run, whenever hatchling reads), or "
        "report this with your hatchling version.",
    )


def _refuse(artifact: Path, why: str) -> NoReturn:
    artifact.unlink(missing_ok=True)
    sys.stdout.flush()
    sys.stderr.write(f"kindgi: {why}\n")
    sys.stderr.flush()
    sys.exit(1)


def _hatchling() -> str:
    """ "hatchling X.Y.Z", as installed where the build runs."""
    from importlib import metadata

    try:
        return f"hatchling {metadata.version('hatchling')}"
    except metadata.PackageNotFoundError:
        return "hatchling"


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
