"""The formats a deploy asserts: ajv-formats 3's full mode, which `addFormats(ajv)` with no
options installs in the runtime's Ajv (kindgi/kindgi-sdk `packages/schema/src/registry.ts`).

A `format` the runtime doesn't know fails the schema's compile in strict mode; one it knows
is asserted on every value. The names are ajv-formats' own (`fullFormats` in its
`dist/formats.js`); the tests compare them with the pinned npm package.
"""

from __future__ import annotations

__all__ = ["FORMAT_NAMES"]

FORMAT_NAMES: frozenset[str] = frozenset(
    {
        "date",
        "time",
        "date-time",
        "iso-time",
        "iso-date-time",
        "duration",
        "uri",
        "uri-reference",
        "uri-template",
        "url",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "regex",
        "uuid",
        "json-pointer",
        "json-pointer-uri-fragment",
        "relative-json-pointer",
        "byte",
        "int32",
        "int64",
        "float",
        "double",
        "password",
        "binary",
    }
)
"""Every format ajv-formats' full mode defines."""
