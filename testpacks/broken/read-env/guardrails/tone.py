"""A guardrail whose check reads the environment."""

from __future__ import annotations

import os

from kindgi import guardrail


@guardrail(id="acme.broken.tone", check_id="acme.broken.tone-check", on_violation="halt")
def tone(config: dict[str, object], trace: dict[str, object]) -> bool:
    """Fails when the words are rude."""
    return os.getenv("TONE_STRICT") != "1"
