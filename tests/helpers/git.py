"""Real git repositories made in a temporary folder, for the tests that compare with one."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

GIT_ENV = {
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_AUTHOR_NAME": "Pack Author",
    "GIT_AUTHOR_EMAIL": "author@example.invalid",
    "GIT_COMMITTER_NAME": "Pack Author",
    "GIT_COMMITTER_EMAIL": "author@example.invalid",
    "GIT_AUTHOR_DATE": "1772600767 +0000",
    "GIT_COMMITTER_DATE": "1772600767 +0000",
}
"""No user or system config, a fixed identity and commit time."""


def git(cwd: Path, *args: str) -> str:
    """Run git in `cwd` with GIT_ENV; its stdout. Fails the test when git fails."""
    completed = subprocess.run(
        ["git", *args],
        cwd=cwd,
        env={**os.environ, **GIT_ENV},
        capture_output=True,
        text=True,
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    assert completed.returncode == 0, f"git {args}: {completed.stderr}"
    return completed.stdout


def init_repo(folder: Path) -> Path:
    """`folder` made a git repository on branch main (made first when it isn't there)."""
    folder.mkdir(parents=True, exist_ok=True)
    git(folder, "init", "--quiet", "--initial-branch=main")
    return folder


def commit_all(repo: Path, message: str) -> str:
    """Commit everything in the working tree; the new commit's id."""
    git(repo, "add", "--all")
    git(repo, "commit", "--quiet", "--allow-empty", "-m", message)
    return git(repo, "rev-parse", "HEAD").strip()


def replace_tree(source: Path, target: Path) -> None:
    """Make `target`'s files those of `source` (its .git kept): the next commit's tree."""
    for child in target.iterdir():
        if child.name == ".git":
            continue
        if child.is_dir() and not child.is_symlink():
            shutil.rmtree(child)
        else:
            child.unlink()
    shutil.copytree(source, target, symlinks=True, dirs_exist_ok=True)
