"""Registers the `kindgi` build hook with Hatchling; nothing else lives here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hatchling.plugin import hookimpl

if TYPE_CHECKING:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface


@hookimpl
def hatch_register_build_hook() -> type[BuildHookInterface]:  # type: ignore[type-arg]
    """The hook class `[tool.hatch.build.hooks.kindgi]` enables."""
    from hatch_kindgi.hatch.plugin import KindgiBuildHook

    return KindgiBuildHook
