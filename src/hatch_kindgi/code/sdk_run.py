"""One run of the kindgi SDK's indexer (`python -m kindgi.pack index … --json`) in a child.

The child is the build environment's interpreter (or the one asked for), bounded in time and
killed with its children; its output goes to files in a scratch folder, and what it did is read
back: whether it was stopped, its exit code, its outcome, the index it wrote and its last words.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hatch_kindgi.code.child import read_tail, run_bounded
from hatch_kindgi.code.sdk_outcome import last_outcome, read_index

if TYPE_CHECKING:
    from pathlib import Path

_OUTPUT_TAIL_BYTES = 16 * 1024 * 1024
"""How much of the end of the child's stdout is read: the outcome line is in it."""

_PROBE_TIMEOUT = 60.0


@dataclass(frozen=True)
class IndexerJob:
    """What every indexer child of one `index_code` call shares."""

    interpreter: str
    root: Path
    artifact_version: str
    published_at: str
    timeout: float


@dataclass(frozen=True)
class IndexerRun:
    """What one indexer child did."""

    timed_out: bool
    returncode: int | None
    outcome: dict[str, Any] | None
    index: dict[str, Any] | None
    said: str


def run_indexer(job: IndexerJob, work: Path, config: Path | None) -> IndexerRun:
    """Run the SDK's indexer once, output into `work`, and read what it did.

    `config` is a pyproject to read instead of the pack's own (`--config`).
    """
    output = work / "index.json"
    command = [
        job.interpreter,
        "-m",
        "kindgi.pack",
        "index",
        "--pack-dir",
        str(job.root),
        "--output",
        str(output),
        "--artifact-version",
        job.artifact_version,
        "--published-at",
        job.published_at,
        "--json",
    ]
    if config is not None:
        command[command.index("--output") : command.index("--output")] = [
            "--config",
            str(config),
        ]
    stdout_path = work / "stdout.txt"
    stderr_path = work / "stderr.txt"
    with stdout_path.open("wb") as stdout, stderr_path.open("wb") as stderr:
        returncode, timed_out = run_bounded(
            command, job.root, stdout, stderr, timeout=job.timeout, env=_environment()
        )
    out_text = read_tail(stdout_path, _OUTPUT_TAIL_BYTES)
    err_text = read_tail(stderr_path, _OUTPUT_TAIL_BYTES)
    index: dict[str, Any] | None = None
    outcome = None if timed_out else last_outcome(out_text)
    if outcome is not None and outcome.get("kind") == "ok":
        index = read_index(output)
    said = err_text if err_text.strip() else out_text
    return IndexerRun(timed_out, returncode, outcome, index, said)


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


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    # Importing pack code must not write __pycache__ into the pack tree.
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment["PYTHONIOENCODING"] = "utf-8"
    return environment
