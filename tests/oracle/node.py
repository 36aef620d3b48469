"""Canonical JSON computed by Node.js itself, to check `hatch_kindgi.index.canonical` against.

One `node canonical.mjs` process serves every call (started on first use, closed at exit), so a
test can ask about thousands of values in a few hundred milliseconds.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import IO

import pytest

__all__ = [
    "NodeProcess",
    "node_available",
    "node_canonical",
    "node_canonical_many",
    "node_eval",
    "require_node",
]

SCRIPT = Path(__file__).with_name("canonical.mjs")
MIN_NODE_MAJOR = 12
"""Well-formed JSON.stringify (lone surrogates as \\udxxx) arrived in V8 7.2, Node.js 12."""

_MAX_SAFE_INTEGER = 2**53 - 1


@functools.cache
def _node_executable() -> str | None:
    node = shutil.which("node")
    if node is None:
        return None
    try:
        version = subprocess.run(
            [node, "--version"], capture_output=True, text=True, check=True, timeout=30
        ).stdout
        major = int(version.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.SubprocessError):
        return None
    return node if major >= MIN_NODE_MAJOR else None


def node_available() -> bool:
    """Whether a Node.js >= 12 is on PATH."""
    return _node_executable() is not None


def require_node() -> None:
    """Skip the calling test without Node.js; fail it instead when CI=true (CI installs node)."""
    if node_available():
        return
    reason = f"Node.js >= {MIN_NODE_MAJOR} not found on PATH; the JavaScript oracle needs it"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)")
    pytest.skip(reason)


def node_eval(script: str, data: object) -> object:
    """What `node -e SCRIPT` prints, read as JSON, given `data` as JSON on its stdin (the
    script reads it with `require('fs').readFileSync(0, 'utf8')`). Needs `require_node()`."""
    node = _node_executable()
    assert node is not None, "call require_node() first"
    completed = subprocess.run(
        [node, "-e", script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(completed.stdout)


class NodeProcess:
    """A running `node SCRIPT` process, one request line and one answer line a call (started
    on first use, restarted if it died)."""

    def __init__(self, script: Path) -> None:
        self._script = script
        self._process: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()

    def _running(self) -> subprocess.Popen[str]:
        if self._process is None or self._process.poll() is not None:
            node = _node_executable()
            if node is None:
                raise RuntimeError("Node.js is not available; call require_node() first")
            self._process = subprocess.Popen(
                [node, str(self._script)],
                cwd=self._script.parent,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="ascii",
            )
        return self._process

    def ask(self, request: str) -> str:
        with self._lock:
            process = self._running()
            stdin, stdout = self._pipes(process)
            stdin.write(request + "\n")
            stdin.flush()
            answer = stdout.readline()
            if not answer:
                code = process.wait()
                raise RuntimeError(
                    f"node {self._script.name} exited with code {code} without answering"
                )
            return answer

    @staticmethod
    def _pipes(process: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
        assert process.stdin is not None
        assert process.stdout is not None
        return process.stdin, process.stdout

    def close(self) -> None:
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                stdin, _ = self._pipes(self._process)
                stdin.close()
                try:
                    self._process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._process.kill()
                    self._process.wait()
            self._process = None


_ORACLE = NodeProcess(SCRIPT)
atexit.register(_ORACLE.close)


def _check_safe(values: list[object]) -> None:
    """Refuse what JSON.parse would change on the way in, so no test passes by accident."""
    pending: list[object] = list(values)
    while pending:
        value = pending.pop()
        if isinstance(value, dict):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
        elif (
            isinstance(value, int)
            and not isinstance(value, bool)
            and not -_MAX_SAFE_INTEGER <= value <= _MAX_SAFE_INTEGER
        ):
            raise ValueError(f"{value} is beyond ±(2^53-1): JSON.parse would change it")


def node_canonical_many(values: list[object]) -> list[str]:
    """For each value, `JSON.stringify(sortKeysDeep(value), null, 2) + "\\n"` as Node.js writes
    it, with keys in code-unit order at every level (see canonical.mjs), as a Python str.

    Values are JSON-like (dict with str keys, list, str, int, float, bool, None); strings may
    hold lone surrogates. Lone surrogates come back escaped (`\\udxxx`), surrogate pairs as
    the characters they encode, so every result encodes to UTF-8.
    """
    if not values:
        return []
    _check_safe(values)
    request = json.dumps(values, ensure_ascii=True, allow_nan=False)
    answer = json.loads(_ORACLE.ask(request))
    if isinstance(answer, dict):
        raise RuntimeError(f"node {SCRIPT.name} failed: {answer.get('error')}")
    if not isinstance(answer, list) or len(answer) != len(values):
        raise RuntimeError(f"node {SCRIPT.name} answered {len(values)} values with {answer!r}")
    return [str(text) for text in answer]


def node_canonical(value: object) -> bytes:
    """The canonical bytes (UTF-8) Node.js writes for one value."""
    return node_canonical_many([value])[0].encode("utf-8")
