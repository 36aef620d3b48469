"""The benchmark runs end to end on small packs, so it can't rot (no timing is asserted)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hatch_kindgi.blocks.stage import check_blocks

REPO = Path(__file__).resolve().parents[2]
BENCHMARKS = REPO / "benchmarks"


@pytest.mark.slow
@pytest.mark.sdk
def test_benchmark_smoke_run_prints_every_figure(tmp_path: Path) -> None:
    """`run.py --smoke` exits 0 and reports the floor, scaling, memory and code figures."""
    figures_path = tmp_path / "figures.json"
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "run.py"), "--smoke", "--json", str(figures_path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    for label in ("ours/floor at N=200", "time(200)/time(20)", "peak RSS", "ours/peer"):
        assert label in done.stdout
    figures = json.loads(figures_path.read_text(encoding="utf-8"))
    expected = {f"{shape}_{size}" for shape in ("default", "versions") for size in (10, 20, 200)}
    assert set(figures) >= {*expected, "default_scaling", "versions_scaling", "code"}


def test_generated_pack_is_deterministic_and_clean(tmp_path: Path) -> None:
    """Same seed, same bytes; and the blocks stage finds no problem in the generated pack."""
    spec = importlib.util.spec_from_file_location("generate", BENCHMARKS / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    generate = module.generate

    first = generate(tmp_path / "a", 10, seed=3)
    generate(tmp_path / "b", 10, seed=3)
    assert len(first) == 10
    for relative in (*first, "blocks/prompts/p00000.liquid"):
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes()
    outcome = check_blocks(tmp_path / "a", first, "blocks")
    assert outcome.problems == ()
    assert len(outcome.entries) == 10
