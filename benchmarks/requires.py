"""What the hook adds to hatchling's `get_requires_for_build_wheel`, the process every frontend
starts only to ask the hook's `dependencies()` (does the pack need the kindgi SDK?).

Fresh interpreters of this environment, in turn (plain, hook, [hook from `--against`], plain,
...), after one warm-up of each: hatchling alone on the same files (`run.without_hook`), and
with the hook, on `testpacks/blocks` (no code: no SDK asked for) and `testpacks/code-only`
(the SDK asked for). `--against SRC` puts another tree's `src` first on `sys.path` for a third
runner, the hook as that tree has it (`git archive <commit> src | tar -x -C /tmp/before`),
so before and after are measured pair by pair in one run. Medians of wall time.

    python benchmarks/requires.py                          # 15 rounds
    python benchmarks/requires.py --against /tmp/before/src --repeats 15 --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from run import BLOCKS_PACK, CODE_PACK, _median, alternate, without_hook

_STEP = """\
import sys
src, pack = sys.argv[1:]
if src:
    sys.path.insert(0, src)
for name in ("rfc3987", "rfc3986_validator"):
    sys.modules[name] = None  # a build environment holds neither
import os
os.chdir(pack)
from hatchling import build
build.get_requires_for_build_wheel()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--against", type=Path, help="another tree's src, measured as 'before'")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    figures: dict[str, dict[str, dict[str, float]]] = {}
    before = "" if args.against is None else str(args.against.resolve())
    with tempfile.TemporaryDirectory(prefix="kindgi-requires-bench-") as folder:
        work = Path(folder)
        print(f"get_requires_for_build_wheel, load {os.getloadavg()[0]:.2f}")
        for pack in (BLOCKS_PACK, CODE_PACK):
            hooked = work / f"{pack.name}-hook"
            shutil.copytree(pack, hooked)
            plain = without_hook(pack, work / f"{pack.name}-plain")
            commands = {
                "plain hatchling": [sys.executable, "-c", _STEP, "", str(plain)],
                "hook": [sys.executable, "-c", _STEP, "", str(hooked)],
            }
            if before:
                commands["hook before"] = [sys.executable, "-c", _STEP, before, str(hooked)]
            runs = alternate(args.repeats, commands)
            plain_runs = runs["plain hatchling"]
            for name, done in runs.items():
                ratios = [run.wall / alone.wall for run, alone in zip(done, plain_runs)]
                figure = {
                    "wall_ms": _median([run.wall for run in done]) * 1000,
                    "cpu_ms": _median([run.cpu for run in done]) * 1000,
                    "ratio": _median(ratios),
                }
                figures.setdefault(pack.name, {})[name] = figure
                print(
                    f"  {pack.name}: {name}: {figure['wall_ms']:.0f} ms wall,"
                    f" {figure['cpu_ms']:.0f} ms CPU (medians of {args.repeats}),"
                    f" pair ratio median {figure['ratio']:.2f}x"
                )
        print(f"load average after {os.getloadavg()[0]:.2f}")
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
