"""Every problem code hatch-kindgi emits, with a one-line description.

One registry: `docs/problems.md` is checked against it by the test suite. Codes are stable,
lowercase and hyphenated; add new ones in the section of the stage that emits them.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # --- config (pyproject.toml) ---
    "config-not-found": "The pack folder has no pyproject.toml.",
    "config-parse": "pyproject.toml is not valid TOML or not UTF-8.",
    "config-missing": "A required key of [tool.kindgi] is missing.",
    "config-type": "A key of [tool.kindgi] or of the hook's options has the wrong type.",
    "config-unknown-key": "A key that [tool.kindgi] or the kindgi hook does not know.",
    "config-value": "A key of [tool.kindgi] or of the hook's options has a value it cannot take.",
    "env-name": "An [tool.kindgi.env] entry is not an environment variable name.",
    "env-reserved": "An [tool.kindgi.env] entry is a KINDGI_* name, which configures Kindgi.",
    "env-duplicate": "An env name is listed twice, or in both required and optional.",
    # --- discovery ---
    "discovery-pattern": "A discovery glob cannot be used (absolute, escapes the pack, empty).",
    # --- pins ---
    "pin-published-at": "published-at is not an ISO 8601 date-time with a zone.",
    "pin-not-reproducible": "No pin, SOURCE_DATE_EPOCH or git commit: publishedAt is now.",
    # --- index ---
    "index-schema": "The index envelope does not satisfy the pack-index 1.8.0 schema.",
    "json-number": "A number JavaScript cannot carry exactly (beyond ±(2^53-1), NaN, Infinity).",
    # --- blocks ---
    # --- primitives ---
    # --- checks ---
}
