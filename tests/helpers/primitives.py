"""The realistic corpus of code primitives (tests/data/primitives/corpus, pydantic modules the
kindgi SDK indexes), as the SDK indexes it: the entries every primitives test checks."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.packs import build_env

CORPUS = Path(__file__).parents[1] / "data" / "primitives" / "corpus"


@functools.cache
def corpus_index() -> dict[str, Any]:
    """The index the kindgi SDK writes for the corpus (its files it refuses left out), and
    its outcome under `"outcome"`. Skips where the SDK can't run (Python < 3.11)."""
    if sys.version_info < (3, 11):
        pytest.skip("the kindgi SDK needs Python 3.11+")
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "index.json"
        command = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(CORPUS)]
        command += ["--output", str(output), "--artifact-version", "20260101.1"]
        command += ["--published-at", "2026-01-01T00:00:00Z", "--json"]
        env = build_env({"PYTHONDONTWRITEBYTECODE": "1"})
        completed = subprocess.run(
            command, env=env, cwd=folder, capture_output=True, text=True, timeout=300, check=False
        )
        outcome = json.loads(completed.stdout.splitlines()[-1])
        index: dict[str, Any] = json.loads(output.read_text("utf-8"))
    index["outcome"] = outcome
    return index


def corpus_entries(kind: str) -> list[dict[str, Any]]:
    """The corpus's `kind` entries (`agents`, `flows`, ...) as the SDK wrote them."""
    return list(corpus_index()[kind])
