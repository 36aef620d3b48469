"""ISO 8601 timestamps as the index carries them: `YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC.

The index's `publishedAt` has a four-digit year, as JavaScript's `Date.toISOString()` writes
years 0000 to 9999 (beyond, it writes `+YYYYYY`). Python's `datetime` holds years 0001 to 9999,
so the accepted range is those years once converted to UTC, `EARLIEST` to `LATEST`: a pin
outside it is refused with a reason, never written with another number of digits.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

__all__ = [
    "EARLIEST",
    "LATEST",
    "format_timestamp",
    "normalize_timestamp",
    "read_epoch_seconds",
    "read_timestamp",
]

EARLIEST = "0001-01-01T00:00:00.000Z"
LATEST = "9999-12-31T23:59:59.999Z"

NOT_ISO = 'is not an ISO 8601 date-time with a zone, like "2026-09-20T14:32:07.104Z"'
OUT_OF_RANGE = (
    "falls outside the years 0001 to 9999 once converted to UTC "
    f"(publishedAt must lie from {EARLIEST} to {LATEST})"
)
NOT_SECONDS = "is not a whole number of seconds since 1970 (what `date +%s` prints)"

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_EARLIEST_SECONDS = int((datetime(1, 1, 1, tzinfo=timezone.utc) - _EPOCH).total_seconds())
_LATEST_SECONDS = int(
    (datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone.utc) - _EPOCH).total_seconds()
)
OUT_OF_RANGE_SECONDS = (
    f"falls outside the years 0001 to 9999 (seconds since 1970 must lie from "
    f"{_EARLIEST_SECONDS} to {_LATEST_SECONDS})"
)

_ISO_8601 = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})[Tt ](?P<hour>\d{2}):(?P<minute>\d{2})"
    r"(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d+))?)?"
    r"(?P<zone>[Zz]|[+-]\d{2}(?::?\d{2})?)",
    re.ASCII,
)
_EPOCH_SECONDS = re.compile(r"-?[0-9]+", re.ASCII)


def read_timestamp(text: str) -> tuple[str | None, str | None]:
    """Any ISO 8601 date-time with a zone as `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC), or None and why
    not (a phrase to follow the value: "is not …", "falls outside …")."""
    match = _ISO_8601.fullmatch(text.strip())
    if match is None:
        return None, NOT_ISO
    fraction = (match.group("fraction") or "0")[:6].ljust(6, "0")
    zone = match.group("zone")
    try:
        offset = timedelta(0)
        if zone not in ("Z", "z"):
            digits = zone[1:].replace(":", "")
            hours, minutes = int(digits[:2]), int(digits[2:4] or "0")
            if hours > 23 or minutes > 59:
                return None, NOT_ISO
            offset = timedelta(hours=hours, minutes=minutes) * (-1 if zone[0] == "-" else 1)
        year, month, day = (int(part) for part in match.group("date").split("-"))
        local = datetime(
            year,
            month,
            day,
            int(match.group("hour")),
            int(match.group("minute")),
            int(match.group("second") or 0),
            int(fraction),
            tzinfo=timezone(offset),
        )
    except ValueError:
        return None, NOT_ISO
    try:
        utc = local.astimezone(timezone.utc)
    except OverflowError:
        # The local time is a real date, but its UTC moment is in year 0 or 10000.
        return None, OUT_OF_RANGE
    return format_timestamp(utc), None


def normalize_timestamp(text: str) -> str | None:
    """`read_timestamp`'s value alone: the UTC timestamp, or None when `text` can't be one."""
    return read_timestamp(text)[0]


def read_epoch_seconds(raw: str) -> tuple[str | None, str | None]:
    """Whole seconds since 1970 (`SOURCE_DATE_EPOCH`, a commit time) as a timestamp, or None
    and why not. Negative seconds are before 1970, as `date +%s` prints them."""
    text = raw.strip()
    if not _EPOCH_SECONDS.fullmatch(text):
        return None, NOT_SECONDS
    # Compared by length first: int() refuses strings of more than 4300 digits.
    digits = text.lstrip("-").lstrip("0")
    if len(digits) > len(str(_LATEST_SECONDS)):
        return None, OUT_OF_RANGE_SECONDS
    seconds = int(text)
    if not _EARLIEST_SECONDS <= seconds <= _LATEST_SECONDS:
        return None, OUT_OF_RANGE_SECONDS
    return format_timestamp(_EPOCH + timedelta(seconds=seconds)), None


def format_timestamp(moment: datetime) -> str:
    """`moment` in UTC with milliseconds (truncated, as JavaScript's Date keeps them), the
    year always four digits (`strftime("%Y")` writes year 999 as `999`)."""
    utc = moment.astimezone(timezone.utc)
    return (
        f"{utc.year:04d}-{utc.month:02d}-{utc.day:02d}T"
        f"{utc.hour:02d}:{utc.minute:02d}:{utc.second:02d}.{utc.microsecond // 1000:03d}Z"
    )
