"""blocks/line_ends: a template checked out with \\r\\n, its .gitattributes read as git reads
them (held to `git check-attr`), and the line its fix adds."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.blocks.line_ends import (
    CODE,
    LineEnds,
    appended,
    attributes_line,
    attributes_of,
    line_ends_problem,
)
from tests.helpers.git import git, init_repo

# Attribute files at three depths (the repository's top, the pack root, a blocks sub-folder):
# patterns without and with a slash, `**`, classes, a quoted name, a macro, `binary`, `!`
# (unspecified again), a negative pattern (ignored), a folder-only pattern (matches no file),
# a later line over an earlier one, a deeper file over a higher one.
TOP = """\
[attr]keepcr -text
* text=auto
*.liquid text
pack/blocks/legacy/** eol=crlf
!pack/blocks/negated.liquid -text
pack/blocks/folder/ -text
"""
PACK = """\
# the pack's own
*.liquid eol=lf
blocks/*.raw keepcr
/blocks/bin[0-9].liquid binary
"with space.liquid" -text
**/deep/*.liquid !eol
blocks/**/nested.liquid eol=crlf\r
\t*.txt   text   eol=crlf
"""
SUB = """\
*.liquid !text
keep?.liquid -text
[!k]*.md eol=lf
"""
PATHS = [
    "blocks/reply.liquid",
    "blocks/a.raw",
    "blocks/bin1.liquid",
    "blocks/binx.liquid",
    "blocks/with space.liquid",
    "blocks/x/deep/t.liquid",
    "blocks/deep/t.liquid",
    "blocks/a/b/nested.liquid",
    "blocks/nested.liquid",
    "blocks/legacy/old.liquid",
    "blocks/negated.liquid",
    "blocks/folder/f.liquid",
    "blocks/notes.txt",
    "blocks/sub/reply.liquid",
    "blocks/sub/keep1.liquid",
    "blocks/sub/kx.md",
    "blocks/sub/ax.md",
    "blocks/sub/deeper/keep1.liquid",
    "blocks/README",
    "other.liquid",
]


def _git_says(repo: Path, path: str) -> LineEnds:
    said = git(repo, "check-attr", "text", "eol", "--", path)
    values: dict[str, bool | str | None] = {}
    for line in said.splitlines():
        name, value = line.rsplit(": ", 2)[-2:]
        values[name] = {"set": True, "unset": False, "unspecified": None}.get(value, value)
    eol = values["eol"]
    return LineEnds(values["text"], eol if isinstance(eol, str) else None)  # `eol` set: no value


@pytest.mark.parametrize("path", PATHS)
def test_attributes_as_git_check_attr_says(tmp_path: Path, path: str) -> None:
    """Each path's `text` and `eol` are what `git check-attr` answers in a real repository
    with those three attribute files (the pack one folder below its top)."""
    repo = init_repo(tmp_path / "repo")
    pack = repo / "pack"
    (pack / "blocks" / "sub").mkdir(parents=True)
    (repo / ".gitattributes").write_bytes(TOP.encode())
    (pack / ".gitattributes").write_bytes(PACK.encode())
    (pack / "blocks" / "sub" / ".gitattributes").write_bytes(SUB.encode())
    assert attributes_of(pack, path) == _git_says(repo, f"pack/{path}")


def test_outside_a_repository_the_pack_root_is_the_top(tmp_path: Path) -> None:
    """With no `.git` above, a `.gitattributes` above the pack is no file of the pack's
    work tree; the pack's own is read, its `/` patterns from the pack root."""
    (tmp_path / ".gitattributes").write_text("*.liquid -text\n")
    pack = tmp_path / "pack"
    pack.mkdir()
    assert attributes_of(pack, "blocks/r.liquid") == LineEnds()
    (pack / ".gitattributes").write_text("/blocks/r.liquid text eol=lf\n")
    assert attributes_of(pack, "blocks/r.liquid") == LineEnds(True, "lf")


def test_an_editors_buffer_of_gitattributes_is_read(tmp_path: Path) -> None:
    """The overlay (an editor's unsaved `.gitattributes`, a fix in memory) wins over disk."""
    (tmp_path / ".gitattributes").write_text("*.liquid -text\n")
    buffer = {".gitattributes": b"*.liquid text eol=lf\n"}
    assert attributes_of(tmp_path, "blocks/r.liquid", buffer) == LineEnds(True, "lf")


def test_the_warning_and_its_fix(tmp_path: Path) -> None:
    """The first `\\r` of a `\\r\\n` is the place; the fix names the pack's .gitattributes and
    the extension's line; `-text` and `eol=crlf` keep the bytes and draw nothing, nor a lone
    `\\r`, nor a text without one."""
    text = "Hello,\nDear {{ name }},\r\nbye\r\n"
    problem = line_ends_problem(tmp_path, "blocks/r.liquid", text)
    assert problem is not None
    assert (problem.code, problem.severity, problem.file) == (CODE, "warning", "blocks/r.liquid")
    assert (problem.line, problem.column) == (2, 17)
    assert problem.suggestion == (".gitattributes", "*.liquid text eol=lf")
    assert '"*.liquid text eol=lf"' in problem.message
    assert line_ends_problem(tmp_path, "blocks/r.liquid", "a\rb\n") is None
    assert line_ends_problem(tmp_path, "blocks/r.liquid", "a\nb\n") is None
    for kept in ("*.liquid -text\n", "* binary\n", "*.liquid eol=crlf\n"):
        (tmp_path / ".gitattributes").write_text(kept)
        assert line_ends_problem(tmp_path, "blocks/r.liquid", text) is None, kept
    # Said LF already: checked out before; no fix to add.
    (tmp_path / ".gitattributes").write_text("*.liquid text eol=lf\n")
    late = line_ends_problem(tmp_path, "blocks/r.liquid", text)
    assert late is not None
    assert late.suggestion is None
    assert "check the file out again" in late.message


def test_no_fix_where_a_deeper_file_would_still_win(tmp_path: Path) -> None:
    """A blocks/.gitattributes that says `!eol` for the template outranks the pack root's:
    the line added there would fix nothing, so none is offered (the warning stays)."""
    (tmp_path / "blocks").mkdir()
    (tmp_path / "blocks" / ".gitattributes").write_text("r.liquid !eol\n")
    problem = line_ends_problem(tmp_path, "blocks/r.liquid", "a\r\n")
    assert problem is not None
    assert problem.suggestion is None


def test_attributes_line() -> None:
    """By extension; else the path from the pack root; none for a name that needs quoting."""
    assert attributes_line("blocks/reply.liquid") == "*.liquid text eol=lf"
    assert attributes_line("blocks/p/reply.md") == "*.md text eol=lf"
    assert attributes_line("blocks/README") == "/blocks/README text eol=lf"
    assert attributes_line("blocks/.hidden") == "/blocks/.hidden text eol=lf"
    assert attributes_line("blocks/a b") is None


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (None, "*.liquid text eol=lf\n"),
        ("", "*.liquid text eol=lf\n"),
        ("* text=auto\n", "* text=auto\n*.liquid text eol=lf\n"),
        ("* text=auto", "* text=auto\n*.liquid text eol=lf\n"),
        ("# a\r\n* -diff\r\n", "# a\r\n* -diff\r\n*.liquid text eol=lf\r\n"),
        ("# a\r\n* -diff", "# a\r\n* -diff\r\n*.liquid text eol=lf\r\n"),
    ],
)
def test_appended_keeps_the_file(before: str | None, after: str) -> None:
    """The file's bytes kept, a line end where its last line lacks one, in its own style."""
    assert appended(before, "*.liquid text eol=lf") == after
