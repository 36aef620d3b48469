"""`check --fix` and `check --diff` on copies of the broken testpacks: each certain fix made
as written here by hand, nothing else in the tree touched, the re-check clean of what was
fixed, and the diff one `git apply` takes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from hatch_kindgi.cli.fix import _written, unified_diff
from hatch_kindgi.cli.main import main
from hatch_kindgi.pipeline import RunRequest, run_pipeline
from hatch_kindgi.pipeline.fixes import FileFix, fix_of
from hatch_kindgi.pipeline.places import Text
from tests.helpers.cli import run_cli
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import BROKEN, copy_pack, has_code

# Every broken pack whose problems have a certain fix: each file's edits, by hand.
FIXED_BY_HAND: dict[str, dict[str, list[tuple[str, str]]]] = {
    "block-kind-unknown": {"blocks/typo.json": [('"kind": "promt"', '"kind": "prompt"')]},
    "block-unknown-key": {
        "blocks/reply-prompt.json": [
            ('"descripton":', '"description":'),
            ('"defualt":', '"default":'),
        ]
    },
    # A misspelt config key, which a "did you mean" names, on its pyproject line.
    # CR-only, mixed and in-string lone-CR line ends: the fixes land where the places are.
    "block-cr-line-ends": {
        "blocks/reply-prompt.json": [
            ('"descripton":', '"description":'),
            ('"defualt":', '"default":'),
        ],
        "blocks/jinja.json": [("{{ name | upcse }}", "{{ name | upcase }}")],
    },
    "config-many-faults": {
        "pyproject.toml": [('artefact-version = "7"', 'artifact-version = "7"')]
    },
    "config-option-types": {
        "pyproject.toml": [('tool = "src/tools/*.py"', 'tools = "src/tools/*.py"')]
    },
    # An unknown filter a "did you mean" names (a publish refuses it), in an inline template.
    "liquid-unknown-filter": {"blocks/jinja.json": [("{{ name | upcse }}", "{{ name | upcase }}")]},
    "liquid-warnings": {
        "blocks/reply.liquid": [(".maxSentence }}", ".maxSentences }}")],
    },
    "many-bad-files": {"blocks/typo.json": [('"descripton":', '"description":')]},
    "settings-strict-types": {
        "blocks/escalation.json": [
            (
                '"escalation": {\n          "properties"',
                '"escalation": {\n          "type": "object",\n          "properties"',
            )
        ],
        "blocks/money.json": [
            (
                '"money": {\n          "minimum"',
                '"money": {\n          "type": "number",\n          "minimum"',
            ),
        ],
        "blocks/refunds.json": [
            (
                '"refundLimit": {\n          "minimum"',
                '"refundLimit": {\n          "type": "number",\n          "minimum"',
            )
        ],
        "blocks/reply.json": [
            (
                '"schema": {\n      "properties"',
                '"schema": {\n      "type": "object",\n      "properties"',
            ),
        ],
    },
    "settings-unknown-keyword": {
        "blocks/refunds.json": [
            ('"minimun": 0', '"minimum": 0'),
            ('"requried": [', '"required": ['),
        ]
    },
    "version-reused": {"blocks/reply-style.json": [('"version": "1.0.0"', '"version": "1.0.1"')]},
}
# The files a fix makes, by hand: a pack with no .gitattributes gets the line its warning names.
CREATED_BY_HAND: dict[str, dict[str, bytes]] = {
    "template-line-ends": {".gitattributes": b"*.liquid text eol=lf\n"},
}

BLOCK_PACKS = sorted(
    path.parent.name for path in BROKEN.glob("*/expected.txt") if not has_code(path.parent)
)


def _tree(root: Path) -> dict[str, bytes | str]:
    """Every path under `root`: a file's bytes, a link's target, a folder as `/`."""
    found: dict[str, bytes | str] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            key = path.relative_to(root).as_posix()
            if path.is_symlink():
                found[key] = f"-> {path.readlink()}"
            elif path.is_dir():
                found[key] = "/"
            else:
                found[key] = path.read_bytes()
    return found


def _by_hand(before: bytes, edits: list[tuple[str, str]]) -> bytes:
    text = before.decode("utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text.encode("utf-8")


@pytest.mark.parametrize("case", BLOCK_PACKS)
def test_fix_makes_the_certain_fixes_and_touches_nothing_else(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a copy of every broken pack without code: the files the hand-written table names
    get exactly its edits, every other path stays byte for byte (none added), and the
    re-check has none of the problems fixed, and no problem left with a certain fix."""
    for name, value in GOLDEN_ENV.items():
        monkeypatch.setenv(name, value)
    root = copy_pack(f"broken/{case}", tmp_path)
    before = _tree(root)
    outcome = run_pipeline(root, RunRequest(environ=GOLDEN_ENV))
    first = outcome.problems
    code = main(["check", str(root), "--fix"])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    after = _tree(root)
    expected = dict(before)
    for file, edits in FIXED_BY_HAND.get(case, {}).items():
        original = before[file]
        assert isinstance(original, bytes)
        expected[file] = _by_hand(original, edits)
    for file, made in CREATED_BY_HAND.get(case, {}).items():
        assert file not in before
        expected[file] = made
    assert after == expected
    # An untouched tree checks as it did (the run is a function of the tree and the
    # environment): the re-check is run only where --fix wrote, which spares the packs that
    # take seconds a run (settings-values-timeout is the values check timing out) a third run.
    again = outcome if after == before else run_pipeline(root, RunRequest(environ=GOLDEN_ENV))
    assert code == (1 if again.failed else 0)
    fixed = {(p.code, p.file, p.pointer, p.message) for p in first if p.suggestion}
    if case in FIXED_BY_HAND or case in CREATED_BY_HAND:
        assert fixed
        assert f"fixed {len(fixed)} problem" in err
    left = {(p.code, p.file, p.pointer, p.message) for p in again.problems}
    assert not fixed & left
    for problem in again.problems:
        path = root / problem.file
        if path.is_file() and problem.suggestion is not None:
            text = Text(path.read_text("utf-8"), toml=problem.file == "pyproject.toml")
            assert fix_of(problem, text) is None, problem


def test_diff_writes_nothing_and_git_applies_it(tmp_path: Path) -> None:
    """`--diff` prints a unified diff that `git apply` takes (and makes what --fix makes),
    says what it would fix on stderr, exits 1, and writes nothing."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    before = _tree(root)
    run = run_cli("check", ".", "--diff", cwd=root)
    assert run.returncode == 1
    assert _tree(root) == before
    assert run.stdout.startswith("--- a/blocks/reply-prompt.json\n+++ b/blocks/reply-prompt.json\n")
    assert '-  "descripton": "The reply drafter\'s instructions",\n' in run.stdout
    assert (
        'blocks/reply-prompt.json:5:3: would fix block-unknown-key: Replace "descripton" with '
        '"description"\n'
    ) in run.stderr
    assert run.stderr.endswith("hatch-kindgi: would fix 2 problems in 1 file, 2 left\n")
    subprocess.run(["git", "init", "-q"], cwd=root, check=True)
    patch = tmp_path / "fix.diff"
    patch.write_text(run.stdout, "utf-8")
    subprocess.run(["git", "apply", str(patch)], cwd=root, check=True)
    edits = FIXED_BY_HAND["block-unknown-key"]["blocks/reply-prompt.json"]
    original = before["blocks/reply-prompt.json"]
    assert isinstance(original, bytes)
    assert (root / "blocks/reply-prompt.json").read_bytes() == _by_hand(original, edits)


def test_fix_reports_what_it_fixed_and_what_is_left(tmp_path: Path) -> None:
    """The real command: the fixed problems on stderr at their places, then the report of
    what is left on stdout (as `check` prints it), exit 1 while errors are left."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    run = run_cli("check", str(root), "--fix")
    assert run.returncode == 1
    assert run.stderr == (
        'blocks/reply-prompt.json:5:3: fixed block-unknown-key: Replace "descripton" with '
        '"description"\n'
        'blocks/reply-prompt.json:12:9: fixed block-unknown-key: Replace "defualt" with '
        '"default"\n'
        "hatch-kindgi: fixed 2 problems in 1 file, 2 left\n"
    )
    assert run.stdout.splitlines()[-1] == "2 errors, 0 warnings in 1 file"
    assert [line.split(":")[1:3] for line in run.stdout.splitlines()[:-1]] == [
        ["15", "5"],
        ["17", "3"],
    ]
    again = run_cli("check", str(root), "--fix")
    assert again.stderr.endswith("hatch-kindgi: fixed 0 problems in 0 files, 2 left\n")


def test_fix_keeps_line_endings_links_and_the_missing_last_newline(tmp_path: Path) -> None:
    """A CRLF file without a last newline keeps both; a block file that is a link within
    the pack is fixed in the file it leads to, and stays a link."""
    root = copy_pack("broken/block-kind-unknown", tmp_path)
    typo = root / "blocks" / "typo.json"
    text = typo.read_text("utf-8").rstrip("\n").replace("\n", "\r\n")
    (root / "kept").mkdir()
    real = root / "kept" / "typo.json"
    real.write_bytes(text.encode("utf-8"))
    typo.unlink()
    typo.symlink_to(Path("..") / "kept" / "typo.json")
    run = run_cli("check", str(root), "--fix")
    assert "Traceback" not in run.stderr
    assert "fixed 1 problem in 1 file" in run.stderr
    assert typo.is_symlink()
    assert real.read_bytes() == text.replace('"promt"', '"prompt"').encode("utf-8")


def test_diff_marks_a_missing_last_newline() -> None:
    """As diff does: `\\ No newline at end of file` after a last line that has none."""
    fix = FileFix("a.json", '{\n  "kind": "promt"}', '{\n  "kind": "prompt"}')
    assert unified_diff(fix, "packs/x/") == (
        "--- a/packs/x/a.json\n+++ b/packs/x/a.json\n@@ -1,2 +1,2 @@\n {\n"
        '-  "kind": "promt"}\n\\ No newline at end of file\n'
        '+  "kind": "prompt"}\n\\ No newline at end of file\n'
    )


def test_a_file_changed_since_it_was_read_is_not_written(tmp_path: Path) -> None:
    """The bytes a fix was made from must still be the file's, and the file must be in the
    pack: else it is left as it is, and said."""
    (tmp_path / "pack").mkdir()
    (tmp_path / "pack" / "a.json").write_text('{"kind": "prompt"}', "utf-8")
    (tmp_path / "outside.json").write_text('{"kind": "promt"}', "utf-8")
    (tmp_path / "pack" / "out.json").symlink_to(tmp_path / "outside.json")
    fixes = [
        FileFix("a.json", '{"kind": "promt"}', '{"kind": "prompt"}'),
        FileFix("out.json", '{"kind": "promt"}', '{"kind": "prompt"}'),
    ]
    said = _written(tmp_path / "pack", fixes)
    assert said == (
        "a.json: not fixed: it changed while it was checked",
        "out.json: not fixed: it leads out of the pack",
    )
    assert (tmp_path / "outside.json").read_text("utf-8") == '{"kind": "promt"}'


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--fix", "--watch"], "--fix and --diff don't go with --watch"),
        (
            ["--diff", "--format", "json"],
            "--diff prints a diff (and the problems left as text): no --format, no --statistics",
        ),
    ],
)
def test_fix_usage_errors(words: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    """What --fix and --diff don't go with: exit 2, one line saying why."""
    assert main(["check", str(BROKEN / "block-unknown-key"), *words]) == 2
    assert capsys.readouterr().err == f"hatch-kindgi check: {said}\n"
