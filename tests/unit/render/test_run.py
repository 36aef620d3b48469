"""The variables a run gives besides parameters (`@kindgi/agents/src/prompt.ts`): `today`, `now`,
`agent`, `conversation`, `input`, held to liquidjs given the context the runtime builds; and
`--now`, `--input` as a user writes them. Expected clock values are written by hand."""

from __future__ import annotations

from typing import Any

import pytest

from hatch_kindgi.render.parameters import UsageFault
from hatch_kindgi.render.run import iso_string, parse_input, parse_now
from hatch_kindgi.render.stage import RenderRequest, render
from tests.oracle import shipped

NOW = "2026-12-01T15:04:05.123Z"
AGENT: dict[str, Any] = {
    "id": "acme.helper",
    "version": "1.2.0",
    "name": "Acme helper",
    "instructions": (
        "I am {{ agent.name }} ({{ agent.id }}@{{ agent.version }}), turn "
        "{{ conversation.turn }}, {{ today }} {{ now }}; {{ now | date: '%-d %B %Y, %H:%M' }}; "
        "{{ tone }} tone, {{ n | divided_by: 2 }}."
    ),
    "parameters": [
        {"name": "tone", "type": "string", "default": "calm"},
        {"name": "n", "type": "number"},
    ],
    "capabilities": [],
    "tools": [],
    "modulePath": "agents/helper.py",
}


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        (NOW, NOW),
        ("2026-12-01", "2026-12-01T00:00:00.000Z"),
        ("2026-12-01T17:04:05+02:00", "2026-12-01T15:04:05.000Z"),
        ("2026-12-01T15:04:05.123456z", NOW),
    ],
)
def test_now_is_read_as_an_instant(written: str, expected: str) -> None:
    assert iso_string(parse_now(written)) == expected


@pytest.mark.parametrize("written", ["yesterday", "2026-12-01T15:04:05", "2026-13-01", ""])
def test_now_without_zone_or_not_a_time_is_a_usage_fault(written: str) -> None:
    with pytest.raises(UsageFault, match="--now"):
        parse_now(written)


def test_input_is_json() -> None:
    assert parse_input('{"a": [1, 2.5]}') == ({"a": [1, 2.5]}, True)
    assert parse_input(None) == (None, False)
    for bad in ("{a: 1}", "NaN", "[1, Infinity]"):
        with pytest.raises(UsageFault, match="--input must be JSON"):
            parse_input(bad)
    with pytest.raises(UsageFault, match="--input nests too deeply"):
        parse_input("[" * 100_000 + "]" * 100_000)


def test_agent_instructions_get_the_run_variables() -> None:
    """An agent's own template gets `agent`, `today`, `now`, the first turn and its
    defaults: the text is liquidjs's."""
    shipped.require_oracle()
    outcome = render(RenderRequest("acme.helper", ("n=7",), now=NOW), [], {}, [AGENT])
    context = {
        "tone": "calm",
        "n": 7,
        "today": "2026-12-01",
        "now": NOW,
        "agent": {"id": "acme.helper", "name": "Acme helper", "version": "1.2.0"},
        "conversation": {"id": "render", "turn": 1},
        "settings": {},
    }
    ok, text = shipped.render_outcome(str(AGENT["instructions"]), context)
    assert ok
    assert (outcome.text, outcome.problems) == (text, ())


def test_date_of_now_reads_the_run_clock() -> None:
    """`"now" | date` reads `--now` (liquidjs reads the machine's clock, the moment a run
    stamps `now`), so a render is the same on every machine."""
    blocks, files = _prompt_block("{{ 'now' | date: '%Y-%m-%d %H:%M:%S' }} {{ 'today' | date }}")
    outcome = render(RenderRequest("acme.p", now=NOW), blocks, files, None)
    expected = "2026-12-01 15:04:05 Tuesday, December 1, 2026 at 3:04 pm +0000"
    assert (outcome.text, outcome.problems) == (expected, ())


def _prompt_block(template: str) -> tuple[list[dict[str, Any]], dict[str, str]]:
    block = {
        "id": "acme.p",
        "version": "1.0.0",
        "kind": "prompt",
        "file": "blocks/p.json",
        "content": {"template": template, "parameters": []},
    }
    return [block], {}


@pytest.mark.parametrize(
    ("template", "message"),
    [
        (
            "By {{ agent.name }}",
            '"agent" is undefined: a run gives the agent it runs (id, name, version); render '
            "an agent, or this prompt with --agent AGENT_ID",
        ),
        (
            "About {{ input.topic }}",
            '"input" is undefined: a run gives it only when the turn has structured input; '
            "give one with --input JSON",
        ),
    ],
)
def test_run_variable_not_given_says_how_to_give_it(template: str, message: str) -> None:
    blocks, files = _prompt_block(template)
    outcome = render(RenderRequest("acme.p", now=NOW), blocks, files, None)
    assert outcome.text is None
    assert [(p.code, p.message.split(" (template line")[0]) for p in outcome.problems] == [
        ("render-undefined", message)
    ]


def test_input_given_is_read() -> None:
    blocks, files = _prompt_block("About {{ input.topic }}: {{ input.total | times: 1.5 }}")
    request = RenderRequest("acme.p", now=NOW, input='{"topic": "refunds", "total": 3}')
    outcome = render(request, blocks, files, None)
    assert (outcome.text, outcome.problems) == ("About refunds: 4.5", ())


def test_prompt_block_with_agent_gets_that_agent() -> None:
    """A prompt block rendered with --agent gets the agent the run would run."""
    blocks, files = _prompt_block("{{ agent.name }} {{ agent.id }} {{ agent.version }}")
    request = RenderRequest("acme.p", agent="acme.helper", now=NOW)
    outcome = render(request, blocks, files, [AGENT])
    assert (outcome.text, outcome.problems) == ("Acme helper acme.helper 1.2.0", ())


def test_agent_instructions_a_publish_refuses_are_not_rendered() -> None:
    """Instructions `templateProblem` refuses (an unknown filter, a partial) are refused by
    `render` too, in the same words, before python-liquid reads them: as the runtime's own
    render refuses them (`renderTenantTemplate`, which fails on each)."""
    shipped.require_oracle()
    for template, code in (
        ("Hi {{ tone | upcse }}.", "liquid-unknown-filter"),
        ("Hi.{% if tone %}{% include 'sig' %}{% endif %}", "liquid-partial"),
    ):
        agent = {**AGENT, "instructions": template}
        outcome = render(RenderRequest("acme.helper", ("n=7",), now=NOW), [], {}, [agent])
        assert outcome.text is None
        assert [p.code for p in outcome.problems] == [code]
        assert not shipped.render_outcome(template, {"tone": "calm", "n": 7})[0]
