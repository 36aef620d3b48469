"""Liquid as the Kindgi runtime's liquidjs parses and renders it, built on python-liquid.

The runtime parses a prompt at publish with `new Liquid().parse(template)` and renders it in a
run with `new Liquid({ strictVariables: true, strictFilters: true })` (kindgi/kindgi-sdk:
`packages/agents/src/blocks.ts`, `packages/agents/src/prompt.ts`). Where liquidjs and Shopify's
Liquid (which python-liquid follows) differ, this environment does as liquidjs does: its tag
set and grammar (`tags.py`), its filters and JavaScript's numbers (`filters.py`). The tests
hold it to liquidjs itself (`tests/oracle/runtime.py`, the pinned npm package).
"""

from __future__ import annotations

from liquid import Environment

from hatch_kindgi.blocks.liquidjs.filters import register_filters
from hatch_kindgi.blocks.liquidjs.output import register_output
from hatch_kindgi.blocks.liquidjs.tags import read_keys_after_dots, register_tags

__all__ = ["LiquidJS"]


class LiquidJS(Environment):
    """A python-liquid environment with liquidjs's tags and filters."""

    suppress_blank_control_flow_blocks = False  # liquidjs keeps a whitespace-only block's text

    def setup_tags_and_filters(self, *, extra: bool = False) -> None:
        """liquidjs's tags and filters, and no others (`extra` is not offered)."""
        register_tags(self)
        register_filters(self)
        register_output(self)


read_keys_after_dots(LiquidJS)
