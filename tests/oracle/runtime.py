"""The Kindgi runtime's own verdicts, from its engines on npm (Ajv, ajv-formats, liquidjs).

`runtime/package.json` pins the versions the runtime resolves; `runtime/runtime.mjs` does what
the runtime's source does with them (see its header). The packages are installed on first use
with `npm ci` from the lock file (CI installs them up front in `.ci/run`), so a plain
`pytest` from a clone runs these tests too. One `node runtime.mjs` process answers every call.

Without Node.js or npm the calling test skips, and fails under CI=true.
"""

from __future__ import annotations

import atexit
import fcntl
import functools
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.oracle.node import NodeProcess, node_available

__all__ = [
    "ajv_formats",
    "ajv_settings",
    "js_regex",
    "liquidjs_filters",
    "liquidjs_parse",
    "liquidjs_render",
    "require_runtime",
]

FOLDER = Path(__file__).with_name("runtime")
SCRIPT = FOLDER / "runtime.mjs"
_PACKAGES = ("ajv", "ajv-formats", "liquidjs")


def _installed() -> bool:
    return all((FOLDER / "node_modules" / name / "package.json").is_file() for name in _PACKAGES)


@functools.cache
def _install() -> str | None:
    """None once the pinned packages are there, else why they can't be."""
    if _installed():
        return None
    npm = shutil.which("npm")
    if npm is None:
        return "npm not found on PATH; the runtime oracle's packages can't be installed"
    with (FOLDER / ".install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _installed():
            return None
        completed = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=FOLDER,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    if completed.returncode != 0 or not _installed():
        return f"npm ci in {FOLDER} failed: {completed.stderr.strip()[-2000:]}"
    return None


def require_runtime() -> None:
    """Skip the calling test without Node.js and the pinned engines; fail under CI=true."""
    reason = None if node_available() else "Node.js not found on PATH"
    if reason is None:
        reason = _install()
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)")
    pytest.skip(reason)


_PROCESS = NodeProcess(SCRIPT)
atexit.register(_PROCESS.close)


def _ask(request: dict[str, Any]) -> dict[str, Any]:
    require_runtime()
    answer = json.loads(_PROCESS.ask(json.dumps(request, ensure_ascii=True, allow_nan=False)))
    if "error" in answer:
        raise RuntimeError(f"node {SCRIPT.name} failed: {answer['error']}")
    return dict(answer)


def ajv_settings(schema: object, values: object, *, strict: bool = True) -> dict[str, Any]:
    """What a deploy says of settings `values` under `schema`: `compiled` (whether Ajv strict
    compiled the schema) and `issues`, each `{path, message}` as the runtime reports them
    (`/content/schema` for a compile failure, `/content/values<instancePath>` for a value),
    with Ajv's `keyword`, `params` and `schemaPath` for a value failure. No issue: accepted.
    `strict=False`: Ajv without strict mode (not the runtime's; for the words of failures
    under a schema strict mode refuses)."""
    return _ask({"op": "settings", "schema": schema, "values": values, "strict": strict})


def ajv_formats(cases: list[tuple[str, object]]) -> list[bool]:
    """ajv-formats' own verdict on each (format name, value): its full-mode predicate called
    as Ajv calls it on a value of the type the format is for."""
    return [bool(each) for each in _ask({"op": "formats", "cases": cases})["verdicts"]]


def liquidjs_parse(template: str) -> str | None:
    """None when a publish accepts `template`, else the runtime's message for it."""
    answer = _ask({"op": "parse", "template": template})
    return None if answer["ok"] else str(answer["message"])


def liquidjs_render(template: str, data: dict[str, Any]) -> tuple[bool, str]:
    """What a run renders (strict variables and filters): (True, text) or (False, message)."""
    answer = _ask({"op": "render", "template": template, "data": data})
    return (True, str(answer["text"])) if answer["ok"] else (False, str(answer["message"]))


def liquidjs_filters() -> list[str]:
    """The names of the filters liquidjs has, sorted."""
    return [str(name) for name in _ask({"op": "filters"})["names"]]


def js_regex(pattern: str, texts: list[str], flags: str = "u") -> tuple[str | None, list[bool]]:
    """What V8 makes of `pattern` as Ajv compiles it (`new RegExp(pattern, "u")`): (None,
    whether it matches each of `texts`), or (V8's SyntaxError message, [])."""
    answer = _ask({"op": "regex", "pattern": pattern, "flags": flags, "texts": texts})
    if not answer["compiled"]:
        return str(answer["message"]), []
    return None, [bool(each) for each in answer["matches"]]
