"""Real git repositories made in a temporary folder, for the tests that compare with one."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.helpers.packs import run_checked

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


def git(cwd: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """Run git in `cwd` with GIT_ENV (and `env` on top); its stdout. Fails the test when git
    fails."""
    environment = {**os.environ, **GIT_ENV, **(env or {})}
    return run_checked(["git", *args], cwd=cwd, env=environment, timeout=120).stdout


def init_repo(folder: Path) -> Path:
    """`folder` made a git repository on branch main (made first when it isn't there)."""
    folder.mkdir(parents=True, exist_ok=True)
    git(folder, "init", "--quiet", "--initial-branch=main")
    return folder


def commit_all(repo: Path, message: str, *, env: dict[str, str] | None = None) -> str:
    """Commit everything in the working tree (`env` on top of GIT_ENV, a commit date, say);
    the new commit's id."""
    git(repo, "add", "--all")
    git(repo, "commit", "--quiet", "--allow-empty", "-m", message, env=env)
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
