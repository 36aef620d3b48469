"""The two sets of bounds a Kindgi runtime runs under, as data (`@kindgi/bounds` `bounds.ts`).

A runtime sets its tenant input bounds once, at boot: `SELF_HOSTED_BOUNDS` (the default: a
self-hosted server, a pack's own process) or `HOSTED_BOUNDS` (Kindgi's hosted service, where
one tenant's input must never stall the others: patterns on RE2, tight limits). What a check
decides under one of them takes the `Bounds` as an argument; nothing here is a setting of
the process. The tests hold both tables to the shipped `tenantInputBounds()` of a runtime
booted under each (`tests/unit/engines/test_bounds.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["HOSTED_BOUNDS", "PROFILES", "SELF_HOSTED_BOUNDS", "Bounds", "Profile", "bounds_named"]

Profile = Literal["self-hosted", "hosted"]

_KIB = 1024
_MIB = 1024 * _KIB


@dataclass(frozen=True)
class Bounds:
    """One profile's `TenantInputBounds`, field for field (camelCase there, snake_case here;
    `liquid`'s three under `template_`/`render_`). None stands for the runtime's `Infinity`:
    no limit."""

    profile: Profile
    regex: Literal["v8", "re2"]
    """The engine a tenant's pattern runs on (and, on RE2, how a tenant's schema checks data:
    RE2 patterns, ajv-formats' fast formats, the linear `uniqueItems`)."""
    pattern_max_length: int
    """The longest a tenant's pattern may be: its source plus its flags, in UTF-16 units."""
    must_cite_max_citations: int | None
    schema_max_bytes: int
    """The largest schema compiled: the UTF-8 bytes of its `JSON.stringify`."""
    schema_max_depth: int
    """The deepest objects and arrays may nest in a schema (its root at depth 0)."""
    schema_cache_entries: int
    schema_cache_max_bytes: int | None
    schema_compile_budget_ms: int | None
    template_render_budget_ms: int | None
    template_max_length: int | None
    """liquidjs's `parseLimit`: the longest template parsed, in UTF-16 units."""
    render_limit_ms: int | None
    render_memory_limit: int
    response_max_bytes: int
    response_idle_ms: int | None
    sse_event_max_bytes: int
    request_max_bytes: int
    request_json_max_depth: int

    @property
    def on_re2(self) -> bool:
        """Whether a tenant's patterns (and so its schemas' checks) run on RE2."""
        return self.regex == "re2"


SELF_HOSTED_BOUNDS = Bounds(
    profile="self-hosted",
    regex="v8",
    pattern_max_length=8_192,
    must_cite_max_citations=None,
    schema_max_bytes=1 * _MIB,
    schema_max_depth=64,
    schema_cache_entries=1_000,
    schema_cache_max_bytes=None,
    schema_compile_budget_ms=None,
    template_render_budget_ms=None,
    template_max_length=None,
    render_limit_ms=None,
    render_memory_limit=16_777_216,
    response_max_bytes=10 * _MIB,
    response_idle_ms=None,
    sse_event_max_bytes=10 * _MIB,
    request_max_bytes=10 * _MIB,
    request_json_max_depth=128,
)
"""Anywhere but Kindgi hosted: patterns on V8, ajv-formats' full formats, schemas up to 1 MiB."""

HOSTED_BOUNDS = Bounds(
    profile="hosted",
    regex="re2",
    pattern_max_length=1_024,
    must_cite_max_citations=100,
    schema_max_bytes=256 * _KIB,
    schema_max_depth=64,
    schema_cache_entries=512,
    schema_cache_max_bytes=8 * _MIB,
    schema_compile_budget_ms=2_000,
    template_render_budget_ms=5_000,
    template_max_length=262_144,
    render_limit_ms=1_000,
    render_memory_limit=8_388_608,
    response_max_bytes=10 * _MIB,
    response_idle_ms=60_000,
    sse_event_max_bytes=10 * _MIB,
    request_max_bytes=2 * _MIB,
    request_json_max_depth=128,
)
"""Kindgi hosted: patterns on RE2 (linear time), and tight limits."""

PROFILES: dict[Profile, Bounds] = {"self-hosted": SELF_HOSTED_BOUNDS, "hosted": HOSTED_BOUNDS}
"""Each profile's bounds, by the name the hook option `target` gives it."""


def bounds_named(name: str) -> Bounds:
    """The bounds of the profile `name` ("self-hosted" or "hosted"); ValueError for another."""
    for profile, bounds in PROFILES.items():
        if profile == name:
            return bounds
    raise ValueError(f"no profile {name!r}: {', '.join(PROFILES)}")
