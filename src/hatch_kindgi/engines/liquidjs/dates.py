"""liquidjs's `date` filters: which values are dates, and its `strftime`.

A run renders in UTC (the runtime stamps `today` and `now` at UTC), so dates here are UTC:
`"now"` and `"today"` are the run's clock, a number or a string of digits is seconds since the
epoch, any other string is read as JavaScript's `new Date(string)` reads the ISO forms (a date
alone is midnight UTC). The directives, flags and widths are liquidjs's (`formatCodes`,
`padWidths` and `format` in liquidjs's `strftime`); the tests hold them to liquidjs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from hatch_kindgi.engines.javascript.numbers import number_to_string, string_to_number

DEFAULT_FORMAT = "%A, %B %-e, %Y at %-l:%M %P %z"

_ISO = re.compile(
    r"([+-][0-9]{6}|[0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?"
    r"(?:[T ]([0-9]{2}):([0-9]{2})(?::([0-9]{2})(?:[.,]([0-9]+))?)?"
    r"(Z|[+-][0-9]{2}:?[0-9]{2})?)?"
)
_FORMAT = re.compile(r"%([-_0^#:]+)?([0-9]+)?([EO])?(.)", re.DOTALL)
_DAYS = ("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_PAD_WIDTHS = {
    "C": 2,
    "d": 2,
    "e": 2,
    "H": 2,
    "I": 2,
    "j": 3,
    "k": 2,
    "l": 2,
    "L": 3,
    "m": 2,
    "M": 2,
    "S": 2,
    "U": 2,
    "W": 2,
    "y": 2,
}
"""liquidjs 10.30.0's `padWidths` (no `Y`: a year before 1000 prints as it is, `5`)."""
_PAD_SPACE = frozenset("aAbBceklpP")
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_WIDTH_LIMIT = 1024
"""The widest a directive pads (`%1000000Y`): a prompt's date is never wider, and a hostile
width must not build gigabytes."""


def parse_date(value: Any, clock: datetime) -> datetime | None:
    """The UTC date liquidjs makes of `value`, or None where it makes none (the filter then
    returns its input)."""
    if value is None:
        return None
    if isinstance(value, bool):  # `new Date(true)`: one millisecond after the epoch
        return _EPOCH + timedelta(milliseconds=int(value))
    if value in ("now", "today"):
        return clock
    if isinstance(value, (int, float)):
        return _from_seconds(value)
    if not isinstance(value, str):
        return None
    if value.isdigit() and value.isascii():
        return _from_seconds(string_to_number(value))
    return _iso(value.strip()) or _written(value.strip())


_WRITTEN = ("%B %d, %Y", "%b %d, %Y", "%B %d %Y", "%b %d %Y", "%d %B %Y", "%d %b %Y")


def _written(text: str) -> datetime | None:
    """A date written out in English, as JavaScript's `new Date` reads the common forms."""
    for pattern in _WRITTEN:
        try:
            return datetime.strptime(text, pattern).replace(tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


def _from_seconds(seconds: float) -> datetime | None:
    try:
        return _EPOCH + timedelta(milliseconds=int(seconds * 1000))
    except (OverflowError, ValueError):
        return None


def _iso(text: str) -> datetime | None:
    match = _ISO.fullmatch(text)
    if match is None:
        return None
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    try:
        moment = datetime(
            int(year),
            int(month or 1),
            int(day or 1),
            int(hour or 0),
            int(minute or 0),
            int(second or 0),
            int((fraction or "0")[:3].ljust(3, "0")) * 1000,
            tzinfo=timezone.utc,
        )
    except ValueError:
        return None
    if zone and zone != "Z":
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        moment -= sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:]))
    return moment


def _week(moment: datetime, start: int) -> str:
    weekday = (moment.isoweekday() % 7 - start + 7) % 7
    return str((moment.timetuple().tm_yday - 1 - weekday + 7) // 7)


def _ordinal(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


_CODES: dict[str, Callable[[datetime, str], str]] = {
    "a": lambda d, f: _DAYS[d.isoweekday() % 7][:3],
    "A": lambda d, f: _DAYS[d.isoweekday() % 7],
    "b": lambda d, f: _MONTHS[d.month - 1][:3],
    "h": lambda d, f: _MONTHS[d.month - 1][:3],
    "B": lambda d, f: _MONTHS[d.month - 1],
    "C": lambda d, f: str(d.year // 100),
    "d": lambda d, f: str(d.day),
    "e": lambda d, f: str(d.day),
    "H": lambda d, f: str(d.hour),
    "I": lambda d, f: str(d.hour % 12 or 12),
    "j": lambda d, f: str(d.timetuple().tm_yday),
    "k": lambda d, f: str(d.hour),
    "l": lambda d, f: str(d.hour % 12 or 12),
    "L": lambda d, f: str(d.microsecond // 1000),
    "m": lambda d, f: str(d.month),
    "M": lambda d, f: str(d.minute),
    "p": lambda d, f: "AM" if d.hour < 12 else "PM",
    "P": lambda d, f: "am" if d.hour < 12 else "pm",
    "q": lambda d, f: _ordinal(d.day),
    "S": lambda d, f: str(d.second),
    "u": lambda d, f: str(d.isoweekday()),
    "U": lambda d, f: _week(d, 0),
    "w": lambda d, f: str(d.isoweekday() % 7),
    "W": lambda d, f: _week(d, 1),
    "y": lambda d, f: str(d.year % 100),
    "Y": lambda d, f: str(d.year),
    "t": lambda d, f: "\t",
    "n": lambda d, f: "\n",
    "%": lambda d, f: "%",
}


@dataclass(frozen=True)
class Zone:
    """The zone a date prints in: its offset in minutes behind UTC (JavaScript's
    `getTimezoneOffset`: Berlin in winter is -60) and its name for `%Z` (none: the offset)."""

    offset: int
    name: str


UTC = Zone(0, "UTC")
"""A run's zone: the runtime's process runs in UTC."""


def zone_of(value: Any, moment: datetime) -> Zone | None:
    """The zone liquidjs's date filter takes as its second argument, at `moment`: minutes
    behind UTC, or a time zone's name (None for a name no zone has)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Zone(int(value), "") if math.isfinite(value) and abs(value) < 10**6 else None
    if not isinstance(value, str):
        return None
    try:
        from zoneinfo import ZoneInfo

        local = moment.astimezone(ZoneInfo(value))
    except (ValueError, LookupError, OSError, ImportError):
        return None
    offset = local.utcoffset()
    minutes = 0 if offset is None else int(offset // timedelta(minutes=1))
    return Zone(-minutes, value)


def strftime(moment: datetime, pattern: str, zone: Zone = UTC) -> str:
    """`moment` formatted by liquidjs's `strftime` directives, in `zone`."""
    shown = moment - timedelta(minutes=zone.offset)
    return _FORMAT.sub(lambda match: _directive(moment, shown, zone, match), pattern)


def _offset(zone: Zone, flags: str) -> str:
    hours, minutes = divmod(abs(zone.offset), 60)
    colon = ":" if ":" in flags else ""
    return f"{'-' if zone.offset > 0 else '+'}{hours:02d}{colon}{minutes:02d}"


def _directive(moment: datetime, shown: datetime, zone: Zone, match: re.Match[str]) -> str:
    flags, width, _modifier, conversion = match.groups()
    flags = flags or ""
    if conversion == "N":
        wide = min(int(width or 0) or 9, _WIDTH_LIMIT)
        return str(shown.microsecond // 1000).rjust(3, "0")[:wide].ljust(wide, "0")
    if conversion == "s":
        text = number_to_string((moment - _EPOCH) // timedelta(seconds=1))
    elif conversion == "z":
        text = _offset(zone, flags)
    elif conversion == "Z":
        text = zone.name or _offset(zone, flags)
    elif conversion in _CODES:
        text = _CODES[conversion](shown, flags)
    else:
        return match.group(0)
    pad = " " if conversion in _PAD_SPACE else "0"
    size = int(width or 0) or _PAD_WIDTHS.get(conversion, 0)
    if "^" in flags:
        text = text.upper()
    elif "#" in flags:
        text = text.lower() if text.isupper() else text.upper()
    if "_" in flags:
        pad = " "
    elif "0" in flags:
        pad = "0"
    if "-" in flags:
        size = 0
    size = min(size, _WIDTH_LIMIT)
    return text.rjust(size, pad)  # 10.30.0's `padStart`, before a sign too (`0-5`)
