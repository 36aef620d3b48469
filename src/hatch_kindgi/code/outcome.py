"""What the code stage gives: the entries the SDK indexed and the stage's problems (apart from
`stage.py`, so the pipeline can name it without loading the SDK runner)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.config.stage import CODE_KINDS
from hatch_kindgi.report.problems import Problem

Entries = tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class CodeOutcome:
    """The entries the SDK indexed (as it wrote them) and the problems of the code stage."""

    tools: Entries
    guardrails: Entries
    agents: Entries
    flows: Entries
    problems: tuple[Problem, ...]

    def lists(self) -> dict[str, Entries]:
        """The entries by index list (`CODE_KINDS`), in the index's order."""
        return {kind: getattr(self, kind) for kind in CODE_KINDS}

    def module_paths(self) -> set[str]:
        """Every module the entries name (`modulePath`, a guardrail's `checkModulePath`)."""
        return {
            path
            for entries in self.lists().values()
            for entry in entries
            for path in (entry.get("modulePath"), entry.get("checkModulePath"))
            if isinstance(path, str)
        }


def code_outcome(entries: Callable[[str], Entries], problems: Iterable[Problem]) -> CodeOutcome:
    """A CodeOutcome whose list of each kind (`tools`, …) is `entries(kind)`."""
    return CodeOutcome(
        entries("tools"),
        entries("guardrails"),
        entries("agents"),
        entries("flows"),
        tuple(problems),
    )


NO_CODE = CodeOutcome((), (), (), (), ())
"""The outcome of a pack without code modules."""
