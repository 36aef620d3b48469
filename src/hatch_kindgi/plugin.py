"""The `kindgi` build hook: a thin adapter from Hatchling to the pipeline."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from hatch_kindgi.config.report_file import ReportFile, report_file
from hatch_kindgi.index.pins import RECORD_FILE, read_recorded_pins, record_pins
from hatch_kindgi.index.stage import INDEX_FILE
from hatch_kindgi.pipeline import has_code_modules, run_pipeline
from hatch_kindgi.report.files import write_atomically
from hatch_kindgi.report.formats import encodable, format_github, format_text
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.sarif import repository_prefix
from hatch_kindgi.report.styles import format_report

_SDK_REQUIREMENT = "kindgi>=0.1.10,<0.2"
_TARGETS = ("wheel", "sdist")


class KindgiBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Validates the pack and puts its `index.json` (and its Python files) in the wheel."""

    PLUGIN_NAME = "kindgi"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._scratch: Path | None = None
        self._report_file: ReportFile | None = None
        self._report_problems: tuple[Problem, ...] = ()

    def dependencies(self) -> list[str]:
        """The kindgi SDK and the pack's runtime dependencies, when the pack has code.

        Hatchling asks before the build, in the isolated environment, so the SDK that
        indexes the pack's code is the one the pack itself runs with. The sdist asks too:
        it checks the pack as the wheel will, so a broken pack leaves no sdist behind.
        """
        if self.target_name not in _TARGETS or not has_code_modules(Path(self.root)):
            return []
        from packaging.utils import canonicalize_name

        declared = list(self.metadata.core.dependencies_complex.values())
        requirements = [str(requirement) for requirement in declared]
        # The pack's own kindgi requirement wins: adding ours could make it unresolvable.
        if not any(canonicalize_name(r.name) == "kindgi" for r in declared):
            requirements.insert(0, _SDK_REQUIREMENT)
        return requirements

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Check the pack; on problems print the report and stop the build. A wheel gets
        the index and the pack's Python files; an sdist gets the pins it resolved, so a
        wheel built from it carries the same index."""
        if self.target_name not in _TARGETS:
            return
        root = Path(self.root)
        recorded, record_problems = read_recorded_pins(root)
        result = run_pipeline(
            root,
            self.config,
            dist_name=self.metadata.core.name,
            dist_version=self.metadata.version,
            environ=os.environ,
            recorded_pins=recorded,
        )
        self._report_file, file_problems = report_file(root, result.options, os.environ)
        problems = (*record_problems, *file_problems, *result.problems)
        failing = bool(record_problems) or bool(file_problems) or result.failed
        self._report_problems = problems
        stop = self._report(problems, failing=failing)
        for note in result.notes:
            sys.stderr.write(encodable(f"kindgi: note: {note}\n", _encoding(sys.stderr)))
        sys.stderr.flush()
        if stop or result.index is None:
            self._write_report_file(failed=True)
            sys.exit(1)
        if not self._report_file_writable():
            sys.exit(1)
        force_include = build_data.setdefault("force_include", {})
        if self.target_name == "sdist":
            if result.pins is not None:
                record = self._scratch_folder() / RECORD_FILE
                record.write_bytes(record_pins(result.pins))
                force_include[str(record)] = RECORD_FILE
            return
        index_path = self._scratch_folder() / INDEX_FILE
        index_path.write_bytes(result.index)
        targets = {str(index_path): f"{result.package}/{INDEX_FILE}"}
        for path in result.python_files:
            targets[str(root / path)] = f"{result.package}/{path}"
        # Hatchling writes force_include in insertion order: insert sorted by archive path.
        for source, target in sorted(targets.items(), key=lambda item: item[1]):
            force_include[source] = target

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Write the report file, now that the artifact is made (so it is never inside
        it), and remove the scratch folder that held the index."""
        self._cleanup()
        if not self._write_report_file(failed=False):
            sys.exit(1)

    def _write_report_file(self, *, failed: bool) -> bool:
        """Write the report file the options or the environment ask for, whole or not at
        all; whether it was written (or none was asked for)."""
        target = self._report_file
        if target is None:
            return True
        text = format_report(
            self._report_problems,
            target.style,
            failed=failed,
            prefix=repository_prefix(Path(self.root)),
        )
        try:
            write_atomically(target.path, text.encode("utf-8"))
        except OSError as cause:
            return _cannot_write(target.path, cause)
        return True

    def _report_file_writable(self) -> bool:
        """Whether the report file's folder can be made and written to, asked before the
        artifact is built, so an unwritable path stops the build before there is one."""
        target = self._report_file
        if target is None:
            return True
        try:
            target.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as cause:
            return _cannot_write(target.path, cause)
        if target.path.is_dir():
            return _cannot_write(target.path, "it is a folder")
        if not os.access(target.path.parent, os.W_OK):
            return _cannot_write(target.path, "its folder is not writable")
        return True

    def _scratch_folder(self) -> Path:
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="hatch-kindgi-"))
        return self._scratch

    def _cleanup(self) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def _report(self, problems: Sequence[Problem], *, failing: bool) -> bool:
        """Print the report (stderr, and annotations under GitHub Actions); whether the
        build must stop."""
        if not problems:
            return failing
        header = (
            f"kindgi: the pack has problems; no {self.target_name} was built"
            if failing
            else "kindgi:"
        )
        # Any encoding the frontend gave us (PYTHONIOENCODING=ascii too) writes any problem.
        sys.stderr.write(encodable(f"{header}\n{format_text(problems)}", _encoding(sys.stderr)))
        if os.environ.get("GITHUB_ACTIONS") == "true":
            sys.stdout.write(encodable(format_github(problems), _encoding(sys.stdout)))
        sys.stderr.flush()
        sys.stdout.flush()
        if failing:
            self._cleanup()
        return failing


def _cannot_write(path: Path, why: object) -> bool:
    """Say why the report file can't be written; False, for the caller to stop the build."""
    sys.stderr.write(f"kindgi: cannot write the report file {path}: {why}\n")
    sys.stderr.flush()
    return False


def _encoding(stream: TextIO) -> str | None:
    return getattr(stream, "encoding", None)
