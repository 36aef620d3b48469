"""The hook's `force_include` that computes its entries when hatchling reads it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.hatch.late import ReadLate
from hatch_kindgi.hatch.plugin import KindgiBuildHook

# Each way of reading the whole mapping, and what it gives as (source, target) pairs.
READS: dict[str, Callable[[dict[str, str]], set[Any]]] = {
    "items": lambda m: set(m.items()),
    "keys": lambda m: {(key, m[key]) for key in m.keys()},  # noqa: SIM118
    "values": lambda m: set(m.values()),
    "iter": lambda m: {(key, m[key]) for key in list(m)},
    "dict": lambda m: set(dict(m).items()),
    "unpack": lambda m: set({**m}.items()),
    "copy": lambda m: set(m.copy().items()),
}
COMPUTED = ("/scratch/index.json", "acme/index.json")


def _late(calls: list[int], handed: list[dict[str, str]] | None = None) -> ReadLate:
    def compute(others: Mapping[str, str]) -> dict[str, str]:
        calls.append(1)
        if handed is not None:
            handed.append(dict(others))
        return {"/scratch/index.json": "acme/index.json"}

    return ReadLate({"/earlier": "earlier"}, compute)


@pytest.mark.parametrize("how", sorted(READS))
def test_every_whole_read_computes_the_entries_once(how: str) -> None:
    """Each way of reading the whole mapping sees the computed entry beside the entries
    other hooks put in, before and after this hook; the computation runs once."""
    calls: list[int] = []
    handed: list[dict[str, str]] = []
    late = _late(calls, handed)
    late["/later"] = "later"
    read = READS[how]
    seen = read(late)
    # The computation sees the other hooks' entries (what the project ships besides its files).
    assert handed == [{"/earlier": "earlier", "/later": "later"}]
    if how == "values":
        assert seen == {"earlier", "later", COMPUTED[1]}
    else:
        assert seen == {("/earlier", "earlier"), ("/later", "later"), COMPUTED}
    assert read(late) == seen
    assert calls == [1]


def test_adding_and_asking_compute_nothing() -> None:
    """Another hook adding an entry, asking for one or testing truth before hatchling reads
    the mapping computes nothing yet."""
    calls: list[int] = []
    late = _late(calls)
    late["/later"] = "later"
    assert late["/earlier"] == "earlier"
    assert "/later" in late
    assert late.get("/missing") is None
    assert bool(late)
    assert calls == []


def test_an_artifact_built_without_reading_force_include_is_refused(tmp_path: Path) -> None:
    """Should a hatchling build the archive without reading `force_include`, the wheel would
    lack the index: finalize removes it and fails the build with a message."""
    hook = KindgiBuildHook(str(tmp_path), {}, None, None, str(tmp_path), "wheel")
    build_data: dict[str, Any] = {"force_include": {}, "artifacts": []}
    hook.initialize("standard", build_data)
    artifact = tmp_path / "acme_ledger-1.0.0-py3-none-any.whl"
    artifact.write_bytes(b"PK")
    with pytest.raises(SystemExit) as stopped:
        hook.finalize("standard", build_data, str(artifact))
    assert stopped.value.code == 1
    assert not artifact.exists()
