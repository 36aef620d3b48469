"""A render under the hosted bounds refuses an agent's instructions over the `parseLimit` as a
publish does (`templateProblem`'s words, never parsed), and renders them under self-hosted's
(expected values by hand)."""

from __future__ import annotations

from hatch_kindgi.blocks.liquid import TemplateSite
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS
from hatch_kindgi.render.parameters import Parameters
from hatch_kindgi.render.settings import SettingsChoice
from hatch_kindgi.render.strict import Template, render_template

_SITE = TemplateSite("agents/handbook.py", inline=True, pointer="/instructions")
_NONE = Parameters({}, (), frozenset())
_NO_SETTINGS = SettingsChoice({}, {}, {})


def test_instructions_over_the_limit_are_refused_on_hosted() -> None:
    """262,145 UTF-16 units (an astral character counts two): refused, not parsed (the
    `{% if %}` liquidjs would refuse is never reached)."""
    text = "{% if %}" + "😀" * 131_069
    rendered = render_template(
        Template(text, _SITE, '"acme.handbook"'), _NONE, [], _NO_SETTINGS, bounds=HOSTED_BOUNDS
    )
    assert rendered.text is None
    [problem] = rendered.problems
    assert (problem.severity, problem.code, problem.file, problem.pointer) == (
        "error",
        "template-too-long",
        "agents/handbook.py",
        "/instructions",
    )
    assert problem.message == (
        "the template is 262146 characters, over the limit of 262144 (UTF-16 units, as "
        "JavaScript counts them)"
    )


def test_instructions_at_the_limit_render() -> None:
    """262,144 units render on hosted; any length on self-hosted."""
    at_most = "x" * 262_144
    for text, bounds in ((at_most, HOSTED_BOUNDS), (at_most + "y", SELF_HOSTED_BOUNDS)):
        template = Template(text, _SITE, '"acme.handbook"')
        rendered = render_template(template, _NONE, [], _NO_SETTINGS, bounds=bounds)
        assert (rendered.text, rendered.problems) == (text, ())
