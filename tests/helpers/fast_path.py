"""Turning the jsonschema-rs fast path off, to compare what jsonschema alone reports."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from hatch_kindgi.index import stage as index_stage
from hatch_kindgi.schema import fast


def _clear() -> None:
    fast._metaschema_validator.cache_clear()
    index_stage._fast_validator.cache_clear()


@contextmanager
def fast_path_off() -> Iterator[None]:
    """Inside the block, jsonschema-rs is as good as not installed (no `fast` extra)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fast, "_library", lambda: None)
        _clear()
        try:
            yield
        finally:
            _clear()
    _clear()
