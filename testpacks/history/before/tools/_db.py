"""A helper module (leading underscore): shipped with the pack, not a primitive.

An in-memory ledger, so the pack runs without a database in tests. A real pack would
connect to LEDGER_DATABASE_URL here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field


@dataclass
class Ledger:
    url: str
    rows: list[tuple[str, int]] = field(default_factory=list)

    def record(self, vendor: str, amount_cents: int) -> str:
        self.rows.append((vendor, amount_cents))
        return f"exp-{len(self.rows)}"

    def total(self) -> int:
        return sum(amount for _, amount in self.rows)


_LEDGER: Ledger | None = None


def ledger() -> Ledger:
    """The process's ledger, opened on first use (never at import)."""
    global _LEDGER
    if _LEDGER is None:
        _LEDGER = Ledger(url=os.environ.get("LEDGER_DATABASE_URL", "memory://"))
    return _LEDGER
