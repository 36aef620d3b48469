"""How fast hatch-kindgi checks a pack, against what its libraries and its peer cost.

In one process and one run, on packs from `generate.py`:

- blocks: the *floor* (read and parse every block file; `check_schema`, one compiled validator
  and one validation per settings block; one python-liquid parse and global-variable analysis
  per template; nothing else) against hatch-kindgi's blocks stage (`check_blocks`), at two
  pack sizes;
- code: `python -m kindgi.pack index` run directly (the peer) against hatch-kindgi's code stage
  (`index_code`) on the same code pack;
- peak memory of the blocks stage at the large size: the peak RSS of a child process that
  imports, then runs only that (VmHWM on Linux), next to that of a child that only imports.

Times are the best of k repeats (5 at the small size, 1 at the large one by default, to stay
within two minutes); before every run the garbage collector runs, and it stays enabled while
timing, as in a real build. Floor and stage alternate within each repeat so drift hits both.

    python benchmarks/run.py            # N = 500 and 5000, one to two minutes
    python benchmarks/run.py --smoke    # N = 20 and 200, one repeat: a check that it runs
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generate import generate  # benchmarks/ is on sys.path when this file runs as a script

from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.code.stage import index_code
from hatch_kindgi.discover.stage import discover

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CODE_PACK = REPO / "testpacks" / "code-only"
CODE_GLOBS = ("tools/**/*.py", "guardrails/**/*.py", "agents/**/*.py", "flows/**/*.py")
BLOCKS_GLOB = "blocks/**/*.json"
BLOCKS_FOLDER = "blocks"
ARTIFACT_VERSION = "1.0.0"
PUBLISHED_AT = "2026-01-02T03:04:05.678Z"
MIB = 1024 * 1024

TARGET_FLOOR = 1.2
TARGET_PEER = 1.15
TARGET_SCALING = 11.0
TARGET_MEMORY_MIB = 300.0


# --- the floor ------------------------------------------------------------------------------


def floor_blocks(root: Path, files: Sequence[str]) -> int:
    """What the libraries cost for the blocks of a pack, and nothing else; the block count."""
    from jsonschema import Draft202012Validator
    from liquid import Environment

    environment = Environment()
    for file in files:
        path = root / file
        block = json.loads(path.read_bytes())
        content = block["content"]
        if block["kind"] == "settings":
            schema = content["schema"]
            Draft202012Validator.check_schema(schema)
            # Every generated schema is distinct: one validator per block is one per schema.
            Draft202012Validator(schema).validate(content["values"])
        else:
            text = (path.parent / content["templateFile"]).read_text(encoding="utf-8")
            environment.from_string(text).global_variables(include_partials=False)
    return len(files)


def stage_blocks(root: Path, files: Sequence[str]) -> int:
    """hatch-kindgi's blocks stage on the same files; the number of entries it made."""
    outcome = check_blocks(root, files, BLOCKS_FOLDER)
    if any(problem.severity == "error" for problem in outcome.problems):
        raise AssertionError(f"the generated pack has errors: {outcome.problems[:3]}")
    return len(outcome.entries)


# --- timing ---------------------------------------------------------------------------------


def best_of(repeats: int, runs: dict[str, Callable[[], object]]) -> dict[str, float]:
    """Best wall time of each run over `repeats` rounds, the runs alternating in each round."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeats):
        for name, run in runs.items():
            gc.collect()
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


@dataclass
class BlocksFigures:
    size: int
    floor: float
    ours: float


def time_blocks(
    work: Path, size: int, repeats: int, *, warm_up: bool
) -> tuple[BlocksFigures, Path]:
    root = work / f"blocks-{size}"
    generate(root, size)
    files = discover(root, BLOCKS_GLOB).files
    runs: dict[str, Callable[[], object]] = {
        "floor": lambda: floor_blocks(root, files),
        "ours": lambda: stage_blocks(root, files),
    }
    if warm_up:  # imports and first-use caches; the files are in the page cache already
        for run in runs.values():
            run()
    best = best_of(repeats, runs)
    return BlocksFigures(size, best["floor"], best["ours"]), root


def code_modules(root: Path) -> list[str]:
    return sorted({file for glob in CODE_GLOBS for file in discover(root, glob, code=True).files})


def run_peer(root: Path, output: Path) -> None:
    """`python -m kindgi.pack index` on `root`, as a pack author would run it."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    command = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(root)]
    command += ["--output", str(output), "--artifact-version", ARTIFACT_VERSION]
    command += ["--published-at", PUBLISHED_AT, "--json"]
    done = subprocess.run(
        command, cwd=root, env=env, stdin=subprocess.DEVNULL, capture_output=True, check=False
    )
    if done.returncode != 0 or b'"kind":"ok"' not in done.stdout:
        raise AssertionError(f"the peer failed: {done.stdout[-500:]!r} {done.stderr[-500:]!r}")


def run_ours(root: Path, modules: Sequence[str]) -> None:
    outcome = index_code(
        root, modules, artifact_version=ARTIFACT_VERSION, published_at=PUBLISHED_AT, timeout=120
    )
    if outcome.problems or not outcome.tools:
        raise AssertionError(f"the code stage failed: {outcome.problems[:3]}")


def time_code(work: Path, repeats: int) -> dict[str, float]:
    root = work / "code-pack"
    shutil.copytree(CODE_PACK, root, ignore=shutil.ignore_patterns("__pycache__"))
    modules = code_modules(root)
    output = work / "peer-index.json"
    runs: dict[str, Callable[[], object]] = {
        "peer": lambda: run_peer(root, output),
        "ours": lambda: run_ours(root, modules),
    }
    for run in runs.values():
        run()
    return best_of(repeats, runs)


# --- memory ---------------------------------------------------------------------------------

_MEMORY_CHILD = """
import json, sys
from pathlib import Path
sys.path.insert(0, {here!r})
import run
from hatch_kindgi.discover.stage import discover
root = Path({root!r})
files = discover(root, run.BLOCKS_GLOB).files
which = {which!r}
if which == "floor":
    run.floor_blocks(root, files)
elif which == "ours":
    run.stage_blocks(root, files)
print(json.dumps(run.own_peak_kib()))
"""


def own_peak_kib() -> int:
    """This process's peak resident memory, in KiB.

    On Linux, VmHWM of /proc/self/status: `ru_maxrss` survives `execve`, so a child started
    from this (large) process would report at least this process's size.
    """
    import resource

    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return own // 1024 if sys.platform == "darwin" else own  # bytes on macOS, KiB on Linux


def peak_rss_mib(root: Path, which: str) -> float | None:
    """Max RSS (MiB) of a child that imports everything, then runs `which` ("none": nothing)."""
    try:
        import resource  # noqa: F401 (Unix only)
    except ImportError:  # pragma: no cover - Windows
        return None
    code = _MEMORY_CHILD.format(here=str(HERE), root=str(root), which=which)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, stdin=subprocess.DEVNULL
    )
    kib = json.loads(done.stdout.decode().strip().splitlines()[-1])
    return float(kib) / 1024


# --- report ---------------------------------------------------------------------------------


def _mark(ok: bool) -> str:
    return "ok" if ok else "ABOVE TARGET"


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--smoke", action="store_true", help="small packs, one repeat")
    parser.add_argument("--sizes", type=int, nargs=2, metavar=("SMALL", "LARGE"))
    parser.add_argument("--repeats", type=int, help="blocks repeats at the small size (k)")
    parser.add_argument("--large-repeats", type=int, help="blocks repeats at the large size")
    parser.add_argument("--code-repeats", type=int, help="code stage repeats (best of k)")
    parser.add_argument("--no-code", action="store_true", help="skip the code stage")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory children")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    small, large = args.sizes or ((20, 200) if args.smoke else (500, 5000))
    repeats = args.repeats or (1 if args.smoke else 5)
    large_repeats = args.large_repeats or 1
    code_repeats = args.code_repeats or (1 if args.smoke else 5)

    started = time.perf_counter()
    figures: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-bench-") as scratch:
        work = Path(scratch)
        small_figures, _ = time_blocks(work, small, repeats, warm_up=True)
        large_figures, large_root = time_blocks(work, large, large_repeats, warm_up=False)
        print(f"blocks stage (best of {repeats} at N={small}, of {large_repeats} at N={large})")
        print(f"{'N':>6} {'floor s':>9} {'ours s':>9} {'ours/floor':>11}")
        for row in (small_figures, large_figures):
            ratio = row.ours / row.floor
            print(f"{row.size:>6} {row.floor:>9.3f} {row.ours:>9.3f} {ratio:>10.2f}x")
            figures[f"blocks_{row.size}"] = {
                "floor_s": row.floor,
                "ours_s": row.ours,
                "ours_over_floor": ratio,
            }
        floor_ratio = large_figures.ours / large_figures.floor
        scaling = large_figures.ours / small_figures.ours
        floor_scaling = large_figures.floor / small_figures.floor
        print(
            f"ours/floor at N={large}: {floor_ratio:.2f}x "
            f"(target <= {TARGET_FLOOR}x: {_mark(floor_ratio <= TARGET_FLOOR)})"
        )
        print(
            f"time({large})/time({small}): ours {scaling:.2f}, floor {floor_scaling:.2f} "
            f"(target <= {TARGET_SCALING}: {_mark(scaling <= TARGET_SCALING)})"
        )
        figures["scaling"] = {"ours": scaling, "floor": floor_scaling}

        if not args.no_memory:
            base = peak_rss_mib(large_root, "none")
            ours_peak = peak_rss_mib(large_root, "ours")
            if base is not None and ours_peak is not None:
                print(
                    f"peak memory at N={large} (peak RSS of a child that runs only the stage, "
                    f"VmHWM): ours {ours_peak:.0f} MiB, imports alone {base:.0f} MiB "
                    f"(target < {TARGET_MEMORY_MIB:.0f} MiB: "
                    f"{_mark(ours_peak < TARGET_MEMORY_MIB)})"
                )
                figures["peak_rss_mib"] = {"ours": ours_peak, "imports": base}

        if not args.no_code:
            code = time_code(work, code_repeats)
            peer_ratio = code["ours"] / code["peer"]
            print(f"code stage on testpacks/code-only (best of {code_repeats})")
            print(
                f"peer {code['peer']:.3f} s, ours {code['ours']:.3f} s, ours/peer "
                f"{peer_ratio:.2f}x (target <= {TARGET_PEER}x: {_mark(peer_ratio <= TARGET_PEER)})"
            )
            figures["code"] = {
                "peer_s": code["peer"],
                "ours_s": code["ours"],
                "ours_over_peer": peer_ratio,
            }
    figures["wall_s"] = time.perf_counter() - started
    print(f"benchmark wall time {figures['wall_s']:.1f} s")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
