"""Many packs in one repository, as a team keeps them: a real git repository whose root is no
pack, with `packs/notes` (Python code, indexed by the real kindgi SDK), `packs/shapes` (broken)
and `packs/plain` (clean); and beside them packs that must not be found (one git ignores, one
inside a virtualenv, one under node_modules).

The expected reports are the broken case's golden report (`testpacks/broken/block-shape/
expected.txt`, the build's own words) with each file named from the repository's root."""

from __future__ import annotations

import json
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import run_cli
from tests.helpers.git import commit_all, git, init_repo
from tests.helpers.golden import GOLDEN_ENV, expected_report
from tests.helpers.packs import BROKEN, TESTPACKS, build_env, run_captured

pytestmark = [pytest.mark.slow, pytest.mark.sdk]

BROKEN_CASE = "block-shape"
FOUND = "hatch-kindgi: 3 packs found below .\n"


def _expected(prefix: str) -> str:
    """The broken pack's golden report, its files below `prefix` (the summary unchanged)."""
    *lines, last = expected_report(BROKEN_CASE).splitlines()
    return "".join(f"{prefix}{line}\n" for line in lines) + last + "\n"


def _pack(source: Path, target: Path) -> None:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("expected.txt"))


@pytest.fixture(scope="module")
def monorepo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    repo = init_repo(tmp_path_factory.mktemp("monorepo") / "repo")
    (repo / "pyproject.toml").write_text('[project]\nname = "team-tools"\n', "utf-8")
    (repo / "scripts").mkdir()
    (repo / "scripts" / "release.py").write_text("print('release')\n", "utf-8")
    _pack(TESTPACKS / "code-only", repo / "packs" / "notes")
    _pack(BROKEN / BROKEN_CASE, repo / "packs" / "shapes")
    _pack(TESTPACKS / "minimal", repo / "packs" / "plain")
    # Broken packs nobody checks: ignored by git, in a virtualenv, under node_modules.
    (repo / ".gitignore").write_text("/vendored/\n", "utf-8")
    _pack(BROKEN / BROKEN_CASE, repo / "vendored" / "old")
    (repo / "env").mkdir()
    (repo / "env" / "pyvenv.cfg").write_text("home = /usr/bin\n", "utf-8")
    _pack(BROKEN / BROKEN_CASE, repo / "env" / "lib" / "site" / "shapes")
    _pack(BROKEN / BROKEN_CASE, repo / "web" / "node_modules" / "shapes")
    commit_all(repo, "three packs")
    return repo


def _check(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("check", *args, cwd=repo, env={"NO_COLOR": "1"})


def test_check_at_the_root_finds_the_packs_and_names_files_from_there(monorepo: Path) -> None:
    """`check` at the root: the three packs found (and said), the broken one's problems
    named from the root, exit 1; the same bytes again, and with one pack at a time."""
    run = _check(monorepo)
    assert (run.returncode, run.stdout, run.stderr) == (1, _expected("packs/shapes/"), FOUND)
    assert _check(monorepo).stdout == run.stdout
    assert _check(monorepo, "--jobs", "1").stdout == run.stdout
    # Each pack alone: its lines, named from the root, are the lines of the whole report.
    alone = [_check(monorepo, f"packs/{name}") for name in ("notes", "plain", "shapes")]
    assert [each.returncode for each in alone] == [0, 0, 1]
    assert (
        "".join(f"packs/shapes/{line}" for line in alone[2].stdout.splitlines(True)[:-1])
        + (alone[2].stdout.splitlines(True)[-1])
        == run.stdout
    )


def test_two_packs_named(monorepo: Path) -> None:
    """`check packs/shapes packs/plain`: the same report, nothing said about finding."""
    run = _check(monorepo, "packs/shapes", "packs/plain")
    assert (run.returncode, run.stdout, run.stderr) == (1, _expected("packs/shapes/"), "")
    clean = _check(monorepo, "packs/notes", "packs/plain")
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "", "")


def test_a_folder_below_the_root_and_outside_git(monorepo: Path, tmp_path: Path) -> None:
    """`check packs` finds the same three; a copy outside any git repository too, its
    .gitignore read as git reads it."""
    run = _check(monorepo, "packs")
    assert (run.returncode, run.stdout) == (1, _expected("packs/shapes/"))
    assert run.stderr == "hatch-kindgi: 3 packs found below packs\n"
    copy = tmp_path / "copy"
    shutil.copytree(monorepo, copy, ignore=shutil.ignore_patterns(".git"))
    outside = _check(copy)
    assert (outside.returncode, outside.stdout, outside.stderr) == (
        1,
        _expected("packs/shapes/"),
        FOUND,
    )


def test_github_and_sarif_name_files_from_the_repository_root(monorepo: Path) -> None:
    """GitHub annotations and SARIF results point at `packs/shapes/blocks/…`, the same
    files in the same order as one pack's own report placed in the repository."""
    github = _check(monorepo, "--format", "github")
    alone = _check(monorepo, "packs/shapes", "--format", "github")
    assert github.returncode == 1
    files = [line.split("file=", 1)[1].split(",", 1)[0] for line in github.stdout.splitlines()]
    assert files
    assert all(file.startswith("packs/shapes/blocks/") for file in files)
    assert alone.stdout.replace("file=blocks/", "file=packs/shapes/blocks/") == github.stdout
    sarif = json.loads(_check(monorepo, "--format", "sarif").stdout)
    one = json.loads(_check(monorepo, "packs/shapes", "--format", "sarif").stdout)
    assert sarif == one  # one pack's SARIF is placed in the repository already


def test_index_of_many_packs(monorepo: Path, tmp_path: Path) -> None:
    """`index` writes each pack's index.json in its dist/ when every pack passes, none
    when one fails; `-o` with several packs is a usage error."""
    work = tmp_path / "work"
    shutil.copytree(monorepo, work)
    failing = run_cli("index", cwd=work)
    assert failing.returncode == 1
    assert not list(work.glob("packs/*/dist/index.json"))
    passing = run_cli("index", "packs/notes", "packs/plain", cwd=work)
    assert passing.returncode == 0, passing.stderr
    written = sorted(p.parent.parent.name for p in work.glob("packs/*/dist/index.json"))
    assert written == ["notes", "plain"]
    alone = run_cli("index", "packs/plain", "-o", str(tmp_path / "alone.json"), cwd=work)
    in_dist = (work / "packs/plain/dist/index.json").read_bytes()
    assert (tmp_path / "alone.json").read_bytes() == in_dist
    assert alone.returncode == 0
    refused = run_cli("index", "packs/notes", "packs/plain", "-o", "x.json", cwd=work)
    assert refused.returncode == 2
    assert "-o names one file, and there are 2 packs" in refused.stderr


# pre-commit, the real tool: the hook as .pre-commit-hooks.yaml defines it, run from this
# environment (`language: system`), so no network is needed to install it; the hook installed
# as pre-commit installs it is tests/e2e/test_pre_commit.py's.


def _pre_commit_repo(monorepo: Path, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    yaml = pytest.importorskip("yaml")
    work = tmp_path / "work"
    shutil.copytree(monorepo, work)
    hooks_file = Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml"
    (hook,) = yaml.safe_load(hooks_file.read_text("utf-8"))
    # This environment, which has the SDK, in place of the one pre-commit would make (the
    # hook's own dependencies are for that one: tests/e2e/test_pre_commit.py).
    hook = {**hook, "language": "system", "entry": f"{sys.executable} -m hatch_kindgi check"}
    del hook["additional_dependencies"]
    config = {"repos": [{"repo": "local", "hooks": [hook]}]}
    (work / ".pre-commit-config.yaml").write_text(json.dumps(config), "utf-8")
    env = build_env({**GOLDEN_ENV, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")})
    env["NO_COLOR"] = "1"
    commit_all(work, "pre-commit")
    return work, env


def _pre_commit(work: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess[str]:
    for name in files:
        with (work / name).open("a", encoding="utf-8") as out:
            out.write("\n")
    git(work, "add", *files)
    pre_commit = Path(sys.executable).with_name("pre-commit")
    if not pre_commit.exists():
        pytest.skip("pre-commit is not installed (the test extra brings it)")
    run = run_captured([pre_commit, "run", "--color", "never"], cwd=work, env=env)
    git(work, "reset", "--quiet", "--hard", "HEAD")
    return run


def test_pre_commit_checks_only_the_packs_a_change_touches(monorepo: Path, tmp_path: Path) -> None:
    """A change in the clean pack checks it alone (the broken one is not checked: passed);
    a change in the broken one fails with its problems; a change outside every pack checks
    none."""
    work, env = _pre_commit_repo(monorepo, tmp_path)
    plain = _pre_commit(work, env, "packs/plain/pyproject.toml")
    assert plain.returncode == 0, plain.stdout + plain.stderr
    assert "kindgi pack check" in plain.stdout
    assert "Passed" in plain.stdout
    broken = _pre_commit(work, env, "packs/shapes/blocks/both.json", "scripts/release.py")
    assert broken.returncode == 1
    assert _expected("packs/shapes/") in broken.stdout
    assert "1 file given in no pack: not checked" in broken.stdout
    outside = _pre_commit(work, env, "scripts/release.py")
    assert outside.returncode == 0, outside.stdout
    assert "Passed" in outside.stdout


# Files we write get the mode the umask gives.


@pytest.mark.parametrize(("umask", "mode"), [("022", 0o644), ("077", 0o600)])
def test_written_files_get_the_umask_mode(tmp_path: Path, umask: str, mode: int) -> None:
    """`index -o`, and the hook's report file in a real (failing) build, under umask 022
    and 077: 0644 and 0600, as any tool's output, not the temporary file's 0600."""
    index = tmp_path / "out" / "index.json"
    pack = tmp_path / "pack"
    _pack(BROKEN / BROKEN_CASE, pack)
    with (pack / "pyproject.toml").open("a", encoding="utf-8") as out:
        out.write('report-file = "reports/kindgi.sarif"\n')
    commands = (
        f"umask {umask}; {sys.executable} -m hatch_kindgi index {TESTPACKS / 'minimal'} "
        f"-o {index} && ! {sys.executable} -m build --no-isolation --wheel "
        f"--outdir {tmp_path / 'dist'} {pack}"
    )
    run = run_captured(["sh", "-c", commands], env=build_env(GOLDEN_ENV))
    assert run.returncode == 0, run.stdout + run.stderr
    report = pack / "reports" / "kindgi.sarif"
    assert json.loads(report.read_text("utf-8"))["version"] == "2.1.0"
    assert [stat.S_IMODE(index.stat().st_mode), stat.S_IMODE(report.stat().st_mode)] == [
        mode,
        mode,
    ]
