"""What the cross-entry checks say about an entry: the file that declares it, values quoted.

A value quoted in a message is cut to `MAX_VALUE` characters (its start and end kept, with a
count of what is left out), so one long value doesn't take the whole of a message's bound
(`report.escape.MAX_TEXT`) from the words around it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hatch_kindgi.report.escape import shown as _bounded

MAX_VALUE = 200
"""Longest value a message quotes whole, in characters."""


def file_of(entry: Mapping[str, Any], key: str) -> str:
    """The pack-relative file declaring `entry`: its `key` (a guardrail's `checkModulePath`),
    else its `modulePath`, else "."; the first of them that is a string."""
    for file in (entry.get(key), entry.get("modulePath")):
        if isinstance(file, str):
            return file
    return "."


def quoted(value: object) -> str:
    """A string in double quotes, anything else as its repr (at most `MAX_VALUE` long)."""
    if isinstance(value, str):
        return f'"{_bounded(value, limit=MAX_VALUE)}"'
    return _bounded(repr(value), limit=MAX_VALUE)


def first_line(cause: BaseException) -> str:
    """The first line of an exception's text, for a one-line message."""
    text = str(cause).strip()
    return text.splitlines()[0] if text else ""
