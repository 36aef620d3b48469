"""A tool of the pack that calls into the app's own package."""

from __future__ import annotations

from pydantic import BaseModel

from acme_app.text import shout as app_shout
from kindgi import tool


class ShoutInput(BaseModel):
    text: str


@tool(id="acme-app.shout", mutating=False)
def shout(request: ShoutInput) -> str:
    """Shouts the text, as the app does."""
    return app_shout(request.text)
