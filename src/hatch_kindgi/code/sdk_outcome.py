"""What the kindgi SDK's indexer says, read from the files our child scripts write, and turned
into problems.

Its outcome (`{"kind": "ok"|"err", …}`) is in the result file our runner writes, never read
from the child's stdout, where pack code prints what it likes. An `ok` outcome carries
`fileErrors` and `warnings`, each on a module; an `err` outcome is a refusal of the whole pack,
which may name a file. Codes the SDK adds later keep their name in the message.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hatch_kindgi.config.pyproject import PYPROJECT
from hatch_kindgi.report.problems import Problem, error, warning

if TYPE_CHECKING:
    from collections.abc import Collection, Mapping

LINK_OUTSIDE_PACK = "LinkOutsidePack"
"""The ImportError our runner raises for a module a link takes out of the pack (`runner`)."""

# SDK file-error codes (kindgi 0.1.10) and ours; an unknown one keeps its name in the message.
_FILE_ERROR_CODES: Mapping[str, str] = {
    "file-import-failed": "module-import",
    "no-primitives": "module-no-primitives",
    "kind-mismatch": "module-kind-mismatch",
    "manifest-validation-failed": "primitive-invalid",
}
_WARNING_CODES: Mapping[str, str] = {"check-id-unprefixed": "check-id-unprefixed"}
# What would be right, where the SDK's message only says what is wrong.
_HINTS: Mapping[str, str] = {
    "kind-mismatch": "; move it under the folder its kind's discovery glob names, "
    "or change [tool.kindgi.discovery]",
}

_OUTCOME_LIMIT = 256 * 1024 * 1024
"""The largest outcome read: one with a traceback for each of thousands of modules is far less."""
_STATUS_LIMIT = 4096

_STACK_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')
_INDEX_POINTER = re.compile(
    r"^The index does not match pack-index\.schema\.json at "
    r"/(?P<kind>tools|guardrails|agents|flows)/\d+(?P<pointer>/\S*)?: (?P<message>.*)$",
    re.DOTALL,
)


def read_outcome(path: Path) -> dict[str, Any] | None:
    """The SDK's outcome (`{"kind": "ok"|"err", …}`) as our runner wrote it, or None when the
    file is missing, too large, or not one such object."""
    value = _read_json(path, _OUTCOME_LIMIT)
    if isinstance(value, dict) and value.get("kind") in ("ok", "err"):
        return cast("dict[str, Any]", value)
    return None


def read_status(path: Path) -> tuple[int | None, bool] | None:
    """The command's exit code and whether it was stopped, as our reaper wrote them."""
    value = _read_json(path, _STATUS_LIMIT)
    if not isinstance(value, dict):
        return None
    returncode, timed_out = value.get("returncode"), value.get("timedOut")
    if not isinstance(timed_out, bool) or not (returncode is None or type(returncode) is int):
        return None
    return returncode, timed_out


def read_index(path: Path) -> dict[str, Any] | None:
    """The index.json the SDK wrote, or None when it is missing or not a JSON object."""
    value = _read_json(path, None)
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def _read_json(path: Path, limit: int | None) -> object:
    """The JSON value in `path` (None when it is missing, larger than `limit`, or not JSON)."""
    try:
        with path.open("rb") as handle:
            data = handle.read() if limit is None else handle.read(limit + 1)
    except OSError:
        return None
    if limit is not None and len(data) > limit:
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        return None


def file_problems(
    root: Path, report: Mapping[str, Any], modules: Collection[str] | None = None
) -> list[Problem]:
    """The SDK's `fileErrors` as errors and its `warnings` as warnings, each on its module.

    A module the runner refused to import because a link takes it out of the pack is left out
    when it is not one of `modules` (the pack's, as discovery found them): the SDK's own
    discovery went through a link that discovery reports itself.
    """
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
            if modules is not None and file not in modules and _refused_link(found):
                continue
            message = _without_path(str(found.get("message", "")), file)
            code = codes.get(sdk_code)
            message += _HINTS.get(sdk_code, "")
            if code is None:
                code = "sdk-file-error" if make is error else "sdk-warning"
                message = f"{message} (kindgi: {sdk_code})"
            line = _line_in(root, file, found.get("cause"))
            problems.append(make(code, file, message, line=line))
    return problems


def _refused_link(file_error: Mapping[str, Any]) -> bool:
    """Whether a file error is the runner's refusal to import through a link out of the pack."""
    cause = file_error.get("cause")
    return isinstance(cause, dict) and cause.get("name") == LINK_OUTSIDE_PACK


def refusal(root: Path, outcome: Mapping[str, Any], default: str) -> Problem:
    """The SDK's `err` outcome as one problem, on the file it names, else on `default`.

    On a single module's run, a pack-index schema violation becomes a pointer into its entry.
    """
    raw = outcome.get("error")
    found = cast("dict[str, Any]", raw) if isinstance(raw, dict) else {}
    sdk_code = str(found.get("code", "unknown"))
    message = str(found.get("message", ""))
    file = named_file(root, outcome) or default
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
        "the kindgi indexer refuses the pack: "
        f"{_without_path(_pack_relative(message, root), file)} (kindgi: {sdk_code})",
    )


def named_file(root: Path, outcome: Mapping[str, Any]) -> str | None:
    """The pack-relative file an `err` outcome names, if it names one."""
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


def _pack_relative(message: str, root: Path) -> str:
    """The message with the pack root's absolute path taken out of the paths it names.

    The SDK's refusals of the pack's config name its pyproject, or the pack root, absolutely.
    """
    for base in dict.fromkeys((str(root.resolve()), str(root))):
        message = message.replace(f"pack root {base}", "the pack root")
        message = message.replace(base + os.sep, "").replace(base, "the pack root")
    return message


def _without_path(message: str, file: str) -> str:
    """The SDK's message without the module path our report already leads with."""
    for prefix, replacement in (
        (f"Failed to import {file}: ", "import failed: "),
        (f"{file}: ", ""),
        (f"File {file} ", "the module "),
        (f"Config file {file}: ", ""),
    ):
        if message.startswith(prefix):
            return replacement + message[len(prefix) :]
    return message
