"""The formats a deploy asserts: ajv-formats 3's full mode, which `addFormats(ajv)` with no
options installs in the runtime's Ajv (`@kindgi/schema/src/bounded.ts` in kindgi-cli 0.1.10,
whose ajv-formats is 3.0.1); on the hosted profile (`Bounds.on_re2`), its fast mode
(`addFormats(ajv, {mode: "fast"})`: eight formats a plain regular expression, `FAST_FORMATS`),
`regex` as a pattern `compileTenantPattern` takes for its syntax (`tenantPatternSyntaxProblem`
without flags) and `url` without the backtracking of its user-info part (`linearUrl`: the same
strings).

A `format` the runtime doesn't know fails the schema's compile in strict mode; one it knows
is asserted on every value of the type ajv-formats registers it for (strings; numbers for
`int32`, `int64`, `float`, `double`). The names are ajv-formats' own (`fullFormats` in its
`dist/formats.js`), and each predicate decides as that file does, with JavaScript's regular
expressions read as JavaScript reads them: `\\d` is `[0-9]`, `$` is the very end, `.` stops at
any line terminator, `\\s` is ECMAScript's white space, the `i` flag folds ASCII only (no `u`
flag) or by simple case folding (`url`'s `u`). The fast formats are V8 regular expressions
even on the hosted profile (a format isn't a tenant's pattern). The tests hold every predicate
to the runtime's own compile (kindgi-cli's) on edge values, in both modes
(`tests/unit/engines/ajv/test_formats.py`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.strings import LINE_TERMINATOR_ESCAPES, WHITE_SPACE_ESCAPES

__all__ = [
    "FAST_FORMATS",
    "FORMAT_NAMES",
    "NUMBER_FORMATS",
    "compare",
    "conforms",
    "watching_fast_formats",
]

# ECMAScript's WhiteSpace and LineTerminator (`\s`), and its LineTerminator alone.
_JS_SPACE = WHITE_SPACE_ESCAPES
_JS_LINE_END = LINE_TERMINATOR_ESCAPES
_ASCII_I = re.ASCII | re.IGNORECASE


class _Lazy:
    """A regular expression compiled on first use: importing this module compiles nothing
    (the URI expressions alone take tens of milliseconds), a pack without formats pays none."""

    def __init__(self, pattern: str, flags: int = re.ASCII) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    def __call__(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled


def _full(pattern: str, flags: int = re.ASCII) -> Callable[[str], bool]:
    """A predicate: the whole string matches `pattern` (a JavaScript `^...$`)."""
    compiled = _Lazy(pattern, flags)
    return lambda text: compiled().fullmatch(text) is not None


# --- dates and times (RFC 3339 full-date, time, date-time; the iso- variants' zone optional)

_DATE = _Lazy(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_DAYS = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_TIME = _Lazy(
    r"([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(z|([+-])([0-9]{2})(?::?([0-9]{2}))?)?",
    _ASCII_I,
)
_DATE_TIME_SEPARATOR = _Lazy(f"[tT]|[{_JS_SPACE}]")


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def _date(text: str) -> bool:
    """A real calendar day, YYYY-MM-DD."""
    found = _DATE().fullmatch(text)
    if found is None:
        return False
    year, month, day = (int(part) for part in found.groups())
    if not 1 <= month <= 12:
        return False
    return 1 <= day <= (29 if month == 2 and _leap(year) else _DAYS[month])


def _time(zone_required: bool) -> Callable[[str], bool]:
    def time(text: str) -> bool:
        found = _TIME().fullmatch(text)
        if found is None:
            return False
        hour, minute, second = int(found[1]), int(found[2]), float(found[3])
        zone_hour, zone_minute = int(found[6] or 0), int(found[7] or 0)
        if zone_hour > 23 or zone_minute > 59 or (zone_required and not found[4]):
            return False
        if hour <= 23 and minute <= 59 and second < 60:
            return True
        # a leap second: 23:59:60 in UTC only
        sign = -1 if found[5] == "-" else 1
        utc_minute = minute - zone_minute * sign
        utc_hour = hour - zone_hour * sign - (1 if utc_minute < 0 else 0)
        return utc_hour in (23, -1) and utc_minute in (59, -1) and second < 61

    return time


def _date_time(zone_required: bool) -> Callable[[str], bool]:
    time = _time(zone_required)

    def date_time(text: str) -> bool:
        parts = _DATE_TIME_SEPARATOR().split(text)
        return len(parts) == 2 and _date(parts[0]) and time(parts[1])

    return date_time


# --- URIs (RFC 3986, as ajv-formats' expression of it, with its quirks kept) ----------------

_HEX = "%[0-9a-f]{2}"
_OCTET = r"(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)"
_IPV4_IN_URI = rf"(?:{_OCTET}\.){{3}}{_OCTET}"
_H16 = "[0-9a-f]{1,4}"


def _ipv6_in_uri() -> str:
    """RFC 3986's IPv6address, its nine forms."""
    h16 = _H16
    ls32 = f"(?:{h16}:{h16}|{_IPV4_IN_URI})"
    before_ls32 = (
        f"(?:{h16}:){{6}}",
        f"::(?:{h16}:){{5}}",
        f"(?:{h16})?::(?:{h16}:){{4}}",
        f"(?:(?:{h16}:){{0,1}}{h16})?::(?:{h16}:){{3}}",
        f"(?:(?:{h16}:){{0,2}}{h16})?::(?:{h16}:){{2}}",
        f"(?:(?:{h16}:){{0,3}}{h16})?::{h16}:",
        f"(?:(?:{h16}:){{0,4}}{h16})?::",
    )
    return (
        f"(?:(?:{'|'.join(before_ls32)}){ls32}"
        f"|(?:(?:{h16}:){{0,5}}{h16})?::{h16}"
        f"|(?:(?:{h16}:){{0,6}}{h16})?::)"
    )


def _uri_pattern(reference: bool) -> str:
    """ajv-formats' `uri` (a scheme required) or `uri-reference` (optional, and `"` allowed
    in the host, path, query and fragment: its quirk)."""
    quote = '"' if reference else ""
    unreserved_sub = f"a-z0-9\\-._~!$&'{quote}()*+,;="
    pchar = f"(?:[{unreserved_sub}:@]|{_HEX})"
    userinfo = f"(?:(?:[a-z0-9\\-._~!$&'()*+,;=:]|{_HEX})*@)?"
    ip_literal = rf"\[(?:{_ipv6_in_uri()}|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]"
    host = f"(?:{ip_literal}|{_IPV4_IN_URI}|(?:[{unreserved_sub}]|{_HEX})*)"
    authority_path = rf"/?/{userinfo}{host}(?::[0-9]*)?(?:/{pchar}*)*"
    absolute_path = rf"/(?:{pchar}+(?:/{pchar}*)*)?"
    rootless_path = rf"{pchar}+(?:/{pchar}*)*"
    scheme = r"(?:[a-z][a-z0-9+\-.]*:)"
    tail = f"(?:\\?(?:[{unreserved_sub}:@/?]|{_HEX})*)?(?:#(?:[{unreserved_sub}:@/?]|{_HEX})*)?"
    if reference:
        return f"{scheme}?(?:{authority_path}|{absolute_path}|{rootless_path})?{tail}"
    return f"{scheme}(?:{authority_path}|{absolute_path}|{rootless_path}){tail}"


_URI = _full(_uri_pattern(reference=False), _ASCII_I)
_NOT_URI_FRAGMENT = _Lazy("[/:]")


def _uri(text: str) -> bool:
    """An absolute URI; ajv-formats also asks for a "/" or ":" somewhere."""
    return _NOT_URI_FRAGMENT().search(text) is not None and _URI(text)


_URI_TEMPLATE = _full(
    r"""(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?"""
    r"""(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?"""
    r"""(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*""",
    _ASCII_I,
)


def _url_pattern(linear: bool = False) -> str:
    """http(s)/ftp URLs with a public IPv4 address or a dotted host name (dperini's), read
    with the `iu` flags: `[a-z]` folds by Unicode's simple case folding there. `linear`: the
    hosted profile's, its user-info `\\S+(?::\\S*)?@` written `\\S+@` (`\\S` takes the `:`)."""
    not_space = f"[^{_JS_SPACE}]"
    word = "[a-z0-9\\u00a1-\\uffff]"
    label = f"(?:{word}+-)*{word}+"
    private = (
        r"(?!(?:10|127)(?:\.[0-9]{1,3}){3})(?!(?:169\.254|192\.168)(?:\.[0-9]{1,3}){2})"
        r"(?!172\.(?:1[6-9]|2[0-9]|3[0-1])(?:\.[0-9]{1,3}){2})"
    )
    public_ipv4 = (
        r"(?:[1-9][0-9]?|1[0-9][0-9]|2[01][0-9]|22[0-3])(?:\.(?:1?[0-9]{1,2}|2[0-4][0-9]|25[0-5])){2}"
        r"(?:\.(?:[1-9][0-9]?|1[0-9][0-9]|2[0-4][0-9]|25[0-4]))"
    )
    host = f"(?:{label})(?:\\.{label})*(?:\\.(?:[a-z\\u00a1-\\uffff]{{2,}}))"
    user_info = f"{not_space}+@" if linear else f"{not_space}+(?::{not_space}*)?@"
    return (
        f"(?:https?|ftp)://(?:{user_info})?"
        f"(?:{private}{public_ipv4}|{host})(?::[0-9]{{2,5}})?(?:/{not_space}*)?"
    )


_URL_LABEL = "ajv-formats' url expression"


@lru_cache(maxsize=2)
def _url_regex(linear: bool) -> Any:
    """The url expression for the `regex` module, which can stop it: its user-info part
    backtracks in time quadratic in the colons of a long value (V8 too, but for `linear`)."""
    import regex  # type: ignore[import-untyped]

    return regex.compile(_url_pattern(linear), regex.IGNORECASE | regex.V0)


def _url(text: str, linear: bool = False) -> bool:
    # Python's re folds [a-z] to the extra letters JavaScript's `iu` folds (U+017F, U+212A),
    # and any other it might differ on lies in \u00a1-\uffff, which the classes hold anyway.
    from hatch_kindgi.engines.budget import bounded_search

    return bounded_search(_FullMatch(_url_regex(linear)), _URL_LABEL, text)


class _FullMatch:
    """A compiled `regex` pattern whose `search` is a `fullmatch` (for `bounded_search`)."""

    def __init__(self, compiled: Any) -> None:
        self.compiled = compiled

    def search(self, text: str, timeout: float) -> Any:
        return self.compiled.fullmatch(text, timeout=timeout)


# --- the rest: one regular expression each ----------------------------------------------------

_EMAIL_CHAR = "[a-z0-9!#$%&'*+/=?^_`{|}~-]"
_EMAIL = _full(
    f"{_EMAIL_CHAR}+(?:\\.{_EMAIL_CHAR}+)*@"
    "(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?",
    _ASCII_I,
)
_HOSTNAME = _full(
    f"(?=[^{_JS_LINE_END}]{{1,253}}\\.?\\Z)"
    r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?",
    _ASCII_I,
)
_BYTE_OCTET = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
_IPV4 = _full(rf"(?:{_BYTE_OCTET}\.){{3}}{_BYTE_OCTET}")


def _ipv6_pattern() -> str:
    """An IPv6 address: eight groups, `::` for a run of zero groups, an IPv4 tail."""
    h16 = "[0-9a-f]{1,4}"
    v4 = rf"{_BYTE_OCTET}(?:\.{_BYTE_OCTET}){{3}}"
    forms = [f"(?:{h16}:){{7}}(?:{h16}|:)"]
    forms.append(f"(?:{h16}:){{6}}(?::{h16}|{v4}|:)")
    forms.append(f"(?:{h16}:){{5}}(?:(?::{h16}){{1,2}}|:{v4}|:)")
    for groups in (4, 3, 2, 1):
        most = 7 - groups
        forms.append(
            f"(?:{h16}:){{{groups}}}(?:(?::{h16}){{1,{most}}}|(?::{h16}){{0,{most - 2}}}:{v4}|:)"
        )
    forms.append(f":(?:(?::{h16}){{1,7}}|(?::{h16}){{0,5}}:{v4}|:)")
    return "(?:" + "|".join(forms) + ")"


_IPV6 = _full(_ipv6_pattern(), _ASCII_I)
_UUID = _full("(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}", _ASCII_I)
_DURATION = _full(
    "P(?!\\Z)(?:(?:[0-9]+Y)?(?:[0-9]+M)?(?:[0-9]+D)?(?:T(?=[0-9])(?:[0-9]+H)?(?:[0-9]+M)?"
    "(?:[0-9]+S)?)?|(?:[0-9]+W)?)"
)
_JSON_POINTER = _full("(?:/(?:[^~/]|~0|~1)*)*", re.DOTALL)
_JSON_POINTER_FRAGMENT = _full(
    "#(?:/(?:[a-z0-9_\\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*", _ASCII_I
)
_RELATIVE_JSON_POINTER = _full("(?:0|[1-9][0-9]*)(?:#|(?:/(?:[^~/]|~0|~1)*)*)", re.DOTALL)
_BASE64_LINE = _Lazy("(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?", re.ASCII)
_LINES = _Lazy(f"[{_JS_LINE_END}]")


def _byte(text: str) -> bool:
    """Base64; ajv-formats' expression has the `m` flag, so one line of it suffices."""
    return any(_BASE64_LINE().fullmatch(line) for line in _LINES().split(text))


_ESCAPED_Z = _Lazy(r"[^\\]\\Z")


def _regex(text: str) -> bool:
    """A JavaScript regular expression (no flags), and no `\\Z` in it."""
    if _ESCAPED_Z().search(text):
        return False
    from hatch_kindgi.engines.javascript.regexp_syntax import compiles

    return compiles(text)


def _uri_reference(text: str) -> bool:
    return _URI_REFERENCE(text)


_URI_REFERENCE = _full(_uri_pattern(reference=True), _ASCII_I)

# --- numbers -----------------------------------------------------------------------------


def _is_integer(value: float) -> bool:
    """JavaScript's Number.isInteger."""
    return isinstance(value, int) or (math.isfinite(value) and value.is_integer())


def _int32(value: float) -> bool:
    return _is_integer(value) and -(2**31) <= value <= 2**31 - 1


def _anything(value: Any) -> bool:
    return True


_STRING_FORMATS: dict[str, Callable[[str], bool]] = {
    "date": _date,
    "time": _time(zone_required=True),
    "date-time": _date_time(zone_required=True),
    "iso-time": _time(zone_required=False),
    "iso-date-time": _date_time(zone_required=False),
    "duration": _DURATION,
    "uri": _uri,
    "uri-reference": _uri_reference,
    "uri-template": _URI_TEMPLATE,
    "url": _url,
    "email": _EMAIL,
    "hostname": _HOSTNAME,
    "ipv4": _IPV4,
    "ipv6": _IPV6,
    "regex": _regex,
    "uuid": _UUID,
    "json-pointer": _JSON_POINTER,
    "json-pointer-uri-fragment": _JSON_POINTER_FRAGMENT,
    "relative-json-pointer": _RELATIVE_JSON_POINTER,
    "byte": _byte,
    "password": _anything,
    "binary": _anything,
}
_NUMBER_FORMATS: dict[str, Callable[[float], bool]] = {
    "int32": _int32,
    "int64": _is_integer,
    "float": _anything,
    "double": _anything,
}

# --- the hosted profile's: ajv-formats' fast mode, and Kindgi's own regex and url ----------

_FAST_TIME = "(?:[0-2][0-9]:[0-5][0-9]:[0-5][0-9]|23:59:60)(?:\\.[0-9]+)?"
_FAST_ZONE = "(?:z|[+-][0-9][0-9](?::?[0-9][0-9])?)"
_FAST_DATE = "[0-9]{4}-[0-1][0-9]-[0-3][0-9]"
FAST_FORMATS: dict[str, Callable[[str], bool]] = {
    "date": _full(_FAST_DATE),
    "time": _full(_FAST_TIME + _FAST_ZONE, _ASCII_I),
    "date-time": _full(f"{_FAST_DATE}t{_FAST_TIME}{_FAST_ZONE}", _ASCII_I),
    "iso-time": _full(f"{_FAST_TIME}{_FAST_ZONE}?", _ASCII_I),
    "iso-date-time": _full(f"{_FAST_DATE}[t{_JS_SPACE}]{_FAST_TIME}{_FAST_ZONE}?", _ASCII_I),
    "uri": _full(f"(?:[a-z][a-z0-9+\\-.]*:)(?:/?/)?[^{_JS_SPACE}]*", _ASCII_I),
    "uri-reference": _full(
        f"(?:(?:[a-z][a-z0-9+\\-.]*:)?/?/)?(?:[^\\\\{_JS_SPACE}#][^{_JS_SPACE}#]*)?"
        f"(?:#[^\\\\{_JS_SPACE}]*)?",
        _ASCII_I,
    ),
    "email": _full(
        "[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
        "(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*",
        _ASCII_I,
    ),
}
"""ajv-formats' `fastFormats` where they differ from `fullFormats`: a V8 regular expression each
(`/^…$/`, `i` without `u`: ASCII case folding only; `\\s` ECMAScript's white space)."""


def _tenant_regex(text: str, bounds: Bounds) -> bool:
    """`tenantPatternSyntaxProblem(text) === undefined`: no flags, so `\\p` is the letter."""
    from hatch_kindgi.engines.re2.tenant import tenant_pattern_syntax_problem

    return tenant_pattern_syntax_problem(text, bounds=bounds) is None


NUMBER_FORMATS: frozenset[str] = frozenset(_NUMBER_FORMATS)
"""The formats ajv-formats registers for numbers (every other is for strings)."""

FORMAT_NAMES: frozenset[str] = frozenset(_STRING_FORMATS) | NUMBER_FORMATS
"""Every format ajv-formats' full mode defines."""


_WATCHED: ContextVar[list[str] | None] = ContextVar("_WATCHED", default=None)


@contextmanager
def watching_fast_formats() -> Iterator[list[str]]:
    """Within the block, each format a value is checked by under full formats (self-hosted's)
    that the hosted profile's decides otherwise on is listed: where none is, a check under
    hosted meets the same answers, so it decides as the full one did (nothing else of a
    schema without patterns differs)."""
    watched: list[str] = []
    token = _WATCHED.set(watched)
    try:
        yield watched
    finally:
        _WATCHED.reset(token)


def _hosted_string(name: str, value: str, bounds: Bounds) -> bool | None:
    """The hosted profile's verdict where its formats differ from the full ones, else None."""
    if name == "regex":
        return _tenant_regex(value, bounds)
    if name == "url":
        return _url(value, linear=True)
    fast = FAST_FORMATS.get(name)
    return None if fast is None else fast(value)


def conforms(name: str, value: object, bounds: Bounds = SELF_HOSTED_BOUNDS) -> bool:
    """Whether `value` passes format `name` as the runtime asserts it under `bounds`: True for
    a value of a type the format doesn't apply to, and for a name ajv-formats doesn't define
    (the schema's compile refuses that)."""
    decided = _decided(name, value, bounds)
    watched = _WATCHED.get()
    if (
        watched is not None
        and isinstance(value, str)
        and not bounds.on_re2
        and (name in FAST_FORMATS or name == "regex")
        and _hosted_string(name, value, HOSTED_BOUNDS) != decided
    ):
        watched.append(name)
    return decided


def _decided(name: str, value: object, bounds: Bounds) -> bool:
    if isinstance(value, str):
        if bounds.on_re2:
            hosted = _hosted_string(name, value, bounds)
            if hosted is not None:
                return hosted
        check = _STRING_FORMATS.get(name)
        return check is None or check(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number_check = _NUMBER_FORMATS.get(name)
        return number_check is None or number_check(value)
    return True


# --- compare: what formatMinimum and its kin (ajv-formats' `limit.js`) compare by -------------

_LIMIT_TIME = _Lazy(
    r"([0-9]{2}):([0-9]{2}):([0-9]{2}(?:\.[0-9]+)?)(z|([+-])([0-9]{2})(?::?([0-9]{2}))?)?", _ASCII_I
)
_DATE_VALUE = _Lazy(
    f"([0-9]{{4}})-([0-9]{{2}})-([0-9]{{2}})(?:[tT]|[{_JS_SPACE}]+)([0-9]{{2}}):([0-9]{{2}})"
    "(?::([0-9]{2})(?:\\.([0-9]+))?)?(?:([zZ])|([+-])([0-9]{2})(?::?([0-9]{2}))?)?"
)


def _date_value(text: str) -> float | None:
    """`new Date(text).valueOf()` in V8, for the date-and-time forms the formats take
    (`YYYY-MM-DD`, `T` or white space, `HH:MM[:SS[.fraction]]`, an optional zone; no zone is
    UTC, as a run's clock is): None where V8 gives NaN (a leap second, an hour-only zone)."""
    found = _DATE_VALUE().fullmatch(text)
    if found is None:
        return None
    year, month, day, hour, minute = (int(found[n]) for n in range(1, 6))
    second = int(found[6] or 0)
    fraction = (found[7] or "") + "000"
    if found[9] is not None and found[11] is None:  # "+01": V8 takes no zone of hours alone
        return None
    zone_hour, zone_minute = int(found[10] or 0), int(found[11] or 0)
    if not (1 <= month <= 12 and 1 <= day <= 31) or zone_hour > 23 or zone_minute > 59:
        return None
    if minute > 59 or second > 59 or hour > 24 or (hour == 24 and (minute or second)):
        return None
    days = _days_from_civil(year, month, 1) + day - 1  # V8 rolls Feb 30 over to March 1
    milliseconds = (((days * 24 + hour) * 60 + minute) * 60 + second) * 1000 + int(fraction[:3])
    offset = (zone_hour * 60 + zone_minute) * 60_000
    return float(milliseconds - offset if found[9] == "+" else milliseconds + offset)


def _days_from_civil(year: int, month: int, day: int) -> int:
    """Days from 1970-01-01 to a proleptic Gregorian date."""
    year -= month <= 2
    era = (year if year >= 0 else year - 399) // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def _compare_date(one: str, two: str) -> float | None:
    if not (one and two):
        return None
    return 1.0 if one > two else -1.0 if one < two else 0.0


def _compare_time(one: str, two: str) -> float | None:
    if not (one and two):
        return None
    first, second = _date_value("2020-01-01T" + one), _date_value("2020-01-01T" + two)
    if not (first and second):  # NaN, and 0 too (JavaScript's falsy)
        return None
    return first - second


def _compare_iso_time(one: str, two: str) -> float | None:
    if not (one and two):
        return None
    first, second = _LIMIT_TIME().fullmatch(one), _LIMIT_TIME().fullmatch(two)
    if first is None or second is None:
        return None
    return _compare_date(first[1] + first[2] + first[3], second[1] + second[2] + second[3])


def _compare_date_time(one: str, two: str) -> float | None:
    if not (one and two):
        return None
    first, second = _date_value(one), _date_value(two)
    if not (first and second):
        return None
    return first - second


def _compare_iso_date_time(one: str, two: str) -> float | None:
    if not (one and two):
        return None
    first, second = _DATE_TIME_SEPARATOR().split(one), _DATE_TIME_SEPARATOR().split(two)
    result = _compare_date(first[0], second[0])
    if result is None:
        return None
    return result or _compare_time(*(part[1] if len(part) > 1 else "" for part in (first, second)))


_COMPARE: dict[str, Callable[[str, str], float | None]] = {
    "date": _compare_date,
    "time": _compare_time,
    "date-time": _compare_date_time,
    "iso-time": _compare_iso_time,
    "iso-date-time": _compare_iso_date_time,
}


def compare(name: str, value: str, limit: str) -> float | None:
    """ajv-formats' `compare` of format `name` (full mode; one of the five with one): below,
    at or above zero as `value` comes before, with or after `limit`; None where it says
    `undefined` (then no limit fails)."""
    found = _COMPARE.get(name)
    return None if found is None else found(value, limit)
