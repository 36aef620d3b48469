"""An agent the checks across entries refuse."""

from __future__ import annotations

from kindgi import Agent

talker = Agent(
    id="acme.broken.talker",
    version="1.0.0",
    name="Talker",
    instructions="Hello {{ user_name }}.\nYou help with {% if %}{{ topic }}{% endif %}.",
)
