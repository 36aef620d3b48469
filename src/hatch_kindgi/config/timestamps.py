"""ISO 8601 timestamps as the index carries them: `YYYY-MM-DDTHH:MM:SS.mmmZ`, UTC."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

_ISO_8601 = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})[Tt ](?P<hour>\d{2}):(?P<minute>\d{2})"
    r"(?::(?P<second>\d{2})(?:[.,](?P<fraction>\d+))?)?"
    r"(?P<zone>[Zz]|[+-]\d{2}(?::?\d{2})?)"
)


def normalize_timestamp(text: str) -> str | None:
    """Any ISO 8601 date-time with a zone as `YYYY-MM-DDTHH:MM:SS.mmmZ` (UTC), else None."""
    match = _ISO_8601.fullmatch(text.strip())
    if match is None:
        return None
    fraction = (match.group("fraction") or "0")[:6].ljust(6, "0")
    zone = match.group("zone")
    try:
        offset = timedelta(0)
        if zone not in ("Z", "z"):
            digits = zone[1:].replace(":", "")
            hours, minutes = int(digits[:2]), int(digits[2:4] or "0")
            if hours > 23 or minutes > 59:
                return None
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
        return None
    return format_timestamp(local)


def format_timestamp(moment: datetime) -> str:
    """`moment` in UTC with milliseconds (truncated, as JavaScript's Date keeps them)."""
    utc = moment.astimezone(timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"
