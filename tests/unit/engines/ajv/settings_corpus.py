"""Realistic settings blocks (schema, values), good and bad, for the runtime oracle: the
schemas a pack author writes (strict-valid, as the runtime requires), each with values that
pass and values that break it the ways authors do. Written by hand; the verdicts and words
are Ajv's, asked in the test (`test_ajv_values.py`), never written here."""

from __future__ import annotations

from typing import Any

_SUPPORT = {
    "type": "object",
    "properties": {
        "supportEmail": {"type": "string", "format": "email"},
        "helpPage": {"type": "string", "format": "uri"},
        "launchDate": {"type": "string", "format": "date"},
        "cutoff": {"type": "string", "format": "date-time"},
    },
    "required": ["supportEmail"],
    "additionalProperties": False,
}
_REFUNDS = {
    "type": "object",
    "properties": {
        "refundLimit": {"type": "number", "minimum": 0, "maximum": 10000},
        "currency": {"type": "string", "enum": ["EUR", "USD", "GBP"]},
        "step": {"type": "integer", "multipleOf": 5, "exclusiveMinimum": 0},
        "approverCount": {"type": "integer", "minimum": 1, "maximum": 3},
    },
    "required": ["refundLimit", "currency"],
}
_NETWORK = {
    "type": "object",
    "properties": {
        "allowList": {
            "type": "array",
            "items": {"type": "string", "format": "ipv4"},
            "uniqueItems": True,
        },
        "gateway": {"type": "string", "format": "ipv6"},
        "host": {"type": "string", "format": "hostname"},
        "webhook": {"type": "string", "format": "url"},
        "requestId": {"type": "string", "format": "uuid"},
    },
}
_PATTERNS = {
    "type": "object",
    "properties": {
        "ticketPrefix": {"type": "string", "pattern": "^[A-Z]{2,4}-$"},
        "accountNumber": {"type": "string", "pattern": "^\\d+$", "minLength": 3, "maxLength": 12},
        "matcher": {"type": "string", "format": "regex"},
        "word": {"type": "string", "pattern": "^\\w+$"},
    },
    "required": ["accountNumber"],
}
_TONE = {
    "type": "object",
    "properties": {
        "tone": {"type": "string", "enum": ["friendly", "formal", "playful"]},
        "maxSentences": {"type": "integer", "minimum": 1, "maximum": 20},
        "signature": {"type": "string", "minLength": 1},
        "emoji": {"type": "boolean"},
        "greeting": {"const": "Hello"},
    },
    "required": ["tone", "maxSentences", "signature"],
    "additionalProperties": False,
}
_NESTED = {
    "type": "object",
    "properties": {
        "escalation": {
            "type": "object",
            "properties": {
                "after": {"type": "string", "format": "duration"},
                "contacts": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 3,
                    "items": {
                        "type": "object",
                        "properties": {
                            "name": {"type": "string"},
                            "email": {"type": "string", "format": "email"},
                        },
                        "required": ["name", "email"],
                        "additionalProperties": False,
                    },
                },
            },
            "required": ["after", "contacts"],
        }
    },
    "required": ["escalation"],
}
_CHANNEL = {
    "type": "object",
    "properties": {
        "channel": {
            "oneOf": [
                {
                    "type": "object",
                    "properties": {
                        "kind": {"const": "email"},
                        "address": {"type": "string", "format": "email"},
                    },
                    "required": ["kind", "address"],
                    "additionalProperties": False,
                },
                {
                    "type": "object",
                    "properties": {
                        "kind": {"const": "sms"},
                        "number": {"type": "string", "pattern": "^\\+[0-9]{8,15}$"},
                    },
                    "required": ["kind", "number"],
                    "additionalProperties": False,
                },
            ]
        },
        "fallback": {"anyOf": [{"type": "string", "format": "uri"}, {"type": "null"}]},
    },
    "required": ["channel"],
}
_HOURS = {
    "type": "object",
    "properties": {
        "mode": {"type": "string", "enum": ["always", "office"]},
        "opens": {"type": "string", "format": "time"},
        "closes": {"type": "string", "format": "time"},
    },
    "required": ["mode"],
    "if": {"type": "object", "properties": {"mode": {"const": "office"}}},
    "then": {
        "type": "object",
        "properties": {"opens": {"type": "string"}, "closes": {"type": "string"}},
        "required": ["opens", "closes"],
    },
    "else": {
        "not": {
            "type": "object",
            "properties": {"opens": {"type": "string"}},
            "required": ["opens"],
        }
    },
}
_TAGS = {
    "type": "object",
    "properties": {
        "tags": {
            "type": "array",
            "items": {"type": "string", "maxLength": 10},
            "uniqueItems": True,
            "contains": {"type": "string", "const": "support"},
            "maxItems": 5,
        },
        "weights": {
            "type": "object",
            "propertyNames": {"type": "string", "pattern": "^[a-z]+$"},
            "additionalProperties": {"type": "number", "minimum": 0, "maximum": 1},
        },
    },
}
_DEFS = {
    "type": "object",
    "$defs": {
        "money": {
            "type": "object",
            "properties": {
                "amount": {"type": "number", "minimum": 0},
                "currency": {"type": "string", "enum": ["EUR", "USD"]},
            },
            "required": ["amount", "currency"],
        }
    },
    "properties": {"min": {"$ref": "#/$defs/money"}, "max": {"$ref": "#/$defs/money"}},
    "dependentRequired": {"max": ["min"]},
}
_NUMBERS = {
    "type": "object",
    "properties": {
        "retries": {"type": "integer", "format": "int32"},
        "ratio": {"type": "number", "format": "double", "exclusiveMaximum": 1},
        "budget": {"type": ["number", "null"], "minimum": 0.5},
        "token": {"type": "string", "format": "byte"},
        "pointer": {"type": "string", "format": "json-pointer"},
    },
}

_CASES: list[tuple[str, dict[str, Any], list[tuple[str, Any]]]] = [
    (
        "support",
        _SUPPORT,
        [
            (
                "good",
                {
                    "supportEmail": "support@acme.com",
                    "helpPage": "https://acme.com/help",
                    "launchDate": "2026-02-28",
                    "cutoff": "2026-03-01T09:00:00Z",
                },
            ),
            ("email without at", {"supportEmail": "support at acme"}),
            ("no such day", {"supportEmail": "a@acme.com", "launchDate": "2026-02-30"}),
            ("leap day", {"supportEmail": "a@acme.com", "launchDate": "2028-02-29"}),
            (
                "date-time without zone",
                {"supportEmail": "a@acme.com", "cutoff": "2026-03-01T09:00:00"},
            ),
            ("page not a uri", {"supportEmail": "a@acme.com", "helpPage": "acme help page"}),
            (
                "extra keys and missing email",
                {"helpPage": "https://acme.com", "phone": "123", "fax": "456"},
            ),
        ],
    ),
    (
        "refunds",
        _REFUNDS,
        [
            ("good", {"refundLimit": 250, "currency": "EUR", "step": 25, "approverCount": 2}),
            ("negative limit", {"refundLimit": -1, "currency": "EUR"}),
            ("too high and wrong currency", {"refundLimit": 20000, "currency": "JPY"}),
            ("step not a multiple", {"refundLimit": 1, "currency": "USD", "step": 7}),
            ("step zero", {"refundLimit": 1, "currency": "USD", "step": 0}),
            ("limit as a string", {"refundLimit": "100", "currency": "USD"}),
            ("approvers float", {"refundLimit": 1, "currency": "GBP", "approverCount": 1.5}),
            ("nothing", {}),
        ],
    ),
    (
        "network",
        _NETWORK,
        [
            (
                "good",
                {
                    "allowList": ["10.0.0.1", "192.168.1.20"],
                    "gateway": "fe80::1",
                    "host": "api.acme.com",
                    "webhook": "https://hooks.acme.com/x",
                    "requestId": "3fa85f64-5717-4562-b3fc-2c963f66afa6",
                },
            ),
            ("octet too large", {"allowList": ["300.1.1.1"]}),
            ("repeated address", {"allowList": ["1.1.1.1", "2.2.2.2", "1.1.1.1"]}),
            ("bad ipv6", {"gateway": "1::2::3"}),
            ("host with underscore", {"host": "acme_api.com"}),
            ("private webhook", {"webhook": "http://10.0.0.1/hook"}),
            ("uuid too short", {"requestId": "3fa85f64-5717-4562-b3fc-2c963f66afa"}),
        ],
    ),
    (
        "patterns",
        _PATTERNS,
        [
            (
                "good",
                {
                    "ticketPrefix": "SUP-",
                    "accountNumber": "12345",
                    "matcher": "^refund(s)?$",
                    "word": "hello_1",
                },
            ),
            ("arabic digits", {"accountNumber": "\u0661\u0662\u0663"}),
            ("prefix lower case", {"ticketPrefix": "sup-", "accountNumber": "123"}),
            ("too short", {"accountNumber": "12"}),
            ("bad regex", {"accountNumber": "123", "matcher": "[a-"}),
            ("python-only regex", {"accountNumber": "123", "matcher": "(?P<k>a)"}),
            ("accented word", {"accountNumber": "123", "word": "caf\u00e9"}),
        ],
    ),
    (
        "tone",
        _TONE,
        [
            (
                "good",
                {
                    "tone": "friendly",
                    "maxSentences": 4,
                    "signature": "Acme",
                    "emoji": False,
                    "greeting": "Hello",
                },
            ),
            ("loud", {"tone": "loud", "maxSentences": 4, "signature": "Acme"}),
            ("zero sentences", {"tone": "formal", "maxSentences": 0, "signature": "Acme"}),
            ("empty signature", {"tone": "formal", "maxSentences": 2, "signature": ""}),
            (
                "other greeting and typo key",
                {
                    "tone": "formal",
                    "maxSentences": 2,
                    "signature": "A",
                    "greeting": "Hi",
                    "emojii": True,
                },
            ),
            ("everything missing", {"emoji": "yes"}),
        ],
    ),
    (
        "escalation",
        _NESTED,
        [
            (
                "good",
                {
                    "escalation": {
                        "after": "PT4H",
                        "contacts": [{"name": "Ann", "email": "ann@acme.com"}],
                    }
                },
            ),
            (
                "bad duration",
                {
                    "escalation": {
                        "after": "4 hours",
                        "contacts": [{"name": "Ann", "email": "ann@acme.com"}],
                    }
                },
            ),
            ("no contacts", {"escalation": {"after": "P1D", "contacts": []}}),
            (
                "contact faults",
                {
                    "escalation": {
                        "after": "P1D",
                        "contacts": [{"name": "Ann"}, {"name": "Bo", "email": "bo@", "phone": "1"}],
                    }
                },
            ),
            (
                "four contacts",
                {
                    "escalation": {
                        "after": "P1W",
                        "contacts": [{"name": "A", "email": "a@b.co"}] * 4,
                    }
                },
            ),
            ("no escalation", {}),
        ],
    ),
    (
        "channel",
        _CHANNEL,
        [
            (
                "good email",
                {"channel": {"kind": "email", "address": "help@acme.com"}, "fallback": None},
            ),
            (
                "good sms",
                {
                    "channel": {"kind": "sms", "number": "+4912345678"},
                    "fallback": "https://acme.com/help",
                },
            ),
            ("sms without plus", {"channel": {"kind": "sms", "number": "4912345678"}}),
            ("unknown kind", {"channel": {"kind": "fax", "number": "1"}}),
            (
                "bad fallback",
                {"channel": {"kind": "email", "address": "help@acme.com"}, "fallback": "not a uri"},
            ),
            ("email address broken", {"channel": {"kind": "email", "address": "help"}}),
        ],
    ),
    (
        "hours",
        _HOURS,
        [
            ("always", {"mode": "always"}),
            ("office", {"mode": "office", "opens": "09:00:00+01:00", "closes": "17:00:00+01:00"}),
            ("office without hours", {"mode": "office"}),
            ("time without zone", {"mode": "office", "opens": "09:00:00", "closes": "17:00:00Z"}),
            ("always with opening", {"mode": "always", "opens": "09:00:00Z"}),
            ("bad mode", {"mode": "never"}),
        ],
    ),
    (
        "tags",
        _TAGS,
        [
            ("good", {"tags": ["support", "billing"], "weights": {"email": 0.5, "chat": 1}}),
            ("no support tag", {"tags": ["billing"]}),
            ("repeated tag", {"tags": ["support", "vip", "support"]}),
            (
                "too long tag and too many",
                {"tags": ["support", "a", "b", "c", "d", "averyverylongtag"]},
            ),
            ("bad weight names", {"weights": {"Email": 0.5, "chat-2": 0.1}}),
            ("weight too large", {"weights": {"email": 2}}),
        ],
    ),
    (
        "money",
        _DEFS,
        [
            (
                "good",
                {
                    "min": {"amount": 1, "currency": "EUR"},
                    "max": {"amount": 100, "currency": "EUR"},
                },
            ),
            ("max without min", {"max": {"amount": 100, "currency": "EUR"}}),
            ("negative amount", {"min": {"amount": -1, "currency": "EUR"}}),
            ("currency missing", {"min": {"amount": 1}}),
        ],
    ),
    (
        "numbers",
        _NUMBERS,
        [
            (
                "good",
                {"retries": 3, "ratio": 0.5, "budget": None, "token": "YWJj", "pointer": "/a/b"},
            ),
            ("retries past int32", {"retries": 2147483648}),
            ("ratio one", {"ratio": 1}),
            ("budget too small", {"budget": 0.25}),
            ("budget a string", {"budget": "lots"}),
            ("token not base64", {"token": "abc"}),
            ("pointer without slash", {"pointer": "a/b"}),
        ],
    ),
]

_EDGES: list[tuple[str, dict[str, Any], Any]] = [
    (
        "headers with JavaScript digits",
        {
            "type": "object",
            "patternProperties": {"^x-\\d+$": {"type": "integer"}},
            "additionalProperties": False,
        },
        {"x-1": 1, "x-\u0661": 2, "y": 3},
    ),
    (
        "rules repeated",
        {
            "type": "object",
            "properties": {
                "rules": {
                    "type": "array",
                    "items": {"type": "object", "properties": {"id": {"type": "integer"}}},
                    "uniqueItems": True,
                }
            },
        },
        {"rules": [{"id": 1}, {"id": 2}, {"id": 1}]},
    ),
    (
        "enum with null",
        {"type": "object", "properties": {"a": {"enum": ["x", None, 1]}}},
        {"a": 1.0},
    ),
    (
        "one emoji is one character",
        {"type": "object", "properties": {"a": {"type": "string", "minLength": 2}}},
        {"a": "\U0001f600"},
    ),
    (
        "contact as email or uri",
        {
            "type": "object",
            "properties": {
                "a": {
                    "anyOf": [
                        {"type": "string", "format": "email"},
                        {"type": "string", "format": "uri"},
                    ]
                }
            },
        },
        {"a": "nope"},
    ),
    (
        "a trailing newline is not the end",
        {"type": "object", "properties": {"a": {"type": "string", "pattern": "^[a-z]+$"}}},
        {"a": "abc\n"},
    ),
    (
        "word boundary is ASCII",
        {"type": "object", "properties": {"a": {"type": "string", "pattern": "\\bcat\\b"}}},
        {"a": "\u00e9cat"},
    ),
    (
        "a tenth step",
        {"type": "object", "properties": {"a": {"type": "number", "multipleOf": 0.1}}},
        {"a": 0.3},
    ),
    ("1.0 is an integer", {"type": "object", "properties": {"a": {"type": "integer"}}}, {"a": 1.0}),
    ("too few keys", {"type": "object", "minProperties": 2, "maxProperties": 3}, {"a": 1}),
]

CORPUS: list[tuple[str, dict[str, Any], Any]] = [
    (f"{group}: {name}", schema, values)
    for group, schema, cases in _CASES
    for name, values in cases
]
CORPUS += [(f"edges: {name}", schema, values) for name, schema, values in _EDGES]
