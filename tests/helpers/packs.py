"""Test helpers: copy a testpack, run real builds on it, read the wheel it makes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TESTPACKS = REPO / "testpacks"
BROKEN = TESTPACKS / "broken"
SUMMARY = re.compile(r"\d+ errors?, \d+ warnings? in \d+ files?")
CODE_FOLDERS = ("tools", "guardrails", "agents", "flows")
PUBLISHED_AT = "2026-01-02T03:04:05.678Z"
"""The `published-at` the testpacks and scratch packs pin."""


@dataclass(frozen=True)
class BuildRun:
    """One `python -m build` run: its exit code, output and the artifacts it left."""

    returncode: int
    stdout: str
    stderr: str
    outdir: Path

    @property
    def wheels(self) -> list[Path]:
        """The wheels in the output folder."""
        return sorted(self.outdir.glob("*.whl"))

    @property
    def artifacts(self) -> list[Path]:
        """Everything in the output folder."""
        return sorted(self.outdir.iterdir()) if self.outdir.exists() else []


def has_code(pack: Path) -> bool:
    """Whether the pack has a code folder (tools, guardrails, agents, flows), at its root or
    under `kindgi/` (a pack inside an app, as `kindgi init` lays it out): the SDK indexes it."""
    bases = (pack, pack / "kindgi")
    return any((base / folder).is_dir() for base in bases for folder in CODE_FOLDERS)


def copy_pack(name: str, destination: Path) -> Path:
    """A copy of `testpacks/<name>` under `destination`, so builds never touch the repo."""
    target = destination / Path(name).name
    shutil.copytree(TESTPACKS / name, target, symlinks=True)
    return target


def edit_text(path: Path, old: str, new: str) -> None:
    """Replace `old` by `new` in the UTF-8 file at `path`; fails the test when `old` isn't
    there (the file changed under the test)."""
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new), "utf-8")


def build_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a build: this one, minus pins a developer may have set."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SOURCE_DATE_EPOCH", "KINDGI_ARTIFACT_VERSION", "KINDGI_PUBLISHED_AT")
        and key != "GITHUB_ACTIONS"
    }
    env.update(extra or {})
    return env


def run_build(
    pack: Path,
    outdir: Path,
    *,
    isolated: bool,
    args: tuple[str, ...] = ("--wheel",),
    env: dict[str, str] | None = None,
    timeout: float = 600,
    encoding: str = "utf-8",
) -> BuildRun:
    """`python -m build` on `pack`, as a pack author runs it (its output read in `encoding`,
    which a test sets with PYTHONIOENCODING in `env`)."""
    command = [sys.executable, "-m", "build", *args, "--outdir", str(outdir), str(pack)]
    if not isolated:
        command.insert(3, "--no-isolation")
    completed = run_captured(command, env=env, timeout=timeout, encoding=encoding)
    return BuildRun(completed.returncode, completed.stdout, completed.stderr, outdir)


def run_captured(
    command: Sequence[str | Path],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 300,
    encoding: str | None = None,
    input: str | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run `command` as a user would, stdin closed (or fed `input`), its output captured as
    text (in `encoding`, else the locale's) for the test to judge; `env` defaults to
    `build_env()`."""
    return subprocess.run(
        [str(part) for part in command],
        capture_output=True,
        text=True,
        encoding=encoding,
        env=dict(env) if env is not None else build_env(),
        cwd=cwd,
        timeout=timeout,
        check=False,
        input=input,
        stdin=subprocess.DEVNULL if input is None else None,
    )


def run_checked(
    command: Sequence[str | Path],
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path | None = None,
    timeout: float = 600,
) -> subprocess.CompletedProcess[str]:
    """`run_captured`, failing the test with the command's output when it fails."""
    completed = run_captured(command, env=env, cwd=cwd, timeout=timeout)
    assert completed.returncode == 0, (
        f"{' '.join(map(str, command))} exited with {completed.returncode}\n"
        f"stdout:\n{completed.stdout}\nstderr:\n{completed.stderr}"
    )
    return completed


def run_module(
    *args: str, env: dict[str, str] | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    """`python -m <args>` with this interpreter (a linter, the command line), output captured
    for the test to judge; `env` defaults to `build_env()`."""
    return run_captured([sys.executable, "-m", *args], env=env, timeout=timeout)


def wheel_files(wheel: Path) -> dict[str, bytes]:
    """Every file in a wheel, by archive name."""
    with zipfile.ZipFile(wheel) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


class WheelCache:
    """Wheels of the good testpacks, each built once on first use with `python -m build
    --wheel --no-isolation`, for tests that only read them. `NAME-dotted` is testpacks/NAME
    with the hook option `package = "acme.ledger"`."""

    def __init__(self, folder: Path) -> None:
        self._folder = folder
        self._built: dict[str, Path] = {}

    def __getitem__(self, name: str) -> Path:
        if name not in self._built:
            scratch = self._folder / name
            pack = copy_pack(name.removesuffix("-dotted"), scratch)
            if name.endswith("-dotted"):
                pyproject = pack / "pyproject.toml"
                # testpacks/full ends with the hook's table: the option goes into it.
                text = pyproject.read_text("utf-8")
                pyproject.write_text(text + 'package = "acme.ledger"\n', "utf-8")
            run = run_build(pack, scratch / "dist", isolated=False)
            assert run.returncode == 0, run.stderr
            (self._built[name],) = run.wheels
        return self._built[name]


def report_of(stderr: str) -> str:
    """The kindgi report in a build's stderr: from the header to the summary line."""
    lines = stderr.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("kindgi:"))
    end = next(i for i in range(start + 1, len(lines)) if SUMMARY.fullmatch(lines[i]))
    return "\n".join(lines[start + 1 : end + 1]) + "\n"


def scratch_pyproject(
    name: str, pack_id: str, *, build_system: bool = True, sdk: bool = True, hook: bool = True
) -> str:
    """The pyproject of a pack a test writes: the build system naming the hook, the project
    (depending on the SDK when `sdk`), the pack, and the hook's table pinning publishedAt."""
    parts = []
    if build_system:
        parts.append(
            "[build-system]\n"
            'requires = ["hatchling", "hatch-kindgi"]\n'
            'build-backend = "hatchling.build"\n'
        )
    project = f'[project]\nname = "{name}"\nversion = "1.0.0"\n'
    if sdk:
        project += 'dependencies = ["kindgi>=0.1.10,<0.2"]\n'
    parts.append(project)
    parts.append(f'[tool.kindgi.pack]\nid = "{pack_id}"\nversion = "1.0.0"\n')
    if hook:
        parts.append(f'[tool.hatch.build.hooks.kindgi]\npublished-at = "{PUBLISHED_AT}"\n')
    return "\n".join(parts)
