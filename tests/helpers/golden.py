"""The broken testpacks and the golden reports they must produce."""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.pipeline import PipelineResult, RunRequest, run_pipeline
from tests.helpers.packs import BROKEN, has_code

# Pins for every golden run, so no report carries a "not reproducible" warning.
GOLDEN_ENV = {"SOURCE_DATE_EPOCH": "1767225600"}


def broken_cases() -> list[str]:
    """Every `testpacks/broken/<case>` that has an `expected.txt`."""
    return sorted(p.parent.name for p in BROKEN.glob("*/expected.txt"))


def broken_case_params(*, code: bool | None = None) -> list[Any]:
    """`broken_cases()` as pytest params, those with pack code marked `sdk`; `code=False`
    only the packs without code (their run starts no process: `tests/unit`), `code=True`
    only those with (the code stage runs the kindgi SDK in a child: `tests/process`)."""
    return [
        pytest.param(case, marks=pytest.mark.sdk) if has_code(BROKEN / case) else case
        for case in broken_cases()
        if code is None or has_code(BROKEN / case) == code
    ]


STAGE_CASES: dict[str, str] = {
    "config": "config-many-faults",
    "discover": "discovery-pattern",
    "blocks": "block-shape",
    "schema": "settings-schema",
    "render": "liquid-syntax-file",
    "code": "import-raises",
    "primitives": "tool-manifest",
    "checks": "model-settings-value",
    "against": "version-reused",
    "index": "pin-published-at-range",
    "wheel": "wheel-path-taken",
    "report": "report-escaping",
}
"""One broken pack for each stage that reports (and the wheel's layout, and hostile words for
the report), by stage: the adapters (the command line, a real build, the language server) run
these, not the whole corpus, which `tests/unit/report/test_golden.py` holds in process."""


def stage_case_params() -> list[Any]:
    """`STAGE_CASES` as pytest params with the stage as id, those with pack code marked `sdk`."""
    return [
        pytest.param(case, id=stage, marks=[pytest.mark.sdk] if has_code(BROKEN / case) else [])
        for stage, case in STAGE_CASES.items()
    ]


@functools.cache
def golden_result(case: str) -> PipelineResult:
    """The pipeline's result on a broken case with the golden pins, run once a session for
    every test that reads it (the text report, SARIF)."""
    return run_pipeline(BROKEN / case, RunRequest(environ=GOLDEN_ENV))


def expected_report(case: str) -> str:
    """The golden report of a case."""
    return (BROKEN / case / "expected.txt").read_text("utf-8")


def tree_digest(root: Path) -> str:
    """A digest of every path, mode and file content under `root` (symlinks as links)."""
    digest = hashlib.sha256()
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(dirs + files):
            path = Path(folder) / name
            stat = path.lstat()
            # surrogateescape: a test may make names that are not UTF-8.
            entry = f"{path.relative_to(root)}\0{stat.st_mode}\0"
            digest.update(entry.encode("utf-8", "surrogateescape"))
            if path.is_symlink():
                digest.update(str(path.readlink()).encode("utf-8", "surrogateescape"))
            elif path.is_file():
                digest.update(path.read_bytes())
    return digest.hexdigest()
