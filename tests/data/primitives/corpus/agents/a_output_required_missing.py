"""An agent whose typed output (a hand-written schema) requires a field it doesn't define."""

from __future__ import annotations

from kindgi import Agent

ANSWER = {
    "type": "object",
    "properties": {"answer": {"type": "string"}, "confidence": {"type": "number"}},
    "required": ["answer", "sources"],
}

researcher = Agent(
    id="acme.corpus.researcher",
    version="1.0.0",
    name="Researcher",
    instructions="Answer the question, citing your sources.",
    capabilities=[{"needs": [{"feature": "structured-output"}]}],
    output={"schema": ANSWER, "name": "answer"},
)
