"""`check --diff` prints patches that `git apply` and `patch -p1` take, run for real: for
files whose lines end in `\\r\\n` or a lone `\\r`, a JSON string holding U+2028 and a template
holding a form feed (which `str.splitlines` breaks at), and from a folder inside the pack."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from hatch_kindgi.cli.fix import unified_diff
from hatch_kindgi.pipeline.fixes import FileFix
from tests.helpers.cli import run_cli
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import build_env, copy_pack

_BLOCK = '{\n  "kind": "promt",\n  "description": "a\\u2028b",\n  "x": 1\n}\n'
CASES = {
    "crlf": (_BLOCK.replace("\n", "\r\n"), '"promt"', '"prompt"'),
    "cr-only": (_BLOCK.replace("\n", "\r"), '"promt"', '"prompt"'),
    "cr-only-no-last-end": (_BLOCK.replace("\n", "\r")[:-1], '"promt"', '"prompt"'),
    "mixed": ('{\r  "a": 1,\r\n  "kind": "promt"\n}', '"promt"', '"prompt"'),
    "line-separator": ('{\n  "d": "a\u2028b\u2029c\x85",\n  "kind": "promt"\n}\n', "mt", "mpt"),
    "form-feed": ("Hello\x0cthere\x0b\x1c\x1d\x1e\n{{ name | upcse }}\nbye", "upcse", "upcase"),
}


def _diff_bytes(cwd: Path) -> tuple[int, bytes]:
    """`python -m hatch_kindgi check --diff` run in `cwd`: its exit code and stdout's bytes
    (as a shell's `>` keeps them: no newline translation)."""
    run = subprocess.run(
        [sys.executable, "-m", "hatch_kindgi", "check", "--diff"],
        cwd=cwd,
        env=build_env(dict(GOLDEN_ENV)),
        capture_output=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
        check=False,
    )
    return run.returncode, run.stdout


def _git(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)


@pytest.mark.parametrize("case", sorted(CASES))
def test_git_apply_and_patch_take_the_diff(case: str, tmp_path: Path) -> None:
    """The diff of a fix applies with `git apply` and `patch -p1`, each making the fixed
    file's bytes exactly; `git apply --check` first, as a user would."""
    before, old, new = CASES[case]
    after = before.replace(old, new)
    diff = unified_diff(FileFix("blocks/b.json", before, after)).encode("utf-8")
    for tool in ("git", "patch"):
        folder = tmp_path / tool
        (folder / "blocks").mkdir(parents=True)
        (folder / "blocks" / "b.json").write_bytes(before.encode("utf-8"))
        (folder / "fix.diff").write_bytes(diff)
        if tool == "git":
            _git("init", "-q", cwd=folder)
            checked = _git("apply", "--check", "fix.diff", cwd=folder)
            assert checked.returncode == 0, checked.stderr
            applied = _git("apply", "fix.diff", cwd=folder)
        else:
            if shutil.which("patch") is None:
                pytest.skip("no patch(1) here")
            dry = ["patch", "-p1", "--dry-run", "-i", "fix.diff"]
            checked = subprocess.run(dry, cwd=folder, capture_output=True, check=False)
            assert checked.returncode == 0, checked.stdout
            applied = subprocess.run(
                dry[:2] + dry[3:], cwd=folder, capture_output=True, check=False
            )
        assert applied.returncode == 0, applied
        assert (folder / "blocks" / "b.json").read_bytes() == after.encode("utf-8")


def test_diff_from_inside_the_pack_names_files_from_its_root(tmp_path: Path) -> None:
    """`check --diff` run in the pack's `blocks/` names `a/blocks/…`, and the patch applies
    from the pack root as one made there does (byte for byte the same diff)."""
    root = copy_pack("broken/block-cr-line-ends", tmp_path)
    inside = _diff_bytes(root / "blocks")
    at_root = _diff_bytes(root)
    assert inside == at_root
    code, diff = inside
    assert code == 1
    assert b"--- a/blocks/reply-prompt.json\n+++ b/blocks/reply-prompt.json\n" in diff
    assert b"../" not in diff
    (tmp_path / "fix.diff").write_bytes(diff)
    _git("init", "-q", cwd=root)
    applied = _git("apply", str(tmp_path / "fix.diff"), cwd=root)
    assert applied.returncode == 0, applied.stderr
    text = (root / "blocks" / "reply-prompt.json").read_bytes()
    assert b'\r  "description": "The reply' in text
    assert b"\n" not in text  # still CR-only
    assert b"{{ name | upcase }}" in (root / "blocks" / "jinja.json").read_bytes()


def test_fix_keeps_hard_links_and_the_mode(tmp_path: Path) -> None:
    """`--fix` writes into the file itself: a hard link outside the pack sees the fix, the
    file keeps its inode and its mode (0600 here)."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    block = root / "blocks" / "reply-prompt.json"
    block.chmod(0o600)
    outside = tmp_path / "elsewhere.json"
    os.link(block, outside)
    inode = block.stat().st_ino
    run = run_cli("check", str(root), "--fix")
    assert "fixed 2 problems in 1 file" in run.stderr, run.stderr
    assert block.stat().st_ino == inode
    assert stat.S_IMODE(block.stat().st_mode) == 0o600
    assert b'"description":' in outside.read_bytes()
    assert outside.read_bytes() == block.read_bytes()


def test_two_links_in_the_pack_are_one_file_fixed_once(tmp_path: Path) -> None:
    """Two hard links to one block file in the pack: fixed once, each fix said once, one
    file counted, and no "changed while it was checked"; `--diff` shows it once, and the
    patch applies."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    first = root / "blocks" / "reply-prompt.json"
    second = root / "blocks" / "again.json"
    os.link(first, second)
    shown = run_cli("check", str(root), "--diff")
    assert shown.stdout.count("+++ b/") == 1, shown.stdout
    assert shown.stderr.count('would fix block-unknown-key: Replace "descripton"') == 1
    assert "would fix 2 problems in 1 file" in shown.stderr, shown.stderr
    patch = tmp_path / "fix.diff"
    patch.write_text(shown.stdout, "utf-8")
    _git("init", "-q", cwd=root)
    assert _git("apply", "--check", str(patch), cwd=root).returncode == 0
    run = run_cli("check", str(root), "--fix")
    assert "changed while it was checked" not in run.stderr
    assert run.stderr.count('fixed block-unknown-key: Replace "descripton"') == 1, run.stderr
    assert "fixed 2 problems in 1 file" in run.stderr, run.stderr
    assert b'"description":' in second.read_bytes()
    assert first.stat().st_ino == second.stat().st_ino
