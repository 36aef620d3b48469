"""The reads corpus: one tool handler a case, each reading one thing a deploy hands its code
(`tests/unit/checks/test_reads_sdk.py` runs each through the kindgi SDK's handler with the
context a deploy gives it, and holds the static verdict to what the call did).

A case's `body` is the handler's body (its context is `ctx`, or the name `context` says);
it returns what it read, and `"DEFAULT"` is the default every `.get` passes. The pack around
every case: the settings block `acme.style` 1.0.0 with `STYLE` as its values and `SCHEMA`'s
keys declared, `acme.weights` 1.0.0 (`{"recency": 0.5}`), and `[tool.kindgi.env]` with
`LEDGER_URL` required and `SENTRY_DSN` optional. `pins` are the calling agent's settings
(`None`: the tool is called from a flow's node), `needs_spec` the tool's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

STYLE: dict[str, Any] = {"maxSentences": 3, "refundLimit": 50}
SCHEMA_KEYS = ("maxSentences", "refundLimit", "signature")
WEIGHTS: dict[str, Any] = {"recency": 0.5}
ENV_REQUIRED = ("LEDGER_URL",)
ENV_OPTIONAL = ("SENTRY_DSN",)
LAPTOP = {
    "LEDGER_URL": "postgres://ledger",
    "SENTRY_DSN": "https://sentry",
    "LEDGER_DB_URL": "postgres://laptop",
    "TONE_STRICT": "1",
    "HOME": "/home/author",
    "KINDGI_PACK_ID": "acme.corpus",
}
"""The author's environment: every name a case reads is set in it."""

NEEDS: dict[str, Any] = {
    "env": {
        "ORDERS_URL": {"type": "string"},
        "ORDERS_REGION": {"type": "string", "default": "eu"},
    },
    "secrets": {
        "ORDERS_TOKEN": {"type": "string"},
        "ORDERS_HOOK_KEY": {"type": ["string", "null"]},
    },
}
ENV_VALUES = {"ORDERS_URL": "https://orders"}
SECRET_VALUES = {"ORDERS_TOKEN": "t0ken", "ORDERS_HOOK_KEY": "h00k"}


@dataclass(frozen=True)
class Case:
    """One read, in a handler's body."""

    name: str
    body: str
    pins: tuple[str, ...] | None = ("acme.style",)
    needs_spec: dict[str, Any] = field(default_factory=lambda: NEEDS)
    context: str = "ctx"
    left_alone: bool = False
    """Static says nothing, and the call gets the default: what no build can judge (a key
    the block's schema declares and this version lacks: a later version may set it)."""


CASES = (
    # --- settings ---
    Case("settings-key", 'return ctx.settings["acme.style"]["refundLimit"]'),
    Case("settings-key-misspelt", 'return ctx.settings["acme.style"]["refundLimt"]'),
    Case("settings-get-key", 'return ctx.settings.get("acme.style", {}).get("refundLimit", 0)'),
    Case(
        "settings-get-key-misspelt",
        'return ctx.settings.get("acme.style", {}).get("refundLimt", "DEFAULT")',
    ),
    Case(
        "settings-get-schema-key",
        'return ctx.settings.get("acme.style", {}).get("signature", "DEFAULT")',
        left_alone=True,
    ),
    Case("settings-schema-key-subscript", 'return ctx.settings["acme.style"]["signature"]'),
    Case("settings-unpinned", 'return ctx.settings["acme.weights"]["recency"]'),
    Case("settings-unpinned-get", 'return ctx.settings.get("acme.weights", "DEFAULT")'),
    Case(
        "settings-pinned-other",
        'return ctx.settings["acme.weights"]["recency"]',
        ("acme.weights",),
    ),
    Case("settings-misspelt-id", 'return ctx.settings["acme.styles"]["refundLimit"]'),
    Case("settings-from-flow", 'return ctx.settings["acme.style"]["refundLimit"]', None),
    Case("settings-from-flow-get", 'return ctx.settings.get("acme.style", "DEFAULT")', None),
    Case(
        "settings-local",
        'style = ctx.settings["acme.style"]\n    return style["maxSentences"]',
    ),
    Case(
        "settings-local-misspelt",
        'style = ctx.settings.get("acme.style", {})\n    return style["maxSentence"]',
    ),
    Case(
        "settings-local-get",
        'style = ctx.settings["acme.style"]\n    return style.get("maxSentence", "DEFAULT")',
    ),
    Case(
        "settings-guarded",
        'style = ctx.settings["acme.style"]\n'
        '    return style["tone"] if "tone" in style else "DEFAULT"',
    ),
    Case(
        "settings-other-name",
        'return context.settings["acme.style"]["refundLimt"]',
        context="context",
    ),
    Case(
        "settings-not-literal",
        'key = "refund" + "Limt"\n    return ctx.settings["acme.style"].get(key, "DEFAULT")',
        left_alone=True,
    ),
    # --- a tool's env and secrets ---
    Case("env-declared", 'return ctx.env["ORDERS_URL"]'),
    Case("env-default", 'return ctx.env["ORDERS_REGION"]'),
    Case("env-undeclared", 'return ctx.env["ORDERS_HOST"]'),
    Case("env-undeclared-get", 'return ctx.env.get("ORDERS_HOST", "DEFAULT")'),
    Case("secret-required", 'return ctx.secrets["ORDERS_TOKEN"]'),
    Case("secret-undeclared", 'return ctx.secrets["ORDERS_TOKN"]'),
    Case("secret-undeclared-get", 'return ctx.secrets.get("ORDERS_TOKN", "DEFAULT")'),
    Case("secret-optional", 'return ctx.secrets["ORDERS_HOOK_KEY"]'),
    Case("secret-optional-get", 'return ctx.secrets.get("ORDERS_HOOK_KEY", "DEFAULT")'),
    Case(
        "secret-optional-guarded",
        'if "ORDERS_HOOK_KEY" in ctx.secrets:\n'
        '        return ctx.secrets["ORDERS_HOOK_KEY"]\n'
        '    return "DEFAULT"',
    ),
    Case("secret-none-declared", 'return ctx.secrets["ORDERS_TOKEN"]', needs_spec={}),
    # --- the process environment ---
    Case("environ-required", 'return os.environ["LEDGER_URL"]'),
    Case("environ-undeclared", 'return os.environ["LEDGER_DB_URL"]'),
    Case("environ-undeclared-get", 'return os.environ.get("LEDGER_DB_URL", "DEFAULT")'),
    Case("environ-getenv", 'return os.getenv("TONE_STRICT", "DEFAULT")'),
    Case("environ-from-import", 'return environ["LEDGER_DB_URL"]'),
    Case("environ-getenv-from-import", 'return getenv("TONE_STRICT") or "DEFAULT"'),
    Case("environ-optional", 'return os.environ["SENTRY_DSN"]'),
    Case("environ-optional-get", 'return os.environ.get("SENTRY_DSN", "DEFAULT")'),
    Case(
        "environ-guarded",
        'if "SENTRY_DSN" in os.environ:\n'
        '        return os.environ["SENTRY_DSN"]\n'
        '    return "DEFAULT"',
    ),
    Case(
        "environ-guarded-undeclared",
        'return os.environ["TONE_STRICT"] if "TONE_STRICT" in os.environ else "DEFAULT"',
    ),
    Case(
        "environ-try",
        'try:\n        return os.environ["TONE_STRICT"]\n    except KeyError:\n'
        '        return "DEFAULT"',
    ),
    Case("environ-platform", 'return os.environ["HOME"]'),
    Case("environ-kindgi", 'return os.environ["KINDGI_PACK_ID"]'),
)
