"""The variables a run gives a template besides its parameters, as the Kindgi runtime gives them.

`@kindgi/agents/src/prompt.ts` in kindgi-cli (`renderInstructions`, `mergeContext`): the
context is the declared defaults, then the caller's parameters, then `today` (the UTC date,
`YYYY-MM-DD`), `now` (`Date.prototype.toISOString`: UTC with milliseconds,
`2026-12-01T15:04:05.123Z`), `agent` (`id`, `name`, `version` of the agent invoked), and only
when the turn has them `conversation` (`id`, `turn`, counted from 1), `input` (the turn's
structured input) and `settings` (the agent's settings blocks' values by block id). A render
gives `today` and `now` from the clock or `--now`, `agent` from the agent rendered or
`--agent`, `conversation` as a first turn, `input` from `--input`. The tests compare a render
with liquidjs given the same context (`tests/oracle/shipped.py`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from hatch_kindgi.render.parameters import UsageFault

TODAY = "today"
NOW = "now"
AGENT = "agent"
CONVERSATION = "conversation"
INPUT = "input"
CONVERSATION_ID = "render"
"""The id of the conversation a render stands in for (its first turn)."""
_AGENT_KEYS = ("id", "name", "version")


@dataclass(frozen=True)
class Run:
    """What the run gives besides parameters and settings."""

    clock: datetime  # UTC
    agent: Mapping[str, Any] | None = None  # the agent's entry, when one is rendered
    input: Any = None
    has_input: bool = False

    def variables(self) -> dict[str, Any]:
        """The variables, by name, in the order the runtime sets them."""
        found: dict[str, Any] = {TODAY: self.clock.date().isoformat(), NOW: iso_string(self.clock)}
        if self.agent is not None:
            found[AGENT] = {key: self.agent[key] for key in _AGENT_KEYS if key in self.agent}
        found[CONVERSATION] = {"id": CONVERSATION_ID, "turn": 1}
        if self.has_input:
            found[INPUT] = self.input
        return found

    def why_undefined(self, root: str) -> str | None:
        """Why a read of the run's variable `root` finds nothing, if `root` is one."""
        if root == AGENT and self.agent is None:
            return (
                f'"{AGENT}" is undefined: a run gives the agent it runs (id, name, version); '
                "render an agent, or this prompt with --agent AGENT_ID"
            )
        if root == INPUT and not self.has_input:
            return (
                f'"{INPUT}" is undefined: a run gives it only when the turn has structured '
                "input; give one with --input JSON"
            )
        return None


def iso_string(moment: datetime) -> str:
    """JavaScript's `Date.prototype.toISOString` of a UTC moment."""
    moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_now(text: str | None) -> datetime:
    """The run's clock: `--now` (an ISO date and time with a zone, or a date: midnight UTC),
    or the clock now; a `UsageFault` for a value that is neither."""
    if text is None:
        return datetime.now(timezone.utc)
    written = text.strip()
    if written.endswith(("Z", "z")):
        written = written[:-1] + "+00:00"
    try:
        moment = datetime.fromisoformat(written)
    except ValueError:
        moment = None
    if moment is not None and len(written) == 10:  # a date alone
        return moment.replace(tzinfo=timezone.utc)
    if moment is None or moment.tzinfo is None:
        raise UsageFault(
            f"--now {json.dumps(text)} must be an ISO date and time with its zone, like "
            "2026-12-01T15:04:05.123Z, or a date, like 2026-12-01"
        )
    return moment.astimezone(timezone.utc)


def parse_input(text: str | None) -> tuple[Any, bool]:
    """The turn's structured input from `--input JSON`, and whether one is given."""
    if text is None:
        return None, False
    try:
        return json.loads(text, parse_constant=_not_json), True
    except RecursionError:
        raise UsageFault("--input nests too deeply to be read") from None
    except ValueError as fault:
        example = """'{"topic": "refunds"}'"""
        raise UsageFault(f"--input must be JSON, like {example}: {fault}") from None


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
