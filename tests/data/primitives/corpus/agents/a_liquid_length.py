"""An agent whose instructions use a filter liquidjs doesn't have (`| length`)."""

from __future__ import annotations

from kindgi import Agent

summarizer = Agent(
    id="acme.corpus.summarizer",
    version="1.0.0",
    name="Summarizer",
    instructions=(
        "Summarize the thread.\n"
        "{% if topics | length > 0 %}Focus on: {{ topics | join: ', ' }}.{% endif %}"
    ),
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    parameters=[{"name": "topics", "type": "string"}],
)
