"""The `kindgi` build hook: a thin adapter from Hatchling to the pipeline."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from hatch_kindgi.config.report_file import ReportFile, report_file
from hatch_kindgi.discover.shipped import project_wheel
from hatch_kindgi.hatch.layout import wheel_layout
from hatch_kindgi.index.pins import RECORD_FILE, RECORDED_PREFIX, read_recorded_pins, record_pins
from hatch_kindgi.pipeline import RunRequest, has_code_modules, run_pipeline
from hatch_kindgi.report.files import unwritable, write_atomically
from hatch_kindgi.report.formats import format_github, format_text, write
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.sarif import repository_prefix
from hatch_kindgi.report.styles import format_report

_TARGETS = ("wheel", "sdist")


class KindgiBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Validates the pack and puts its `index.json` (and its Python files) in the wheel."""

    PLUGIN_NAME = "kindgi"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._scratch: Path | None = None
        self._completed = False
        self._report_file: ReportFile | None = None
        self._report_problems: tuple[Problem, ...] = ()
        self._repository_prefix = ""

    def dependencies(self) -> list[str]:
        """The kindgi SDK and the pack's runtime dependencies, when the pack has code.

        Hatchling asks before the build, in the isolated environment, so the SDK that
        indexes the pack's code is the one the pack itself runs with. The sdist asks too:
        it checks the pack as the wheel will, so a broken pack leaves no sdist behind.
        """
        if self.target_name not in _TARGETS or not has_code_modules(Path(self.root)):
            return []
        from hatch_kindgi.code.stage import sdk_requirements

        declared = self.metadata.core.dependencies_complex.values()
        return sdk_requirements([str(requirement) for requirement in declared])

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Arrange for the pack to be checked and laid out once every build hook has run.

        Hooks configured after this one initialize after it and may write into the pack
        (hatch-vcs's `version-file` in `tools/`). Hatchling reads `force_include` once all of
        them have run, before it writes the archive: the pipeline runs then, on the tree as
        every hook left it, so what ships depends neither on hook order nor on files a
        previous build left behind.
        """
        if self.target_name not in _TARGETS:
            return
        self._completed = False
        existing = build_data.get("force_include") or {}
        build_data["force_include"] = _ReadLate(
            existing, lambda others: self._included(build_data, others)
        )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch folder; refuse an artifact built without the pack's files;
        write the report file, now that the artifact is made (so it is never inside it)."""
        self._cleanup()
        if self.target_name in _TARGETS and not self._completed:
            # Only a hatchling that stopped reading `force_include` as a mapping, or a build
            # hook after this one that replaced it, gets here.
            Path(artifact_path).unlink(missing_ok=True)
            sys.stderr.write(
                f"kindgi: the {self.target_name} was built without the pack's index and files "
                "(build_data['force_include'] was replaced by another build hook, or never "
                "read by hatchling); it was removed. Check the other hooks under "
                "[tool.hatch.build.hooks], or report this with your hatchling version.\n"
            )
            sys.exit(1)
        if not self._write_report_file(failed=False):
            sys.exit(1)

    def _included(self, build_data: dict[str, Any], others: Mapping[str, str]) -> dict[str, str]:
        """`_build_inclusions`, and on Ctrl-C: `interrupted`, exit 130, no traceback, and
        the scratch folder gone (the stages remove their own folders and children as the
        interrupt unwinds them)."""
        try:
            return self._build_inclusions(build_data, others)
        except KeyboardInterrupt:
            self._cleanup()
            sys.stdout.flush()
            sys.stderr.write("kindgi: interrupted\n")
            sys.stderr.flush()
            sys.exit(130)

    def _build_inclusions(
        self, build_data: dict[str, Any], others: Mapping[str, str]
    ) -> dict[str, str]:
        """Check the pack; on problems print the report and stop the build. A wheel gets the
        index and the pack's files, never on a path the project's own wheel fills (`others`
        are the other hooks' force_include entries); an sdist gets the pins it resolved, so a
        wheel built from it carries the same index. The force_include entries that carry
        them."""
        self._completed = True
        root = Path(self.root)
        recorded, record_problems = read_recorded_pins(root)
        # In an unpacked sdist (no repository), the report's paths start where the sdist's
        # record says the pack was in its repository.
        self._repository_prefix = (
            recorded.get(RECORDED_PREFIX, "") if recorded is not None else repository_prefix(root)
        )
        # The project's own wheel (a pack inside an app): its configuration, the other hooks'
        # files and artifacts.
        project = (
            project_wheel(root, artifacts=build_data.get("artifacts") or (), force_include=others)
            if self.target_name == "wheel"
            else None
        )
        request = RunRequest(
            hook_config=self.config,
            dist_name=self.metadata.core.name,
            dist_version=self.metadata.version,
            environ=os.environ,
            recorded_pins=recorded,
            runner="build",
            project=project,
        )
        result = run_pipeline(root, request)
        self._report_file, file_problems = report_file(root, result.options, os.environ)
        problems = (*record_problems, *file_problems, *result.problems)
        failing = bool(record_problems) or bool(file_problems) or result.failed
        layout = None
        if not failing and result.index is not None and project is not None:
            artifacts = self._artifact_patterns(build_data)
            layout = wheel_layout(root, result, result.index, artifacts, project)
            problems = (*problems, *layout.problems)
            failing = bool(layout.problems)
        self._report_problems = problems
        self._report(problems, failing=failing)
        for note in result.notes:
            write(sys.stderr, f"kindgi: note: {note}\n")
        sys.stderr.flush()
        if failing or result.index is None:
            self._write_report_file(failed=True)
            sys.exit(1)
        if not self._report_file_writable():
            sys.exit(1)
        if self.target_name == "sdist":
            if result.pins is None:
                return {}
            record = self._scratch_folder() / RECORD_FILE
            record.write_bytes(record_pins(result.pins, self._repository_prefix))
            return {str(record): RECORD_FILE}
        if layout is None:
            return {}
        inclusions = {str(root / source): target for target, source in layout.copied.items()}
        scratch = self._scratch_folder()
        for number, (target, data) in enumerate(layout.written.items()):
            written = scratch / f"{number}-{Path(target).name}"
            written.write_bytes(data)
            inclusions[str(written)] = target
        # Some hatchling versions write force_include in insertion order: insert by target.
        return dict(sorted(inclusions.items(), key=lambda item: item[1]))

    def _artifact_patterns(self, build_data: dict[str, Any]) -> tuple[str, ...]:
        """The artifact patterns hatchling ships for this target: the ones build hooks added,
        and the project's own (the target's `artifacts`, else `[tool.hatch.build]`'s)."""
        target = self.build_config.target_config
        configured = target.get("artifacts")
        if configured is None:
            configured = self.build_config.build_config.get("artifacts", [])
        patterns = [*build_data.get("artifacts", []), *(configured or [])]
        return tuple(pattern for pattern in patterns if isinstance(pattern, str) and pattern)

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
            prefix=self._repository_prefix,
        )
        try:
            write_atomically(target.path, text.encode("utf-8"))
        except OSError as cause:
            return _cannot_write(target.path, cause)
        return True

    def _report_file_writable(self) -> bool:
        """Whether the report file can be written, asked before the artifact is built, so an
        unwritable path stops the build before there is one."""
        target = self._report_file
        if target is None:
            return True
        why = unwritable(target.path)
        return why is None or _cannot_write(target.path, why)

    def _scratch_folder(self) -> Path:
        if self._scratch is None:
            self._scratch = Path(tempfile.mkdtemp(prefix="hatch-kindgi-"))
            # Interrupted while hatchling writes the archive, finalize never runs: the
            # folder goes as the interpreter exits.
            atexit.register(self._cleanup)
        return self._scratch

    def _cleanup(self) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def _report(self, problems: Sequence[Problem], *, failing: bool) -> None:
        """Print the report (stderr, and annotations under GitHub Actions)."""
        if not problems:
            return
        header = (
            f"kindgi: the pack has problems; no {self.target_name} was built"
            if failing
            else "kindgi:"
        )
        write(sys.stderr, f"{header}\n{format_text(problems)}")
        if os.environ.get("GITHUB_ACTIONS") == "true":
            write(sys.stdout, format_github(problems))
        sys.stderr.flush()
        sys.stdout.flush()


class _ReadLate(dict):  # type: ignore[type-arg]
    """`build_data["force_include"]`, whose own entries are computed when hatchling first
    reads it as a whole (after every hook's `initialize`), not when this hook initializes.

    Entries other hooks put in stay (and are handed to the computation, as what the project
    ships besides its own files); adding one, asking for one or testing truth computes
    nothing. Every way to read the whole mapping (items, keys, values, iteration, copy,
    `dict(...)`, `{**...}`) computes the entries first, once.
    """

    def __init__(
        self,
        existing: Mapping[str, str],
        compute: Callable[[Mapping[str, str]], dict[str, str]],
    ) -> None:
        super().__init__(existing)
        self._compute: Callable[[Mapping[str, str]], dict[str, str]] | None = compute

    def _settle(self) -> None:
        compute, self._compute = self._compute, None
        if compute is not None:
            for source, target in compute(dict(super().items())).items():
                super().__setitem__(source, target)

    def items(self) -> Any:
        self._settle()
        return super().items()

    def keys(self) -> Any:
        self._settle()
        return super().keys()

    def values(self) -> Any:
        self._settle()
        return super().values()

    def __iter__(self) -> Iterator[str]:
        self._settle()
        return super().__iter__()

    def copy(self) -> dict[str, str]:
        self._settle()
        return dict(super().items())


def _cannot_write(path: Path, why: object) -> bool:
    """Say why the report file can't be written; False, for the caller to stop the build."""
    sys.stderr.write(f"kindgi: cannot write the report file {path}: {why}\n")
    sys.stderr.flush()
    return False
