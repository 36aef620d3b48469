"""Liquid as the Kindgi runtime's liquidjs parses and renders it, built on python-liquid.

The runtime parses a prompt at publish with `new Liquid().parse(template)` and renders it in a
run with `new Liquid({ strictVariables: true, strictFilters: true })` (kindgi/kindgi-sdk:
`packages/agents/src/blocks.ts`, `packages/agents/src/prompt.ts`). Where liquidjs and Shopify's
Liquid (which python-liquid follows) differ, this environment does as liquidjs does: its tag
set and grammar (`tags.py`), its filters and JavaScript's numbers (`filters.py`). The tests
hold it to liquidjs itself (`tests/oracle/runtime.py`, the pinned npm package).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hatch_kindgi.engines.liquidjs.environment import LiquidJS

__all__ = ["LiquidJS"]


def __getattr__(name: str) -> Any:
    """`LiquidJS` loads python-liquid with it: only what renders (or a test) asks for it, so
    that `check`, which parses with `parse.py` alone, never loads python-liquid."""
    if name == "LiquidJS":
        from hatch_kindgi.engines.liquidjs.environment import LiquidJS

        return LiquidJS
    raise AttributeError(name)
