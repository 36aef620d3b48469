"""A helper module the tools import: it reads the pack service's environment."""

from __future__ import annotations

import os
from os import environ as env
from os import getenv


def database_url() -> str:
    """Where the orders are: misspelt, so no deploy has it."""
    return os.environ["LEDGER_DB_URL"]


def settings() -> dict[str, str | None]:
    """What the pack service's environment gives, each name read its own way."""
    found = {
        "sentry": os.environ["SENTRY_DSN"],
        "region": getenv("AWS_REGION", "eu-west-1"),
        "debug": env.get("LEDGER_DEBUG", ""),
        "home": os.environ["HOME"],
        "service": os.environ["KINDGI_PACK_ID"],
        "url": os.environ["LEDGER_DATABASE_URL"],
    }
    if "SENTRY_DSN" in os.environ:
        found["guarded"] = os.environ["SENTRY_DSN"]
    return found
