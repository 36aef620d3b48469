"""The code stage: tools, guardrails, agents and flows, indexed by the pack's own kindgi SDK.

The SDK's indexer runs in a bounded child process of the build environment's interpreter
(`sdk_run`), so the entries are byte-for-byte the SDK's and a newer SDK's fields flow through;
its outcome's `fileErrors` and `warnings` become problems (`sdk_outcome`). When the SDK fails
without naming a file (a refused index, a hang, a crash), each code module is indexed on its own
(`single_module`), so the problem still names the file at fault.
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hatch_kindgi.code.outcome import NO_CODE, CodeOutcome, Entries, code_outcome
from hatch_kindgi.code.requirements import SDK_REQUIREMENT, sdk_requirements
from hatch_kindgi.code.sdk_outcome import file_problems, named_file, refusal
from hatch_kindgi.code.sdk_run import IndexerJob, IndexerRun, has_kindgi, run_indexer
from hatch_kindgi.code.single_module import pack_table, single_module_pyproject
from hatch_kindgi.config.stage import PYPROJECT, Runner
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.report.lines import said_lines
from hatch_kindgi.report.problems import Problem, error, has_errors

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

__all__ = ["SDK_REQUIREMENT", "CodeOutcome", "index_code", "sdk_requirements"]

_SAID_LINES = 6
_SAID_CHARS = 600
_MAX_PARALLEL = 8


def index_code(
    root: Path,
    modules: Sequence[str],
    *,
    artifact_version: str,
    published_at: str,
    timeout: float,
    python: str | None = None,
    runner: Runner = "build",
    import_roots: Sequence[str] = (),
) -> CodeOutcome:
    """Index the pack's code modules with its kindgi SDK; nothing runs when there are none.

    `modules` are the pack-relative code modules discovery found; `python` is the interpreter
    whose kindgi indexes them (default: this one, the build environment's); `timeout` bounds the
    indexer child in seconds; `runner` says who runs it, so a missing SDK is explained for a
    build or for the command line; `import_roots` are the pack-relative folders the project's
    wheel ships packages from, which the child imports from ahead of anything installed.
    """
    if not modules:
        return NO_CODE
    resolved = root.resolve()
    job = IndexerJob(
        python or sys.executable,
        resolved,
        artifact_version,
        published_at,
        timeout,
        import_roots=tuple(str(resolved.joinpath(*folder.split("/"))) for folder in import_roots),
    )
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-") as scratch:
        work = Path(scratch)
        job = replace(job, scratch=work)
        run = run_indexer(job, work, None)
        if run.timed_out:
            whole = error(
                "import-timeout",
                PYPROJECT,
                f"indexing the pack's {_count(len(modules), 'code module')} took longer than "
                f"import-timeout ({_seconds(timeout)}) and was stopped. If it is only slow, "
                "raise `import-timeout` under [tool.hatch.build.hooks.kindgi]",
            )
            return _one_at_a_time(job, work, modules, whole)
        if run.outcome is None:
            if not has_kindgi(job.interpreter, work):
                return _only(_no_sdk(job.interpreter, modules, runner))
            whole = error(
                "indexer-failed",
                PYPROJECT,
                f"the kindgi indexer {_ended(run)} without an outcome; {_said(run)}",
            )
            return _one_at_a_time(job, work, modules, whole)
        if run.outcome.get("kind") == "err":
            refused = refusal(root, run.outcome, PYPROJECT)
            if named_file(root, run.outcome) is not None:
                return _only(refused)
            return _one_at_a_time(job, work, modules, refused)
        return _accepted(root, run, modules)


def _accepted(root: Path, run: IndexerRun, modules: Sequence[str]) -> CodeOutcome:
    """The entries and per-file problems of an `ok` outcome."""
    outcome = cast("dict[str, Any]", run.outcome)
    value = outcome.get("value")
    report = cast("dict[str, Any]", value) if isinstance(value, dict) else {}
    problems = [*file_problems(root, report, frozenset(modules))]
    index = run.index
    if index is None:
        problems.append(
            error(
                "indexer-failed",
                PYPROJECT,
                "the kindgi indexer reported success but wrote no readable index.json",
            )
        )
        return replace(NO_CODE, problems=tuple(problems))
    return code_outcome(lambda kind: _entries(index, kind), problems)


def _one_at_a_time(
    job: IndexerJob, work: Path, modules: Sequence[str], whole: Problem
) -> CodeOutcome:
    """Index each module on its own, to name the files behind a failure of the whole pack.

    Entries of the modules that index on their own are kept, so checks across entries still
    see them. When no module fails on its own, the failure of the whole pack is reported.
    """
    pack = pack_table(job.root)
    if pack is None:
        return _only(whole)

    def alone(numbered: tuple[int, str]) -> CodeOutcome:
        number, module = numbered
        folder = work / f"module-{number}"
        folder.mkdir()
        config = folder / PYPROJECT
        config.write_text(single_module_pyproject(pack, module), encoding="utf-8")
        return _module_outcome(job, modules, module, run_indexer(job, folder, config))

    from concurrent.futures import ThreadPoolExecutor  # loaded on this failure path only

    workers = max(1, min(len(modules), os.cpu_count() or 1, _MAX_PARALLEL))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        outcomes = list(pool.map(alone, enumerate(modules)))
    problems = [problem for outcome in outcomes for problem in outcome.problems]
    if not has_errors(problems):
        problems.append(whole)
    return code_outcome(lambda kind: _merged(outcomes, kind), problems)


def _module_outcome(
    job: IndexerJob, modules: Sequence[str], module: str, run: IndexerRun
) -> CodeOutcome:
    """What indexing `module` on its own says about it."""
    if run.timed_out:
        return _only(
            error(
                "import-timeout",
                module,
                f"importing this module took longer than import-timeout ({_seconds(job.timeout)}) "
                "and was stopped: it may loop or wait at import. If it is only slow, raise "
                "`import-timeout` under [tool.hatch.build.hooks.kindgi]",
            )
        )
    if run.outcome is None:
        return _only(
            error(
                "module-import",
                module,
                f"the kindgi indexer {_ended(run)} while importing this module; {_said(run)}",
            )
        )
    if run.outcome.get("kind") == "err":
        return _only(refusal(job.root, run.outcome, module))
    return _accepted(job.root, run, modules)


_SDK_ADVICE: dict[Runner, tuple[str, str]] = {
    "build": (
        "the build environment's Python",
        'add "kindgi" to [build-system] requires (or build with isolation, where the hook asks '
        "for it), or run `pip install kindgi` in that environment",
    ),
    "command-line": (
        "this Python",
        "install the command line with the SDK: pip install 'hatch-kindgi[sdk]' "
        "(kindgi needs Python 3.11 or later)",
    ),
    "pre-commit": (
        "the Python of pre-commit's environment for the hook",
        "the hook brings kindgi on Python 3.11 or later: give it that Python "
        "(`language_version: python3.11` under the hook in .pre-commit-config.yaml), and if "
        "you list `additional_dependencies` for the pack's own imports, keep "
        '"kindgi>=0.1.10,<0.2" among them (your list replaces the hook\'s)',
    ),
}


def _no_sdk(interpreter: str, modules: Sequence[str], runner: Runner) -> Problem:
    shown = ", ".join(modules[:3]) + (", …" if len(modules) > 3 else "")
    python, advice = _SDK_ADVICE[runner]
    return error(
        "sdk-missing",
        PYPROJECT,
        f"the pack has code modules ({shown}) but {python} ({interpreter}) cannot import "
        f"`kindgi`, whose indexer indexes them: {advice}",
    )


def _entries(index: Mapping[str, Any], kind: str) -> Entries:
    listed = index.get(kind)
    if not isinstance(listed, list):
        return ()
    return tuple(cast("dict[str, Any]", entry) for entry in listed if isinstance(entry, dict))


def _merged(outcomes: Sequence[CodeOutcome], kind: str) -> Entries:
    entries = [entry for outcome in outcomes for entry in getattr(outcome, kind)]
    return tuple(sorted(entries, key=lambda entry: code_unit_key(str(entry.get("id")))))


def _only(problem: Problem) -> CodeOutcome:
    return replace(NO_CODE, problems=(problem,))


def _ended(run: IndexerRun) -> str:
    if run.returncode is not None and run.returncode < 0:
        try:
            name = signal.Signals(-run.returncode).name
        except ValueError:
            name = f"signal {-run.returncode}"
        return f"was killed by {name}"
    return f"exited with code {run.returncode}"


def _said(run: IndexerRun) -> str:
    """The last lines the child wrote (stderr, else stdout), on one line."""
    lines = said_lines(run.said)  # at `\n` alone: a file name it prints may hold U+2028
    if not lines:
        return "it printed nothing"
    text = " | ".join(lines[-_SAID_LINES:])
    if len(text) > _SAID_CHARS:
        text = "…" + text[-_SAID_CHARS:]
    return f"it said: {text}"


def _seconds(value: float) -> str:
    return f"{value:g} s"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")
