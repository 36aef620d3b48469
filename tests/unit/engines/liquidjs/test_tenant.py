"""`templateProblem` (@kindgi/agents `liquid.ts`) mirrored: the bounds' `parseLimit` first (in
UTF-16 units, before any parse), then liquidjs's parse; held to the shipped function on a
runtime under each profile."""

from __future__ import annotations

import pytest

from hatch_kindgi.engines.bounds import Profile, bounds_named
from hatch_kindgi.engines.liquidjs.tenant import template_problem, template_too_long
from tests.oracle import shipped

_TEMPLATES = [
    "Hi {{ name }}",
    "x" * 262_144,
    "x" * 262_145,
    "é" * 262_145,
    "😀" * 131_072,
    "😀" * 131_072 + "x",
    "{% if %}" + "x" * 262_140,
    "{% include 'a' %}" + "x" * 262_140,
    " " * 262_145,
]


@pytest.mark.parametrize("template", _TEMPLATES, ids=lambda text: f"{text[:12]!r}…{len(text)}")
@pytest.mark.parametrize("profile", ["hosted", "self-hosted"])
def test_template_problem_is_the_shipped_one(template: str, profile: Profile) -> None:
    """The same verdict and words as the shipped `templateProblem` under `profile`."""
    shipped.require_oracle()
    expected = shipped.template_problem(template, profile=profile)
    assert template_problem(template, bounds_named(profile)) == expected


def test_the_length_is_javascripts() -> None:
    """`template.length`: an astral character counts two (exact values by hand)."""
    hosted = bounds_named("hosted")
    assert template_too_long("😀" * 131_072, hosted) is None
    assert template_too_long("😀" * 131_072 + "x", hosted) == (
        "the template is 262145 characters, over the limit of 262144"
    )
    assert template_too_long("x" * 10_000_000, bounds_named("self-hosted")) is None
