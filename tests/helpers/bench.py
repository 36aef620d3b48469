"""`benchmarks/generate.py`, for tests that want its synthetic packs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from tests.helpers.packs import REPO


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("generate", REPO / "benchmarks" / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def generate(out: Path, blocks: int, **options: Any) -> list[str]:
    """Write the benchmark's synthetic pack of `blocks` blocks into `out`."""
    files: list[str] = _load().generate(out, blocks, **options)
    return files
