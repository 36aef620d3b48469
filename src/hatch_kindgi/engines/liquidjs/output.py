"""What `{{ value }}` and `{% echo value %}` print, as liquidjs prints them.

liquidjs writes an output through its `stringify` (`numbers.stringify`): numbers as JavaScript
prints them, `true`/`false`, nil as nothing, an array as its items one after another, an object
as `[object Object]`; Shopify's Liquid, which python-liquid follows, prints Python's `5.0` and
a mapping's repr. The output and echo tags keep their parse (`python_liquid.py`); only their nodes'
printing changes. The tests hold it to liquidjs (`tests/oracle/shipped.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TextIO

from liquid.token import TOKEN_OUTPUT

from hatch_kindgi.engines.liquidjs.numbers import stringify

if TYPE_CHECKING:
    from liquid import Environment
    from liquid.context import RenderContext

_PRINTING_TAGS = (TOKEN_OUTPUT, "echo")


class _PrintsAsLiquidJS:
    """Mixed into an output node: its value printed by liquidjs's rules."""

    __slots__ = ()
    expression: Any

    def render_to_output(self, context: RenderContext, buffer: TextIO) -> int:
        return buffer.write(stringify(self.expression.evaluate(context)))

    async def render_to_output_async(self, context: RenderContext, buffer: TextIO) -> int:
        return buffer.write(stringify(await self.expression.evaluate_async(context)))


def register_output(env: Environment) -> None:
    """Make the output and echo tags `env` has print as liquidjs prints."""
    for name in _PRINTING_TAGS:
        tag = env.tags.get(name)
        node = getattr(tag, "node_class", None)
        if tag is None or node is None or issubclass(node, _PrintsAsLiquidJS):
            continue
        printing = type(node.__name__, (_PrintsAsLiquidJS, node), {"__slots__": ()})
        env.tags[name] = type(type(tag).__name__, (type(tag),), {"node_class": printing})(env)
