"""How a message quotes a value (in quotes, or as its repr), cut to a bound.

A value quoted in a message is cut to `MAX_VALUE` characters (its start and end kept, with a
count of what is left out), so one long value doesn't take the whole of a message's bound
(`report.escape.MAX_TEXT`) from the words around it.
"""

from __future__ import annotations

from hatch_kindgi.report.escape import shown as _bounded
from hatch_kindgi.report.lines import first_line as _first_line

MAX_VALUE = 200
"""Longest value a message quotes whole, in characters."""


def quoted(value: object) -> str:
    """A string in double quotes, anything else as its repr (at most `MAX_VALUE` long)."""
    if isinstance(value, str):
        return f'"{_bounded(value, limit=MAX_VALUE)}"'
    return _bounded(repr(value), limit=MAX_VALUE)


def first_line(cause: BaseException) -> str:
    """The first line of an exception's text, for a one-line message (its lines ended as a
    file's are, `report.lines`)."""
    return _first_line(str(cause).strip())
