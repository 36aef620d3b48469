"""What the kindgi SDK's indexer says, read from its output and turned into problems.

Its outcome is the last stdout line that parses as one (`{"kind": "ok"|"err", …}`). An `ok`
outcome carries `fileErrors` and `warnings`, each on a module; an `err` outcome is a refusal of
the whole pack, which may name a file. Codes the SDK adds later keep their name in the message.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from hatch_kindgi.report.problems import Problem, error, warning

if TYPE_CHECKING:
    from collections.abc import Mapping

PYPROJECT = "pyproject.toml"
"""The file pack-level problems name: where [tool.kindgi] and the hook's options live."""

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

_STACK_FRAME = re.compile(r'File "(?P<file>[^"]+)", line (?P<line>\d+)')
_INDEX_POINTER = re.compile(
    r"^The index does not match pack-index\.schema\.json at "
    r"/(?P<kind>tools|guardrails|agents|flows)/\d+(?P<pointer>/\S*)?: (?P<message>.*)$",
    re.DOTALL,
)


def last_outcome(stdout: str) -> dict[str, Any] | None:
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


def read_index(path: Path) -> dict[str, Any] | None:
    """The index.json the SDK wrote, or None when it is missing or not a JSON object."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return cast("dict[str, Any]", value) if isinstance(value, dict) else None


def file_problems(root: Path, report: Mapping[str, Any]) -> list[Problem]:
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
            message += _HINTS.get(sdk_code, "")
            if code is None:
                code = "sdk-file-error" if make is error else "sdk-warning"
                message = f"{message} (kindgi: {sdk_code})"
            line = _line_in(root, file, found.get("cause"))
            problems.append(make(code, file, message, line=line))
    return problems


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
