"""The `kindgi` build hook: a thin adapter from Hatchling to the pipeline."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

from hatch_kindgi._config import CODE_KINDS, hook_table, load_config, read_pyproject
from hatch_kindgi._discover import discover, pattern_problem
from hatch_kindgi._index import INDEX_FILE
from hatch_kindgi._pipeline import PipelineResult, run_pipeline
from hatch_kindgi._report import fails, format_github, format_text

_SDK_REQUIREMENT = "kindgi>=0.1.10,<0.2"


class KindgiBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Validates the pack and puts its `index.json` (and its Python files) in the wheel."""

    PLUGIN_NAME = "kindgi"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._scratch: Path | None = None

    def dependencies(self) -> list[str]:
        """The kindgi SDK and the pack's runtime dependencies, when the pack has code.

        Hatchling asks before the build, in the isolated environment, so the SDK that
        indexes the pack's code is the one the pack itself runs with.
        """
        if self.target_name != "wheel" or not _has_code_modules(Path(self.root)):
            return []
        requirements = [_SDK_REQUIREMENT]
        requirements.extend(str(dep) for dep in self.metadata.core.dependencies)
        return requirements

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Run the pipeline; on problems print the report and stop the build."""
        if self.target_name != "wheel":
            return
        result = run_pipeline(
            Path(self.root),
            self.config,
            dist_name=self.metadata.core.name,
            dist_version=self.metadata.version,
            environ=os.environ,
        )
        self._report(result)
        if result.index is None or result.package is None:
            sys.exit(1)
        scratch = Path(tempfile.mkdtemp(prefix="hatch-kindgi-"))
        self._scratch = scratch
        index_path = scratch / INDEX_FILE
        index_path.write_bytes(result.index)
        targets = {str(index_path): f"{result.package}/{INDEX_FILE}"}
        for path in result.python_files:
            targets[str(Path(self.root) / path)] = f"{result.package}/{path}"
        force_include = build_data.setdefault("force_include", {})
        # Hatchling writes force_include in insertion order: insert sorted by archive path.
        for source, target in sorted(targets.items(), key=lambda item: item[1]):
            force_include[source] = target

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the scratch folder that held the index."""
        self._cleanup()

    def _cleanup(self) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def _report(self, result: PipelineResult) -> None:
        if not result.problems:
            return
        failing = result.index is None or fails(result.problems, strict=result.options.strict)
        header = "kindgi: the pack has problems; no wheel was built" if failing else "kindgi:"
        sys.stderr.write(f"{header}\n{format_text(result.problems)}")
        if os.environ.get("GITHUB_ACTIONS") == "true":
            sys.stdout.write(format_github(result.problems))
        sys.stderr.flush()
        sys.stdout.flush()
        if failing:
            self._cleanup()
            sys.exit(1)


def _has_code_modules(root: Path) -> bool:
    document, _ = read_pyproject(root)
    if document is None:
        return False
    pack = load_config(document, hook_table(document)).pack
    if pack is None:
        return False
    for kind in CODE_KINDS:
        pattern = pack.discovery[kind]
        if pattern_problem(pattern) is None and discover(root, pattern, code=True).files:
            return True
    return False
