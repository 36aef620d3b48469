"""The python-liquid environment with liquidjs's tags and filters (`LiquidJS`), for a render."""

from __future__ import annotations

from liquid import Environment

from hatch_kindgi.engines.liquidjs.filters import register_filters
from hatch_kindgi.engines.liquidjs.output import register_output
from hatch_kindgi.engines.liquidjs.python_liquid import read_keys_after_dots, register_tags

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
