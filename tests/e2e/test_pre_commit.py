"""pre-commit, the real tool, on packs with code: the hook exactly as `.pre-commit-hooks.yaml`
defines it (`language: python`), so pre-commit makes the hook's environment itself, from a
git repository of this tree's hatch-kindgi, and installs into it what the manifest says and
nothing more. Offline: pip takes every package from local wheelhouses.

A good code pack passes; a broken one fails, naming the file; a hook whose dependencies the
user replaced without kindgi gets the `sdk-missing` advice for pre-commit users."""

from __future__ import annotations

import importlib.metadata
import re
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

from tests.helpers.docs import shown_files
from tests.helpers.git import commit_all, git, init_repo
from tests.helpers.golden import GOLDEN_ENV, expected_report
from tests.helpers.packs import BROKEN, REPO, TESTPACKS, build_env, run_captured, run_checked

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the tests skip there (the sdk mark), but the module loads
    import tomli as tomllib

yaml = pytest.importorskip("yaml")

pytestmark = [pytest.mark.slow, pytest.mark.sdk]

HOOK_SOURCE = ("pyproject.toml", "README.md", "LICENSE", ".pre-commit-hooks.yaml")
"""What of this tree the hook's repository needs besides src/: pre-commit pip-installs it."""
BROKEN_CASE = "import-raises"


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """hatch-kindgi as pre-commit fetches it: a git repository of this tree's source, and
    its commit (the `rev` a config names)."""
    repo = init_repo(tmp_path_factory.mktemp("hook") / "hatch-kindgi")
    for name in HOOK_SOURCE:
        shutil.copy2(REPO / name, repo / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(REPO / "src", repo / "src", ignore=ignore)
    return repo, commit_all(repo, "hatch-kindgi")


@pytest.fixture(scope="module")
def hook_env(offline: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """pre-commit's environment: one PRE_COMMIT_HOME for the module (the hook's environment
    is made once per set of dependencies), and pip offline, finding hatch-kindgi's own build
    dependency, hatch-fancy-pypi-readme, beside the offline wheelhouse."""
    extra = tmp_path_factory.mktemp("build-deps")
    version = importlib.metadata.version("hatch-fancy-pypi-readme")
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--only-binary=:all:"]
    run_checked([*command, "--dest", str(extra), f"hatch-fancy-pypi-readme=={version}"])
    links = f"{offline['PIP_FIND_LINKS']} {extra}"
    home = tmp_path_factory.mktemp("pre-commit-home")
    return {
        **offline,
        **GOLDEN_ENV,
        "PIP_FIND_LINKS": links,
        "PRE_COMMIT_HOME": str(home),
        "NO_COLOR": "1",
        "VIRTUALENV_NO_PERIODIC_UPDATE": "1",
    }


def _pre_commit_exe() -> Path:
    found = Path(sys.executable).with_name("pre-commit")
    if not found.exists():
        pytest.fail("pre-commit is not installed (the test extra brings it)")
    return found


def _user_repo(
    folder: Path, hook_repo: tuple[Path, str], hook: Mapping[str, object] | None = None
) -> Path:
    """A pack author's repository: a good code pack and a broken one, and a
    .pre-commit-config.yaml naming the hook (with `hook`'s keys on top)."""
    repo = init_repo(folder)
    ignore = shutil.ignore_patterns("expected.txt")
    shutil.copytree(TESTPACKS / "code-only", repo / "packs" / "notes", ignore=ignore)
    shutil.copytree(BROKEN / BROKEN_CASE, repo / "packs" / "raises", ignore=ignore)
    where, rev = hook_repo
    entry = {"id": "kindgi-check", **(hook or {})}
    config = {"repos": [{"repo": str(where), "rev": rev, "hooks": [entry]}]}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), "utf-8")
    commit_all(repo, "packs")
    return repo


def _commit_run(repo: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess[str]:
    """`pre-commit run` on a change to `files` (a line added to each, staged), as a commit
    runs it; the change is undone after."""
    for name in files:
        with (repo / name).open("a", encoding="utf-8") as out:
            out.write("\n")
    git(repo, "add", *files)
    run = run_captured(
        [_pre_commit_exe(), "run", "--color", "never"], cwd=repo, env=build_env(env), timeout=900
    )
    git(repo, "reset", "--quiet", "--hard", "HEAD")
    return run


def test_the_hook_brings_the_sdk(
    hook_repo: tuple[Path, str], hook_env: dict[str, str], tmp_path: Path
) -> None:
    """A change in the good code pack passes (its code indexed by the kindgi SDK the hook
    installs); a change in the broken one fails with the golden report, each file named from
    the repository's root."""
    repo = _user_repo(tmp_path / "packs-repo", hook_repo)
    good = _commit_run(repo, hook_env, "packs/notes/tools/notes.py")
    assert good.returncode == 0, good.stdout + good.stderr
    assert re.search(r"^kindgi pack check\.+Passed$", good.stdout, re.MULTILINE), good.stdout
    broken = _commit_run(repo, hook_env, "packs/raises/tools/ping.py")
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert re.search(r"^kindgi pack check\.+Failed$", broken.stdout, re.MULTILINE)
    *lines, summary = expected_report(BROKEN_CASE).splitlines()
    report = "".join(f"packs/raises/{line}\n" for line in lines) + summary + "\n"
    assert report in broken.stdout
    assert "packs/raises/tools/broken.py:6: error[module-import]" in broken.stdout
    assert "Traceback" not in broken.stdout + broken.stderr


def test_a_hook_without_kindgi_says_what_a_pre_commit_user_can_do(
    hook_repo: tuple[Path, str], hook_env: dict[str, str], tmp_path: Path
) -> None:
    """A config whose own `additional_dependencies` leave kindgi out (the list replaces the
    hook's): one `sdk-missing`, with advice in pre-commit's terms, not pip's."""
    hook = {"additional_dependencies": ["semantic_version"]}
    repo = _user_repo(tmp_path / "packs-repo", hook_repo, hook)
    run = _commit_run(repo, hook_env, "packs/notes/tools/notes.py")
    assert run.returncode == 1, run.stdout + run.stderr
    (line,) = [line for line in run.stdout.splitlines() if "sdk-missing" in line]
    python = re.escape(str(Path(hook_env["PRE_COMMIT_HOME"])))
    assert re.fullmatch(
        r"packs/notes/pyproject\.toml: error\[sdk-missing\]: the pack has code modules "
        r"\(agents/scribe\.py, flows/daily\.py, guardrails/no_shouting\.py, …\) but the Python "
        rf"of pre-commit's environment for the hook \({python}/\S+/bin/python[\d.]*\) cannot "
        r"import `kindgi`, whose indexer indexes them: the hook brings kindgi on Python 3\.11 "
        r"or later: give it that Python \(`language_version: python3\.11` under the hook in "
        r"\.pre-commit-config\.yaml\), and if you list `additional_dependencies` for the pack's "
        r"own imports, keep \"kindgi>=0\.1\.10,<0\.2\" among them \(your list replaces the "
        r"hook's\)",
        line,
    ), line
    # That advice, followed, passes.
    fixed = {"additional_dependencies": ["semantic_version", "kindgi>=0.1.10,<0.2"]}
    repo = _user_repo(tmp_path / "fixed-repo", hook_repo, fixed)
    passed = _commit_run(repo, hook_env, "packs/notes/tools/notes.py")
    assert passed.returncode == 0, passed.stdout + passed.stderr


def test_the_hooks_sdk_is_the_sdk_extra() -> None:
    """The manifest's dependency is the `sdk` extra's requirement, word for word (pre-commit
    installs a hook's repository without extras, so the manifest says it again)."""
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert hook["additional_dependencies"] == project["optional-dependencies"]["sdk"]
    assert hook["language"] == "python"


def test_the_getting_started_config_works(
    hook_repo: tuple[Path, str], hook_env: dict[str, str], tmp_path: Path
) -> None:
    """docs/getting-started.md's .pre-commit-config.yaml on its pack, pointed at this tree's
    hook and given this interpreter (the offline wheelhouse holds its wheels), and nothing
    else changed: a change to the pack passes, a mistake in it fails naming the file."""
    config = yaml.safe_load(shown_files("getting-started.md")[".pre-commit-config.yaml"])
    ((repo_entry),) = config["repos"]
    where, rev = hook_repo
    repo_entry.update(repo=str(where), rev=rev)
    (hook,) = repo_entry["hooks"]
    hook["language_version"] = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    repo = init_repo(tmp_path / "replies")
    shutil.copytree(TESTPACKS / "getting-started", repo, dirs_exist_ok=True)
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), "utf-8")
    commit_all(repo, "the pack")
    good = _commit_run(repo, hook_env, "tools/refund_check.py")
    assert good.returncode == 0, good.stdout + good.stderr
    style = repo / "blocks" / "reply-style.json"
    style.write_text(style.read_text("utf-8").replace('"refundLimit": 50', '"refundLimit": -5'))
    bad = _commit_run(repo, hook_env, "blocks/reply-style.json")
    assert bad.returncode == 1
    assert (  # at its place, as docs/getting-started.md shows it (counted there by hand)
        "blocks/reply-style.json:6:51: error[settings-values]: /content/values/refundLimit"
        in bad.stdout
    )
