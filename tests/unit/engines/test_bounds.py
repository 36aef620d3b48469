"""The two profiles' bounds are the shipped runtime's: `tenantInputBounds()` of a runtime
booted under each (`configureTenantInputBounds`, one process a profile)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, PROFILES, SELF_HOSTED_BOUNDS, Bounds
from tests.oracle import shipped

_LIQUID = {
    "template_max_length": "parseLimit",
    "render_limit_ms": "renderLimitMs",
    "render_memory_limit": "memoryLimit",
}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _as_runtime(bounds: Bounds) -> dict[str, Any]:
    """Our table as the runtime writes its own (Infinity for no limit)."""
    table: dict[str, Any] = {"liquid": {}}
    for field in fields(bounds):
        if field.name == "profile":
            continue
        value = getattr(bounds, field.name)
        value = "Infinity" if value is None else value
        if field.name in _LIQUID:
            table["liquid"][_LIQUID[field.name]] = value
        else:
            table[_camel(field.name)] = value
    return table


@pytest.mark.parametrize("profile", shipped.PROFILES)
def test_bounds_are_the_runtimes(profile: shipped.Profile) -> None:
    """Every field of each profile's table equals `tenantInputBounds()` under that profile."""
    shipped.require_oracle()
    assert _as_runtime(PROFILES[profile]) == shipped.about(profile=profile)["bounds"]


def test_profiles_are_named_by_their_own_profile() -> None:
    """`PROFILES` names each table by the profile it holds; only hosted runs on RE2."""
    assert PROFILES == {"self-hosted": SELF_HOSTED_BOUNDS, "hosted": HOSTED_BOUNDS}
    assert all(bounds.profile == name for name, bounds in PROFILES.items())
    assert HOSTED_BOUNDS.on_re2
    assert not SELF_HOSTED_BOUNDS.on_re2
