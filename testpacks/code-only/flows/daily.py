"""A flow that adds a note, then counts its words."""

from __future__ import annotations

from kindgi import Flow

from ..tools.notes import add_note, count_words

daily = Flow(
    id="acme.notes.daily",
    version="1.0.0",
    name="Daily note",
    nodes=[
        {"id": "add", "kind": "tool", "ref": add_note},
        {"id": "count", "kind": "tool", "ref": count_words},
    ],
    edges=[
        {"id": "start", "from": "$start", "to": "add"},
        {"id": "then", "from": "add", "to": "count"},
        {"id": "end", "from": "count", "to": "$end"},
    ],
)
