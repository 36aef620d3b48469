"""The benchmarks run end to end on small packs, so they can't rot (no timing is asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.blocks.stage import check_blocks
from tests.helpers.bench import generate, run_benchmark


@pytest.mark.slow
@pytest.mark.sdk
def test_benchmark_smoke_run_prints_every_figure(tmp_path: Path) -> None:
    """`run.py --smoke` exits 0 and reports the floor, scaling, memory and code figures."""
    printed, figures = run_benchmark("run.py", "--smoke", figures=tmp_path / "figures.json")
    for label in ("ours/floor at N=200", "time(200)/time(20)", "peak RSS", "ours/peer"):
        assert label in printed
    expected = {f"{shape}_{size}" for shape in ("default", "versions") for size in (10, 20, 200)}
    assert set(figures) >= {*expected, "default_scaling", "versions_scaling", "code"}


@pytest.mark.slow
def test_watch_benchmark_smoke_run(tmp_path: Path) -> None:
    """`watch.py` on 20 blocks, with the real process: every figure printed and written."""
    printed, figures = run_benchmark(
        "watch.py", "--blocks", "20", "--repeats", "2", figures=tmp_path / "figures.json"
    )
    for label in ("first check", "re-check after a template file changed", "a real check"):
        assert label in printed
    assert set(figures) >= {"full_s", "prompt block", "settings schema", "process_s"}


@pytest.mark.slow
def test_lsp_benchmark_smoke_run(tmp_path: Path) -> None:
    """`lsp.py` on 20 blocks, with a real server process: every figure printed and written."""
    printed, figures = run_benchmark(
        "lsp.py", "--blocks", "20", "--repeats", "2", figures=tmp_path / "figures.json"
    )
    for label in ("first check", "keystroke in a template file", "a real lsp process"):
        assert label in printed
    assert set(figures) >= {"first_s", "prompt block", "settings block", "process_s"}


def test_generated_pack_is_deterministic_and_clean(tmp_path: Path) -> None:
    """Same seed, same bytes; and the blocks stage finds no problem in the generated pack."""
    first = generate(tmp_path / "a", 10, seed=3)
    generate(tmp_path / "b", 10, seed=3)
    assert len(first) == 10
    for relative in (*first, "blocks/prompts/p00000.liquid"):
        assert (tmp_path / "a" / relative).read_bytes() == (tmp_path / "b" / relative).read_bytes()
    outcome = check_blocks(tmp_path / "a", first, "blocks")
    assert outcome.problems == ()
    assert len(outcome.entries) == 10


def test_suggest_benchmark_smoke_run(tmp_path: Path) -> None:
    """`suggest.py` on 200 words x 200 names: every set's hints the same both ways."""
    printed, figures = run_benchmark("suggest.py", "--size", "200", figures=tmp_path / "f.json")
    assert "DIFFERENT" not in printed
    assert set(figures) == {"realistic", "same letters", "numbered"}
    assert all(figure["same_hints"] is True for figure in figures.values())
    assert figures["realistic"]["hints"] > 0


@pytest.mark.slow
def test_hostile_hosted_rows_smoke_run() -> None:
    """`hostile.py --only hosted --smoke`: every hosted row printed, the many values' report
    the same every time on every matcher, and each edge match answered (none matches)."""
    import subprocess
    import sys

    from tests.helpers.bench import BENCHMARKS
    from tests.helpers.packs import REPO

    done = subprocess.run(
        [sys.executable, BENCHMARKS / "hostile.py", "--only", "hosted", "--smoke"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    printed = done.stdout
    assert "the same report every time, on every matcher: True" in printed
    edges = [line for line in printed.splitlines() if "characters: python" in line]
    assert len(edges) == 7
    assert all("(True)" not in line for line in edges)
