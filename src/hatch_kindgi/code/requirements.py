"""The kindgi SDK a build environment needs to index a pack's code (`sdk_requirements`).

Apart from the stage, which runs the SDK: the hook's `dependencies()` asks for these in a
process of its own, before the build, and loads nothing of the stage."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["SDK_REQUIREMENT", "sdk_requirements"]

SDK_REQUIREMENT = "kindgi>=0.1.10,<0.2"
"""The kindgi SDK whose indexer the code stage runs (the `sdk` extra asks for the same)."""


def sdk_requirements(declared: Sequence[str]) -> list[str]:
    """What a build environment needs to index the pack's code: the pack's own requirements
    (`declared`: indexing imports its modules), after the kindgi SDK unless the pack requires
    a kindgi of its own (adding ours could make it unresolvable)."""
    from packaging.requirements import Requirement  # the build's (hatchling's) packaging
    from packaging.utils import canonicalize_name

    requirements = list(declared)
    if not any(canonicalize_name(Requirement(text).name) == "kindgi" for text in requirements):
        requirements.insert(0, SDK_REQUIREMENT)
    return requirements
