"""The pack's own test: never shipped, never indexed."""

from __future__ import annotations

from .ledger import Expense, record_expense


def test_record_expense_returns_an_id() -> None:
    """Recording an expense gives it an id."""
    recorded = record_expense.handler(Expense(vendor="Acme", amountCents=100), None)  # type: ignore[arg-type]
    assert recorded.expense_id.startswith("exp-")
