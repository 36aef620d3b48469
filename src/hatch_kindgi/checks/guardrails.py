"""Guardrail checks across the pack: `at` outside `checkPoints` (what one guardrail entry
is held to by the runtime is the primitives stage's: `primitives/guardrails.py`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.primitives.modules import declaring_file
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.text import quoted

_CHECK_POINTS = "checkPoints"


def guardrail_problems(entry: Mapping[str, Any]) -> list[Problem]:
    """The problems of one guardrail entry this stage checks, on the file that declares
    its check."""
    file = declaring_file("guardrail", entry, blank=True)
    name = quoted(entry.get("id"))
    at, points = entry.get("at"), entry.get(_CHECK_POINTS)
    if isinstance(at, str) and isinstance(points, list) and at not in points:
        listed = ", ".join(quoted(point) for point in points) or "none"
        return [
            error(
                "guardrail-at",
                file,
                f"guardrail {name} runs at {quoted(at)}, but its check runs only at {listed}: "
                f"`at` must be one of its checkPoints",
                pointer="/at",
            )
        ]
    return []
