"""Which matcher answers a hosted pattern's matches: `matcher`, a fixture each test of the
hosted profile's answers runs under twice, once on our own (pure Python) and once on
google-re2 (skipped where it isn't installed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hatch_kindgi.engines.re2 import program, tenant


@pytest.fixture(params=["python", "google-re2"])
def matcher(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The matcher the test's matches run on; compiled patterns kept from before are dropped,
    before and after."""
    if request.param == "python":
        monkeypatch.setattr(program, "accelerated", lambda *args, **kwargs: None)
    else:
        pytest.importorskip("re2", reason="google-re2 isn't installed here")
    tenant._compiled.cache_clear()
    yield request.param
    tenant._compiled.cache_clear()
