"""A tool module that fails to import: the report must say so, whatever else is printed."""

from __future__ import annotations

raise RuntimeError("the ledger database is not configured")
