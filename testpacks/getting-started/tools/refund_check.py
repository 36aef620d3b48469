"""Whether a refund needs a person's approval, with the limit from the settings block."""

from pydantic import BaseModel, Field

from kindgi import ToolContext, tool


class Refund(BaseModel):
    amount: float = Field(gt=0)


class Verdict(BaseModel):
    needs_approval: bool = Field(alias="needsApproval")
    limit: float


@tool(id="acme.replies.refund-check", version="0.1.0", mutating=False)
def refund_check(refund: Refund, ctx: ToolContext) -> Verdict:
    """Says whether a refund of this amount needs a person to approve it."""
    # The calling agent version's settings block: an expert changes the limit, not this code.
    limit = float(ctx.settings.get("acme.reply-style", {}).get("refundLimit", 0))
    return Verdict(needsApproval=refund.amount > limit, limit=limit)
