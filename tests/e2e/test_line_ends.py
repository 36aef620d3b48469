"""A Windows checkout (git's `core.autocrlf=true`, which git on Linux honours too) of a pack
whose template was committed with `\\n`: the check names it with its fix, `check --fix` writes
that fix, and once committed a fresh autocrlf checkout indexes as the LF checkout does."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.helpers.cli import run_cli
from tests.helpers.git import commit_all, git, init_repo

PYPROJECT = """\
[build-system]
requires = ["hatchling", "hatch-kindgi"]
build-backend = "hatchling.build"

[project]
name = "acme-replies"
version = "1.0.0"

[tool.kindgi.pack]
id = "acme.replies"
version = "1.0.0"

[tool.hatch.build.hooks.kindgi]
artifact-version = "20260101.1"
"""
BLOCK = """\
{
  "id": "acme.reply",
  "version": "1.0.0",
  "kind": "prompt",
  "content": {
    "templateFile": "reply.liquid",
    "parameters": [{ "name": "customer", "type": "string" }]
  }
}
"""
TEMPLATE = "Dear {{ customer }},\nthank you for writing.\n"
LINE = "*.liquid text eol=lf"


def _origin(tmp_path: Path, attributes: str | None = None, template: str = TEMPLATE) -> Path:
    """A repository whose pack (one folder below the top) has one prompt with a template."""
    origin = init_repo(tmp_path / "origin")
    pack = origin / "pack"
    (pack / "blocks").mkdir(parents=True)
    (pack / "pyproject.toml").write_text(PYPROJECT)
    (pack / "blocks" / "reply.json").write_text(BLOCK)
    (pack / "blocks" / "reply.liquid").write_bytes(template.encode())
    if attributes is not None:
        (pack / ".gitattributes").write_text(attributes)
    commit_all(origin, "a pack")
    return origin


def _clone(source: Path, target: Path, *, autocrlf: bool) -> Path:
    setting = "true" if autocrlf else "false"
    git(
        source.parent,
        "clone",
        "--quiet",
        "-c",
        f"core.autocrlf={setting}",
        str(source),
        str(target),
    )
    return target / "pack"


def _said(done: subprocess.CompletedProcess[str]) -> str:
    """Everything a check said: its report (stdout) and its notes (stderr)."""
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def _index(pack: Path, out: Path) -> bytes:
    done = run_cli("index", "--output", str(out), cwd=pack)
    assert done.returncode == 0, done.stderr
    return out.read_bytes()


def test_autocrlf_checkout_is_named_then_fixed(tmp_path: Path) -> None:
    """The LF checkout draws nothing; the autocrlf one the warning with the line to add, and
    another index. `--diff` shows the new .gitattributes, `--fix` writes it; committed, a
    fresh autocrlf checkout has the LF checkout's index bytes and no warning."""
    origin = _origin(tmp_path)
    lf = _clone(origin, tmp_path / "lf", autocrlf=False)
    crlf = _clone(origin, tmp_path / "crlf", autocrlf=True)
    assert b"\r\n" in (crlf / "blocks" / "reply.liquid").read_bytes()  # git did convert
    assert "template-line-ends" not in _said(run_cli("check", cwd=lf))
    checked = run_cli("check", cwd=crlf)
    assert checked.returncode == 0  # a warning: the build goes on
    assert (
        "blocks/reply.liquid:1:21: warning[template-line-ends]: its lines end in \\r\\n"
    ) in checked.stdout
    assert f'add "{LINE}" to the pack\'s .gitattributes' in checked.stdout
    lf_index = _index(lf, tmp_path / "lf.json")
    assert _index(crlf, tmp_path / "crlf.json") != lf_index  # what the warning says

    shown = run_cli("check", "--diff", cwd=crlf)
    assert shown.stdout == f"--- /dev/null\n+++ b/.gitattributes\n@@ -0,0 +1 @@\n+{LINE}\n"
    assert not (crlf / ".gitattributes").exists()
    fixed = run_cli("check", "--fix", cwd=crlf)
    assert "fixed template-line-ends" in fixed.stderr
    assert (crlf / ".gitattributes").read_bytes() == f"{LINE}\n".encode()
    git(crlf.parent, "add", "pack/.gitattributes")
    git(crlf.parent, "commit", "--quiet", "-m", "templates check out with LF")

    fresh = _clone(crlf.parent, tmp_path / "fresh", autocrlf=True)
    assert (fresh / "blocks" / "reply.liquid").read_bytes() == TEMPLATE.encode()
    assert "template-line-ends" not in _said(run_cli("check", cwd=fresh))
    assert _index(fresh, tmp_path / "fresh.json") == lf_index


def test_fix_appends_to_an_existing_gitattributes(tmp_path: Path) -> None:
    """A pack's own .gitattributes (no final newline, `\\r\\n` lines) keeps every byte; the
    line comes after, in the file's style."""
    origin = _origin(tmp_path, attributes=None)
    crlf = _clone(origin, tmp_path / "crlf", autocrlf=True)
    before = b"# ours\r\n*.png binary"
    (crlf / ".gitattributes").write_bytes(before)
    assert run_cli("check", "--fix", cwd=crlf).returncode == 0
    assert (crlf / ".gitattributes").read_bytes() == before + f"\r\n{LINE}\r\n".encode()


def test_a_pack_that_keeps_its_crlf_says_so(tmp_path: Path) -> None:
    """A template committed with `\\r\\n` under `-text`: every checkout writes it so, the
    same index everywhere, and no warning."""
    template = TEMPLATE.replace("\n", "\r\n")
    origin = _origin(tmp_path, attributes="*.liquid -text\n", template=template)
    lf = _clone(origin, tmp_path / "lf", autocrlf=False)
    crlf = _clone(origin, tmp_path / "crlf", autocrlf=True)
    for pack in (lf, crlf):
        assert (pack / "blocks" / "reply.liquid").read_bytes() == template.encode()
        assert "template-line-ends" not in _said(run_cli("check", cwd=pack))
    assert _index(lf, tmp_path / "lf.json") == _index(crlf, tmp_path / "crlf.json")
