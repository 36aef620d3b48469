"""A git revision's pack folder, read out of real repositories made in tmp_path."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from hatch_kindgi.against.git import LARGEST_COPIED, PackTree, extract_pack, find_revision
from hatch_kindgi.against.reference import RefRequest
from hatch_kindgi.report.problems import error
from tests.helpers.git import GIT_ENV, commit_all, git, init_repo

REQUEST = RefRequest("HEAD~1", "--against")


@pytest.fixture(autouse=True)
def _git_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """git as the code under test runs it: no user config, and never above tmp_path."""
    for key, value in GIT_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))


def _files(folder: Path) -> dict[str, str]:
    """Every path under `folder`: a file's text, or `-> target` for a link."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            found[name] = f"-> {path.readlink()}"
        elif path.is_file():
            found[name] = path.read_text("utf-8")
    return found


def test_pack_in_a_sub_folder_is_read_as_committed(tmp_path: Path) -> None:
    """Only the pack folder's files, as the revision has them (not as the working tree
    has them now), links as links, the executable bit kept, the working tree untouched."""
    repo = init_repo(tmp_path / "repo")
    pack = repo / "packs" / "ledger"
    (pack / "blocks" / "deep").mkdir(parents=True)
    (pack / "pyproject.toml").write_text("[tool.kindgi.pack]\n", "utf-8")
    (pack / "blocks" / "deep" / "a.json").write_text("{}", "utf-8")
    (pack / "run.sh").write_text("#!/bin/sh\n", "utf-8")
    (pack / "run.sh").chmod(0o755)
    (pack / "blocks" / "link.json").symlink_to("deep/a.json")
    (repo / "outside.txt").write_text("not the pack", "utf-8")
    commit_all(repo, "one")
    (pack / "blocks" / "deep" / "a.json").write_text('{"edited": true}', "utf-8")
    commit_all(repo, "two")
    (pack / "blocks" / "deep" / "a.json").write_text("uncommitted", "utf-8")
    status_before = git(repo, "status", "--porcelain")

    tree, problems = find_revision(pack, REQUEST)
    assert problems == []
    assert tree == PackTree(git(repo, "rev-parse", "HEAD~1").strip(), "packs/ledger/")
    out = tmp_path / "out"
    out.mkdir()
    assert extract_pack(pack, tree, out, REQUEST) == (True, [])
    assert _files(out) == {
        "blocks/deep/a.json": "{}",
        "blocks/link.json": "-> deep/a.json",
        "pyproject.toml": "[tool.kindgi.pack]\n",
        "run.sh": "#!/bin/sh\n",
    }
    assert os.access(out / "run.sh", os.X_OK)
    assert git(repo, "status", "--porcelain") == status_before


def test_pack_folder_absent_at_the_revision(tmp_path: Path) -> None:
    """A revision before the pack existed, or with the folder but no pyproject.toml: not
    found, and no problem (a new pack)."""
    repo = init_repo(tmp_path / "repo")
    (repo / "README").write_text("x", "utf-8")
    commit_all(repo, "before the pack")
    (repo / "pack").mkdir()
    (repo / "pack" / "notes.txt").write_text("x", "utf-8")
    commit_all(repo, "a folder, no pack yet")
    (repo / "pack" / "pyproject.toml").write_text("", "utf-8")
    commit_all(repo, "the pack")
    out = tmp_path / "out"
    out.mkdir()
    for ref in ("HEAD~2", "HEAD~1"):
        request = RefRequest(ref, "--against")
        tree, problems = find_revision(repo / "pack", request)
        assert problems == []
        assert tree is not None
        assert extract_pack(repo / "pack", tree, out, request) == (False, [])


def test_unknown_revision(tmp_path: Path) -> None:
    """A name git doesn't know, and one that looks like an option, are one problem each."""
    repo = init_repo(tmp_path / "repo")
    commit_all(repo, "one")
    for text in ("v9.9.9", "--output=x"):
        tree, problems = find_revision(repo, RefRequest(text, "--against"))
        assert tree is None
        assert problems == [
            error(
                "against-unknown-ref",
                ".",
                f'--against "{text}": git knows no commit by this name in the repository at '
                f"{repo}: name a branch, tag or commit it has (git branch -a, git tag)",
            )
        ]


def test_shallow_clone_says_how_to_fetch(tmp_path: Path) -> None:
    """In a clone of depth 1 (as actions/checkout makes), the problem says how to fetch
    what is missing, without fetching anything."""
    origin = init_repo(tmp_path / "origin")
    commit_all(origin, "one")
    git(origin, "branch", "release")
    commit_all(origin, "two")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "--quiet", "--depth=1", f"file://{origin}", str(clone))
    said = {}
    for text in ("HEAD~2", "origin/release", "v1.2.0"):
        tree, problems = find_revision(clone, RefRequest(text, "KINDGI_AGAINST"))
        assert tree is None
        [problem] = problems
        assert problem.code == "against-unknown-ref"
        said[text] = problem.message
    shallow = (
        f"git knows no commit by this name in the repository at {clone}, and this clone is "
        "shallow, so it may lack it"
    )
    history = "or check out with history (`fetch-depth: 0` in actions/checkout)"
    assert said == {
        "HEAD~2": f'KINDGI_AGAINST "HEAD~2": {shallow}: fetch more history '
        f"(`git fetch --deepen=2`), {history}",
        "origin/release": f'KINDGI_AGAINST "origin/release": {shallow}: fetch it '
        f"(`git fetch --depth=1 origin release`), {history}",
        "v1.2.0": f'KINDGI_AGAINST "v1.2.0": {shallow}: fetch it (for a tag, '
        f"`git fetch --depth=1 origin tag v1.2.0`), {history}",
    }
    assert git(clone, "rev-list", "--count", "--all").strip() == "1"


def test_not_a_git_repository(tmp_path: Path) -> None:
    """A pack outside any repository can't name a revision: say to name a file instead."""
    (tmp_path / "pack").mkdir()
    request = RefRequest("origin/main", "option `against`", "pyproject.toml", tmp_path)
    assert find_revision(tmp_path / "pack", request) == (
        None,
        [
            error(
                "against-no-git",
                "pyproject.toml",
                'option `against` "origin/main": the pack is not in a git repository, so '
                "this can't be read as a git revision; name an index.json or a wheel built "
                "by hatch-kindgi instead",
            )
        ],
    )


def test_partial_clone_never_fetches(tmp_path: Path) -> None:
    """A blobless clone lacks the blobs of HEAD~1: a problem naming the file, and the blob
    is still missing afterwards (git was kept from the network)."""
    origin = init_repo(tmp_path / "origin")
    git(origin, "config", "uploadpack.allowFilter", "true")
    (origin / "pyproject.toml").write_text("one", "utf-8")
    commit_all(origin, "one")
    (origin / "pyproject.toml").write_text("two", "utf-8")
    commit_all(origin, "two")
    clone = tmp_path / "clone"
    git(
        tmp_path,
        "clone",
        "--quiet",
        "--filter=blob:none",
        "--no-checkout",
        f"file://{origin}",
        str(clone),
    )
    blob = git(clone, "rev-parse", "HEAD~1:pyproject.toml").strip()
    tree, problems = find_revision(clone, REQUEST)
    assert problems == []
    assert tree is not None
    out = tmp_path / "out"
    out.mkdir()
    found, problems = extract_pack(clone, tree, out, REQUEST)
    assert (found, problems) == (
        False,
        [
            error(
                "against-git",
                ".",
                '--against "HEAD~1": git cannot read the pack folder there: pyproject.toml '
                f"({blob}) is not in this clone, and git may not fetch it here (a partial "
                "clone): fetch the revision first, or clone without --filter",
            )
        ],
    )
    missing = subprocess.run(
        ["git", "cat-file", "-e", blob],
        cwd=clone,
        env={**os.environ, "GIT_NO_LAZY_FETCH": "1", "GIT_ALLOW_PROTOCOL": ""},
        capture_output=True,
        check=False,
    )
    assert missing.returncode != 0


def test_a_missing_object_of_a_whole_clone_is_named(tmp_path: Path) -> None:
    """A clone that is not partial but lacks a blob (a damaged one, its loose object removed):
    git 2.55 answers `<oid> missing` and says nothing, older gits the same; not the partial
    clone's advice, and the file named."""
    repo = init_repo(tmp_path / "repo")
    (repo / "pyproject.toml").write_text("one", "utf-8")
    commit_all(repo, "one")
    (repo / "pyproject.toml").write_text("two", "utf-8")
    commit_all(repo, "two")
    blob = git(repo, "rev-parse", "HEAD~1:pyproject.toml").strip()
    (repo / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    tree, problems = find_revision(repo, REQUEST)
    assert problems == []
    assert tree is not None
    out = tmp_path / "out"
    out.mkdir()
    assert extract_pack(repo, tree, out, REQUEST) == (
        False,
        [
            error(
                "against-git",
                ".",
                '--against "HEAD~1": git cannot read the pack folder there: pyproject.toml '
                f"({blob}) cannot be read: git has no such object in this clone",
            )
        ],
    )


def test_a_slow_git_is_a_problem_not_a_new_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git past its time limit is `against-git`, never mistaken for a revision without the
    pack (which would compare nothing and pass)."""
    repo = init_repo(tmp_path / "repo")
    (repo / "pyproject.toml").write_text("", "utf-8")
    commit_all(repo, "one")
    tree, _ = find_revision(repo, RefRequest("HEAD", "--against"))
    assert tree is not None
    monkeypatch.setattr("hatch_kindgi.against.git.GIT_TIMEOUT", 1e-6)
    out = tmp_path / "out"
    out.mkdir()
    found, problems = extract_pack(repo, tree, out, RefRequest("HEAD", "--against"))
    assert found is False
    assert [(p.code, p.message) for p in problems] == [
        (
            "against-git",
            '--against "HEAD": git cannot read the pack folder: git rev-parse took longer '
            "than 1e-06 s",
        )
    ]


def test_a_large_file_is_written_at_its_size_without_its_bytes(tmp_path: Path) -> None:
    """A data file far above any size the pipeline reads: the copy has its size (so a block
    that large is still refused by its size) and takes no room; the other files are whole."""
    repo = init_repo(tmp_path / "repo")
    (repo / "data").mkdir()
    (repo / "pyproject.toml").write_text("[tool.kindgi.pack]\n", "utf-8")
    size = LARGEST_COPIED + 1
    with (repo / "data" / "big.bin").open("wb") as stream:
        stream.truncate(size)
    (repo / "data" / "small.bin").write_bytes(b"\0" * 1000)
    commit_all(repo, "one")
    commit_all(repo, "two")

    tree, problems = find_revision(repo, REQUEST)
    assert problems == []
    assert tree is not None
    out = tmp_path / "out"
    out.mkdir()
    assert extract_pack(repo, tree, out, REQUEST) == (True, [])
    big = (out / "data" / "big.bin").stat()
    assert big.st_size == size
    assert big.st_blocks * 512 < 1024 * 1024  # sparse: none of its bytes were written
    assert (out / "data" / "small.bin").read_bytes() == b"\0" * 1000
    assert (out / "pyproject.toml").read_text("utf-8") == "[tool.kindgi.pack]\n"
