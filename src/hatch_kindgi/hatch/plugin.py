"""The `kindgi` build hook: a thin adapter from Hatchling to the pipeline.

Hatchling loads it in every PEP 517 step, each a process of its own: `dependencies()` alone
reads only the config and discovery, so the pipeline loads where the build runs it."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

if TYPE_CHECKING:
    from hatch_kindgi.hatch.inclusions import Scratch
    from hatch_kindgi.hatch.late import ReadLate, TreeState
    from hatch_kindgi.hatch.report import BuildReport

_TARGETS = ("wheel", "sdist")


class KindgiBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Validates the pack and puts its `index.json` (and its Python files) in the wheel."""

    PLUGIN_NAME = "kindgi"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._scratch: Scratch | None = None
        self._completed = False
        self._report: BuildReport | None = None
        # The entries handed to hatchling (None: none yet); with hooks after ours, the mapping
        # read late, those hooks, and what the build looked like when the entries were made.
        self._handed: dict[str, str] | None = None
        self._late: ReadLate | None = None
        self._after: tuple[str, ...] = ()
        self._seen: tuple[TreeState, tuple[str, ...]] | None = None

    def dependencies(self) -> list[str]:
        """The kindgi SDK and the pack's runtime dependencies, when the pack has code: the
        SDK that indexes the pack's code is the one it runs with. The sdist asks too: it
        checks the pack as the wheel will, so a broken pack leaves no sdist behind."""
        from hatch_kindgi.pipeline.read import has_code_modules

        if self.target_name not in _TARGETS or not has_code_modules(Path(self.root)):
            return []
        from hatch_kindgi.code.requirements import sdk_requirements

        declared = self.metadata.core.dependencies_complex.values()
        return sdk_requirements([str(requirement) for requirement in declared])

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Check and lay out the pack once every build hook has run.

        As the last hook hatchling runs (`build_data["build_hooks"]`), that is now: the
        pipeline runs here, on the tree as every other hook left it, and its entries go into
        `force_include` as a plain mapping, however and whenever hatchling reads it. Hooks
        configured after this one initialize after it and may write into the pack
        (hatch-vcs's `version-file` in `tools/`): then the entries are computed when
        hatchling first reads `force_include` as a whole, which hatchling does once all of
        them have run, before it writes the archive (`ReadLate`); `finalize` checks that it
        did. Either way what ships depends neither on hook order nor on files a previous
        build left behind.
        """
        if self.target_name not in _TARGETS:
            return
        from hatch_kindgi.hatch.inclusions import Scratch
        from hatch_kindgi.hatch.late import ReadLate, hooks_after

        self._scratch = self._scratch or Scratch()
        self._completed = False
        self._handed = self._late = self._seen = None
        existing = dict(build_data.get("force_include") or {})
        after = hooks_after(build_data.get("build_hooks"), self.PLUGIN_NAME)
        if after == ():
            build_data["force_include"] = {**existing, **self._included(build_data, existing)}
            return
        self._after = after or ()
        self._late = ReadLate(existing, lambda others: self._included(build_data, others))
        build_data["force_include"] = self._late

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Refuse an artifact that isn't what the pack's files make (`_check_artifact`);
        remove the scratch folder; write the report file, now that the artifact is made (so
        it is never inside it)."""
        from hatch_kindgi.hatch import report

        try:
            if self.target_name in _TARGETS:
                self._check_artifact(build_data, Path(artifact_path))
        finally:
            if self._scratch is not None:
                self._scratch.cleanup()
        if self._report is None:  # no pipeline ran (another target): no report to write
            return
        if not report.write_report_file(self._report, failed=False):
            sys.exit(1)

    def _check_artifact(self, build_data: dict[str, Any], artifact: Path) -> None:
        """Refuse (remove, and stop the build with a message) an artifact built without the
        pack's files; with hooks after ours, one whose entries were computed before those
        hooks had run (they changed `force_include`, the artifacts or the tree after the
        entries were made: hatchling read it early); and one that lacks a file the hook
        handed hatchling, or holds other bytes there."""
        from hatch_kindgi.hatch import inclusions, report

        if not self._completed or self._handed is None:
            report.refuse_built_without_files(artifact, self.target_name)
        if self._late is not None and self._seen is not None:
            tree, artifacts = self._seen
            changed = [f"force_include[{key!r}]" for key in self._late.changed_after_read]
            now = tuple(build_data.get("artifacts") or ())
            changed += [f"artifacts {pattern!r}" for pattern in now if pattern not in artifacts]
            changed += tree.changed_since()
            if changed:
                report.refuse_read_early(artifact, self.target_name, self._after, changed)
        missing = inclusions.missing_from_artifact(artifact, self._handed)
        if missing:
            report.refuse_files_missing(artifact, self.target_name, missing)

    def _included(self, build_data: dict[str, Any], others: Mapping[str, str]) -> dict[str, str]:
        """`_build_inclusions`, noted as what was handed to hatchling (with hooks after ours,
        with the artifacts and the tree as they were then), and on Ctrl-C: `interrupted`,
        exit 130, no traceback, and the scratch folder gone (the stages remove their own
        folders and children as the interrupt unwinds them)."""
        try:
            handed = self._handed = self._build_inclusions(build_data, others)
            if self._late is not None:
                from hatch_kindgi.hatch.late import TreeState

                tree = TreeState(Path(self.root), skip=[Path(self.directory)])
                self._seen = (tree, tuple(build_data.get("artifacts") or ()))
            return handed
        except KeyboardInterrupt:
            if self._scratch is not None:
                self._scratch.cleanup()
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
        from hatch_kindgi.config.report_file import report_file
        from hatch_kindgi.discover.shipped import project_wheel
        from hatch_kindgi.hatch import inclusions, report
        from hatch_kindgi.hatch.layout import artifact_patterns, wheel_layout
        from hatch_kindgi.pipeline import RunRequest, run_pipeline

        self._completed = True
        scratch = self._scratch = self._scratch or inclusions.Scratch()
        root = Path(self.root)
        recorded, problems, prefix = inclusions.recorded_pins(root)
        # The project's own wheel (a pack inside an app): its configuration, the other hooks'
        # files and artifacts.
        wheel = self.target_name == "wheel"
        artifacts = build_data.get("artifacts") or ()
        project = project_wheel(root, artifacts=artifacts, force_include=others) if wheel else None
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
        file, file_problems = report_file(root, result.options, os.environ)
        problems = [*problems, *file_problems]
        failing = bool(problems) or result.failed
        problems.extend(result.problems)
        layout = None
        if not failing and result.index is not None and project is not None:
            build = self.build_config
            patterns = artifact_patterns(build_data, build.target_config, build.build_config)
            layout = wheel_layout(root, result, result.index, patterns, project)
            problems.extend(layout.problems)
            failing = bool(layout.problems)
        self._report = report.BuildReport(tuple(problems), file, prefix)
        report.print_report(problems, result.notes, artifact=self.target_name, failing=failing)
        if failing or result.index is None:
            report.write_report_file(self._report, failed=True)
            sys.exit(1)
        if not report.writable(self._report):
            sys.exit(1)
        if not wheel:
            return inclusions.sdist_inclusions(scratch, result.pins, prefix)
        return {} if layout is None else inclusions.wheel_inclusions(root, layout, scratch)
