"""An agent naming a tool and a settings block the pack no longer brings."""

from kindgi import Agent

drafter = Agent(
    id="acme.broken.drafter",
    version="1.0.0",
    name="Drafter",
    instructions="Draft short replies.",
    settings=[{"id": "acme.broken.style", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.broken.lookup", "version": "^1.0.0"}],
)
