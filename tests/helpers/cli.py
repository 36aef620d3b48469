"""The command line as a user runs it: `python -m hatch_kindgi …` in a child process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import build_env, run_captured


def run_cli(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    encoding: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """`python -m hatch_kindgi ARGS` with the golden pins and `env` on top, its output read in
    `encoding` (else the locale's)."""
    return run_captured(
        [sys.executable, "-m", "hatch_kindgi", *args],
        cwd=cwd,
        env=build_env({**GOLDEN_ENV, **(env or {})}),
        encoding=encoding,
    )
