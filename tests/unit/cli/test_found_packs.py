"""Finding the packs of a repository (`cli.found_packs`): git decides what is ignored; outside
git the .gitignore files are read as git reads them; the pack that holds a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.cli.found_packs import find_packs, is_pack, pack_of
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
