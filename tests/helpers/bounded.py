"""Code that must end, run where a regression fails the test instead of hanging it or eating
the machine's memory: a fresh interpreter, bounded in time and address space."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

from tests.helpers.packs import REPO

_MEMORY = 1024 * 1024 * 1024
"""The child's address space: enough for the interpreter and our imports, not for
reading /dev/zero whole."""

_LIMITED = """\
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
{code}
"""


def run_bounded(code: str, *, timeout: float = 60) -> Any:
    """What `code` (Python that ends by printing one JSON value) prints, run in a child with
    at most `timeout` seconds and 1 GiB of address space; the test fails when the child
    hangs, runs out of memory or raises."""
    script = _LIMITED.format(memory=_MEMORY, code=code)
    try:
        done = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=timeout,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as expired:
        raise AssertionError(f"still running after {timeout} s (a hang)") from expired
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
