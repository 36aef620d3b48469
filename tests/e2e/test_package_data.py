"""The hatch-kindgi wheel ships the JSON Schemas it promises users."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.blocks.block_schema import schema_text
from tests.helpers.packs import REPO, wheel_files

pytestmark = pytest.mark.slow


def test_wheel_ships_the_schemas(wheelhouse: Path) -> None:
    """block.schema.json (as `schema block` prints it), the JSON report's schema and the
    JSON diff's schema are package data of the wheel."""
    (wheel,) = wheelhouse.glob("hatch_kindgi-*.whl")
    files = wheel_files(wheel)
    assert files["hatch_kindgi/blocks/block.schema.json"].decode("utf-8") == schema_text()
    report_schema = REPO / "src" / "hatch_kindgi" / "report" / "report.schema.json"
    assert files["hatch_kindgi/report/report.schema.json"] == report_schema.read_bytes()
    diff_schema = REPO / "src" / "hatch_kindgi" / "against" / "diff.schema.json"
    assert files["hatch_kindgi/against/diff.schema.json"] == diff_schema.read_bytes()
