"""Where the pack deploys (the hook option `target`, `--target`): the profile whose verdict the
checks give, and the one whose refusals alone they warn of.

`target = "hosted"`: every verdict is Kindgi hosted's (`HOSTED_BOUNDS`), in its words;
`"self-hosted"`: a self-hosted runtime's (`SELF_HOSTED_BOUNDS`), as ever. Without it the
verdicts are self-hosted's, and what the hosted profile alone refuses is a warning
(`hosted-profile`) that names the profile and the option: a pack that builds today still
builds, and its author learns what Kindgi hosted would refuse before deploying there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from hatch_kindgi.engines.bounds import (
    HOSTED_BOUNDS,
    PROFILES,
    SELF_HOSTED_BOUNDS,
    Bounds,
)
from hatch_kindgi.report.problems import Problem

__all__ = ["DEFAULT_TARGET", "TARGETS", "Target", "target_of"]

TARGETS: tuple[str, ...] = tuple(PROFILES)
"""The values `target` takes."""

_BOUNDS: dict[str, Bounds] = dict(PROFILES.items())


@dataclass(frozen=True)
class Target:
    """The bounds whose verdict the checks give (`bounds`), and those whose refusals alone
    are warned of (`warn`: the hosted profile's when no target is set, else None)."""

    bounds: Bounds
    warn: Bounds | None = None

    def warning(self, problem: Problem) -> Problem:
        """An error of the `warn` profile's checks, on what the verdict's take, as the
        warning that names that profile and the option to set (one that says the check
        couldn't be made, a warning that says so)."""
        return replace(
            problem,
            severity="warning",
            code="hosted-profile",
            message=(
                f"Kindgi hosted (the hosted profile) refuses this: {problem.message} (set the "
                'hook option `target` to "hosted" to build for it, or to "self-hosted" if the '
                "pack never deploys there)"
            ),
        )


DEFAULT_TARGET = Target(SELF_HOSTED_BOUNDS, warn=HOSTED_BOUNDS)
"""No target set: self-hosted's verdicts, hosted's refusals as warnings."""


def target_of(name: str | None) -> Target:
    """The target the option's value (one of TARGETS, or None for none set) names; a
    KeyError for another (the options refuse it before)."""
    if name is None:
        return DEFAULT_TARGET
    return Target(_BOUNDS[name])
