"""`hatch-kindgi check --watch`: check, then check again whenever a file under the pack
changes, printing the problems that appeared and went away and a one-line status.

The pipeline keeps what it may reuse (`PipelineCache`): a re-check reads only the block files
that changed, runs the rules across files and entries again, and runs the code stage only
when Python code or pyproject.toml changed. Ctrl-C stops it: exit 130, as a shell reports an
interrupted command.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

import watchfiles

from hatch_kindgi.cli.output import color, write_notes
from hatch_kindgi.discover.stage import SKIPPED_DIRS
from hatch_kindgi.pipeline import PipelineCache, PipelineResult, run_pipeline
from hatch_kindgi.report.changes import compare, format_changes, status_line
from hatch_kindgi.report.formats import format_text, write

EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, what a shell reports for a command it interrupted."""

_STEP_MS = 50  # a burst of writes (an editor's save) within 50 ms is one change


def watch(root: Path, out: TextIO, *, against: str | None = None) -> int:
    """Check the pack at `root` on every change until Ctrl-C, compared with `against` when
    given (`--against`); the exit code."""
    started = datetime.now(timezone.utc)
    cache = PipelineCache()
    colored = color(out)

    def check() -> tuple[PipelineResult, float]:
        begun = time.perf_counter()
        # One `now` for the session: pins that fall back to it stay the same between runs.
        result = run_pipeline(
            root,
            environ=os.environ,
            cache=cache,
            now=lambda: started,
            against=against,
            runner="command-line",
        )
        return result, time.perf_counter() - begun

    try:
        result, seconds = check()
        write_notes(result.notes)
        if result.problems:
            write(out, format_text(result.problems, color=colored))
        write(
            out, status_line(result.problems, None, clock=_clock(), seconds=seconds, color=colored)
        )
        write(out, f"watching {root} for changes (Ctrl-C to stop)\n")
        out.flush()
        for batch in watchfiles.watch(root, watch_filter=_Filter(), step=_STEP_MS):
            changed = _relative(root, (path for _, path in batch))
            cache.forget(changed)
            previous = result.problems
            result, seconds = check()
            changes = compare(previous, result.problems)
            write(out, format_changes(changes, color=colored))
            write(
                out,
                status_line(
                    result.problems,
                    changes,
                    clock=_clock(),
                    seconds=seconds,
                    # An editor's temporary files come and go: name what is still there.
                    changed=[path for path in changed if (root / path).exists()] or changed,
                    color=colored,
                ),
            )
            out.flush()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return EXIT_INTERRUPTED  # pragma: no cover (the watch ends only on Ctrl-C)


class _Filter(watchfiles.DefaultFilter):
    """watchfiles' default filter (VCS folders, caches, editor swap files) plus the folders
    discovery never walks (`venv`, `site-packages`)."""

    ignore_dirs = (*watchfiles.DefaultFilter.ignore_dirs, *sorted(SKIPPED_DIRS))


def _relative(root: Path, paths: Iterable[str]) -> list[str]:
    """The changed paths, pack-relative with `/`, sorted."""
    bases = (root.absolute(), root.resolve())
    found = set()
    for path in paths:
        for base in bases:
            try:
                found.add(Path(path).relative_to(base).as_posix())
                break
            except ValueError:
                continue
    return sorted(found)


def _clock() -> str:
    return datetime.now().strftime("%H:%M:%S")
