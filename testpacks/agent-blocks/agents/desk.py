"""Two agents of the front desk: one whose instructions are a prompt block by range, one whose
instructions are a template of their own; each reads the settings its range picks."""

from __future__ import annotations

from kindgi import Agent

triage = Agent(
    id="acme.desk.triage",
    version="1.0.0",
    name="Triage",
    instructions={"prompt": "acme.intake-prompt", "version": "^1.0.0"},
    settings=[{"id": "acme.desk-style", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)

greeter = Agent(
    id="acme.desk.greeter",
    version="1.0.0",
    name="Greeter",
    instructions=(
        "Greet {{ visitor }} in a {{ settings[\"acme.desk-style\"].tone }} tone, "
        "in at most {{ settings[\"acme.desk-style\"].maxSentences | minus: 4 }} sentences."
    ),
    parameters=[{"name": "visitor", "type": "string", "default": "the visitor"}],
    settings=[{"id": "acme.desk-style", "version": "^2.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
