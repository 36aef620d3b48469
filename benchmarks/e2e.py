"""What a pack's build costs against plain hatchling building the same files.

Whole processes, pair by pair (A B A B ...), warm caches (one warm-up of each first), on
`testpacks/blocks` (8 blocks, no code) with the hook, and the same files shipped as package
data by plain hatchling (`run.without_hook`):

- `python -m build --wheel`: isolated, pip installs the build environment (from its cache);
- `uv build --wheel`: isolated, uv installs it (from its cache; skipped when uv isn't there);
- `python -m build --wheel --no-isolation`: the hook's own work, in this environment (the
  development one: every Hatch plugin installed here loads once a hook is configured) and in
  one of its own holding only hatchling, hatch-kindgi and build, as a build environment has;
- the build environment itself: a virtualenv with hatchling alone against one with
  hatchling and hatch-kindgi (its wheel built from this tree), their sizes, and the size of
  each package the hook adds;
- hatchling's PEP 517 steps one by one, each in a fresh interpreter of this environment as
  every frontend runs it (`get_requires_for_build_wheel`, which asks the hook's
  `dependencies()` alone, and `build_wheel`), with rfc3987 and rfc3986-validator hidden as a
  build environment lacks them: the hook's own cost step by step, mostly its imports.

    python benchmarks/e2e.py                  # 5 pairs of each, about 3 minutes
    python benchmarks/e2e.py --repeats 3 --json out.json
    python benchmarks/e2e.py --steps          # the PEP 517 steps alone (9 pairs), seconds
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import venv
from collections.abc import Sequence
from pathlib import Path

from run import BLOCKS_PACK, MIB, REPO, Run, _median, run_process, without_hook

TARGET_PIP = 2.5
TARGET_UV = 1.75
TARGET_NO_ISOLATION = 1.5
TARGET_EXTRA_MIB = 30.0
# What no build imports, which the build environment must not hold.
UNWANTED = ("babel", "pytz", "tzdata", "python-dateutil", "rapidfuzz", "python-liquid")


def own_wheel(work: Path) -> Path:
    """hatch-kindgi's wheel, built from this tree, in a wheelhouse of its own."""
    wheelhouse = work / "wheelhouse"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(wheelhouse)],
        cwd=REPO,
        check=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
    )
    return next(wheelhouse.glob("hatch_kindgi-*.whl"))


def pairs(repeats: int, hook: Sequence[str], plain: Sequence[str]) -> tuple[list[Run], list[Run]]:
    """`hook` and `plain` in turn, after one warm-up of each: their runs."""
    run_process(hook)
    run_process(plain)
    hooked: list[Run] = []
    plains: list[Run] = []
    for _ in range(repeats):
        hooked.append(run_process(hook))
        plains.append(run_process(plain))
    return hooked, plains


def site_packages_mib(env: Path) -> float:
    """The installed size of a virtualenv's site-packages, pip and setuptools left out."""
    (site,) = env.glob("lib/python*/site-packages")
    total = 0
    for path in site.rglob("*"):
        if path.is_file() and not path.relative_to(site).parts[0].startswith(("pip", "_distutils")):
            total += path.stat().st_size
    return total / MIB


def environment(work: Path, name: str, requirements: Sequence[str]) -> Path:
    """A new virtualenv with `requirements` installed by pip (from its cache)."""
    env = work / name
    venv.create(env, with_pip=True)
    subprocess.run(
        [str(env / "bin" / "python"), "-m", "pip", "install", "-q", *requirements],
        check=True,
        capture_output=True,
        stdin=subprocess.DEVNULL,
    )
    return env


def package_sizes(env: Path) -> dict[str, float]:
    """Each installed distribution's size in MiB, from its RECORD."""
    script = (
        "import json, importlib.metadata as m\n"
        "out = {}\n"
        "for d in m.distributions():\n"
        "    files = d.files or []\n"
        "    out[d.metadata['Name'].lower()] = sum("
        "(f.locate().stat().st_size if f.locate().exists() else 0) for f in files)\n"
        "print(json.dumps(out))\n"
    )
    done = subprocess.run(
        [str(env / "bin" / "python"), "-c", script], check=True, capture_output=True, text=True
    )
    sizes: dict[str, int] = json.loads(done.stdout)
    return {name: size / MIB for name, size in sorted(sizes.items()) if name not in {"pip"}}


STEPS = ("get_requires_for_build_wheel", "build_wheel")
_STEP = """\
import os, sys
for name in ("rfc3987", "rfc3986_validator"):
    sys.modules[name] = None  # a build environment holds neither (URI format libraries)
step, pack, out = sys.argv[1:]
os.chdir(pack)
from hatchling import build
if step == "get_requires_for_build_wheel":
    build.get_requires_for_build_wheel()
else:
    build.build_wheel(out)
"""


def step_ratios(repeats: int, hooked: Path, plain: Path, out: Path) -> dict[str, dict[str, float]]:
    """Each PEP 517 step of a wheel build, hook against plain hatchling, in fresh processes
    of this interpreter (which must have hatch-kindgi installed)."""
    out.mkdir(parents=True, exist_ok=True)
    figures = {}
    for step in STEPS:
        hook = [sys.executable, "-c", _STEP, step, str(hooked), str(out)]
        alone = [sys.executable, "-c", _STEP, step, str(plain), str(out)]
        figures[step] = ratio_line(
            f"  {step}, a process of its own", *pairs(repeats, hook, alone), TARGET_NO_ISOLATION
        )
    return figures


def steps_alone(repeats: int) -> dict[str, dict[str, float]]:
    """`--steps`: the PEP 517 steps of testpacks/blocks alone, with the load average."""
    with tempfile.TemporaryDirectory(prefix="kindgi-build-bench-") as folder:
        work = Path(folder)
        hooked = work / "with-hook"
        shutil.copytree(BLOCKS_PACK, hooked)
        plain = without_hook(BLOCKS_PACK, work / "plain-hatchling")
        print(f"hatchling's PEP 517 steps on {BLOCKS_PACK.name}, load {os.getloadavg()[0]:.2f}")
        figures = step_ratios(repeats, hooked, plain, work / "dist")
        print(f"load average after {os.getloadavg()[0]:.2f}")
    return figures


def ratio_line(label: str, hook: list[Run], plain: list[Run], target: float) -> dict[str, float]:
    ratios = [h.wall / p.wall for h, p in zip(hook, plain)]
    figure = {
        "hook_s": _median([run.wall for run in hook]),
        "plain_s": _median([run.wall for run in plain]),
        "ratio": _median(ratios),
    }
    mark = "" if figure["ratio"] <= target else "   ABOVE TARGET"
    print(
        f"{label}: hook {figure['hook_s']:.2f} s, plain hatchling {figure['plain_s']:.2f} s "
        f"(medians), pair ratio median {figure['ratio']:.2f}x "
        f"(min {min(ratios):.2f}x, max {max(ratios):.2f}x; target <= {target}x){mark}"
    )
    return figure


def no_isolation(
    repeats: int, work: Path, wheel: Path, packs: tuple[Path, Path], out: str
) -> dict[str, dict[str, float]]:
    """`python -m build --wheel --no-isolation`, hook against plain hatchling: in this
    environment, and in one holding only hatchling, hatch-kindgi (`wheel`) and build;
    `packs`: the pack with the hook, and the same files for plain hatchling."""
    hooked, plain = packs
    own_env = environment(work, "env-no-isolation", ["hatchling", "build", str(wheel)])
    pythons = {
        "no_isolation": sys.executable,
        "no_isolation_own_env": str(own_env / "bin" / "python"),
    }
    labels = {
        "no_isolation": "python -m build --wheel --no-isolation (the hook's own work)",
        "no_isolation_own_env": (
            "  the same in an environment of its own (hatchling, hatch-kindgi, build)"
        ),
    }
    figures = {}
    for name, python in pythons.items():

        def build(pack: Path, python: str = python) -> list[str]:
            return [python, "-m", "build", "--wheel", "--no-isolation", "--outdir", out, str(pack)]

        figures[name] = ratio_line(
            labels[name], *pairs(repeats, build(hooked), build(plain)), TARGET_NO_ISOLATION
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="pairs of each build")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--steps", action="store_true", help="the PEP 517 steps alone")
    args = parser.parse_args()
    figures: dict[str, object] = {}
    if args.steps:
        figures["steps"] = steps_alone(max(args.repeats, 9))
        if args.json is not None:
            args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
        return
    with tempfile.TemporaryDirectory(prefix="kindgi-build-bench-") as folder:
        work = Path(folder)
        wheel = own_wheel(work)
        links = " ".join(filter(None, [str(wheel.parent), os.environ.get("PIP_FIND_LINKS", "")]))
        os.environ["PIP_FIND_LINKS"] = links
        os.environ["UV_FIND_LINKS"] = str(wheel.parent)
        hooked = work / "with-hook"
        shutil.copytree(BLOCKS_PACK, hooked)
        plain = without_hook(BLOCKS_PACK, work / "plain-hatchling")
        out = str(work / "dist")

        def pip_build(pack: Path, *extra: str) -> list[str]:
            return [sys.executable, "-m", "build", "--wheel", *extra, "--outdir", out, str(pack)]

        print(
            f"{BLOCKS_PACK.name}: {sum(1 for _ in (BLOCKS_PACK / 'blocks').rglob('*.json'))} blocks"
        )
        figures["pip"] = ratio_line(
            "python -m build --wheel (pip)",
            *pairs(args.repeats, pip_build(hooked), pip_build(plain)),
            TARGET_PIP,
        )
        beside = Path(sys.executable).with_name("uv")
        uv = str(beside) if beside.exists() else shutil.which("uv")
        if uv is None:
            print("uv build --wheel: uv isn't installed here (pip install uv); skipped")
        else:

            def uv_build(pack: Path) -> list[str]:
                return [uv, "build", "--wheel", "--quiet", "--out-dir", out, str(pack)]

            figures["uv"] = ratio_line(
                "uv build --wheel",
                *pairs(args.repeats, uv_build(hooked), uv_build(plain)),
                TARGET_UV,
            )
        figures.update(no_isolation(args.repeats, work, wheel, (hooked, plain), out))
        print("its PEP 517 steps, each in a process of its own:")
        figures["steps"] = step_ratios(args.repeats, hooked, plain, work / "steps")
        alone = environment(work, "env-hatchling", ["hatchling"])
        with_hook = environment(work, "env-hook", ["hatchling", str(wheel)])
        base_mib, hook_mib = site_packages_mib(alone), site_packages_mib(with_hook)
        extra = hook_mib - base_mib
        mark = "" if extra <= TARGET_EXTRA_MIB else "   ABOVE TARGET"
        print(
            f"build environment: hatchling alone {base_mib:.1f} MiB, with hatch-kindgi "
            f"{hook_mib:.1f} MiB: +{extra:.1f} MiB (target <= +{TARGET_EXTRA_MIB:.0f}){mark}"
        )
        sizes = package_sizes(with_hook)
        base = package_sizes(alone)
        added = {name: size for name, size in sizes.items() if name not in base}
        for name, size in sorted(added.items(), key=lambda item: -item[1]):
            print(f"  {name}: {size:.1f} MiB")
        unwanted = [name for name in UNWANTED if name in sizes]
        print(f"  none of {', '.join(UNWANTED)}" if not unwanted else f"  HOLDS {unwanted}")
        figures["environment"] = {"hatchling_mib": base_mib, "hook_mib": hook_mib, "added": added}
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
