"""How fast `hatch-kindgi check` is, against the fastest libraries for the same job.

Whole processes, start-up and imports included on both sides, on packs from `generate.py`:

- the *floor* is `floor.py` (json.loads; python-liquid parse and global-variable analysis;
  jsonschema-rs metaschema and values validation; nothing else), *ours* is
  `hatch-kindgi check`, on the same pack: alternated, best of K, at three sizes, for the
  default pack and for one whose settings blocks come as several versions sharing a schema;
- the scaling of ours from the middle size to the large one, and its peak RSS at the large
  size (the operating system's count for the finished process, `wait4`);
- with `--e2e`, the user's end-to-end overhead: an isolated `python -m build --wheel` of
  `testpacks/blocks` against the same pack built by plain hatchling (no hook), alternated;
- the code stage (`index_code`) against `python -m kindgi.pack index` (the peer), in process;
- `hatch-kindgi check` of a code pack of 200 tools (`generate.generate_code`: pydantic
  models as pack authors write them) against the peer on the same pack, whole processes.

    python benchmarks/run.py            # N = 50, 500, 5000: a few minutes
    python benchmarks/run.py --smoke    # N = 10, 20, 200, one repeat: a check that it runs
    python benchmarks/run.py --e2e      # also the isolated builds (needs PyPI)
    python benchmarks/run.py --target hosted   # ours checks for Kindgi hosted (profiles.md)
"""

from __future__ import annotations

import argparse
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

from generate import generate, generate_code  # benchmarks/ is on sys.path when run as a script

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CODE_PACK = REPO / "testpacks" / "code-only"
BLOCKS_PACK = REPO / "testpacks" / "blocks"
CODE_GLOBS = ("tools/**/*.py", "guardrails/**/*.py", "agents/**/*.py", "flows/**/*.py")
ARTIFACT_VERSION = "1.0.0"
PUBLISHED_AT = "2026-01-02T03:04:05.678Z"
MIB = 1024 * 1024

# Issue 34's: check at most the floor's time at 5,000 blocks, and a tenth over it at 50.
TARGET_LARGE = 1.0
TARGET_SMALL = 1.1
TARGET_PEER = 1.15
TARGET_CODE_CHECK = 1.5
CODE_TOOLS = 200
TARGET_SCALING = 11.0
TARGET_MEMORY_MIB = 150.0
SHAPES = {"default": 1, "versions": 4}
"""Pack shapes: settings versions per block id (the later ones inherit the first's schema)."""


# --- whole processes ------------------------------------------------------------------------


@dataclass
class Run:
    """One finished process: wall seconds, CPU seconds (user + system), peak RSS in MiB."""

    wall: float
    cpu: float
    peak_mib: float


def run_process(
    command: Sequence[str], *, ok: Callable[[int], bool] = lambda code: code == 0
) -> Run:
    """Run `command` to its end; its wall time, and the kernel's rusage for it (`wait4`)."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=_child_env(),
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if not ok(process.returncode):
        raise AssertionError(f"{command} exited {process.returncode}: {errors[-800:]!r}")
    peak = usage.ru_maxrss / (MIB if sys.platform == "darwin" else 1024)
    return Run(wall, usage.ru_utime + usage.ru_stime, peak)


# Bytecode is cached as an installed package has it (pip compiles it): with
# PYTHONDONTWRITEBYTECODE set, every changed module of an editable install would be compiled
# from source on every run, and only our side would pay for it. The warm-up run writes it.
def _child_env() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def check_command() -> list[str]:
    """`hatch-kindgi check` as a user runs it: the console script beside this interpreter."""
    script = Path(sys.executable).with_name("hatch-kindgi")
    return [str(script)] if script.exists() else [sys.executable, "-m", "hatch_kindgi"]


def alternate(repeats: int, commands: dict[str, list[str]]) -> dict[str, list[Run]]:
    """Each command `repeats` times, in turn (A B A B ...), after one warm-up run of each."""
    runs: dict[str, list[Run]] = {name: [] for name in commands}
    for command in commands.values():
        run_process(command)
    for _ in range(repeats):
        for name, command in commands.items():
            runs[name].append(run_process(command))
    return runs


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


@dataclass
class Pair:
    """Ours against the floor on one pack: best of K of each, and the median pair ratio."""

    size: int
    floor: list[Run]
    ours: list[Run]

    def best(self, which: str, what: str = "wall") -> float:
        return float(min(getattr(run, what) for run in getattr(self, which)))

    def ratio(self, what: str = "wall") -> float:
        return self.best("ours", what) / self.best("floor", what)

    def paired(self) -> float:
        return _median([o.wall / f.wall for o, f in zip(self.ours, self.floor)])


def time_pack(root: Path, repeats: int, target: str | None = None) -> Pair:
    ours = [*check_command(), "check", str(root)]
    if target is not None:
        ours += ["--target", target]
    runs = alternate(
        repeats,
        {"floor": [sys.executable, str(HERE / "floor.py"), str(root)], "ours": ours},
    )
    return Pair(0, runs["floor"], runs["ours"])


# --- end to end: isolated builds ------------------------------------------------------------

_NO_HOOK_TABLE = """
[tool.hatch.build.targets.wheel]
bypass-selection = true

[tool.hatch.build.targets.wheel.force-include]
"blocks" = "acme_blocks/blocks"
"""


def without_hook(pack: Path, out: Path) -> Path:
    """The same pack for plain hatchling: no hook, its blocks shipped as package data."""
    shutil.copytree(pack, out)
    pyproject = out / "pyproject.toml"
    text = pyproject.read_text(encoding="utf-8")
    text = text.replace('requires = ["hatchling", "hatch-kindgi"]', 'requires = ["hatchling"]')
    head, _, _ = text.partition("[tool.hatch.build.hooks.kindgi]")
    pyproject.write_text(head.rstrip() + "\n" + _NO_HOOK_TABLE, encoding="utf-8")
    return out


def time_builds(work: Path, repeats: int) -> dict[str, list[Run]]:
    """Isolated wheel builds of testpacks/blocks with the hook and without, alternated."""
    wheelhouse = work / "wheelhouse"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(wheelhouse)],
        cwd=REPO,
        check=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
    )
    links = " ".join(filter(None, [str(wheelhouse), os.environ.get("PIP_FIND_LINKS", "")]))
    os.environ["PIP_FIND_LINKS"] = links
    hooked = work / "with-hook"
    shutil.copytree(BLOCKS_PACK, hooked)
    plain = without_hook(BLOCKS_PACK, work / "plain-hatchling")

    def build(pack: Path) -> list[str]:
        return [sys.executable, "-m", "build", "--wheel", "--outdir", str(work / "dist"), str(pack)]

    return alternate(repeats, {"plain": build(plain), "hook": build(hooked)})


# --- the code stage against its peer (in process: the SDK runs in a child by design) --------


def time_code(work: Path, repeats: int) -> dict[str, float]:
    from hatch_kindgi.code.stage import index_code
    from hatch_kindgi.discover.stage import discover

    root = work / "code-pack"
    shutil.copytree(CODE_PACK, root, ignore=shutil.ignore_patterns("__pycache__"))
    modules = sorted({f for glob in CODE_GLOBS for f in discover(root, glob, code=True).files})
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    peer = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(root)]
    peer += ["--output", str(work / "peer-index.json"), "--artifact-version", ARTIFACT_VERSION]
    peer += ["--published-at", PUBLISHED_AT, "--json"]

    def run_peer() -> None:
        done = subprocess.run(
            peer, cwd=root, env=env, stdin=subprocess.DEVNULL, capture_output=True, check=False
        )
        if done.returncode != 0 or b'"kind":"ok"' not in done.stdout:
            raise AssertionError(f"the peer failed: {done.stdout[-500:]!r}")

    def run_ours() -> None:
        outcome = index_code(
            root,
            modules,
            artifact_version=ARTIFACT_VERSION,
            published_at=PUBLISHED_AT,
            timeout=120,
        )
        if outcome.problems or not outcome.tools:
            raise AssertionError(f"the code stage failed: {outcome.problems[:3]}")

    best = {"peer": float("inf"), "ours": float("inf")}
    for run in (run_peer, run_ours):  # warm-up
        run()
    for _ in range(repeats):
        for name, run in (("peer", run_peer), ("ours", run_ours)):
            started = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - started)
    return best


def time_code_check(work: Path, repeats: int, tools: int) -> dict[str, list[Run]]:
    """`hatch-kindgi check` of a code pack of `tools` tools (the code stage, the primitives
    stage, the index checks) against the SDK's own `python -m kindgi.pack index` of the same
    pack, both whole processes, alternated, best of K."""
    root = work / f"code-{tools}"
    generate_code(root, tools)
    peer = [sys.executable, "-m", "kindgi.pack", "index", "--pack-dir", str(root)]
    peer += ["--output", str(work / f"peer-{tools}.json"), "--artifact-version", ARTIFACT_VERSION]
    peer += ["--published-at", PUBLISHED_AT, "--json"]
    return alternate(repeats, {"peer": peer, "ours": [*check_command(), "check", str(root)]})


# --- report ---------------------------------------------------------------------------------


def _mark(ok: bool) -> str:
    return "ok" if ok else "ABOVE TARGET"


def _own_peak_mib() -> float:
    """This process's own peak RSS: a child's count can't read below it (Linux keeps the
    high-water mark across fork and exec)."""
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (MIB if sys.platform == "darwin" else 1024)


def report_blocks(
    work: Path,
    sizes: Sequence[int],
    repeats: Sequence[int],
    figures: dict[str, Any],
    target: str | None = None,
) -> None:
    checked = "" if target is None else f", check --target {target}"
    for shape, versions in SHAPES.items():
        print(
            f"\ncheck against the floor, {shape} pack (versions per settings id: {versions})"
            f"{checked}"
        )
        print(
            f"{'N':>6} {'K':>2} {'floor s':>8} {'ours s':>8} {'ours/floor':>10} "
            f"{'paired':>7} {'cpu ratio':>9} {'ours MiB':>8}"
        )
        pairs: dict[int, Pair] = {}
        for size, k in zip(sizes, repeats):
            root = work / f"{shape}-{size}"
            generate(root, size, versions=versions)
            pair = pairs[size] = time_pack(root, k, target)
            print(
                f"{size:>6} {k:>2} {pair.best('floor'):>8.3f} {pair.best('ours'):>8.3f} "
                f"{pair.ratio():>9.2f}x {pair.paired():>6.2f}x {pair.ratio('cpu'):>8.2f}x "
                f"{pair.best('ours', 'peak_mib'):>8.0f}"
            )
            figures[f"{shape}_{size}"] = {
                "floor_s": pair.best("floor"),
                "ours_s": pair.best("ours"),
                "ours_over_floor": pair.ratio(),
                "paired_median": pair.paired(),
                "cpu_ratio": pair.ratio("cpu"),
                "ours_peak_mib": pair.best("ours", "peak_mib"),
                "floor_peak_mib": pair.best("floor", "peak_mib"),
            }
        small, middle, large = (pairs[size] for size in sizes)
        scaling = large.best("ours") / middle.best("ours")
        peak = large.best("ours", "peak_mib")
        print(
            f"ours/floor at N={sizes[2]}: {large.ratio():.2f}x "
            f"(target <= {TARGET_LARGE}x: {_mark(large.ratio() <= TARGET_LARGE)}); "
            f"at N={sizes[0]}: {small.ratio():.2f}x "
            f"(target <= {TARGET_SMALL}x: {_mark(small.ratio() <= TARGET_SMALL)})"
        )
        print(
            f"time({sizes[2]})/time({sizes[1]}): ours {scaling:.2f}, floor "
            f"{large.best('floor') / middle.best('floor'):.2f} "
            f"(target <= {TARGET_SCALING}: {_mark(scaling <= TARGET_SCALING)}); "
            f"peak RSS at N={sizes[2]}: ours {peak:.0f} MiB, floor "
            f"{large.best('floor', 'peak_mib'):.0f} MiB "
            f"(target < {TARGET_MEMORY_MIB:.0f} MiB: {_mark(peak < TARGET_MEMORY_MIB)})"
        )
        figures[f"{shape}_scaling"] = scaling


def report_code(work: Path, code_repeats: int, figures: dict[str, Any], *, smoke: bool) -> None:
    """The code stage against the SDK's indexer, and `check` of a code pack against it."""
    code = time_code(work, code_repeats)
    peer_ratio = code["ours"] / code["peer"]
    print(f"\ncode stage on testpacks/code-only (best of {code_repeats})")
    print(
        f"peer {code['peer']:.3f} s, ours {code['ours']:.3f} s, ours/peer "
        f"{peer_ratio:.2f}x (target <= {TARGET_PEER}x: {_mark(peer_ratio <= TARGET_PEER)})"
    )
    figures["code"] = {"peer_s": code["peer"], "ours_s": code["ours"]}
    load = os.getloadavg()
    tools = 10 if smoke else CODE_TOOLS
    runs = time_code_check(work, code_repeats, tools)
    peer_s = min(run.wall for run in runs["peer"])
    ours_s = min(run.wall for run in runs["ours"])
    ratio = ours_s / peer_s
    cpu = min(r.cpu for r in runs["ours"]) / min(r.cpu for r in runs["peer"])
    after = os.getloadavg()
    print(
        f"\n`check` of a code pack of {tools} tools against `python -m kindgi.pack index` "
        f"(best of {code_repeats}, load average {load[0]:.2f} before, {after[0]:.2f} "
        f"after, {os.cpu_count()} cores)"
    )
    print(
        f"peer {peer_s:.3f} s, ours {ours_s:.3f} s, ours/peer {ratio:.2f}x, cpu ratio "
        f"{cpu:.2f}x (target <= {TARGET_CODE_CHECK}x: {_mark(ratio <= TARGET_CODE_CHECK)})"
    )
    figures["code_check"] = {
        "tools": tools,
        "peer_s": peer_s,
        "ours_s": ours_s,
        "cpu_ratio": cpu,
        "load_average": [load[0], after[0]],
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: run the benchmarks and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--smoke", action="store_true", help="small packs, one repeat")
    parser.add_argument("--sizes", type=int, nargs=3, metavar=("SMALL", "MIDDLE", "LARGE"))
    parser.add_argument(
        "--repeats", type=int, nargs=3, metavar="K", help="best of K at each size (5 5 3)"
    )
    parser.add_argument("--e2e", action="store_true", help="also the isolated builds")
    parser.add_argument("--e2e-repeats", type=int, default=3, help="isolated builds (best of k)")
    parser.add_argument("--code-repeats", type=int, help="code stage repeats (best of k)")
    parser.add_argument("--no-code", action="store_true", help="skip the code stage")
    parser.add_argument("--code-only", action="store_true", help="the code stage alone")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument(
        "--target",
        choices=("hosted", "self-hosted"),
        help="check for this profile (`check --target`; default: none, so self-hosted's "
        "verdicts and the hosted warnings)",
    )
    args = parser.parse_args(argv)
    sizes = args.sizes or ((10, 20, 200) if args.smoke else (50, 500, 5000))
    repeats = args.repeats or ((1, 1, 1) if args.smoke else (5, 5, 3))
    code_repeats = args.code_repeats or (1 if args.smoke else 5)

    started = time.perf_counter()
    figures: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-bench-") as scratch:
        work = Path(scratch)
        figures["target"] = args.target
        if not args.code_only:
            report_blocks(work, sizes, repeats, figures, args.target)
        figures["own_peak_mib"] = _own_peak_mib()
        print(f"(a child's peak RSS reads at least this process's own: {_own_peak_mib():.0f} MiB)")

        if args.e2e:
            builds = time_builds(work, args.e2e_repeats)
            plain = min(run.wall for run in builds["plain"])
            hook = min(run.wall for run in builds["hook"])
            print(
                f"\nisolated `python -m build --wheel` of testpacks/blocks (best of "
                f"{args.e2e_repeats}): plain hatchling {plain:.2f} s, with the hook {hook:.2f} s, "
                f"overhead {hook - plain:+.2f} s ({hook / plain:.2f}x)"
            )
            figures["e2e"] = {"plain_s": plain, "hook_s": hook}

        if not args.no_code:
            report_code(work, code_repeats, figures, smoke=args.smoke)
    figures["wall_s"] = time.perf_counter() - started
    print(f"benchmark wall time {figures['wall_s']:.1f} s")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
