"""benchmarks/watch.py runs end to end on a small pack, so it can't rot (no timing asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.mark.slow
def test_watch_benchmark_smoke_run(tmp_path: Path) -> None:
    """`watch.py` on 20 blocks, with the real process: every figure printed and written."""
    figures_path = tmp_path / "figures.json"
    command = [sys.executable, str(BENCHMARKS / "watch.py"), "--blocks", "20", "--repeats", "2"]
    done = subprocess.run(
        [*command, "--json", str(figures_path)],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for label in ("first check", "re-check after a template file changed", "a real check"):
        assert label in done.stdout
    figures = json.loads(figures_path.read_text(encoding="utf-8"))
    assert set(figures) >= {"full_s", "prompt block", "settings schema", "process_s"}
