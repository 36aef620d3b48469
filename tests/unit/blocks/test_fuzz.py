"""Fuzz: mutated valid blocks give an entry or problems, never an exception or a hang."""

from __future__ import annotations

import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.blocks.stage import check_blocks

VALID: list[dict[str, Any]] = [
    {
        "id": "acme.reply-prompt",
        "version": "1.0.0",
        "kind": "prompt",
        "content": {
            "template": 'Hi {{ tone }} {{ settings["acme.style"].n }}',
            "parameters": [{"name": "tone", "type": "string", "default": "warm"}],
        },
    },
    {
        "id": "acme.style",
        "version": "1.0.0",
        "kind": "settings",
        "content": {"values": {"n": 1}, "schema": {"properties": {"n": {"minimum": 0}}}},
    },
    {
        "id": "acme.names",
        "version": "1.0.0",
        "kind": "settings",
        "content": {
            "values": {"name": "ada", "tags": {"x-1": "a"}},
            "schema": {
                "properties": {"name": {"pattern": "^[a-z]+$"}},
                "patternProperties": {"^x-": {"type": "string"}},
                "unevaluatedProperties": False,
            },
        },
    },
    {
        "id": "acme.file",
        "version": "1.0.0",
        "kind": "prompt",
        "content": {"templateFile": "t.liquid"},
    },
]

json_leaf = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8)
json_value = st.recursive(
    json_leaf,
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=3),
    max_leaves=8,
)
KEYS = [
    "id",
    "version",
    "kind",
    "content",
    "description",
    "template",
    "templateFile",
    "parameters",
    "values",
    "schema",
    "$ref",
    "name",
    "type",
    "default",
    "pattern",
    "patternProperties",
    "additionalProperties",
    "unevaluatedProperties",
    "properties",
]
EXAMPLES = 2000
"""Issue 7 asks for at least 2,000 examples in CI; about 30 s here."""
EXAMPLE_SECONDS = 20
"""Wall time one example may take; far above the slowest bound inside (0.5 s per pattern)."""
FILES = {"blocks/b.json", "blocks/t.liquid"}


class _Hang(BaseException):
    """An example over its time limit (a BaseException, so no `except Exception` eats it)."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the block in the main thread once `seconds` of wall time have passed."""
    if (
        not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield  # no interval timer here (Windows, a worker thread): run unbounded
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise _Hang

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _mutate(block: Any, path: list[Any], value: Any) -> Any:
    """Replace (or add) the value at a path of keys, stopping where the path leaves objects."""
    if not path or not isinstance(block, dict):
        return value
    head, *rest = path
    copy = dict(block)
    copy[head] = _mutate(copy.get(head), rest, value)
    return copy


@settings(
    max_examples=EXAMPLES,
    deadline=None,  # wall-clock deadlines flake on a loaded machine; `_time_limit` bounds it
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    base=st.sampled_from(VALID),
    path=st.lists(st.sampled_from(KEYS), min_size=1, max_size=3),
    value=json_value,
    cut=st.none() | st.integers(min_value=0, max_value=400),
)
def test_mutated_blocks_never_raise(
    tmp_path: Path, base: dict[str, Any], path: list[str], value: Any, cut: int | None
) -> None:
    """A mutated (or truncated) block gives its entry or an error, in bounded time."""
    text = json.dumps(_mutate(base, path, value), allow_nan=True)
    if cut is not None:
        text = text[:cut]
    blocks = tmp_path / "blocks"
    blocks.mkdir(exist_ok=True)
    (blocks / "t.liquid").write_text("{{ x }}", encoding="utf-8")
    (blocks / "b.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        with _time_limit(EXAMPLE_SECONDS):
            outcome = check_blocks(tmp_path, ["blocks/b.json"], "blocks")
    except _Hang:
        pytest.fail(f"checking the block took over {EXAMPLE_SECONDS} s: {text[:200]!r}")
    errors = [problem for problem in outcome.problems if problem.severity == "error"]
    assert {problem.file for problem in outcome.problems} <= FILES
    if errors:
        assert outcome.entries == ()
    else:
        assert [entry["modulePath"] for entry in outcome.entries] == ["blocks/b.json"]


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no interval timer here")
def test_time_limit_interrupts_a_hang() -> None:
    """The per-example bound is real: a sleep far past it is interrupted."""
    with pytest.raises(_Hang), _time_limit(0.1):
        threading.Event().wait(30)
