"""`render` reads the config through the same checks as `check` and a build: a config they
refuse is refused, in their words and with their exit code, and nothing is rendered (every
expected line written by hand)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hatch_kindgi.cli.main import main
from tests.helpers.packs import TESTPACKS

_OPTION = "of `tool.hatch.build.hooks.kindgi` must be"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            'target = "hostd"',
            f"pyproject.toml:15:10: error[config-value]: option `target` {_OPTION} one of "
            'self-hosted, hosted (where the pack deploys), not "hostd"',
        ),
        (
            "target = 3",
            f"pyproject.toml:15:10: error[config-type]: option `target` {_OPTION} a non-empty "
            "string, not 3",
        ),
        (
            'strict = "yes"',
            f"pyproject.toml:15:10: error[config-type]: option `strict` {_OPTION} true or "
            'false, not "yes"',
        ),
    ],
    ids=["target-unknown", "target-number", "strict-string"],
)
def test_render_refuses_the_config_check_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, expected: str
) -> None:
    """The same problems on stderr as `check` prints, exit 1 as `check`'s, no text."""
    root = tmp_path / "pack"
    shutil.copytree(TESTPACKS / "blocks", root)
    with (root / "pyproject.toml").open("a", encoding="utf-8") as pyproject:
        pyproject.write(line + "\n")
    report = f"{expected}\n1 error, 0 warnings in 1 file\n"
    assert main(["check", str(root)]) == 1
    assert capsys.readouterr() == (report, "")
    assert main(["render", "acme.greeting", str(root), "--param", "name=x"]) == 1
    assert capsys.readouterr() == ("", report)


def test_render_renders_a_sound_config(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same pack without the broken line renders, exit 0, nothing on stderr."""
    root = tmp_path / "pack"
    shutil.copytree(TESTPACKS / "blocks", root)
    assert main(["render", "acme.greeting", str(root), "--param", "name=x"]) == 0
    assert capsys.readouterr() == ("Grüß Gott, X! 3 ✓", "")


def test_render_reads_no_block_when_the_config_has_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A config with errors is all `render` reads: its discovery and blocks stages never
    run (they raise here if they do), and the report is the config's alone, as `check`'s."""
    import hatch_kindgi.blocks.stage
    import hatch_kindgi.pipeline.read

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("read past a config with errors")

    root = tmp_path / "pack"
    shutil.copytree(TESTPACKS / "blocks", root)
    with (root / "pyproject.toml").open("a", encoding="utf-8") as pyproject:
        pyproject.write("target = 3\n")
    monkeypatch.setattr(hatch_kindgi.pipeline.read, "discover_pack", never)
    monkeypatch.setattr(hatch_kindgi.blocks.stage, "check_blocks", never)
    assert main(["render", "acme.greeting", str(root), "--param", "name=x"]) == 1
    assert capsys.readouterr() == (
        "",
        f"pyproject.toml:15:10: error[config-type]: option `target` {_OPTION} a non-empty "
        "string, not 3\n1 error, 0 warnings in 1 file\n",
    )
