"""Raises at import."""

from __future__ import annotations

SETTINGS = {}
RETRIES = SETTINGS["retries"]
