"""Text helpers of the app."""

from __future__ import annotations


def shout(text: str) -> str:
    """The text in capitals, with an exclamation mark."""
    return f"{text.upper()}!"
