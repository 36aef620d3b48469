"""The benchmarks, for tests: `benchmarks/generate.py`'s synthetic packs, and a script's run."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from tests.helpers.packs import REPO, run_captured

BENCHMARKS = REPO / "benchmarks"


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("generate", BENCHMARKS / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generate(out: Path, blocks: int, **options: Any) -> list[str]:
    """Write the benchmark's synthetic pack of `blocks` blocks into `out`."""
    files: list[str] = _load().generate(out, blocks, **options)
    return files


def run_benchmark(script: str, *args: str, figures: Path) -> tuple[str, dict[str, Any]]:
    """`python benchmarks/SCRIPT ARGS --json FIGURES`, which must exit 0: what it printed,
    and the figures it wrote."""
    done = run_captured([sys.executable, BENCHMARKS / script, *args, "--json", figures], cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    written: dict[str, Any] = json.loads(figures.read_text(encoding="utf-8"))
    return done.stdout, written
