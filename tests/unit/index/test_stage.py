"""The index stage: envelope shape, schema validation, canonical bytes; the sdist pin record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi import pipeline
from hatch_kindgi.config.stage import PackConfig
from hatch_kindgi.index.pins import RECORD_FILE, Pins, read_recorded_pins, record_pins
from hatch_kindgi.index.stage import (
    build_envelope,
    index_problems,
    pack_index_schema,
    serialized,
)
from hatch_kindgi.report.problems import Problem, error
from tests.helpers.fast_path import fast_path_off
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import TESTPACKS
from tests.oracle import shipped

PACK = PackConfig("acme.ledger", "1.0.0", {})
PINS = Pins("7", "2026-01-01T00:00:00.000Z", "option", "option")
TOOL = {
    "id": "acme.b",
    "input": {"type": "object"},
    "output": {"type": "object"},
    "modulePath": "tools/b.py",
}


def written(envelope: dict[str, Any]) -> tuple[bytes | None, list[Problem]]:
    """The envelope's bytes as a run writes them (`pipeline.run`): its problems, and the
    canonical bytes only when there are none."""
    problems = index_problems(envelope)
    return (None if problems else serialized(envelope)), problems


def test_envelope_omits_empty_blocks_and_env() -> None:
    """No blocks and no env: neither key is written."""
    envelope = build_envelope(PACK, PINS, {}, [])
    assert envelope == {
        "v": 1,
        "packId": "acme.ledger",
        "packVersion": "1.0.0",
        "artifactVersion": "7",
        "publishedAt": "2026-01-01T00:00:00.000Z",
        "tools": [],
        "guardrails": [],
        "agents": [],
        "flows": [],
    }


def test_lists_sorted_by_id_in_code_units() -> None:
    """Entries sort by id as JavaScript sorts strings; equal ids keep their order."""
    tools = [dict(TOOL, id=i) for i in ("b", "\uff21", "\U0001f600", "B")]
    envelope = build_envelope(PACK, PINS, {"tools": tools}, [])
    assert [t["id"] for t in envelope["tools"]] == ["B", "b", "\U0001f600", "\uff21"]


def test_index_bytes_equal_node() -> None:
    """The bytes of a valid envelope are Node's JSON.stringify bytes."""
    envelope = build_envelope(PACK, PINS, {"tools": [TOOL]}, [])
    data, problems = written(envelope)
    assert problems == []
    assert data == shipped.canonical(envelope)


def test_schema_failure_names_the_entry_file() -> None:
    """An entry the pack-index schema refuses is a problem on the file that declared it."""
    broken = {k: v for k, v in TOOL.items() if k != "input"}
    data, problems = written(build_envelope(PACK, PINS, {"tools": [broken]}, []))
    assert data is None
    assert problems == [
        error(
            "index-schema",
            "tools/b.py",
            "the index doesn't satisfy pack-index 1.8.0 at /tools/0: "
            "must have required property 'input'",
            pointer="/tools/0",
        )
    ]


def test_unsafe_integer_is_refused() -> None:
    """An integer JavaScript can't carry is a json-number problem, and no bytes."""
    tool = dict(TOOL, limits={"maxBytes": 2**53})
    data, problems = written(build_envelope(PACK, PINS, {"tools": [tool]}, []))
    assert data is None
    assert [(p.code, p.file, p.pointer) for p in problems] == [
        ("json-number", "tools/b.py", "/tools/0/limits/maxBytes")
    ]


def test_shipped_schema_is_valid_draft_2020_12() -> None:
    """The shipped pack-index schema is itself a valid Draft 2020-12 schema."""
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(pack_index_schema())


def test_pin_record_round_trips(tmp_path: Path) -> None:
    """An unpacked sdist's record gives back the pins it recorded."""
    (tmp_path / "PKG-INFO").write_text("Metadata-Version: 2.4\n", "utf-8")
    (tmp_path / RECORD_FILE).write_bytes(record_pins(PINS))
    recorded, problems = read_recorded_pins(tmp_path)
    assert problems == []
    assert recorded == {"artifactVersion": "7", "publishedAt": "2026-01-01T00:00:00.000Z"}


def test_pin_record_ignored_outside_an_sdist(tmp_path: Path) -> None:
    """A record in a source tree (no PKG-INFO beside it) is not read."""
    (tmp_path / RECORD_FILE).write_bytes(record_pins(PINS))
    assert read_recorded_pins(tmp_path) == (None, [])


def test_broken_pin_record_is_a_problem(tmp_path: Path) -> None:
    """An unreadable or incomplete record is a pin-record problem, not a crash."""
    (tmp_path / "PKG-INFO").write_text("x", "utf-8")
    (tmp_path / RECORD_FILE).write_text("{", "utf-8")
    _, problems = read_recorded_pins(tmp_path)
    assert [p.code for p in problems] == ["pin-record"]
    (tmp_path / RECORD_FILE).write_text(json.dumps({"artifactVersion": "1"}), "utf-8")
    _, problems = read_recorded_pins(tmp_path)
    assert [(p.code, p.file) for p in problems] == [("pin-record", RECORD_FILE)]


def test_check_asks_for_no_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a run failed is known without writing the index (`check` writes none); the
    bytes are written when asked for."""
    written: list[object] = []
    real = serialized

    def counting(envelope: Any) -> bytes:
        written.append(envelope)
        return real(envelope)

    monkeypatch.setattr("hatch_kindgi.pipeline.run.serialized", counting)
    result = pipeline.run_pipeline(TESTPACKS / "blocks", pipeline.RunRequest(environ=GOLDEN_ENV))
    assert not result.failed
    assert written == []
    assert result.index is not None
    assert len(written) == 1


def test_envelope_checked_by_jsonschema_alone_the_same() -> None:
    """Without jsonschema-rs (no `fast` extra), the same failures and the same bytes."""
    broken = {k: v for k, v in TOOL.items() if k != "input"}
    envelopes = [
        build_envelope(PACK, PINS, {"tools": tools}, [])
        for tools in ([TOOL], [broken], [dict(TOOL, modulePath="./x.py")], [TOOL, TOOL])
    ]
    fast = [written(envelope) for envelope in envelopes]
    with fast_path_off():
        assert [written(envelope) for envelope in envelopes] == fast
    assert fast[0][0] is not None
    assert [data is None for data, _ in fast[1:]] == [True, True, False]
