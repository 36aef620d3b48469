"""Hostile inputs that must finish: run in a child with a generous deadline, so a hang (or
quadratic work) fails the test instead of stalling the suite. No timing is asserted."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from tests.helpers.packs import REPO, run_captured

DEADLINE = 120.0
"""Seconds a child may take: ten times what the work takes on a slow, shared machine."""


def finishes(code: str, *, deadline: float = DEADLINE) -> str:
    """Run `code` in a fresh Python; its stdout. Fails the test when it takes past `deadline`
    or exits with an error."""
    try:
        run = run_captured(
            [sys.executable, "-c", textwrap.dedent(code)], cwd=REPO, timeout=deadline
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"did not finish within {deadline:.0f} s")
    assert run.returncode == 0, run.stderr
    return run.stdout
