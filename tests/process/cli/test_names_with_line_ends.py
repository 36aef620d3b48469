"""File and folder names holding what `str.splitlines` breaks at (U+2028, U+0085, `\\x1c`)
and a newline, in a real git repository made in tmp_path, as a user meets them: `check
--against` a revision, a pack whose code prints such a name, `check` at a monorepo's root,
pre-commit's file list, and a monorepo outside git whose `.gitignore` names such folders.
git's and a child's output is read at `\\n` only, a listing of files NUL-separated (`-z`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import run_cli
from tests.helpers.entries import PING_TOOL, scratch_pack
from tests.helpers.git import GIT_ENV, commit_all, git, init_repo
from tests.helpers.packs import edit_text, scratch_pyproject

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="Windows refuses control characters in file names"
)

ODD = ("\u2028", "\u0085", "\x1c", "\n")
"""Each splits a line for `str.splitlines`; none does for git."""
PACKS = ("\nledger", "sty\u2028le", "mi\x85xed\x1c")
"""Pack folders: one that starts with a newline (git prints its prefix as is), the others
with a line separator, a NEL and a file separator inside."""
BLOCK = "re\u2028ply\x85\nstyle\x1c.json"
STYLE = (
    '{\n  "id": "acme.p%d.style",\n  "version": "1.0.0",\n  "kind": "settings",\n'
    '  "content": { "values": { "limit": 50 } }\n}\n'
)


@pytest.fixture(autouse=True)
def _git_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """git with no user config, never above tmp_path, for the tests and the CLI alike."""
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


def _monorepo(top: Path) -> Path:
    """`top/<each of PACKS>`: a blocks-only pack with one block file named `BLOCK` (at the
    top: git's prefix of the first then starts with its newline)."""
    for number, name in enumerate(PACKS):
        pack = top / name
        (pack / "blocks").mkdir(parents=True)
        pyproject = scratch_pyproject(f"p{number}", f"acme.p{number}", sdk=False)
        (pack / "pyproject.toml").write_text(pyproject, "utf-8")
        (pack / "blocks" / BLOCK).write_text(STYLE % number, "utf-8")
    return top


def _reported(stdout: str) -> list[tuple[str, str]]:
    """(file, code) of each problem of a `--format json` report, the file as it names it."""
    return [(problem["file"], problem["code"]) for problem in json.loads(stdout)["problems"]]


def _shown(path: str) -> str:
    """A path as the report shows it: each control or separator character escaped
    (`report.escape`; written out here by hand for the four of ODD)."""
    for character, escaped in zip(ODD, ("\\u2028", "\\x85", "\\x1c", "\\n")):
        path = path.replace(character, escaped)
    return path


def test_check_against_a_revision_reads_every_such_name(tmp_path: Path) -> None:
    """Each pack's block edited without a new version: `check --against HEAD` finds the
    reuse in every pack, the one whose folder starts with a newline too (its folder was
    once read as `ledger/`, which the revision lacks: a new pack, compared with nothing)."""
    repo = _monorepo(init_repo(tmp_path / "repo"))
    commit_all(repo, "release")
    for name in PACKS:
        pack = repo / name
        edit_text(pack / "blocks" / BLOCK, '"limit": 50', '"limit": 80')
        run = run_cli("check", str(pack), "--against", "HEAD", "--format", "json")
        assert run.returncode == 1, (name, run.stdout, run.stderr)
        assert _reported(run.stdout) == [(_shown(f"blocks/{BLOCK}"), "version-reused")], name


def test_check_at_the_root_and_pre_commits_files(tmp_path: Path) -> None:
    """`check` at the root finds the three packs (git's listing, NUL-separated); the files
    pre-commit passes (git's `diff --staged --name-only -z`, as pre-commit reads it) check
    just the packs that hold them."""
    repo = _monorepo(init_repo(tmp_path / "repo"))
    commit_all(repo, "release")
    for name in PACKS:  # a fault in every pack, so each one checked shows
        edit_text(repo / name / "blocks" / BLOCK, '"1.0.0"', '"1.0"')
    run = run_cli("check", "--format", "json", cwd=repo)
    assert run.returncode == 1, run.stderr
    every = sorted(_shown(f"{name}/blocks/{BLOCK}") for name in PACKS)
    assert sorted(file for file, _ in _reported(run.stdout)) == every
    assert "3 packs found below ." in run.stderr

    git(repo, "add", "--", PACKS[0], PACKS[2])
    staged = git(repo, "diff", "--staged", "--name-only", "-z").split("\0")
    files = [name for name in staged if name]
    assert len(files) == 2
    run = run_cli("check", "--format", "json", *files, cwd=repo)
    assert run.returncode == 1, run.stderr
    touched = sorted(_shown(f"{PACKS[n]}/blocks/{BLOCK}") for n in (0, 2))
    assert sorted(file for file, _ in _reported(run.stdout)) == touched


def test_a_gitignore_outside_git_is_read_at_newlines_only(tmp_path: Path) -> None:
    """Outside a working tree the `.gitignore` decides which packs `check` at the root
    finds: its lines end at `\\n` (a `\\r` before it dropped), as git reads them, so a name
    with U+2028, U+0085 or `\\x1c` is one pattern, not two. git itself, on the same tree in a
    repository, finds the same packs."""
    names = ["ig\u2028nored", "ig", "nored", "a\x85b", "a", "c\x1cd", "d"]
    ignore = "ig\u2028nored/\na\x85b/\r\nc\x1cd/\n".encode()
    outside, inside = tmp_path / "outside", init_repo(tmp_path / "inside")
    for top in (outside, inside):
        for number, name in enumerate(names):
            pack = top / name
            (pack / "blocks").mkdir(parents=True)
            pyproject = scratch_pyproject(f"p{number}", f"acme.p{number}", sdk=False)
            (pack / "pyproject.toml").write_text(pyproject, "utf-8")
            # A fault in every pack, so that each one checked shows in the report.
            style = (STYLE % number).replace('"1.0.0"', '"1.0"')
            (pack / "blocks" / "style.json").write_text(style, "utf-8")
        (top / ".gitignore").write_bytes(ignore)
    expected = [f"{name}/blocks/style.json" for name in ("a", "d", "ig", "nored")]
    for top in (inside, outside):
        run = run_cli("check", "--format", "json", cwd=top)
        assert run.returncode == 1, (top, run.stderr)
        assert sorted(file for file, _ in _reported(run.stdout)) == expected, top


@pytest.mark.sdk
def test_what_a_module_prints_is_quoted_whole(tmp_path: Path) -> None:
    """A module whose name holds U+2028 and U+0085 prints its name and a file separator, then
    exits at import: the problem quotes the line whole, not cut into ` | `-joined pieces."""
    repo = init_repo(tmp_path / "repo")
    module = "_st\u2028art\x85up.py"
    dies = (
        "import os, sys\n"
        'sys.stderr.write("cannot open " + os.path.basename(__file__) + " at \\x1c end\\n")\n'
        "sys.stderr.flush()\n"
        "os._exit(5)\n"
    )
    root = scratch_pack(repo / "pack", {"tools/ping.py": PING_TOOL, f"tools/{module}": dies})
    commit_all(repo, "pack")
    run = run_cli("check", str(root), "--format", "json")
    assert run.returncode == 1, run.stderr
    problems = json.loads(run.stdout)["problems"]
    assert [(p["file"], p["code"]) for p in problems] == [
        (_shown(f"tools/{module}"), "module-import")
    ]
    assert problems[0]["message"] == (
        "the kindgi indexer exited with code 5 while importing this module; it said: "
        f"cannot open {_shown(module)} at {_shown(chr(0x1C))} end"
    )
