"""A tool whose hand-written schema declares draft-07."""

from __future__ import annotations

from typing import Any

from kindgi import tool

WEATHER_INPUT = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {"city": {"type": "string"}},
    "required": ["city"],
}


@tool(
    id="acme.corpus.weather",
    input=WEATHER_INPUT,
    output={"type": "object", "properties": {"tempC": {"type": "number"}}},
    mutating=False,
)
def weather(request: dict[str, Any]) -> dict[str, Any]:
    """Today's weather in a city."""
    return {"tempC": 21.0}
