"""What the code stage gives: the entries the SDK indexed and the stage's problems (apart from
`stage.py`, so the pipeline can name it without loading the SDK runner)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hatch_kindgi.report.problems import Problem


@dataclass(frozen=True)
class CodeOutcome:
    """The entries the SDK indexed (as it wrote them) and the problems of the code stage."""

    tools: tuple[dict[str, Any], ...]
    guardrails: tuple[dict[str, Any], ...]
    agents: tuple[dict[str, Any], ...]
    flows: tuple[dict[str, Any], ...]
    problems: tuple[Problem, ...]
