"""The hook's `force_include` that computes its entries when hatchling reads it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hatch_kindgi.plugin import _ReadLate

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


def _late(calls: list[int]) -> _ReadLate:
    def compute() -> dict[str, str]:
        calls.append(1)
        return {"/scratch/index.json": "acme/index.json"}

    return _ReadLate({"/earlier": "earlier"}, compute)


@pytest.mark.parametrize("how", sorted(READS))
def test_every_whole_read_computes_the_entries_once(how: str) -> None:
    """Each way of reading the whole mapping sees the computed entry beside the entries
    other hooks put in, before and after this hook; the computation runs once."""
    calls: list[int] = []
    late = _late(calls)
    late["/later"] = "later"
    read = READS[how]
    seen = read(late)
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
