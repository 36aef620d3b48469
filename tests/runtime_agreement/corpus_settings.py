"""Settings blocks as pack authors write them: the schemas real packs bring (limits, tones,
routing tables, feature flags, money, contact details, schedules), most right, some with the
faults authors really make (a typo'd type, a bound without its type, `nullable` from OpenAPI,
`example` from pydantic, a draft-07 `$schema`, values that don't fit). Written by hand, never
derived from our code; the runtime's verdict on each comes from `validateBlock`."""

from __future__ import annotations

from typing import Any

from tests.runtime_agreement.verdicts import Case


def _settings(
    name: str,
    values: Any,
    schema: Any = None,
    *,
    version: str = "1.0.0",
    description: str | None = None,
    block_id: str | None = None,
    extra: dict[str, Any] | None = None,
    stricter: str | None = None,
) -> Case:
    content: dict[str, Any] = {"values": values}
    if schema is not None:
        content["schema"] = schema
    block: dict[str, Any] = {"id": block_id or f"acme.{name}", "version": version}
    block["kind"] = "settings"
    if description is not None:
        block["description"] = description
    block["content"] = content
    return Case(name, {**block, **(extra or {})}, stricter=stricter)


MONEY = {"type": "number", "minimum": 0, "multipleOf": 0.01}
EMAIL = {"type": "string", "format": "email"}

CASES: list[Case] = [
    # ---- right: what most settings blocks look like ----
    _settings(
        "reply-style",
        {"maxSentences": 3, "refundLimit": 50},
        {
            "type": "object",
            "properties": {
                "maxSentences": {"type": "integer", "minimum": 1, "maximum": 10},
                "refundLimit": {"type": "number", "minimum": 0},
            },
            "required": ["maxSentences", "refundLimit"],
            "additionalProperties": False,
        },
        description="How long a reply may be, and up to what amount a refund needs no approval",
    ),
    _settings("tone-no-schema", {"tone": "friendly", "signature": "The Acme team"}),
    _settings(
        "escalation",
        {"afterHours": True, "queue": "tier-2", "maxWaitMinutes": 45},
        {
            "type": "object",
            "properties": {
                "afterHours": {"type": "boolean"},
                "queue": {"type": "string", "enum": ["tier-1", "tier-2", "billing"]},
                "maxWaitMinutes": {"type": "integer", "minimum": 5, "maximum": 240},
            },
        },
    ),
    _settings(
        "model-knobs",
        {"temperature": 0.3, "maxOutputTokens": 800},
        {
            "type": "object",
            "properties": {
                "temperature": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1,
                    "x-kindgi-tunable": True,
                },
                "maxOutputTokens": {"type": "integer", "minimum": 64, "maximum": 4096},
            },
            "additionalProperties": False,
        },
    ),
    _settings(
        "greeting-variants",
        {"greeting": "Hi", "closing": "Best"},
        {
            "type": "object",
            "properties": {
                "greeting": {
                    "type": "string",
                    "enum": ["Hi", "Hello", "Dear"],
                    "x-kindgi-tunable": True,
                },
                "closing": {"type": "string", "maxLength": 40},
            },
        },
    ),
    _settings(
        "support-contacts",
        {
            "email": "support@acme.example",
            "phone": "+1-555-0100",
            "site": "https://acme.example/help",
        },
        {
            "type": "object",
            "properties": {
                "email": EMAIL,
                "phone": {"type": "string", "pattern": "^\\+?[0-9 ()-]{7,20}$"},
                "site": {"type": "string", "format": "uri"},
            },
            "required": ["email"],
        },
    ),
    _settings(
        "business-hours",
        {
            "timezone": "Europe/Berlin",
            "opens": "08:30:00",
            "closes": "17:00:00",
            "days": ["mon", "tue", "wed", "thu", "fri"],
        },
        {
            "type": "object",
            "properties": {
                "timezone": {"type": "string", "minLength": 3},
                "opens": {"type": "string", "format": "time"},
                "closes": {"type": "string", "format": "time"},
                "days": {
                    "type": "array",
                    "items": {
                        "type": "string",
                        "enum": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
                    },
                    "uniqueItems": True,
                    "minItems": 1,
                },
            },
            "required": ["timezone", "opens", "closes"],
        },
    ),
    _settings(
        "refund-policy",
        {"currency": "EUR", "autoApproveUpTo": 49.99, "windowDays": 30},
        {
            "type": "object",
            "$defs": {"money": MONEY},
            "properties": {
                "currency": {"type": "string", "pattern": "^[A-Z]{3}$"},
                "autoApproveUpTo": {"$ref": "#/$defs/money"},
                "windowDays": {"type": "integer", "exclusiveMinimum": 0},
            },
            "required": ["currency", "autoApproveUpTo"],
        },
    ),
    _settings(
        "routing-table",
        {"routes": {"billing": "team-billing", "tech": "team-support", "sales": "team-sales"}},
        {
            "type": "object",
            "properties": {
                "routes": {
                    "type": "object",
                    "propertyNames": {"pattern": "^[a-z]+$"},
                    "additionalProperties": {"type": "string", "pattern": "^team-[a-z]+$"},
                }
            },
        },
    ),
    _settings(
        "feature-flags",
        {"summaries": True, "citations": False, "drafts": True},
        {"type": "object", "additionalProperties": {"type": "boolean"}},
    ),
    _settings(
        "launch-window",
        {"startsOn": "2026-03-01", "endsOn": "2026-03-31", "announceAt": "2026-02-20T09:00:00Z"},
        {
            "type": "object",
            "properties": {
                "startsOn": {"type": "string", "format": "date"},
                "endsOn": {"type": "string", "format": "date"},
                "announceAt": {"type": "string", "format": "date-time"},
            },
        },
    ),
    _settings(
        "retry",
        {"attempts": 3, "backoff": "PT5S"},
        {
            "type": "object",
            "properties": {
                "attempts": {"type": "integer", "minimum": 0, "maximum": 10},
                "backoff": {"type": "string", "format": "duration"},
            },
        },
    ),
    _settings(
        "nullable-union",
        {"manager": None, "deputy": "sam@acme.example"},
        {
            "type": "object",
            "properties": {
                "manager": {"type": ["string", "null"]},
                "deputy": {"type": ["string", "null"], "format": "email"},
            },
        },
    ),
    _settings(
        "tiers",
        {"tiers": [{"name": "basic", "seats": 5}, {"name": "pro", "seats": 50}]},
        {
            "type": "object",
            "properties": {
                "tiers": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string"},
                            "seats": {"type": "integer", "minimum": 1},
                        },
                        "required": ["name", "seats"],
                        "additionalProperties": False,
                    },
                }
            },
        },
    ),
    _settings(
        "channel-rules",
        {"channel": "email", "subjectPrefix": "[Acme]"},
        {
            "type": "object",
            "properties": {"channel": {"type": "string"}, "subjectPrefix": {"type": "string"}},
            "if": {"properties": {"channel": {"const": "email"}}},
            "then": {"required": ["subjectPrefix"]},
        },
    ),
    _settings(
        "dependent-address",
        {"street": "1 Main St", "city": "Springfield", "postcode": "12345"},
        {
            "type": "object",
            "properties": {
                "street": {"type": "string"},
                "city": {"type": "string"},
                "postcode": {"type": "string", "pattern": "^[0-9]{5}$"},
            },
            "dependentRequired": {"street": ["city", "postcode"]},
        },
    ),
    _settings(
        "one-of-contact",
        {"contact": {"kind": "slack", "channel": "#support"}},
        {
            "type": "object",
            "properties": {
                "contact": {
                    "oneOf": [
                        {
                            "type": "object",
                            "properties": {"kind": {"const": "email"}, "address": EMAIL},
                            "required": ["kind", "address"],
                        },
                        {
                            "type": "object",
                            "properties": {
                                "kind": {"const": "slack"},
                                "channel": {"type": "string"},
                            },
                            "required": ["kind", "channel"],
                        },
                    ]
                }
            },
        },
    ),
    _settings(
        "banned-phrases",
        {"phrases": ["guarantee", "risk-free", "act now"]},
        {
            "type": "object",
            "properties": {
                "phrases": {
                    "type": "array",
                    "items": {"type": "string", "minLength": 2},
                    "maxItems": 100,
                }
            },
        },
    ),
    _settings(
        "described-schema",
        {"limit": 20},
        {
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "Search limits",
            "description": "How many results the search tool returns",
            "type": "object",
            "properties": {
                "limit": {
                    "type": "integer",
                    "title": "Results",
                    "description": "At most this many",
                    "default": 10,
                    "examples": [10, 20],
                    "minimum": 1,
                    "maximum": 100,
                }
            },
        },
    ),
    _settings(
        "empty-schema",
        {"anything": [1, "two", {"three": 3}]},
        {},
        description="A later version drops the check on purpose",
    ),
    _settings(
        "ip-allowlist",
        {"office": "203.0.113.10", "vpn": "2001:db8::1", "host": "vpn.acme.example"},
        {
            "type": "object",
            "properties": {
                "office": {"type": "string", "format": "ipv4"},
                "vpn": {"type": "string", "format": "ipv6"},
                "host": {"type": "string", "format": "hostname"},
            },
        },
    ),
    _settings(
        "locale-map",
        {"de": "Hallo", "fr": "Bonjour", "pt-BR": "Olá"},
        {
            "type": "object",
            "patternProperties": {"^[a-z]{2}(-[A-Z]{2})?$": {"type": "string"}},
            "additionalProperties": False,
        },
    ),
    _settings(
        "sla-hours",
        {"p1": 1, "p2": 4, "p3": 24},
        {
            "type": "object",
            "properties": {
                "p1": {"type": "integer", "minimum": 1},
                "p2": {"type": "integer", "minimum": 1},
                "p3": {"type": "integer", "minimum": 1},
            },
            "required": ["p1", "p2", "p3"],
            "minProperties": 3,
        },
    ),
    _settings(
        "uuid-accounts",
        {"accounts": ["3fa85f64-5717-4562-b3fc-2c963f66afa6"]},
        {
            "type": "object",
            "properties": {
                "accounts": {"type": "array", "items": {"type": "string", "format": "uuid"}}
            },
        },
    ),
    _settings(
        "unicode-greeting",
        {"greeting": "Grüß Gott 👋", "signoff": "— Acme"},
        {"type": "object", "properties": {"greeting": {"type": "string", "maxLength": 30}}},
    ),
    _settings(
        "nested-defs",
        {
            "primary": {"name": "Jo", "email": "jo@acme.example"},
            "backup": {"name": "Al", "email": "al@acme.example"},
        },
        {
            "type": "object",
            "$defs": {
                "person": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "email": EMAIL},
                    "required": ["name", "email"],
                }
            },
            "properties": {
                "primary": {"$ref": "#/$defs/person"},
                "backup": {"$ref": "#/$defs/person"},
            },
        },
    ),
    _settings(
        "percent-discount",
        {"discount": 15, "stackable": False},
        {
            "type": "object",
            "properties": {
                "discount": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 100,
                    "x-kindgi-tunable": True,
                },
                "stackable": {"type": "boolean"},
            },
        },
    ),
    _settings(
        "not-empty-name",
        {"botName": "Ava"},
        {"type": "object", "properties": {"botName": {"type": "string", "not": {"const": ""}}}},
    ),
    _settings(
        "any-of-number-or-auto",
        {"width": "auto", "height": 300},
        {
            "type": "object",
            "properties": {
                "width": {"anyOf": [{"type": "integer", "minimum": 1}, {"const": "auto"}]},
                "height": {"anyOf": [{"type": "integer", "minimum": 1}, {"const": "auto"}]},
            },
        },
    ),
    _settings(
        "prefix-items",
        {"window": ["09:00", "17:00"]},
        {
            "type": "object",
            "properties": {
                "window": {
                    "type": "array",
                    "prefixItems": [{"type": "string"}, {"type": "string"}],
                    "items": False,
                }
            },
        },
    ),
    _settings(
        "contains-admin",
        {"reviewers": ["kim", "admin", "lee"]},
        {
            "type": "object",
            "properties": {"reviewers": {"type": "array", "contains": {"const": "admin"}}},
        },
    ),
    # ---- values that don't fit their schema ----
    _settings(
        "refund-over-limit",
        {"maxSentences": 0, "refundLimit": -5},
        {
            "type": "object",
            "properties": {
                "maxSentences": {"type": "integer", "minimum": 1},
                "refundLimit": {"type": "number", "minimum": 0},
            },
        },
    ),
    _settings(
        "string-for-number",
        {"maxSentences": "3"},
        {"type": "object", "properties": {"maxSentences": {"type": "integer"}}},
    ),
    _settings(
        "missing-required",
        {"queue": "tier-1"},
        {
            "type": "object",
            "properties": {"queue": {"type": "string"}, "owner": {"type": "string"}},
            "required": ["queue", "owner"],
        },
    ),
    _settings(
        "extra-key-closed",
        {"maxSentences": 3, "maxSentance": 4},
        {
            "type": "object",
            "properties": {"maxSentences": {"type": "integer"}},
            "additionalProperties": False,
        },
    ),
    _settings(
        "enum-miss",
        {"queue": "Tier-2"},
        {
            "type": "object",
            "properties": {"queue": {"enum": ["tier-1", "tier-2"], "type": "string"}},
        },
    ),
    _settings(
        "bad-email",
        {"email": "support(at)acme.example"},
        {"type": "object", "properties": {"email": EMAIL}},
    ),
    _settings(
        "bad-date",
        {"startsOn": "2026-02-30", "announceAt": "2026-02-20 09:00"},
        {
            "type": "object",
            "properties": {
                "startsOn": {"type": "string", "format": "date"},
                "announceAt": {"type": "string", "format": "date-time"},
            },
        },
    ),
    _settings(
        "pattern-miss",
        {"currency": "eur"},
        {"type": "object", "properties": {"currency": {"type": "string", "pattern": "^[A-Z]{3}$"}}},
    ),
    _settings(
        "too-many-items",
        {"days": ["mon", "mon"]},
        {
            "type": "object",
            "properties": {
                "days": {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
            },
        },
    ),
    _settings(
        "nested-item-wrong",
        {"tiers": [{"name": "basic", "seats": 0}, {"name": "pro"}]},
        {
            "type": "object",
            "properties": {
                "tiers": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string"},
                            "seats": {"type": "integer", "minimum": 1},
                        },
                        "required": ["name", "seats"],
                    },
                }
            },
        },
    ),
    _settings(
        "money-cents",
        {"autoApproveUpTo": 10.005},
        {"type": "object", "properties": {"autoApproveUpTo": MONEY}},
    ),
    _settings(
        "one-of-both",
        {"contact": {"kind": "email"}},
        {
            "type": "object",
            "properties": {
                "contact": {
                    "oneOf": [
                        {"type": "object", "required": ["kind", "address"]},
                        {"type": "object", "required": ["kind", "channel"]},
                    ]
                }
            },
        },
    ),
    # ---- schemas Ajv strict won't compile, as authors write them ----
    _settings(
        "type-typo",
        {"maxSentences": 3},
        {"type": "object", "properties": {"maxSentences": {"type": "int"}}},
    ),
    _settings(
        "bound-without-type",
        {"refundLimit": 50},
        {"type": "object", "properties": {"refundLimit": {"minimum": 0, "maximum": 500}}},
    ),
    _settings(
        "defs-bound-without-type",
        {"autoApproveUpTo": 20},
        {
            "type": "object",
            "$defs": {"amount": {"minimum": 0, "multipleOf": 0.01}},
            "properties": {"autoApproveUpTo": {"$ref": "#/$defs/amount"}},
        },
    ),
    _settings(
        "nullable-openapi",
        {"manager": None},
        {"type": "object", "properties": {"manager": {"type": "string", "nullable": True}}},
    ),
    _settings(
        "pydantic-example",
        {"limit": 20},
        {"type": "object", "properties": {"limit": {"type": "integer", "example": 20}}},
    ),
    _settings(
        "draft-07-schema",
        {"limit": 20},
        {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "properties": {"limit": {"type": "integer"}},
        },
    ),
    _settings(
        "missing-def",
        {"autoApproveUpTo": 20},
        {
            "type": "object",
            "$defs": {"money": MONEY},
            "properties": {"autoApproveUpTo": {"$ref": "#/$defs/amount"}},
        },
    ),
    _settings(
        "definitions-draft-04",
        {"owner": "kim"},
        {
            "type": "object",
            "definitions": {"name": {"type": "string"}},
            "properties": {"owner": {"$ref": "#/definitions/name"}},
        },
    ),
    _settings(
        "required-not-array",
        {"queue": "tier-1"},
        {"type": "object", "properties": {"queue": {"type": "string", "required": True}}},
    ),
    _settings(
        "unknown-format",
        {"price": "12.50"},
        {"type": "object", "properties": {"price": {"type": "string", "format": "decimal"}}},
    ),
    _settings(
        "tuple-items-old",
        {"window": ["09:00", "17:00"]},
        {
            "type": "object",
            "properties": {
                "window": {"type": "array", "items": [{"type": "string"}, {"type": "string"}]}
            },
        },
    ),
    _settings(
        "min-length-on-untyped",
        {"signature": "The Acme team"},
        {"type": "object", "properties": {"signature": {"minLength": 2}}},
    ),
    _settings(
        "union-with-bound",
        {"width": 300},
        {"type": "object", "properties": {"width": {"type": ["integer", "string"], "minimum": 1}}},
    ),
    _settings(
        "empty-enum",
        {"queue": "tier-1"},
        {"type": "object", "properties": {"queue": {"type": "string", "enum": []}}},
    ),
    _settings(
        "bad-pattern",
        {"code": "AB-12"},
        {
            "type": "object",
            "properties": {"code": {"type": "string", "pattern": "^[A-Z]{2}-(?P<num>[0-9]+)$"}},
        },
    ),
    _settings(
        "python-anchor",
        {"code": "AB"},
        {"type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z]+\\Z"}}},
    ),
    # ---- tunable marks ----
    _settings(
        "tunable-unbounded",
        {"temperature": 0.3},
        {
            "type": "object",
            "properties": {
                "temperature": {"type": "number", "minimum": 0, "x-kindgi-tunable": True}
            },
        },
    ),
    _settings(
        "tunable-string-flag",
        {"temperature": 0.3},
        {
            "type": "object",
            "properties": {
                "temperature": {
                    "type": "number",
                    "minimum": 0,
                    "maximum": 1,
                    "x-kindgi-tunable": "yes",
                }
            },
        },
    ),
    # ---- the block itself ----
    _settings("values-array", [{"tone": "friendly"}]),
    _settings(
        "schema-array",
        {"tone": "friendly"},
        [{"type": "object"}],
    ),
    _settings("version-two-part", {"tone": "friendly"}, version="1.0"),
    _settings("version-v-prefix", {"tone": "friendly"}, version="v1.2.0"),
    _settings("id-underscore", {"tone": "friendly"}, block_id="acme.reply_style"),
    _settings("id-one-segment", {"tone": "friendly"}, block_id="replystyle"),
    # ---- where we refuse on purpose what 0.1.10 takes ----
    _settings(
        "description-typo",
        {"tone": "friendly"},
        extra={"descripton": "Tone of replies"},
        stricter="a key the block's shape doesn't have is refused, so a typo never passes "
        "(docs/blocks.md); the runtime ignores it",
    ),
]
