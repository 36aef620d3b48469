"""Symlinks in a pack: loops, broken links and links out of the pack are problems, never read."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from hatch_kindgi.discover.stage import discover
from tests.helpers.golden import GOLDEN_ENV, tree_digest
from tests.helpers.packs import build_env, copy_pack, report_of, run_build

SECRET = "s3cr3t-value-that-must-not-ship"


def _linked_pack(tmp_path: Path) -> Path:
    """The blocks testpack plus bad links in blocks/ and tools/, and a secret outside it."""
    pack = copy_pack("blocks", tmp_path / "work")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.json").write_text(
        json.dumps(
            {
                "id": "acme.secret",
                "version": "1.0.0",
                "kind": "settings",
                "content": {"values": {"token": SECRET}},
            }
        ),
        "utf-8",
    )
    (outside / "helper.py").write_text(f"TOKEN = {SECRET!r}\n", "utf-8")
    blocks = pack / "blocks"
    (blocks / "loop.json").symlink_to("loop.json")
    (blocks / "dangling.json").symlink_to("missing.json")
    (blocks / "secret.json").symlink_to(outside / "secret.json")
    (blocks / "inside.json").symlink_to("greeting.json")
    (pack / "tools").mkdir()
    (pack / "tools" / "helper.py").symlink_to(outside / "helper.py")
    return pack


EXPECTED = "".join(
    line + "\n"
    for line in (
        "blocks/dangling.json: error[block-not-file]: "
        "is a symbolic link to nothing (broken), not a block file",
        "blocks/inside.json: error[block-duplicate]: "
        "/version: acme.greeting 1.0.0 is also declared in blocks/greeting.json; "
        "a version of a block is one file (give this one a new version)",
        "blocks/loop.json: error[block-not-file]: is a symbolic link loop, not a block file",
        "blocks/secret.json: error[block-not-file]: "
        "is a symbolic link that leads outside the pack, not a block file",
        "tools/helper.py: error[module-not-file]: "
        "is a symbolic link that leads outside the pack, not a Python module of the pack",
        "5 errors, 0 warnings in 5 files",
    )
)


def test_discovery_keeps_links_out_of_the_pack_apart(tmp_path: Path) -> None:
    """A link to a file inside the pack is a file; one leading outside is not."""
    pack = _linked_pack(tmp_path)
    found = discover(pack, "blocks/**/*.json")
    assert "blocks/inside.json" in found.files
    assert sorted(found.others) == [
        "blocks/dangling.json",
        "blocks/loop.json",
        "blocks/secret.json",
    ]


@pytest.mark.slow
def test_build_refuses_links_and_reads_nothing_outside(tmp_path: Path) -> None:
    """The build names every bad link, no traceback, no artifact, the secret nowhere."""
    pack = _linked_pack(tmp_path)
    before = tree_digest(pack)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert SECRET not in run.stderr + run.stdout
    assert os.fspath(tmp_path) not in report_of(run.stderr)
    assert report_of(run.stderr) == EXPECTED
    assert run.artifacts == []
    assert tree_digest(pack) == before
