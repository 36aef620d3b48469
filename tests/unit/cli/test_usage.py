"""Usage mistakes at the command line: each message says what is wrong and what was meant
(every expected line written by hand)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.cli.main import main


def _usage(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    """The last line of stderr of a run that must exit 2 and print nothing on stdout."""
    code = main(list(words))
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    return err.splitlines()[-1]


@pytest.mark.parametrize(
    ("words", "expected"),
    [
        (
            ["chek"],
            "hatch-kindgi: error: argument COMMAND: invalid choice: 'chek' (choose from "
            "'check', 'index', 'render', 'diff', 'schema', 'lsp'); did you mean \"check\"?",
        ),
        (
            ["check", "--formt", "json"],
            'hatch-kindgi check: error: unrecognized arguments: --formt; did you mean "--format"?',
        ),
        (
            ["check", "--format", "jsn"],
            "hatch-kindgi check: error: argument --format: invalid choice: 'jsn' (choose from "
            "'text', 'json', 'github', 'sarif'); did you mean \"json\"?",
        ),
        (
            ["index", "--artifact-verison=1"],
            "hatch-kindgi index: error: unrecognized arguments: --artifact-verison=1; did you "
            'mean "--artifact-version"?',
        ),
        (
            ["schema", "blok"],
            "hatch-kindgi schema: error: argument NAME: invalid choice: 'blok' (choose from "
            "'block'); did you mean \"block\"?",
        ),
        (["check", "--zzz"], "hatch-kindgi check: error: unrecognized arguments: --zzz"),
        (
            ["frobnicate"],
            "hatch-kindgi: error: argument COMMAND: invalid choice: 'frobnicate' (choose from "
            "'check', 'index', 'render', 'diff', 'schema', 'lsp')",
        ),
    ],
)
def test_a_misspelt_word_gets_a_hint(
    words: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _usage(capsys, *words) == expected


def test_what_is_not_a_pack_folder_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder that isn't there, a file given for its folder, a folder inside a pack, and a
    folder with no pack around it."""
    pack = tmp_path / "pack"
    (pack / "blocks").mkdir(parents=True)
    (pack / ".git").mkdir()
    (pack / "pyproject.toml").write_text("", "utf-8")
    (pack / "blocks" / "a.json").write_text("{}", "utf-8")
    (tmp_path / "pyproject.toml").write_text("", "utf-8")  # above the repositories below
    lone = tmp_path / "lone"
    lone.mkdir()
    (lone / ".git").mkdir()  # the top of a repository: no hint looks above it

    assert _usage(capsys, "check", str(tmp_path / "nope")) == (
        f"hatch-kindgi: no folder {tmp_path / 'nope'}"
    )
    # `render` takes one pack folder; `check`, `index` and `diff` take files too (pre-commit's),
    # each meaning the pack that holds it.
    assert _usage(capsys, "render", "acme.p", str(pack / "pyproject.toml")) == (
        f"hatch-kindgi: {pack / 'pyproject.toml'} is a file: give the folder that holds it ({pack})"
    )
    assert _usage(capsys, "render", "acme.p", str(pack / "blocks" / "a.json")) == (
        f"hatch-kindgi: {pack / 'blocks' / 'a.json'} is a file, not a pack folder (the folder "
        "with its pyproject.toml)"
    )
    assert _usage(capsys, "render", "acme.p", str(pack / "blocks")) == (
        f"hatch-kindgi: no pyproject.toml in {pack / 'blocks'}; the nearest one above it is "
        f"in {pack.resolve()}"
    )
    assert _usage(capsys, "check", str(lone)) == f"hatch-kindgi: no pyproject.toml in {lone}"
