"""Index checks that skip the entries which passed before find what a full check finds."""

from __future__ import annotations

import copy
import json
from typing import Any

from hatch_kindgi.index.cache import IndexChecks
from hatch_kindgi.index.stage import index_problems, pack_index_schema
from hatch_kindgi.pipeline import RunRequest, run_pipeline
from hatch_kindgi.report.order import ordered
from tests.helpers.packs import TESTPACKS


def _envelope() -> dict[str, Any]:
    result = run_pipeline(
        TESTPACKS / "blocks", RunRequest(environ={"SOURCE_DATE_EPOCH": "1767225600"})
    )
    assert result.index is not None
    envelope: dict[str, Any] = json.loads(result.index)
    return envelope


def test_reused_checks_find_what_full_checks_find() -> None:
    """Through clean, faulty and clean-again envelopes, one IndexChecks gives exactly the
    problems of a fresh check each time, and only skips entries that passed."""
    clean = _envelope()
    too_big = copy.deepcopy(clean)
    too_big["blocks"][1]["content"]["values"]["huge"] = 2**60
    no_kind = copy.deepcopy(clean)
    del no_kind["blocks"][2]["kind"]
    both = copy.deepcopy(no_kind)
    both["blocks"][4]["content"]["values"]["huge"] = float("nan")
    bad_top = copy.deepcopy(clean)
    bad_top["publishedAt"] = "yesterday"
    reuse = IndexChecks(pack_index_schema())
    runs = [clean, too_big, no_kind, clean, no_kind, both, no_kind, bad_top, clean]
    for number, envelope in enumerate(runs):
        full = index_problems(envelope)
        assert ordered(index_problems(envelope, reuse)) == ordered(full), number
        assert (full == []) == (envelope is clean), number
    assert reuse.unrepresentable(clean) == []
    assert len(reuse._skip[id(clean["blocks"])]) == len(clean["blocks"])
