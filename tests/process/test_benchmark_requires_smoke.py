"""`benchmarks/requires.py` runs end to end, so it can't rot (no timing is asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.bench import run_benchmark


@pytest.mark.slow
def test_requires_benchmark_smoke_run(tmp_path: Path) -> None:
    """One round, both packs, against the tree's own `src` as the "before": every figure."""
    src = str(Path(__file__).resolve().parents[2] / "src")
    printed, figures = run_benchmark(
        "requires.py", "--repeats", "1", "--against", src, figures=tmp_path / "figures.json"
    )
    assert "get_requires_for_build_wheel" in printed
    assert set(figures) == {"blocks", "code-only"}
    for runs in figures.values():
        assert set(runs) == {"plain hatchling", "hook", "hook before"}
