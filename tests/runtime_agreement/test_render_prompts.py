"""`render` held to the runtime's `renderTenantTemplate` on every realistic prompt: the blocks
of `corpus_prompts.py` (each with values for its declared parameters, as `--param` would give
them) and the prompt templates of `tests/unit/engines/liquidjs/prompts.py` (with one scope of
the names prompts read). On each template the runtime publishes, our render
(`engines/liquidjs/render.py`) prints the runtime's text, or fails with its message."""

from __future__ import annotations

from typing import Any

from tests.oracle.shipped import publish_template_problem as liquidjs_parse
from tests.oracle.shipped import render_outcome as liquidjs_render
from tests.oracle.shipped import require_oracle as require_runtime
from tests.runtime_agreement import corpus_prompts
from tests.runtime_agreement.verdicts import Case
from tests.unit.engines.liquidjs.prompts import PROMPTS
from tests.unit.render.test_golden_liquid import ours

SETTINGS: dict[str, Any] = {
    "acme.reply-style": {
        "maxSentences": 3,
        "tone": "Warm",
        "limit": 2,
        "offset": 1,
        "signoff": "The Acme team",
        "channels": ["email", "chat"],
    },
    "acme.refund-policy": {"autoApproveUpTo": 250.5, "currency": "EUR"},
    "acme.weights": {"recency": 0.4},
    "acme.triage": {
        "queues": [
            {"name": "billing", "description": "Money matters", "urgent": True},
            {"name": "general", "description": "Everything else", "urgent": False},
        ]
    },
}
RUN: dict[str, Any] = {
    "today": "2026-12-01",
    "now": "2026-12-01T15:04:05.123Z",
    "agent": {"id": "acme.desk", "name": "Desk", "version": "1.2.0"},
    "conversation": {"id": "conversation-1", "turn": 1},
    "input": {"grievance": {"summary": "late parcel"}},
    "settings": SETTINGS,
}
SCOPE: dict[str, Any] = {
    **RUN,
    "company": "Acme",
    "language": "German",
    "customer_name": "ada lovelace",
    "order_id": 1042,
    "vip": True,
    "name": "Ada",
    "score": 72,
    "flagged": False,
    "opted_out": False,
    "topics": ["billing", "delivery"],
    "items": ["a", "b", "c", "d"],
    "channel": "sms",
    "customer": "Ada",
    "tone": "friendly",
    "amount": 19.99,
    "tags": ["urgent", "vip"],
}
_BY_TYPE: dict[str, Any] = {"string": "Ada", "number": 7, "boolean": True, "date": "2026-12-01"}


def _agree(template: str, data: dict[str, Any]) -> tuple[bool, str, tuple[bool, str]] | None:
    """None when both render the same; else (the runtime's outcome, ours) with the template."""
    theirs, mine = liquidjs_render(template, data), ours(template, data)
    return None if theirs == mine else (theirs[0], theirs[1], mine)


def _template(case: Case) -> str | None:
    content = case.block["content"]
    if "template" in content:
        return str(content["template"])
    named = content.get("templateFile")
    return case.files.get(named) if isinstance(named, str) else None


def test_realistic_prompt_blocks_render_as_the_runtime_renders_them() -> None:
    """Each published prompt block of the corpus, its parameters given, prints the runtime's
    text (or fails in its words)."""
    require_runtime()
    compared, differ = 0, []
    for case in corpus_prompts.CASES:
        template = _template(case)
        if template is None or not template.strip() or liquidjs_parse(template) is not None:
            continue
        parameters = case.block["content"].get("parameters", [])
        given = {p["name"]: _BY_TYPE.get(p.get("type", ""), "Ada") for p in parameters}
        data = {**given, **RUN}
        compared += 1
        found = _agree(template, data)
        if found is not None:
            differ.append((case.name, *found))
    assert compared >= 20
    assert differ == []


def test_realistic_prompt_templates_render_as_the_runtime_renders_them() -> None:
    """Each published prompt template, with one scope of the names prompts read, prints the
    runtime's text (or fails in its words)."""
    require_runtime()
    compared, differ = 0, []
    for template in PROMPTS:
        if liquidjs_parse(template) is not None:
            continue
        compared += 1
        found = _agree(template, SCOPE)
        if found is not None:
            differ.append((template, *found))
    assert compared >= 35
    assert differ == []
