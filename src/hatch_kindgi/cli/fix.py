"""`hatch-kindgi check --fix` and `--diff`: the fixes the language server offers as certain,
applied to the packs' files, or shown as a unified diff; then what is left, reported.

The fixes are the pipeline's (`pipeline.fixes.fix_pack`: a misspelt key or word to its
suggestion, a reused version to the next free one, a missing strict-mode `"type"`), made on
the texts in memory and checked again until none is left to make. Only then are the files
written: each one in place (`report.files.write_in_place`: its mode and its hard links kept,
and, should a write fail, its old bytes put back), only the characters its fixes change,
and none that changed on disk since it was read. A file the pack holds under two names (hard
links, or a link within the pack) is fixed, shown and counted once, under its first name.
A file a fix makes (the pack's `.gitattributes`, for a template checked out with `\\r\\n`)
is made only where there is still none. Nothing else is written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from hatch_kindgi.cli.output import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Reporting,
    reference_usage,
    run_request,
    write_notes,
)
from hatch_kindgi.cli.packs import PackOutcome, Packs, each_pack, named, report
from hatch_kindgi.config.sources import Unread, read_pack_file, unread_said
from hatch_kindgi.pipeline.request import RunRequest
from hatch_kindgi.report.escape import shown as shown_text
from hatch_kindgi.report.files import ChangedOnDisk, write_in_place
from hatch_kindgi.report.formats import format_text, write
from hatch_kindgi.report.lines import patch_lines
from hatch_kindgi.report.problems import Problem

if TYPE_CHECKING:  # the fixes load with `--fix` or `--diff`, not with every check
    from hatch_kindgi.pipeline.fixes import FileFix, Fixed


def add_fix_arguments(parser: argparse.ArgumentParser) -> None:
    """--fix and --diff, for `check`."""
    parser.add_argument(
        "--fix",
        action="store_true",
        help="apply the fixes that are certain (a misspelt key or word to the one suggested, "
        'a reused version to the next free one, a missing strict-mode "type", the '
        ".gitattributes line for a template checked out with CRLF), each file "
        "written whole, only the fixed characters changed; then report what is left",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="show what --fix would change as a unified diff, and write nothing (exit 1 "
        "when there is something to fix or a problem left)",
    )


def fix_usage(args: argparse.Namespace) -> str | None:
    """Why `args` can't fix (a usage error), None when they can or don't ask to."""
    if not (args.fix or args.diff):
        return None
    if args.watch:
        return "--fix and --diff don't go with --watch"
    if args.diff and (args.format != "text" or getattr(args, "statistics", False)):
        return "--diff prints a diff (and the problems left as text): no --format, no --statistics"
    return None


@dataclass(frozen=True)
class _Outcome:
    """One pack's fixing, as plain data (it may come from a child process)."""

    left: PackOutcome
    files: tuple[FileFix, ...]
    fixed: tuple[Fixed, ...]
    unwritten: tuple[str, ...] = ()


def fix_packs(
    packs: Packs,
    args: argparse.Namespace,
    stream: TextIO,
    *,
    how: Reporting,
    jobs: int | None = None,
) -> int:
    """Fix the packs (`--fix`), or show the fixes (`--diff`), reporting what is left as
    `how` says; the exit code. With `--quiet`, what was fixed goes unsaid."""
    job = partial(_fix, request=run_request(args), write_files=not args.diff)
    outcomes = each_pack(packs, job, jobs)
    if args.against:
        usage = reference_usage("check", (outcome.left.problems for outcome in outcomes))
        if usage is not None:
            return usage
    fixed = _named_fixes(packs, outcomes)
    changed = sum(len(outcome.files) for outcome in outcomes)
    left = [outcome.left for outcome in outcomes]
    unwritten = [
        _base(packs, root) + said
        for root, outcome in zip(packs.roots, outcomes)
        for said in outcome.unwritten
    ]
    verb = "would fix" if args.diff else "fixed"
    for problem, title in [] if how.quiet else fixed:
        write(sys.stderr, f"{_place(problem)}: {verb} {problem.code}: {title}\n")
    for message in unwritten:
        write(sys.stderr, f"hatch-kindgi: {message}\n")
    if args.diff:
        for root, outcome in zip(packs.roots, outcomes):
            base = _diff_base(packs, root)
            for file in outcome.files:
                write(stream, unified_diff(file, base))
        shown = named(packs, [(o.problems, o.notes) for o in left], "text")
        write_notes(shown.notes, quiet=how.quiet)
        if shown.problems:
            sys.stdout.flush()
            write(sys.stderr, format_text(shown.problems))
        code = EXIT_PROBLEMS if changed or any(o.failed for o in left) else EXIT_OK
    else:
        code = report(packs, left, how, stream)
        if unwritten:
            code = EXIT_PROBLEMS
    stream.flush()
    count = len(fixed)
    noun = "problem" if count == 1 else "problems"
    files = "file" if changed == 1 else "files"
    remaining = sum(len(o.problems) for o in left)
    said = f"{verb} {count} {noun} in {changed} {files}, {remaining} left"
    if not how.quiet:
        write(sys.stderr, f"hatch-kindgi: {said}\n")
    return code


def _fix(root: Path, *, request: RunRequest, write_files: bool) -> _Outcome:
    from hatch_kindgi.pipeline.fixes import fix_pack

    run = fix_pack(root, request)
    result = run.result
    left = PackOutcome(result.problems, result.failed, result.notes, strict=result.options.strict)
    files, fixed = one_name_each(root, run.files, run.fixed)
    unwritten = _written(root, files) if write_files else ()
    return _Outcome(left, files, fixed, unwritten)


def one_name_each(
    root: Path, files: Sequence[FileFix], fixed: Sequence[Fixed]
) -> tuple[tuple[FileFix, ...], tuple[Fixed, ...]]:
    """`files` and `fixed` with each file on disk once: of the names that lead to one file
    (its `st_dev` and `st_ino`: hard links, a link within the pack), the first is kept, and
    the fixes found under the others are left out (they are the same fixes of the same
    bytes; writing them again would find the file "changed while it was checked")."""
    seen: set[tuple[int, int]] = set()
    kept: list[FileFix] = []
    dropped: set[str] = set()
    for fix in files:
        try:
            info = (root / fix.file).stat()
        except OSError:
            kept.append(fix)  # said when it is written
            continue
        key = (info.st_dev, info.st_ino)
        if key in seen:
            dropped.add(fix.file)
            continue
        seen.add(key)
        kept.append(fix)
    return tuple(kept), tuple(f for f in fixed if f.problem.file not in dropped)


def _written(root: Path, files: Sequence[FileFix]) -> tuple[str, ...]:
    """Write each fixed file (a link: the file it leads to, inside the pack); why any was
    not written."""
    unwritten = []
    inside = root.resolve()
    for fix in files:
        path = root / fix.file
        name = shown_text(fix.file, file_name=True)
        target = path.resolve()
        try:
            if target != inside and inside not in target.parents:
                unwritten.append(f"{name}: not fixed: it leads out of the pack")
                continue
            if fix.created:
                with target.open("xb") as made:  # one made since it was checked is kept
                    made.write(fix.after.encode("utf-8"))
                continue
            before = fix.before.encode("utf-8")
            read = read_pack_file(target, len(before))
            if isinstance(read, Unread) and read.why != "too-large":
                unwritten.append(f"{name}: not fixed: it {unread_said(read, len(before))}")
                continue
            if read != before:
                unwritten.append(f"{name}: not fixed: it changed while it was checked")
                continue
            write_in_place(target, fix.after.encode("utf-8"), before)
        except (ChangedOnDisk, FileExistsError):
            unwritten.append(f"{name}: not fixed: it changed while it was checked")
        except OSError as cause:
            unwritten.append(f"{name}: not fixed: {cause.strerror or cause}")
    return tuple(unwritten)


def _named_fixes(packs: Packs, outcomes: Sequence[_Outcome]) -> list[tuple[Problem, str]]:
    """Each pack's fixed problems named as the report names files, with their titles."""
    problems = named(
        packs, [(tuple(f.problem for f in outcome.fixed), ()) for outcome in outcomes], "text"
    ).problems
    titles = [f.title for outcome in outcomes for f in outcome.fixed]
    return list(zip(problems, titles))


def _place(problem: Problem) -> str:
    """`file[:line[:col]]`, as a report line starts."""
    place = problem.shown_file or "."
    if problem.line is not None:
        place += f":{problem.line}"
        if problem.column is not None:
            place += f":{problem.column}"
    return place


def _base(packs: Packs, root: Path) -> str:
    if packs.single:
        return ""
    shown = packs.folder_name(root)
    return "" if shown == "." else f"{shown}/"


def _diff_base(packs: Packs, root: Path) -> str:
    """What a pack's file names start with in its diff: as the report names the pack's
    folder (`_base`), except the pack around the working folder (run in its `blocks/`):
    there from the pack root, `a/blocks/b.json`, which `git apply` and `patch -p1` take from
    there, never `a/../blocks/b.json`, which neither takes from anywhere."""
    shown = packs.folder_name(root)
    if not packs.single and (shown == os.pardir or shown.startswith(os.pardir + os.sep)):
        return ""
    return _base(packs, root)


def unified_diff(fix: FileFix, base: str = "") -> str:
    """The fix of one file as a unified diff (`a/…`, `b/…`, as git writes one) that `git
    apply` and `patch -p1` take: its lines are the patch format's (`report.lines.patch_lines`,
    a `\\r` kept inside its line), a last line without a newline marked as diff marks it."""
    import difflib

    name = base + shown_text(fix.file, file_name=True)
    lines = difflib.unified_diff(
        patch_lines(fix.before),
        patch_lines(fix.after),
        fromfile="/dev/null" if fix.created else f"a/{name}",
        tofile=f"b/{name}",
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else f"{line}\n\\ No newline at end of file\n")
    return "".join(out)
