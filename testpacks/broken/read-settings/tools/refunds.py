"""Refund tools that read the agent's settings blocks."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import ToolContext, tool


class Refund(BaseModel):
    amount: float


class Verdict(BaseModel):
    needs_approval: bool


@tool(id="acme.broken.refund-check", mutating=False)
def refund_check(refund: Refund, context: ToolContext) -> Verdict:
    """Whether a refund needs a person's approval."""
    # A misspelt key read with .get: always the default, so every refund needs approval.
    limit = context.settings.get("acme.reply-style", {}).get("refundLimt", 0)
    # A key the schema declares and this version lacks, read with .get: left alone.
    context.settings.get("acme.reply-style", {}).get("signature", "The Acme team")
    return Verdict(needs_approval=refund.amount > limit)


@tool(id="acme.broken.rank", mutating=False)
def rank(refund: Refund, ctx: ToolContext) -> Verdict:
    """Ranks a refund by the weights the agent doesn't pin."""
    style = ctx.settings["acme.reply-style"]
    if style["maxSentence"] > 2:
        return Verdict(needs_approval=ctx.settings["acme.weights"]["recency"] > 1)
    return Verdict(needs_approval=style.get("signature") is None)


@tool(id="acme.broken.audit", mutating=False)
def audit(refund: Refund, ctx: ToolContext) -> Verdict:
    """Called by the flow only: a flow's call gets no settings."""
    return Verdict(needs_approval=ctx.settings["acme.reply-style"]["refundLimit"] < refund.amount)


@tool(id="acme.broken.orphan", mutating=False)
def orphan(refund: Refund, ctx: ToolContext) -> Verdict:
    """Called by nothing in the pack: read against the pack's blocks."""
    return Verdict(needs_approval=ctx.settings["acme.reply-styles"]["refundLimit"] > 0)
