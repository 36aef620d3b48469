"""Ledger tools: record an expense, read the total."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Expense(BaseModel):
    vendor: str = Field(min_length=1)
    amount_cents: int = Field(alias="amountCents", ge=0)


class Recorded(BaseModel):
    expense_id: str = Field(alias="expenseId")


class TotalQuery(BaseModel):
    currency: str = "EUR"


class Total(BaseModel):
    total_cents: int = Field(alias="totalCents")
    currency: str


@tool(id="acme.ledger.record-expense")
def record_expense(expense: Expense) -> Recorded:
    """Records an expense in the ledger."""
    return Recorded(expenseId=f"{expense.vendor}-{expense.amount_cents}")


@tool(id="acme.ledger.total", mutating=False)
def total(query: TotalQuery) -> Total:
    """The ledger's total so far."""
    return Total(totalCents=0, currency=query.currency)
