"""An agent that recalls facts without naming their types, and a version the deploy refuses
(so this pack fails without `strict`)."""

from __future__ import annotations

from kindgi import Agent

concierge = Agent(
    id="acme.broken.concierge",
    version="2.0.0+nightly",
    name="Concierge",
    instructions="Help the guest, remembering what they told you before.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    retrieval=[{"scope": "same-user", "limit": 5}],
)
