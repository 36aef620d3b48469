"""Which matcher answers a hosted pattern's matches: `matcher`, a fixture each test of the
hosted profile's answers runs under twice, once on our own (pure Python) and once on
google-re2 (skipped where it isn't installed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hatch_kindgi.engines.re2.tenant import matched_on


@pytest.fixture(params=["python", "google-re2"])
def matcher(request: pytest.FixtureRequest) -> Iterator[str]:
    """The matcher the test's matches run on."""
    if request.param == "google-re2":
        pytest.importorskip("re2", reason="google-re2 isn't installed here")
    with matched_on(request.param):
        yield request.param
