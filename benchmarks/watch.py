"""How long `check --watch` takes to re-check a pack after one file changes.

On a pack from `generate.py` (N blocks, 500 by default), in one process: a full check with a
fresh `PipelineCache` (what the first run of a watch costs, and what every re-check would cost
without the cache), then re-checks after one file changes, the cache told which (as the watcher
tells it), for each kind of file: a prompt block, its template file, a settings block whose
values other versions inherit nothing from, and a settings block with its schema. Then the
same from outside: a real `hatch-kindgi check --watch` process, from the write of a block file
to the status line it prints (the watcher's notice and the output included).

    python benchmarks/watch.py                 # N = 500, 7 re-checks of each kind
    python benchmarks/watch.py --blocks 20 --repeats 1 --no-process   # a smoke run

No figure is asserted; a re-check over the target prints `ABOVE TARGET`.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generate import generate  # benchmarks/ is on sys.path when this file runs as a script

from hatch_kindgi.pipeline import PipelineCache, RunRequest, run_pipeline

TARGET_RECHECK_S = 0.2
ENVIRON = {"SOURCE_DATE_EPOCH": "1767225600"}


def _toggle(path: Path, old: str, new: str) -> None:
    """Swap `old` and `new` in the file, so each edit changes it and keeps it valid."""
    text = path.read_text("utf-8")
    path.write_text(
        text.replace(old, new) if old in text else text.replace(new, old), encoding="utf-8"
    )


EDITS: dict[str, tuple[str, str, str]] = {
    # kind of file: (path, text, replacement)
    "prompt block": ("blocks/prompts/p00001.json", "of the benchmark", "of this benchmark"),
    "template file": ("blocks/prompts/p00001.liquid", "Sign as the", "Sign as all the"),
    "settings block": ("blocks/settings/s00001.json", "of the benchmark", "of this benchmark"),
    "settings schema": ("blocks/settings/s00002.json", '"type": "object"', '"type":  "object"'),
}


def recheck_seconds(root: Path, repeats: int) -> dict[str, Any]:
    """The full first check, and the median and worst re-check after each kind of edit."""
    gc.collect()
    cache = PipelineCache()
    begun = time.perf_counter()
    first = run_pipeline(root, RunRequest(environ=ENVIRON, cache=cache))
    full = time.perf_counter() - begun
    if first.failed:
        raise AssertionError(f"the generated pack fails: {first.problems[:3]}")
    figures: dict[str, Any] = {"full_s": full}
    for kind, (path, old, new) in EDITS.items():
        times, cpu = [], []
        for _ in range(repeats):
            _toggle(root / path, old, new)
            begun, begun_cpu = time.perf_counter(), time.process_time()
            cache.forget([path])
            result = run_pipeline(root, RunRequest(environ=ENVIRON, cache=cache))
            times.append(time.perf_counter() - begun)
            cpu.append(time.process_time() - begun_cpu)
            if result.problems:
                raise AssertionError(f"{kind}: the edit broke the pack: {result.problems[:3]}")
        figures[kind] = {
            "median_s": statistics.median(times),
            "max_s": max(times),
            "median_cpu_s": statistics.median(cpu),
        }
    return figures


def process_seconds(root: Path, repeats: int) -> list[float]:
    """From writing a block file to the status line of a real `check --watch` process."""
    process = subprocess.Popen(
        [sys.executable, "-m", "hatch_kindgi", "check", "--watch", str(root)],
        stdout=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=dict(os.environ, **ENVIRON, NO_COLOR="1"),
    )
    lines: queue.Queue[str] = queue.Queue()
    assert process.stdout is not None
    stream = process.stdout

    def read() -> None:
        for line in stream:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    try:
        while not lines.get(timeout=120).startswith("watching "):
            pass
        time.sleep(0.5)
        path, old, new = EDITS["prompt block"]
        times = []
        for _ in range(repeats):
            begun = time.perf_counter()
            _toggle(root / path, old, new)
            while not lines.get(timeout=30).startswith("["):
                pass
            times.append(time.perf_counter() - begun)
            time.sleep(0.2)  # past the watcher's grouping of one save's events
        return times
    finally:
        process.terminate()
        process.wait()


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--blocks", type=int, default=500, help="blocks in the pack (N)")
    parser.add_argument("--repeats", type=int, default=7, help="re-checks of each kind")
    parser.add_argument("--no-process", action="store_true", help="skip the real process")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None
    }
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-watch-") as scratch:
        root = Path(scratch) / "pack"
        generate(root, args.blocks)
        figures.update(recheck_seconds(root, args.repeats))
        load = figures["load_average"]
        print(
            f"check --watch on a pack of {args.blocks} blocks (median of {args.repeats}; "
            f"load average {load[0]:.1f} on {os.cpu_count()} CPUs)"
            if load
            else f"check --watch on a pack of {args.blocks} blocks (median of {args.repeats})"
        )
        print(f"first check, every file read: {figures['full_s']:.3f} s")
        for kind in EDITS:
            row = figures[kind]
            ok = "ok" if row["max_s"] < TARGET_RECHECK_S else "ABOVE TARGET"
            print(
                f"re-check after a {kind} changed: {row['median_s'] * 1000:.0f} ms "
                f"(worst {row['max_s'] * 1000:.0f} ms; target < "
                f"{TARGET_RECHECK_S * 1000:.0f} ms: {ok}; CPU {row['median_cpu_s'] * 1000:.0f} "
                f"ms), {figures['full_s'] / row['median_s']:.0f}x faster than the first check"
            )
        if not args.no_process:
            times = process_seconds(root, args.repeats)
            figures["process_s"] = {"median_s": statistics.median(times), "max_s": max(times)}
            print(
                f"a real check --watch, write to status line: "
                f"{statistics.median(times) * 1000:.0f} ms (worst {max(times) * 1000:.0f} ms)"
            )
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
