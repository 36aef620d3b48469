"""Timestamps as the index writes them: four-digit years 0001-9999 in UTC, or a reason why not."""

from __future__ import annotations

import pytest

from hatch_kindgi.config.timestamps import (
    EARLIEST,
    LATEST,
    read_epoch_seconds,
    read_timestamp,
)
from tests.oracle import shipped

# Each pair: a date-time with a zone, and whether it falls in the years 0001-9999 once in UTC.
EDGES = [
    ("0001-01-01T00:00:00Z", True),
    ("0001-01-01T00:00:00+01:00", False),
    ("0001-01-01T00:59:59.999+01:00", False),
    ("0001-01-01T01:00:00+01:00", True),
    ("0001-01-01T00:00:00-01:00", True),
    ("0999-06-01T00:00:00Z", True),
    ("0099-12-31T23:30:00-01:00", True),
    ("1969-12-31T23:59:59.999Z", True),
    ("9999-12-31T23:59:59.999Z", True),
    ("9999-12-31T23:59:59-01:00", False),
    ("9999-12-31T22:59:59.999-01:00", True),
    ("9999-12-31T23:00:00+01:00", True),
]


def _node_iso(texts: list[str], *, from_milliseconds: bool = False) -> list[str | None]:
    """What JavaScript's `new Date(text).toISOString()` writes for each text (None: refused);
    `from_milliseconds` reads each text as a number of milliseconds since 1970 instead."""
    convert = "Number(t)" if from_milliseconds else "t"
    script = (
        "const texts = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(texts.map((t) => {"
        f"  const d = new Date({convert}); return isNaN(d) ? null : d.toISOString(); }})));"
    )
    result = shipped.node_eval(script, texts)
    assert isinstance(result, list)
    return result


def test_range_bounds_are_what_javascript_writes() -> None:
    """EARLIEST and LATEST are the ends of JavaScript's four-digit-year ISO strings."""
    shipped.require_oracle()
    assert _node_iso([EARLIEST, LATEST]) == [EARLIEST, LATEST]


@pytest.mark.parametrize(("text", "inside"), EDGES)
def test_edges_match_javascript(text: str, inside: bool) -> None:
    """In range, the UTC text is JavaScript's own; out of range, JavaScript writes a year
    outside 0001-9999 and we give a reason naming the range instead of a traceback."""
    shipped.require_oracle()
    (javascript,) = _node_iso([text])
    assert javascript is not None
    value, reason = read_timestamp(text)
    if inside:
        assert (value, reason) == (javascript, None)
    else:
        assert value is None
        assert javascript.startswith(("0000-", "+010000-"))
        assert reason == (
            "falls outside the years 0001 to 9999 once converted to UTC "
            "(publishedAt must lie from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z)"
        )


@pytest.mark.parametrize(
    "text",
    [
        "999-06-01T00:00:00Z",
        "\uff12\uff10\uff12\uff16-09-20T14:32:07Z",
        "+002026-09-20T14:32:07Z",
        "10000-01-01T00:00Z",
    ],
)
def test_not_four_ascii_digits_is_not_iso(text: str) -> None:
    """A year of other than four ASCII digits is not the ISO 8601 form we read."""
    value, reason = read_timestamp(text)
    assert value is None
    assert reason == 'is not an ISO 8601 date-time with a zone, like "2026-09-20T14:32:07.104Z"'


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("0", "1970-01-01T00:00:00.000Z"),
        ("-86400", "1969-12-31T00:00:00.000Z"),
        ("-62135596800", "0001-01-01T00:00:00.000Z"),
        ("253402300799", "9999-12-31T23:59:59.000Z"),
        ("-30610310400", "0999-12-31T00:00:00.000Z"),
        (" 1767225600\n", "2026-01-01T00:00:00.000Z"),
    ],
)
def test_epoch_seconds_in_range(raw: str, expected: str) -> None:
    """Seconds since 1970, negative ones included, become the timestamp JavaScript writes for
    them (`new Date(seconds * 1000)`), with a four-digit year."""
    shipped.require_oracle()
    assert read_epoch_seconds(raw) == (expected, None)
    seconds = int(raw.strip())
    assert _node_iso([f"{seconds * 1000}"], from_milliseconds=True) == [expected]


@pytest.mark.parametrize(
    "raw", ["-62135596801", "253402300800", "99999999999999999999", "-" + "9" * 400]
)
def test_epoch_seconds_out_of_range(raw: str) -> None:
    """Seconds beyond the years 0001-9999 are refused with the range, never a traceback."""
    value, reason = read_epoch_seconds(raw)
    assert value is None
    assert reason is not None
    assert "-62135596800 to 253402300799" in reason


@pytest.mark.parametrize("raw", ["soon", "1.5", "1_000", "+5", "\uff11\uff12", "0x10", "1e9", ""])
def test_epoch_seconds_not_a_number(raw: str) -> None:
    """Only an integer in ASCII digits is seconds since 1970 (what `date +%s` prints)."""
    value, reason = read_epoch_seconds(raw)
    assert value is None
    assert reason == "is not a whole number of seconds since 1970 (what `date +%s` prints)"
