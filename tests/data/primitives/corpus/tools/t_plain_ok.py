"""A control case: the plainest tool a pack writes."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import ToolContext, tool


class Expense(BaseModel):
    vendor: str = Field(min_length=1)
    amount_cents: int = Field(alias="amountCents", ge=0)


class Recorded(BaseModel):
    expense_id: str = Field(alias="expenseId")


@tool(id="acme.corpus.record-expense", effects=[{"kind": "writes", "resource": "db:ledger"}])
def record_expense(expense: Expense, ctx: ToolContext) -> Recorded:
    """Records an expense in the ledger."""
    return Recorded(expenseId="e-1")
