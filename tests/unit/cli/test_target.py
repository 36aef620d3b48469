"""`--target` on `render` and `index`: the flag's profile gives the verdict, and `render`'s
own TARGET (the block it renders) stays what was typed (expected outcomes by hand, from
testpacks/broken/hosted-warnings: no target in its pyproject)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hatch_kindgi.cli.main import main
from tests.helpers.packs import BROKEN


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """hosted-warnings without its one self-hosted error (launch.json's date): every other
    block only hosted refuses."""
    root = tmp_path / "pack"
    shutil.copytree(BROKEN / "hosted-warnings", root)
    (root / "blocks" / "launch.json").unlink()
    return root


def test_render_takes_the_block_and_the_profile_apart(
    pack: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A template of 262,145 characters: hosted refuses to parse it, self-hosted renders it."""
    assert main(["render", "acme.handbook", str(pack), "--target", "hosted"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "error[template-too-long]" in err
    assert "the template is 262145 characters, over the limit of 262144" in err
    assert main(["render", "acme.handbook", str(pack), "--target", "self-hosted"]) == 0
    out, err = capsys.readouterr()
    assert len(out) >= 262_145
    assert "template-too-long" not in err


def test_index_fails_for_hosted_and_builds_without_a_target(
    pack: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No target: self-hosted's verdicts, the hosted refusals as warnings, an index written;
    `--target hosted`: the same blocks are errors, and no index."""
    written = tmp_path / "index.json"
    assert main(["index", str(pack), "-o", str(written)]) == 0
    out, err = capsys.readouterr()
    assert "warning[hosted-profile]" in out + err
    assert "error[" not in out + err
    assert written.is_file()
    written.unlink()
    assert main(["index", str(pack), "-o", str(written), "--target", "hosted"]) == 1
    out, err = capsys.readouterr()
    assert "error[template-too-long]" in out + err
    assert "hosted-profile" not in out + err
    assert not written.exists()
