"""`hatch-kindgi check --watch`: check, then check again whenever a file under a pack
changes (only that pack), printing the problems that appeared and went away and a one-line status.

The pipeline keeps what it may reuse (`PipelineCache`): a re-check reads only the block files
that changed, runs the rules across files and entries again, and runs the code stage only
when Python code or pyproject.toml changed. Ctrl-C stops it: exit 130, as a shell reports an
interrupted command.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

import watchfiles

from hatch_kindgi.cli.output import EXIT_INTERRUPTED, Reporting, color, write_notes
from hatch_kindgi.cli.packs import Packs, named
from hatch_kindgi.discover.stage import SKIPPED_DIRS
from hatch_kindgi.pipeline import PipelineCache, PipelineResult, RunRequest, run_pipeline
from hatch_kindgi.report.changes import compare, format_changes, status_line
from hatch_kindgi.report.formats import format_text, write
from hatch_kindgi.report.problems import Problem

_STEP_MS = 50  # a burst of writes (an editor's save) within 50 ms is one change


def watch(
    packs: Packs,
    out: TextIO,
    request: RunRequest,
    *,
    how: Reporting | None = None,
) -> int:
    """Check `packs` on every change until Ctrl-C, each run as `request` asks (what the
    command's flags made of it, `output.run_request`: who runs, `--against`, `--strict`,
    `--target`), coloured as `how` says; the exit code. A change re-checks only the pack it
    is in."""
    how = how or Reporting()
    started = datetime.now(timezone.utc)
    roots = packs.roots
    caches = [PipelineCache() for _ in roots]
    colored = color(out, how.color)

    def check(number: int) -> PipelineResult:
        # One `now` for the session: pins that fall back to it stay the same between runs.
        return run_pipeline(
            roots[number], replace(request, cache=caches[number], now=lambda: started)
        )

    def merged(results: list[PipelineResult]) -> tuple[Problem, ...]:
        return named(packs, [(r.problems, ()) for r in results], "text").problems

    try:
        begun = time.perf_counter()
        results = [check(number) for number in range(len(roots))]
        seconds = time.perf_counter() - begun
        write_notes(named(packs, [((), r.notes) for r in results], "text").notes, quiet=how.quiet)
        problems = merged(results)
        if problems:
            write(out, format_text(problems, color=colored))
        write(out, status_line(problems, None, clock=_clock(), seconds=seconds, color=colored))
        where = ", ".join(str(root) for root in roots)
        write(out, f"watching {where} for changes (Ctrl-C to stop)\n")
        out.flush()
        for batch in watchfiles.watch(*roots, watch_filter=_Filter(), step=_STEP_MS):
            begun = time.perf_counter()
            paths = [path for _, path in batch]
            shown: list[str] = []
            for number, root in enumerate(roots):
                changed = _relative(root, paths)
                if not changed:
                    continue
                caches[number].forget(changed)
                results[number] = check(number)
                # An editor's temporary files come and go: name what is still there.
                kept = [path for path in changed if (root / path).exists()] or changed
                base = "" if packs.single else f"{packs.folder_name(root)}/"
                shown.extend(base + path for path in kept)
            seconds = time.perf_counter() - begun
            previous, problems = problems, merged(results)
            changes = compare(previous, problems)
            write(out, format_changes(changes, color=colored))
            write(
                out,
                status_line(
                    problems,
                    changes,
                    clock=_clock(),
                    seconds=seconds,
                    changed=sorted(shown),
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
