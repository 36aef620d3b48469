"""Order tools that read their declared env values and secrets."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import ToolContext, tool

from ._config import database_url


class Order(BaseModel):
    id: str


class Found(BaseModel):
    url: str


@tool(
    id="acme.broken.find-order",
    mutating=False,
    needs_spec={
        "env": {"ORDERS_BASE_URL": {"type": "string", "default": "https://orders.example"}},
        "secrets": {
            "ORDERS_TOKEN": {"type": "string"},
            "ORDERS_WEBHOOK_KEY": {"type": ["string", "null"]},
        },
    },
)
def find_order(order: Order, ctx: ToolContext) -> Found:
    """Finds an order."""
    base = ctx.env["ORDERS_BASE_URL"]
    token = ctx.secrets["ORDERS_TOKEN"]
    region = ctx.env.get("ORDERS_REGION", "eu")
    webhook = ctx.secrets["ORDERS_WEBHOOK_KEY"]
    optional = ctx.secrets.get("ORDERS_WEBHOOK_KEY")
    return Found(url=f"{base}/{region}/{order.id}?{token}{webhook}{optional}{database_url()}")


@tool(id="acme.broken.cancel-order", needs_spec={"secrets": {"ORDERS_TOKEN": {"type": "string"}}})
def cancel_order(order: Order, ctx: ToolContext) -> Found:
    """Cancels an order."""
    return Found(url=_signed(order.id, ctx))


def _signed(order_id: str, context: ToolContext) -> str:
    """A helper the handler passes its context to."""
    return f"{order_id}?{context.secrets['ORDERS_TOKN']}{context.env['ORDERS_BASE_URL']}"
