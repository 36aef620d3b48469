"""Realistic settings blocks (schema, values), good and bad, for the runtime oracle."""

from __future__ import annotations

from typing import Any

CORPUS: list[tuple[str, dict[str, Any], Any]] = []
