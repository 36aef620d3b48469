"""A module whose name holds glob characters (`{slow}` is not `slow`), failing to import."""

from __future__ import annotations

raise LookupError("no ledger configured")
