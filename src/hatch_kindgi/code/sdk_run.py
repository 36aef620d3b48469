"""One run of the kindgi SDK's indexer in a child, and what it did.

The child is our `runner` script under the build environment's interpreter (or the one asked
for), started by our `reaper` script, which bounds it in time and leaves no process of it
behind. The runner calls the SDK's indexer in-process and writes its outcome to a result file;
the reaper writes a status file last. Neither is the child's stdout: what pack code prints is
only ever read back as the bounded end of its output, for messages.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from hatch_kindgi.code.child import read_tail, run_bounded
from hatch_kindgi.code.sdk_outcome import read_index, read_outcome, read_status

if TYPE_CHECKING:
    from pathlib import Path

_SAID_BYTES = 64 * 1024
"""How much of the end of the child's stdout and stderr is kept for messages."""

_REAPER_GRACE = 60.0
"""How long past the time limit the reaper itself may take to clear up before it is killed."""

_PROBE_TIMEOUT = 60.0


@dataclass(frozen=True)
class IndexerJob:
    """What every indexer child of one `index_code` call shares."""

    interpreter: str
    root: Path
    artifact_version: str
    published_at: str
    timeout: float
    scratch: Path | None = None
    """The folder that holds every run's files, which the reaper removes if the hook dies
    first (a build frontend kills an interrupted backend)."""
    import_roots: tuple[str, ...] = ()
    """Folders the project's wheel ships packages from (absolute), first on the child's
    `sys.path`: the app a pack lives in imports as if installed."""


@dataclass(frozen=True)
class IndexerRun:
    """What one indexer child did."""

    timed_out: bool
    returncode: int | None
    outcome: dict[str, Any] | None
    index: dict[str, Any] | None
    said: str


def run_indexer(job: IndexerJob, work: Path, config: Path | None) -> IndexerRun:
    """Run the SDK's indexer once, its files in the empty folder `work`, and read what it did.

    `config` is a pyproject to read instead of the pack's own (the SDK's `--config`).
    """
    output, result, status = work / "index.json", work / "result.json", work / "status.json"
    job_file = work / "job.json"
    job_file.write_text(
        json.dumps(
            {
                "packDir": str(job.root),
                "config": None if config is None else str(config),
                "output": str(output),
                "result": str(result),
                "artifactVersion": job.artifact_version,
                "publishedAt": job.published_at,
                "importRoots": list(job.import_roots),
            }
        ),
        encoding="utf-8",
    )
    command = [
        # The reaper needs nothing but the standard library: no site, no PYTHON* variables.
        sys.executable,
        "-I",
        "-S",
        "-c",
        _script("reaper"),
        repr(job.timeout),
        str(status),
        "" if job.scratch is None else str(job.scratch),
        "--",
        job.interpreter,
        "-c",
        _script("runner"),
        str(job_file),
    ]
    stdout_path, stderr_path = work / "stdout.txt", work / "stderr.txt"
    with stdout_path.open("wb") as stdout, stderr_path.open("wb") as stderr:
        returncode, killed = run_bounded(
            command,
            job.root,
            stdout,
            stderr,
            timeout=job.timeout + _REAPER_GRACE,
            env=_environment(),
        )
    reaped = read_status(status)
    if reaped is not None:
        returncode, killed = reaped
    outcome = None if killed else read_outcome(result)
    index = read_index(output) if outcome is not None and outcome.get("kind") == "ok" else None
    err_text = read_tail(stderr_path, _SAID_BYTES)
    said = err_text if err_text.strip() else read_tail(stdout_path, _SAID_BYTES)
    return IndexerRun(killed, returncode, outcome, index, said)


def has_kindgi(interpreter: str, work: Path) -> bool:
    """Whether `interpreter` can find the kindgi package (without importing it)."""
    probe = (
        "import importlib.util, sys\n"
        "sys.exit(0 if importlib.util.find_spec('kindgi') is not None else 3)\n"
    )
    with (work / "probe.txt").open("wb") as sink:
        returncode, _ = run_bounded(
            [interpreter, "-c", probe], work, sink, sink, timeout=_PROBE_TIMEOUT, env=_environment()
        )
    return returncode != 3


@cache
def _script(name: str) -> str:
    """The text of one of our child scripts (`runner`, `reaper`), to run with `-c`."""
    return resources.files("hatch_kindgi.code").joinpath(f"{name}.py").read_text("utf-8")


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    # Importing pack code must not write __pycache__ into the pack tree.
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment["PYTHONIOENCODING"] = "utf-8"
    return environment
