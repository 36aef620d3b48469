"""Finding the packs of a repository (`cli.found_packs`): git decides what is ignored; outside
git the .gitignore files are read as git reads them; the pack that holds a file."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hatch_kindgi.cli.found_packs import find_packs, is_pack, pack_of
from tests.helpers.bounded import run_bounded
from tests.helpers.git import git, init_repo

PACK = '[project]\nname = "p"\n\n[tool.kindgi.pack]\nid = "acme.p"\nversion = "1.0.0"\n'


def _tree(top: Path) -> None:
    """Packs at a/, b/c/, one ignored (ignored/x), one in a virtualenv, one under build/,
    a non-pack project (tool/), and a pack whose pyproject is broken TOML naming tool.kindgi."""
    for folder in ("a", "b/c", "ignored/x", "venv2/lib/p", "build/p", "deep/.hidden/p"):
        (top / folder).mkdir(parents=True)
        (top / folder / "pyproject.toml").write_text(PACK, "utf-8")
    (top / "venv2" / "pyvenv.cfg").write_text("home = /usr\n", "utf-8")
    (top / "tool").mkdir()
    (top / "tool" / "pyproject.toml").write_text('[project]\nname = "tool"\n', "utf-8")
    (top / "broken").mkdir()
    (top / "broken" / "pyproject.toml").write_text("[tool.kindgi.pack\n", "utf-8")
    (top / ".gitignore").write_text("ignored/\n", "utf-8")


EXPECTED = ["a", "b/c", "broken"]


def _found(top: Path) -> list[str]:
    return [path.relative_to(top).as_posix() for path in find_packs(top)]


def test_in_a_git_repository(tmp_path: Path) -> None:
    """git's answer: the ignored folder is left out, tracked or not."""
    top = init_repo(tmp_path / "repo")
    _tree(top)
    assert _found(top) == EXPECTED
    git(top, "add", "a")
    assert _found(top) == EXPECTED
    # What git ignores by a rule of the repository's own exclude file, too.
    (top / ".git" / "info" / "exclude").write_text("b/\n", "utf-8")
    assert _found(top) == ["a", "broken"]


def test_outside_git(tmp_path: Path) -> None:
    """No repository: the same packs, the .gitignore read with pathspec."""
    _tree(tmp_path)
    assert _found(tmp_path) == EXPECTED


@pytest.mark.parametrize(
    ("inside", "holder"),
    [("a/blocks/x.json", "a"), ("a/pyproject.toml", "a"), ("b/c", "b/c"), ("tool/t.py", None)],
)
def test_the_pack_that_holds_a_file(tmp_path: Path, inside: str, holder: str | None) -> None:
    """The nearest folder that is a pack; none for a file of a project that is not one."""
    _tree(tmp_path)
    (tmp_path / "a" / "blocks").mkdir()
    (tmp_path / "a" / "blocks" / "x.json").write_text("{}", "utf-8")
    (tmp_path / "tool" / "t.py").write_text("", "utf-8")
    found = pack_of(tmp_path / inside)
    assert found == (None if holder is None else (tmp_path / holder).absolute())


def test_what_is_a_pack(tmp_path: Path) -> None:
    """A pyproject with [tool.kindgi], or broken TOML that names it; not a folder, no file."""
    _tree(tmp_path)
    assert [is_pack(tmp_path / f) for f in ("a", "tool", "broken", "nope")] == [
        True,
        False,
        True,
        False,
    ]


_FIND = """\
from pathlib import Path
from hatch_kindgi.cli.found_packs import find_packs, is_pack
top = Path({top!r})
skipped = []
found = [str(p.relative_to(top)) for p in find_packs(top, skipped)]
named = [is_pack(top / name) for name in ("fifo", "zero", "large")]
print(json.dumps([found, [(str(s.path.relative_to(top)), s.why) for s in skipped], named]))
"""

_NOT_REGULAR = "is not a regular file (a FIFO, a device or a socket)"


def _odd_tree(top: Path, *, gitignore: bool) -> None:
    """A pack at a/, a FIFO named pyproject.toml at fifo/, one linked to /dev/zero at zero/,
    one over the bound at large/, and (`gitignore`) a FIFO named .gitignore at the top."""
    (top / "a").mkdir(parents=True)
    (top / "a" / "pyproject.toml").write_text(PACK, "utf-8")
    for folder in ("fifo", "zero", "large"):
        (top / folder).mkdir()
    os.mkfifo(top / "fifo" / "pyproject.toml")
    (top / "zero" / "pyproject.toml").symlink_to("/dev/zero")
    (top / "large" / "pyproject.toml").write_bytes(PACK.encode() + b"#" * 1024 * 1024)
    if gitignore:
        os.mkfifo(top / ".gitignore")


_SKIPPED_BELOW = [
    ["fifo/pyproject.toml", _NOT_REGULAR],
    ["large/pyproject.toml", f"is {len(PACK) + 1024 * 1024} bytes, more than the limit of 1048576"],
    ["zero/pyproject.toml", _NOT_REGULAR],
]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
@pytest.mark.parametrize("in_git", [False, True], ids=["outside-git", "in-git"])
def test_odd_files_are_skipped_with_a_reason(tmp_path: Path, in_git: bool) -> None:
    """A FIFO, a link to /dev/zero and an oversize file named pyproject.toml, a FIFO named
    .gitignore: the search skips each with its reason (none hangs, none is read whole); named
    as a pack folder, each is a pack, so the check says what is wrong with its pyproject.
    In a repository git lists the files and never a FIFO (it is no file git would add), and
    git reads the .gitignore files itself, blocking on a FIFO (`git ls-files` would be
    stopped after its timeout and the tree walked as outside git): neither is made there."""
    top = init_repo(tmp_path / "repo") if in_git else tmp_path
    _odd_tree(top, gitignore=not in_git)
    found, skipped, named = run_bounded(_FIND.format(top=str(top)))
    assert found == ["a"]
    if in_git:
        assert skipped == [row for row in _SKIPPED_BELOW if not row[0].startswith("fifo/")]
    else:
        assert skipped == [[".gitignore", _NOT_REGULAR], *_SKIPPED_BELOW]
    assert named == [True, True, True]
