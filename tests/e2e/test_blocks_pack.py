"""Real builds of the blocks pack: the wheel's index is what the files say, in Node's bytes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.blocks import independent_blocks
from tests.helpers.packs import TESTPACKS, copy_pack, run_build, wheel_files
from tests.oracle import shipped

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_blocks_pack_index_equals_oracle(
    tmp_path: Path, isolated: bool, isolated_env: dict[str, str]
) -> None:
    """acme_blocks/index.json equals Node's bytes for the envelope computed from the files."""
    pack = copy_pack("blocks", tmp_path)
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=isolated_env)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    files = wheel_files(wheel)
    expected = {
        # From testpacks/blocks/pyproject.toml, by hand.
        "v": 1,
        "packId": "acme.blocks",
        "packVersion": "1.0.0",
        "artifactVersion": "1.0.0",
        "publishedAt": "2026-01-02T03:04:05.678Z",
        "tools": [],
        "guardrails": [],
        "agents": [],
        "flows": [],
        "blocks": independent_blocks(TESTPACKS / "blocks"),
    }
    assert files["acme_blocks/index.json"] == shipped.canonical(expected)
    assert sorted(n for n in files if not n.startswith("acme_blocks-1.0.0.dist-info/")) == [
        "acme_blocks/__init__.py",
        "acme_blocks/index.json",
    ]
