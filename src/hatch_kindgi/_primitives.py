"""The code stage: tools, guardrails, agents and flows, indexed by the pack's own kindgi SDK.

The SDK's indexer (`python -m kindgi.pack index … --json`) runs in a child process of the build
environment's interpreter, so the entries are byte-for-byte the SDK's and a newer SDK's fields
flow through. The child runs in its own session (a hang is killed with its children), with stdin
closed and its output in temporary files (pack code may print megabytes at import). Its outcome
is the last stdout line that parses as one; its `fileErrors` and `warnings` become problems.
When the SDK fails without naming a file (a refused index, a hang, a crash), each code module is
indexed on its own, so the problem still names the file at fault.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hatch_kindgi._problems import Problem, error, warning

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

PYPROJECT = "pyproject.toml"
"""The file pack-level problems name: where [tool.kindgi] and the hook's options live."""

_KINDS = ("tools", "guardrails", "agents", "flows")

_OUTPUT_TAIL_BYTES = 16 * 1024 * 1024
"""How much of the end of the child's stdout is read: the outcome line is in it."""

_SAID_LINES = 6
_SAID_CHARS = 600
_PROBE_TIMEOUT = 60.0
_MAX_PARALLEL = 8

# SDK file-error codes (kindgi 0.1.10) and ours; an unknown one keeps its name in the message.
_FILE_ERROR_CODES: Mapping[str, str] = {
    "file-import-failed": "module-import",
    "no-primitives": "module-no-primitives",
    "kind-mismatch": "module-kind-mismatch",
    "manifest-validation-failed": "primitive-invalid",
}
_WARNING_CODES: Mapping[str, str] = {"check-id-unprefixed": "check-id-unprefixed"}

_STACK_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')
_INDEX_POINTER = re.compile(
    r"^The index does not match pack-index\.schema\.json at "
    r"/(?P<kind>tools|guardrails|agents|flows)/\d+(?P<pointer>/\S*)?: (?P<message>.*)$",
    re.DOTALL,
)


@dataclass(frozen=True)
class CodeOutcome:
    """The entries the SDK indexed (as it wrote them) and the problems of the code stage."""

    tools: tuple[dict[str, Any], ...]
    guardrails: tuple[dict[str, Any], ...]
    agents: tuple[dict[str, Any], ...]
    flows: tuple[dict[str, Any], ...]
    problems: tuple[Problem, ...]


_EMPTY = CodeOutcome((), (), (), (), ())


@dataclass(frozen=True)
class _Job:
    """What every indexer child of one `index_code` call shares."""

    interpreter: str
    root: Path
    artifact_version: str
    published_at: str
    timeout: float


@dataclass(frozen=True)
class _Run:
    """What one indexer child did."""

    timed_out: bool
    returncode: int | None
    outcome: dict[str, Any] | None
    index: dict[str, Any] | None
    said: str


def index_code(
    root: Path,
    modules: Sequence[str],
    *,
    artifact_version: str,
    published_at: str,
    timeout: float,
    python: str | None = None,
) -> CodeOutcome:
    """Index the pack's code modules with its kindgi SDK; nothing runs when there are none.

    `modules` are the pack-relative code modules discovery found; `python` is the interpreter
    whose kindgi indexes them (default: this one, the build environment's); `timeout` bounds the
    indexer child in seconds.
    """
    if not modules:
        return _EMPTY
    job = _Job(python or sys.executable, root.resolve(), artifact_version, published_at, timeout)
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-") as scratch:
        work = Path(scratch)
        run = _run_indexer(job, work, None)
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
            if not _has_kindgi(job.interpreter, work):
                return _only(_no_sdk(job.interpreter, modules))
            whole = error(
                "indexer-failed",
                PYPROJECT,
                f"the kindgi indexer {_ended(run)} without an outcome; {_said(run)}",
            )
            return _one_at_a_time(job, work, modules, whole)
        if run.outcome.get("kind") == "err":
            refused = _refusal(root, run.outcome, PYPROJECT)
            if _named_file(root, run.outcome) is not None:
                return _only(refused)
            return _one_at_a_time(job, work, modules, refused)
        return _accepted(root, run)


def _accepted(root: Path, run: _Run) -> CodeOutcome:
    """The entries and per-file problems of an `ok` outcome."""
    outcome = cast("dict[str, Any]", run.outcome)
    value = outcome.get("value")
    report = cast("dict[str, Any]", value) if isinstance(value, dict) else {}
    problems = [*_file_problems(root, report)]
    index = run.index
    if index is None:
        problems.append(
            error(
                "indexer-failed",
                PYPROJECT,
                "the kindgi indexer reported success but wrote no readable index.json",
            )
        )
        return CodeOutcome((), (), (), (), tuple(problems))
    return CodeOutcome(
        tools=_entries(index, "tools"),
        guardrails=_entries(index, "guardrails"),
        agents=_entries(index, "agents"),
        flows=_entries(index, "flows"),
        problems=tuple(problems),
    )


def _one_at_a_time(job: _Job, work: Path, modules: Sequence[str], whole: Problem) -> CodeOutcome:
    """Index each module on its own, to name the files behind a failure of the whole pack.

    Entries of the modules that index on their own are kept, so checks across entries still
    see them. When no module fails on its own, the failure of the whole pack is reported.
    """
    pack = _pack_table(job.root)
    if pack is None:
        return _only(whole)

    def alone(numbered: tuple[int, str]) -> CodeOutcome:
        number, module = numbered
        folder = work / f"module-{number}"
        folder.mkdir()
        config = folder / PYPROJECT
        config.write_text(_single_module_pyproject(pack, module), encoding="utf-8")
        return _module_outcome(job, module, _run_indexer(job, folder, config))

    workers = max(1, min(len(modules), os.cpu_count() or 1, _MAX_PARALLEL))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        outcomes = list(pool.map(alone, enumerate(modules)))
    problems = [problem for outcome in outcomes for problem in outcome.problems]
    if not any(problem.severity == "error" for problem in problems):
        problems.append(whole)
    return CodeOutcome(
        tools=_merged(outcomes, "tools"),
        guardrails=_merged(outcomes, "guardrails"),
        agents=_merged(outcomes, "agents"),
        flows=_merged(outcomes, "flows"),
        problems=tuple(problems),
    )


def _module_outcome(job: _Job, module: str, run: _Run) -> CodeOutcome:
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
        return _only(_refusal(job.root, run.outcome, module))
    return _accepted(job.root, run)


def _run_indexer(job: _Job, work: Path, config: Path | None) -> _Run:
    """Run the SDK's indexer once, output into `work`, and read what it did."""
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
        returncode, timed_out = _run_bounded(command, job.root, stdout, stderr, job.timeout)
    out_text = _tail(stdout_path)
    err_text = _tail(stderr_path)
    index: dict[str, Any] | None = None
    outcome = None if timed_out else _last_outcome(out_text)
    if outcome is not None and outcome.get("kind") == "ok":
        index = _read_index(output)
    said = err_text if err_text.strip() else out_text
    return _Run(timed_out, returncode, outcome, index, said)


def _run_bounded(
    command: Sequence[str], cwd: Path, stdout: Any, stderr: Any, timeout: float
) -> tuple[int | None, bool]:
    """Run `command` in its own session for at most `timeout` s: (exit code, whether killed)."""
    environment = dict(os.environ)
    # Importing pack code must not write __pycache__ into the pack tree.
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    environment["PYTHONIOENCODING"] = "utf-8"
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            env=environment,
            creationflags=subprocess.CREATE_NEW_PROCESS_GROUP,
        )
    else:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
            env=environment,
            start_new_session=True,
        )
    try:
        returncode: int | None = process.wait(timeout=timeout)
        timed_out = False
    except subprocess.TimeoutExpired:
        returncode = None
        timed_out = True
    finally:
        # Also after a normal exit: pack code may have left children behind.
        _kill_tree(process)
    return returncode, timed_out


def _kill_tree(process: subprocess.Popen[bytes]) -> None:
    """Kill the child's whole process group (its session), then reap the child."""
    if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
        if process.poll() is None:
            subprocess.run(
                ["taskkill", "/F", "/T", "/PID", str(process.pid)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
    else:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
    if process.poll() is None:
        process.kill()
    process.wait()


def _has_kindgi(interpreter: str, work: Path) -> bool:
    """Whether `interpreter` can find the kindgi package (without importing it)."""
    probe = (
        "import importlib.util, sys\n"
        "sys.exit(0 if importlib.util.find_spec('kindgi') is not None else 3)\n"
    )
    with (work / "probe.txt").open("wb") as sink:
        returncode, _ = _run_bounded([interpreter, "-c", probe], work, sink, sink, _PROBE_TIMEOUT)
    return returncode != 3


def _no_sdk(interpreter: str, modules: Sequence[str]) -> Problem:
    shown = ", ".join(modules[:3]) + (", …" if len(modules) > 3 else "")
    return error(
        "sdk-missing",
        PYPROJECT,
        f"the pack has code modules ({shown}) but the build environment's Python "
        f"({interpreter}) cannot import `kindgi`, whose indexer indexes them: add "
        '"kindgi" to [build-system] requires (or build with isolation, where the hook asks '
        "for it), or run `pip install kindgi` in that environment",
    )


def _tail(path: Path) -> str:
    """The end of a child's output file, decoded leniently."""
    try:
        with path.open("rb") as handle:
            size = handle.seek(0, os.SEEK_END)
            handle.seek(max(0, size - _OUTPUT_TAIL_BYTES))
            data = handle.read()
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace")


def _last_outcome(stdout: str) -> dict[str, Any] | None:
    """The SDK's outcome: the last stdout line that is one (`{"kind": "ok"|"err", …}`).

    Pack code may print at import, even without a final newline, so a line may carry the
    outcome after other text.
    """
    for line in reversed(stdout.splitlines()):
        start = line.rfind('{"kind":')
        while start != -1:
            try:
                value = json.loads(line[start:])
            except ValueError:
                value = None
            if isinstance(value, dict) and value.get("kind") in ("ok", "err"):
                return cast("dict[str, Any]", value)
            start = line.rfind('{"kind":', 0, start)
    return None


def _read_index(path: Path) -> dict[str, Any] | None:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _entries(index: Mapping[str, Any], kind: str) -> tuple[dict[str, Any], ...]:
    listed = index.get(kind)
    if not isinstance(listed, list):
        return ()
    return tuple(cast("dict[str, Any]", entry) for entry in listed if isinstance(entry, dict))


def _merged(outcomes: Sequence[CodeOutcome], kind: str) -> tuple[dict[str, Any], ...]:
    entries = [entry for outcome in outcomes for entry in getattr(outcome, kind)]
    return tuple(sorted(entries, key=lambda entry: _code_units(str(entry.get("id")))))


def _code_units(text: str) -> bytes:
    """JavaScript's sort key: UTF-16 code units."""
    return text.encode("utf-16-be", "surrogatepass")


def _file_problems(root: Path, report: Mapping[str, Any]) -> list[Problem]:
    """The SDK's `fileErrors` as errors and its `warnings` as warnings, each on its module."""
    problems: list[Problem] = []
    for key, codes, make in (
        ("fileErrors", _FILE_ERROR_CODES, error),
        ("warnings", _WARNING_CODES, warning),
    ):
        listed = report.get(key)
        for item in listed if isinstance(listed, list) else []:
            if not isinstance(item, dict):
                continue
            found = cast("dict[str, Any]", item)
            sdk_code = str(found.get("code", ""))
            file = _relative(root, found.get("filePath")) or PYPROJECT
            message = _without_path(str(found.get("message", "")), file)
            code = codes.get(sdk_code)
            if code is None:
                code = "sdk-file-error" if make is error else "sdk-warning"
                message = f"{message} (kindgi: {sdk_code})"
            line = _line_in(root, file, found.get("cause"))
            problems.append(make(code, file, message, line=line))
    return problems


def _refusal(root: Path, outcome: Mapping[str, Any], default: str) -> Problem:
    """The SDK's `err` outcome as one problem, on the file it names, else on `default`.

    On a single module's run, a pack-index schema violation becomes a pointer into its entry.
    """
    raw = outcome.get("error")
    found = cast("dict[str, Any]", raw) if isinstance(raw, dict) else {}
    sdk_code = str(found.get("code", "unknown"))
    message = str(found.get("message", ""))
    file = _named_file(root, outcome) or default
    matched = _INDEX_POINTER.match(message)
    if matched is not None and file != PYPROJECT:
        pointer = matched["pointer"] or None
        said = matched["message"]
        if said == "must NOT be valid" and pointer is not None:
            # Ajv's words for a field the schema forbids (`"not": {}`).
            field = pointer[1:].replace("/", ".")
            said = f"{field} is refused (the pack-index schema says: {said})"
        return error(
            "primitive-invalid",
            file,
            f"the kindgi indexer refuses this {matched['kind'][:-1]}: {said}",
            pointer=pointer,
        )
    return error(
        "indexer-refused",
        file,
        f"the kindgi indexer refuses the pack: {_without_path(message, file)} (kindgi: {sdk_code})",
    )


def _named_file(root: Path, outcome: Mapping[str, Any]) -> str | None:
    raw = outcome.get("error")
    found = cast("dict[str, Any]", raw) if isinstance(raw, dict) else {}
    return _relative(root, found.get("filePath"))


def _relative(root: Path, file: object) -> str | None:
    """A file the SDK names, relative to the pack root with forward slashes."""
    if not isinstance(file, str) or not file:
        return None
    path = Path(file)
    if not path.is_absolute():
        return path.as_posix()
    for base in (root, root.resolve()):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def _line_in(root: Path, file: str, cause: object) -> int | None:
    """The line of `file` an import failure's traceback last passed through."""
    if not isinstance(cause, dict):
        return None
    stack = cast("dict[str, Any]", cause).get("stack")
    if not isinstance(stack, str):
        return None
    targets = {str(root / file), str(root.resolve() / file)}
    line = None
    for frame in _STACK_FRAME.finditer(stack):
        if frame["file"] in targets:
            line = int(frame["line"])
    return line


def _without_path(message: str, file: str) -> str:
    """The SDK's message without the module path our report already leads with."""
    for prefix, replacement in (
        (f"Failed to import {file}: ", "import failed: "),
        (f"{file}: ", ""),
        (f"File {file} ", "the module "),
    ):
        if message.startswith(prefix):
            return replacement + message[len(prefix) :]
    return message


def _pack_table(root: Path) -> dict[str, str] | None:
    """`[tool.kindgi.pack]` id and version, for the single-module pyprojects."""
    try:
        document = tomllib.loads((root / PYPROJECT).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    pack = document.get("tool", {}).get("kindgi", {}).get("pack", {})
    if not isinstance(pack, dict):
        return None
    pack_id, version = pack.get("id"), pack.get("version")
    if not isinstance(pack_id, str) or not isinstance(version, str):
        return None
    return {"id": pack_id, "version": version}


def _single_module_pyproject(pack: Mapping[str, str], module: str) -> str:
    """A pyproject whose discovery names only `module`, under the kind its folder implies.

    The other kinds get a pattern under a folder that does not exist, so nothing is walked.
    """
    first = module.split("/", 1)[0]
    kind = first if first in _KINDS else "tools"
    lines = [
        "[tool.kindgi.pack]",
        f"id = {json.dumps(pack['id'])}",
        f"version = {json.dumps(pack['version'])}",
        "[tool.kindgi.discovery]",
    ]
    for each in _KINDS:
        pattern = module if each == kind else ".hatch-kindgi-none/none.py"
        lines.append(f"{each} = {json.dumps(pattern)}")
    return "\n".join(lines) + "\n"


def _only(problem: Problem) -> CodeOutcome:
    return CodeOutcome((), (), (), (), (problem,))


def _ended(run: _Run) -> str:
    if run.returncode is not None and run.returncode < 0:
        try:
            name = signal.Signals(-run.returncode).name
        except ValueError:
            name = f"signal {-run.returncode}"
        return f"was killed by {name}"
    return f"exited with code {run.returncode}"


def _said(run: _Run) -> str:
    """The last lines the child wrote (stderr, else stdout), on one line."""
    lines = [line.strip() for line in run.said.splitlines() if line.strip()]
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
