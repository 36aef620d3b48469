"""The filters liquidjs has, each doing what liquidjs's does, with JavaScript's numbers.

The names are exactly liquidjs 10.30.0's, the liquidjs kindgi-cli ships (`tenantLiquid()`'s
filters): a publish refuses any other (strictFilters), python-liquid's own `escapejs`, `safe`
and `base64_url_safe_*` included. Each filter follows liquidjs 10.30.0's source
(`liquidjs/dist/liquid.node.js`: its html, math, url, array, date, string, base64, crypto and
misc filters): values made strings with liquidjs's `stringify` (a number as JavaScript prints
it), numbers with its `toNumber` (`+value || 0`), lengths and slices in JavaScript's UTF-16
string units. Where 10.30.0 does arithmetic on an argument as it came (`slice`'s `begin +
length`, `truncate`'s `l - o.length`), it is JavaScript's `+`, `-` and `<` on that value, a
string argument concatenated or compared as JavaScript would (`_js_plus`, `_js_less`). Like a
JavaScript function, a filter ignores arguments it doesn't take. The tests hold every filter
to the runtime's own render (`tests/oracle/shipped.py`, kindgi-cli's `renderTenantTemplate`):
golden-liquid's filter cases, the realistic prompts and random values.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import random
import re
import string
import struct
import sys
import unicodedata
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import cmp_to_key, lru_cache
from typing import Any, Protocol, TypeVar

from hatch_kindgi.engines.javascript.numbers import (
    MAX_SAFE_INTEGER,
    number_to_string,
)
from hatch_kindgi.engines.javascript.power import math_pow
from hatch_kindgi.engines.javascript.strings import (
    WHITE_SPACE,
    code_unit,
    code_unit_key,
    from_utf16_units,
    trim,
    utf16_length,
    utf16_units,
)
from hatch_kindgi.engines.liquidjs.dates import DEFAULT_FORMAT, parse_date, strftime, zone_of
from hatch_kindgi.engines.liquidjs.numbers import (
    javascript_string,
    normal,
    stringify,
    to_double,
    to_number,
)
from hatch_kindgi.engines.liquidjs.values import (
    UNDEFINED,
    Drop,
    FilterFailure,
    MemoryExceeded,
    to_value,
)


class FilterContext(Protocol):
    """What a filter that needs its render gets (liquidjs's `this.context`): the run's clock,
    and a value expression evaluated with one more variable in scope (the `*_exp` filters)."""

    @property
    def clock(self) -> datetime:
        """The run's clock, in UTC: what `"now" | date` reads."""
        ...

    def expression(self, source: str) -> Callable[[str, Any], Any]:
        """`new Value(source)` (failing as liquidjs's constructor fails), as a function of a
        name and an item: the value evaluated with `name` set to `item` (`context.push`)."""
        ...

    def read(self, item: Any, path: Any) -> Any:
        """What `new Tokenizer(stringify(path)).readScopeValue()` reads of `item` in a
        context spawned of it (`context.spawn(item)`): strictly, a failure in liquidjs's
        words where a read finds nothing; undefined where `path` names no variable."""
        ...


_MISSING: Any = UNDEFINED


_F = TypeVar("_F", bound=Callable[..., Any])


def _with_context(function: _F) -> _F:
    """Mark a filter as one called with `context=`."""
    function.with_context = True  # type: ignore[attr-defined]
    return function


TEXT_LIMIT = 16 * 1024 * 1024
"""The longest string a filter makes: the largest `memoryLimit` of any profile's bounds
(`engines/bounds.py`), which a longer result is past whatever the profile. A filter that would
make one fails before making it (`MemoryExceeded`), where liquidjs fails once it has charged
what it makes."""


ITEM_LIMIT = TEXT_LIMIT
"""The most items an array a filter makes may have: past them its weight is past any
profile's `memoryLimit` too."""


def _too_many(count: int) -> None:
    if count > ITEM_LIMIT:
        raise MemoryExceeded


def _too_long(size: float) -> None:
    if size > TEXT_LIMIT:
        raise MemoryExceeded


def _arg(args: Sequence[Any], index: int, default: Any = _MISSING) -> Any:
    return args[index] if len(args) > index else default


def _array(value: Any) -> list[Any]:
    """liquidjs's `toArray`: nil is empty, an array itself, anything else in an array."""
    if value is None or value is UNDEFINED:
        return []
    if isinstance(value, (list, tuple, range)):
        return list(value)
    return [value]


def _is_nil(value: Any) -> bool:
    return value is None or value is UNDEFINED


def _falsy(value: Any) -> bool:
    """liquidjs's truthiness (not jsTruthy): only false, nil and undefined are false."""
    return value is False or _is_nil(value)


def _same(left: Any, right: Any) -> bool:
    """JavaScript's `===` on the values a template holds (a boolean is not a number)."""
    if isinstance(left, bool) or isinstance(right, bool):
        return isinstance(left, bool) and isinstance(right, bool) and left is right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return float(left) == float(right)
    if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)):
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, str) or isinstance(right, str):
        return isinstance(left, str) and isinstance(right, str) and left == right
    if _is_nil(left) or _is_nil(right):
        return _is_nil(left) and _is_nil(right)
    return left is right


def _math(function: Callable[..., float]) -> Callable[..., Any]:
    def filter_(value: Any, *args: Any, **_: Any) -> Any:
        return normal(function(to_number(value), *(to_number(a) for a in args)))

    return filter_


def _js_mod(left: float, right: float) -> float:
    if right == 0 or math.isinf(left) or math.isnan(left) or math.isnan(right):
        return math.nan
    if math.isinf(right):
        return left
    return math.fmod(left, right)


def _js_round(value: float) -> float:
    """`Math.round`: halves toward +Infinity."""
    if math.isnan(value) or math.isinf(value):
        return value
    floor = math.floor(value)
    return float(floor + 1 if value - floor >= 0.5 else floor)


def _divided_by(value: float, divisor: float = math.nan, integer: float = 0.0, *_: float) -> float:
    if divisor == 0:
        quotient = math.nan if value == 0 or math.isnan(value) else math.copysign(math.inf, value)
        if value != 0 and math.copysign(1.0, divisor) < 0:
            quotient = -quotient
    else:
        quotient = value / divisor
    if integer and not (math.isnan(quotient) or math.isinf(quotient)):
        return float(math.floor(quotient))
    return quotient


def _js_divide(left: float, right: float) -> float:
    """JavaScript's `/`: by zero, a signed Infinity, or NaN."""
    if right == 0:
        if left == 0 or math.isnan(left):
            return math.nan
        negative = (math.copysign(1.0, left) < 0) != (math.copysign(1.0, right) < 0)
        return -math.inf if negative else math.inf
    return left / right


def _round(value: Any, digits: Any = 0, *_: Any) -> Any:
    """liquidjs 10.30.0's `round`: `Math.round(v * 10^arg * (1 + EPSILON)) / 10^arg`, for any
    `arg` (a fraction too: `5.666 | round: 1.2` is 5.67861610032174)."""
    number, places = to_number(value), to_number(digits)
    amp = math_pow(10.0, places)
    scaled = (number * amp) * (1 + sys.float_info.epsilon)
    return normal(_js_divide(_js_round(scaled), amp))


def _binary(function: Callable[[float, float], float]) -> Callable[[float, float], float]:
    def apply(left: float, right: float = math.nan, *_: float) -> float:
        try:
            return function(left, right)
        except OverflowError:
            return math.inf
        except (ValueError, ZeroDivisionError):
            return math.nan

    return apply


def _ceil(value: float, *_: float) -> float:
    return value if math.isinf(value) or math.isnan(value) else float(math.ceil(value))


def _floor(value: float, *_: float) -> float:
    return value if math.isinf(value) or math.isnan(value) else float(math.floor(value))


def _max(*values: float) -> float:
    return math.nan if any(math.isnan(v) for v in values) else max(values)


def _min(*values: float) -> float:
    return math.nan if any(math.isnan(v) for v in values) else min(values)


def _modulo(value: float, divisor: float = math.nan, *_: float) -> float:
    return _js_mod(_js_mod(value, divisor) + divisor, divisor)


# -- strings ---------------------------------------------------------------------------------


def _string(function: Callable[..., Any]) -> Callable[..., Any]:
    """A filter of the string its input prints as, its arguments printed too."""

    def filter_(value: Any, *args: Any, **_: Any) -> Any:
        return function(stringify(value), *(stringify(a) for a in args))

    return filter_


def _truthy_js(value: Any) -> bool:
    """JavaScript's truthiness (`if (chars)`): not false, 0, NaN, "", null or undefined."""
    if value is _MISSING or _is_nil(value) or value is False:
        return False
    if isinstance(value, (int, float)):
        return not math.isnan(value) and value != 0
    return not (isinstance(value, str) and not value)


def _trimming(function: Callable[[str, str], str]) -> Callable[..., str]:
    """A strip filter: its characters argument only when truthy, as liquidjs's `if (chars)`."""

    def filter_(value: Any, *args: Any, **_: Any) -> str:
        chars = _arg(args, 0)
        return function(stringify(value), stringify(chars) if _truthy_js(chars) else "")

    return filter_


def _append(value: Any, *args: Any, **_: Any) -> str:
    if len(args) != 1:
        raise FilterFailure("append expect 2 arguments")
    return stringify(value) + stringify(args[0])


def _prepend(value: Any, *args: Any, **_: Any) -> str:
    if len(args) != 1:
        raise FilterFailure("prepend expect 2 arguments")
    return stringify(args[0]) + stringify(value)


@lru_cache(maxsize=1)
def _space_run() -> re.Pattern[str]:
    """JavaScript's `\\s+` (compiled on first use: its class costs milliseconds to build, and
    `check` never needs it)."""
    return re.compile(f"[{re.escape(WHITE_SPACE)}]+")


def _strip(text: str, chars: str = "", *_: str) -> str:
    return text.strip(chars or WHITE_SPACE)


def _lstrip(text: str, chars: str = "", *_: str) -> str:
    return text.lstrip(chars or WHITE_SPACE)


def _rstrip(text: str, chars: str = "", *_: str) -> str:
    return text.rstrip(chars or WHITE_SPACE)


def _split(text: str, separator: str = "", *_: str) -> list[str]:
    _too_many(text.count(separator) + 1 if separator else len(text))
    parts = list(text) if separator == "" else text.split(separator)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def _capitalize(text: str, *_: str) -> str:
    return text[:1].upper() + text[1:].lower()


def _remove_last(text: str, pattern: str = "", *_: str) -> str:
    index = text.rfind(pattern)
    return text if index < 0 else text[:index] + text[index + len(pattern) :]


def _replace(text: str, pattern: str = "", replacement: str = "", *_: str) -> str:
    parts = text.split(pattern) if pattern else list(text)
    _too_long(len(text) + (len(parts) - 1) * (len(replacement) - len(pattern)))
    return replacement.join(parts)


def _replace_last(text: str, pattern: str = "", replacement: str = "", *_: str) -> str:
    index = text.rfind(pattern)
    return text if index < 0 else text[:index] + replacement + text[index + len(pattern) :]


_PAST_SAFE = MAX_SAFE_INTEGER + 1
"""The first integer past the safe ones: a bound for counts no string or array reaches."""


def _slice_count(count: float) -> int:
    """`Array.prototype.slice`'s end for `count`: truncated, NaN as 0."""
    return 0 if math.isnan(count) else int(max(min(count, _PAST_SAFE), -_PAST_SAFE))


def _js_primitive(value: Any) -> Any:
    """JavaScript's ToPrimitive of a value a template holds: an array or object as its
    `String()`, undefined (`_MISSING`, which is `values.UNDEFINED`) as it is."""
    if value is _MISSING:
        return _MISSING
    if isinstance(value, (list, tuple, range, Mapping)):
        return javascript_string(value)
    return value


def _js_number(primitive: Any) -> float:
    """ToNumber of a primitive (`_js_primitive`'s): undefined is NaN."""
    return math.nan if primitive is _MISSING else to_double(primitive)


def _js_plus(left: Any, right: Any) -> Any:
    """JavaScript's `left + right`: a string concatenated if either side is one (undefined as
    "undefined"), else the sum of their numbers."""
    a, b = _js_primitive(left), _js_primitive(right)
    if isinstance(a, str) or isinstance(b, str):
        return "".join("undefined" if x is _MISSING else javascript_string(x) for x in (a, b))
    return _js_number(a) + _js_number(b)


def _js_less(left: Any, right: Any) -> bool:
    """JavaScript's `left < right`: two strings by code units, else by number (NaN: false)."""
    a, b = _js_primitive(left), _js_primitive(right)
    if isinstance(a, str) and isinstance(b, str):
        return utf16_units(a) < utf16_units(b)
    return _js_number(a) < _js_number(b)


def _js_integer(value: Any, default: float) -> float:
    """ToIntegerOrInfinity(ToNumber(value)), `default` for undefined (a missing end)."""
    primitive = _js_primitive(value)
    if primitive is _MISSING:
        return default
    number = _js_number(primitive)
    return 0.0 if math.isnan(number) else (number if math.isinf(number) else float(int(number)))


def _relative(index: float, size: int) -> int:
    """A slice's relative index made absolute (`Array.prototype.slice`, `String...slice`)."""
    if index < 0:
        return int(max(size + index, 0))
    return int(min(index, size))


def _truncate(value: Any, *args: Any, **_: Any) -> Any:
    """liquidjs 10.30.0's `truncate`: in UTF-16 units (a pair may be cut), `str.length <= l`
    and `str.substring(0, l - o.length)` on the argument as it came."""
    text = stringify(value)
    length = _arg(args, 0, 50)
    ellipsis = stringify(_arg(args, 1, "..."))
    units = utf16_units(text)
    limit = _js_number(_js_primitive(length))
    if limit >= len(units):  # `str.length <= l` (NaN: false)
        return value
    end = limit - utf16_length(ellipsis)
    end = 0.0 if math.isnan(end) else end
    kept = units[: int(max(0.0, min(end, len(units))))]
    return from_utf16_units(kept) + ellipsis


def _truncatewords(value: Any, *args: Any, **_: Any) -> str:
    text = stringify(value)
    words = to_double(_arg(args, 0, 15))
    ellipsis = stringify(_arg(args, 1, "..."))
    parts = _space_run().split(text.lstrip(WHITE_SPACE))
    count = 1.0 if words <= 0 else words
    shown = " ".join(parts[: _slice_count(count)])
    return shown + ellipsis if len(parts) >= count else shown


def _number_of_words(value: Any, *args: Any, **_: Any) -> int:
    text = trim(stringify(value))
    if not text:
        return 0
    mode = _arg(args, 0, None)
    cjk = re.compile(
        "[\u4e00-\u9fff\uf900-\ufaff\u3400-\u4dbf\u3040-\u309f\u30a0-\u30ff\uac00-\ud7af]"
    )
    other = re.compile(
        f"[^\u4e00-\u9fff\uf900-\ufaff\u3400-\u4dbf\u3040-\u309f\u30a0-\u30ff\uac00-\ud7af"
        f"{re.escape(WHITE_SPACE)}]+"
    )
    if mode == "cjk" or (mode == "auto" and cjk.search(text)):
        return len(cjk.findall(text)) + len(other.findall(text))
    return len(_space_run().split(text))


def _array_to_sentence_string(value: Any, *args: Any, **_: Any) -> Any:
    """liquidjs 10.30.0's: an array as it is (no `toArray`), so a string reads as its
    characters and anything without a `slice` and a `length` fails, as JavaScript fails."""
    connector = stringify(_arg(args, 0, "and"))
    if isinstance(value, str):
        units = utf16_units(value)
        if len(units) > 2:
            raise FilterFailure("array.slice(...).join is not a function")
        items: list[Any] = [from_utf16_units(unit) for unit in units]
    elif isinstance(value, (list, tuple, range)):
        items = list(value)
    else:
        raise FilterFailure("array.slice is not a function")
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{javascript_string(items[0])} {connector} {javascript_string(items[1])}"
    head = ",".join(javascript_string(item) for item in items[:-1]).replace(",", ", ")
    return f"{head}, {connector} {javascript_string(items[-1])}"


_ACCENTS = (
    ("àáâãäå", "a"),
    ("æ", "ae"),
    ("ç", "c"),
    ("èéêë", "e"),
    ("ìíîï", "i"),
    ("ð", "d"),
    ("ñ", "n"),
    ("òóôõöø", "o"),
    ("ùúûü", "u"),
    ("ýÿ", "y"),
    ("ß", "ss"),
    ("œ", "oe"),
    ("þ", "th"),
    ("ẞ", "SS"),
    ("Œ", "OE"),
    ("Þ", "TH"),
)
_PRETTY_KEEPS = frozenset("._~!$&'()+,;=@")


def _letter_or_digit(char: str) -> bool:
    """In JavaScript's `[\\p{M}\\p{L}\\p{Nd}]`: a mark, a letter or a decimal digit."""
    category = unicodedata.category(char)
    return category[0] in "ML" or category == "Nd"


def _slugify(value: Any, *args: Any, **_: Any) -> str:
    text = stringify(value)
    mode = _arg(args, 0, "default")
    cased = _arg(args, 1, False)
    keeps: Callable[[str], bool] | None
    if mode == "raw":
        keeps = lambda char: char not in WHITE_SPACE  # noqa: E731
    elif mode in ("default", "latin"):
        keeps = _letter_or_digit
    elif mode == "pretty":
        keeps = lambda char: _letter_or_digit(char) or char in _PRETTY_KEEPS  # noqa: E731
    elif mode == "ascii":
        keeps = lambda char: char.isascii() and char.isalnum()  # noqa: E731
    else:  # "none", or a mode liquidjs doesn't have
        keeps = None
    if keeps is not None:
        if mode == "latin":
            for accented, plain in _ACCENTS:
                text = re.sub(f"[{accented}]", plain, text)
        text = re.sub("\0+", "-", "".join(c if keeps(c) else "\0" for c in text))
        text = text[1:] if text.startswith("-") else text
        text = text[:-1] if text.endswith("-") else text
    return text if cased else text.lower()


# -- html and urls ---------------------------------------------------------------------------

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"}
_UNESCAPES = {value: key for key, value in _ESCAPES.items()}


def _escape(text: str, *_: str) -> str:
    return re.sub("[&<>\"']", lambda m: _ESCAPES[m.group()], text)


def _unescape(text: str) -> str:
    return re.sub("&(amp|lt|gt|#34|#39);", lambda m: _UNESCAPES[m.group()], text)


def _escape_once(text: str, *_: str) -> str:
    return _escape(_unescape(text))


def _strip_html(text: str, *_: str) -> str:
    blocks = {"<script": "</script>", "<style": "</style>", "<!--": "-->", "<": ">"}
    out: list[str] = []
    i = 0
    while i < len(text):
        lt = text.find("<", i)
        if lt < 0:
            return "".join(out) + text[i:]
        out.append(text[i:lt])
        for opener, closer in list(blocks.items()):
            if not text.startswith(opener, lt):
                continue
            end = text.find(closer, lt + len(opener))
            if end >= 0:
                i = end + len(closer)
                break
            del blocks[opener]
        if i <= lt:
            return "".join(out) + text[lt:]
    return "".join(out)


def _url_encode(text: str, *_: str) -> str:
    return urllib.parse.quote(text, safe="-_.!~*'()").replace("%20", "+")


def _cgi_escape(text: str, *_: str) -> str:
    encoded = _url_encode(text)
    return re.sub("[!'()*]", lambda m: f"%{ord(m.group()):02X}", encoded)


def _uri_escape(text: str, *_: str) -> str:
    return urllib.parse.quote(text, safe=";,/?:@&=+$-_.!~*'()#[]")


def _url_decode(text: str, *_: str) -> str:
    try:
        return urllib.parse.unquote(text.replace("+", " "), errors="strict")
    except UnicodeDecodeError as fault:
        raise FilterFailure("URI malformed") from fault


def _base64_encode(text: str, *_: str) -> str:
    return base64.b64encode(text.encode("utf-8", "surrogatepass")).decode("ascii")


_BASE64 = {c: i for i, c in enumerate(string.ascii_uppercase + string.ascii_lowercase)}
_BASE64.update({c: 52 + i for i, c in enumerate(string.digits)})
_BASE64.update({"+": 62, "/": 63, "-": 62, "_": 63})


def _base64_decode(text: str, *_: str) -> str:
    """liquidjs 10.30.0's: Node's `Buffer.from(str, "base64").toString("utf8")`, which
    refuses nothing. Node reads each UTF-16 unit's low byte, skips what is no base64 letter
    (either alphabet), stops at `=`, and keeps at most the bytes the text's length makes; the
    bytes are read as UTF-8, each bad sequence one U+FFFD (held to Node by the tests)."""
    encoded = text.encode("utf-16-le", "surrogatepass")
    units = struct.unpack(f"<{len(encoded) // 2}H", encoded)
    size = len(units)
    if size < 2:
        return ""
    if units[size - 1] == 0x3D:
        size -= 1
        if units[size - 1] == 0x3D:
            size -= 1
    most, remainder = size // 4 * 3, size % 4
    if remainder:
        most = 0 if most == 0 and remainder == 1 else most + 1 + (remainder == 3)
    values: list[int] = []
    for unit in units:
        letter = chr(unit & 0xFF)
        if letter == "=":
            break
        if letter in _BASE64:
            values.append(_BASE64[letter])
    data = bytearray()
    whole = len(values) - len(values) % 4
    for at in range(0, whole, 4):
        a, b, c, d = values[at : at + 4]
        group = (a << 18) | (b << 12) | (c << 6) | d
        data += bytes((group >> 16, (group >> 8) & 0xFF, group & 0xFF))
    rest = values[whole:]
    if len(rest) >= 2:
        data.append(((rest[0] << 2) | (rest[1] >> 4)) & 0xFF)
    if len(rest) == 3:
        data.append(((rest[1] << 4) | (rest[2] >> 2)) & 0xFF)
    return bytes(data[:most]).decode("utf-8", "replace")


def _sha256(text: str, *_: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _hmac_sha256(text: str, key: str = "", *_: str) -> str:
    return hmac.new(key.encode("utf-8"), text.encode("utf-8"), hashlib.sha256).hexdigest()


# -- arrays ----------------------------------------------------------------------------------


def _property(item: Any, path: Any) -> Any:
    """What `item.path` reads (a dotted path), None where nothing is."""
    for key in stringify(path).split("."):
        if isinstance(item, Mapping):
            item = item.get(key)
        elif isinstance(item, str) and key.isdigit():
            item = code_unit(item, int(key)) if int(key) < utf16_length(item) else None
        elif isinstance(item, (list, tuple)) and key.isdigit():
            item = item[int(key)] if int(key) < len(item) else None
        elif isinstance(item, (list, tuple, str)) and key in ("size", "length", "first", "last"):
            if key in ("size", "length"):
                item = utf16_length(item) if isinstance(item, str) else len(item)
            elif not isinstance(item, str) and item:
                item = item[0 if key == "first" else -1]
            else:
                item = None
        else:
            return None
    return item


def _join(value: Any, *args: Any, **_: Any) -> str:
    separator = _arg(args, 0, None)
    shown = " " if _is_nil(separator) or separator is _MISSING else stringify(separator)
    return shown.join("" if item is None else javascript_string(item) for item in _array(value))


def _first(value: Any, *_: Any, **__: Any) -> Any:
    if isinstance(value, str):
        return code_unit(value, 0) if value else None
    if isinstance(value, (list, tuple, range)):
        return value[0] if len(value) else None
    return ""


def _last(value: Any, *_: Any, **__: Any) -> Any:
    if isinstance(value, str):
        return code_unit(value, utf16_length(value) - 1) if value else None
    if isinstance(value, (list, tuple, range)):
        return value[-1] if len(value) else None
    return ""


def _size(value: Any, *_: Any, **__: Any) -> int:
    if isinstance(value, str):
        return utf16_length(value)
    if isinstance(value, (list, tuple, range)):
        return len(value)
    if isinstance(value, Mapping) and isinstance(value.get("length"), (int, float)):
        return int(value["length"]) or 0
    return 0


def _ordered_compare(left: Any, right: Any) -> int:
    """liquidjs's `orderedCompare`: nil last, then JavaScript's `<` and `>`."""
    if _is_nil(left) or _is_nil(right):
        return (0 if _is_nil(right) else 1) if _is_nil(left) else -1
    if _js_less(left, right):
        return -1
    return 1 if _js_less(right, left) else 0


def _case_insensitive_compare(left: Any, right: Any) -> int:
    """liquidjs's `caseInsensitiveCompare`: nil last, then the lowercased strings."""
    if _is_nil(left) or _is_nil(right):
        return (0 if _is_nil(right) else 1) if _is_nil(left) else -1
    a = code_unit_key(javascript_string(left).lower())
    b = code_unit_key(javascript_string(right).lower())
    return -1 if a < b else (1 if a > b else 0)


def _sort_by(value: Any, key: Any, compare: Callable[[Any, Any], int]) -> list[Any]:
    """liquidjs's `sortBy`: `Array.prototype.sort` (stable) by `compare` of each item, or of
    its property `key`."""
    by_key = key is not None and key is not _MISSING and _truthy_js(key)
    keyed: list[tuple[Any, Any]] = [
        (item, _property(item, key) if by_key else item) for item in _array(value)
    ]

    def by_value(a: tuple[Any, Any], b: tuple[Any, Any]) -> int:
        return compare(a[1], b[1])

    keyed.sort(key=cmp_to_key(by_value))
    return [item for item, _ in keyed]


def _sort(value: Any, *args: Any, **_: Any) -> list[Any]:
    return _sort_by(value, _arg(args, 0, None), _ordered_compare)


def _sort_natural(value: Any, *args: Any, **_: Any) -> list[Any]:
    return _sort_by(value, _arg(args, 0, None), _case_insensitive_compare)


def _map(value: Any, *args: Any, **_: Any) -> list[Any]:
    key = _arg(args, 0, "")
    return [_property(item, key) for item in _array(value)]


def _sum(value: Any, *args: Any, **_: Any) -> Any:
    key = _arg(args, 0, None)
    total = 0.0
    for item in _array(value):
        found = _property(item, key) if _truthy_js(key) else item
        number = to_double(found)
        total += 0 if math.isnan(number) else number
    return normal(total)


def _compact(value: Any, *_: Any, **__: Any) -> list[Any]:
    return [item for item in _array(value) if not _is_nil(item)]


def _concat(value: Any, *args: Any, **_: Any) -> list[Any]:
    return _array(value) + _array(_arg(args, 0, []))


def _push(value: Any, *args: Any, **_: Any) -> list[Any]:
    return [*_array(value), _arg(args, 0, None)]


def _unshift(value: Any, *args: Any, **_: Any) -> list[Any]:
    return [_arg(args, 0, None), *_array(value)]


def _pop(value: Any, *_: Any, **__: Any) -> list[Any]:
    return _array(value)[:-1]


def _shift_items(value: Any, *_: Any, **__: Any) -> list[Any]:
    return _array(value)[1:]


def _reverse(value: Any, *_: Any, **__: Any) -> list[Any]:
    return _array(value)[::-1]


def _uniq(value: Any, *_: Any, **__: Any) -> list[Any]:
    out: list[Any] = []
    for item in _array(value):
        if not any(_same_value(item, seen) for seen in out):
            out.append(item)
    return out


def _same_value(left: Any, right: Any) -> bool:
    if isinstance(left, (list, dict)) or isinstance(right, (list, dict)):
        return left is right
    return _same(left, right)


def _slice(value: Any, *args: Any, **_: Any) -> Any:
    """liquidjs 10.30.0's `slice`: in UTF-16 units for a string, `begin` and `begin + length`
    as JavaScript computes them from the arguments as they came (`slice: "2"` is `slice(2,
    21)`, no begin at all `slice(undefined, NaN)`: nothing)."""
    if _is_nil(value):
        return []
    begin, length = _arg(args, 0), _arg(args, 1, 1)
    array = isinstance(value, (list, tuple, range))
    items: Any = list(value) if array else utf16_units(stringify(value))
    if _js_less(begin, 0):
        begin = _js_plus(len(items), begin)
    if _js_less(begin, 0) or _js_less(length, 0):
        return [] if array else ""
    start = _relative(_js_integer(begin, 0.0), len(items))
    end = _relative(_js_integer(_js_plus(begin, length), float(len(items))), len(items))
    kept = items[start:end] if end > start else items[:0]
    return kept if array else from_utf16_units(kept)


def _matches(value: Any, expected: Any) -> bool:
    """liquidjs's `matches`: truthy without an expected value, else `===` (undefined, which
    `_MISSING` stands for, is not `null`)."""
    if expected is _MISSING:
        return value is not _MISSING and not _falsy(value)
    return _same(value, expected)


@_with_context
def _where(value: Any, *args: Any, context: FilterContext, **_: Any) -> list[Any]:
    key, expected = _arg(args, 0, ""), _arg(args, 1)
    return [item for item in _array(value) if _matches(context.read(item, key), expected)]


@_with_context
def _reject(value: Any, *args: Any, context: FilterContext, **_: Any) -> list[Any]:
    key, expected = _arg(args, 0, ""), _arg(args, 1)
    return [item for item in _array(value) if not _matches(context.read(item, key), expected)]


def _search(value: Any, args: Sequence[Any], context: FilterContext) -> tuple[int, Any] | None:
    key, expected = _arg(args, 0, ""), _arg(args, 1)
    for index, item in enumerate(_array(value)):
        if _matches(context.read(item, key), expected):
            return index, item
    return None


@_with_context
def _find(value: Any, *args: Any, context: FilterContext, **_: Any) -> Any:
    found = _search(value, args, context)
    return None if found is None else found[1]


@_with_context
def _find_index(value: Any, *args: Any, context: FilterContext, **_: Any) -> Any:
    found = _search(value, args, context)
    return None if found is None else found[0]


@_with_context
def _has(value: Any, *args: Any, context: FilterContext, **_: Any) -> bool:
    return _search(value, args, context) is not None


def _enumerable(value: Any) -> list[Any]:
    if isinstance(value, (list, tuple, range)):
        return list(value)
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, Mapping):
        return [[key, item] for key, item in value.items()]
    return []


@_with_context
def _group_by(value: Any, *args: Any, context: FilterContext, **_: Any) -> list[dict[str, Any]]:
    key = _arg(args, 0, "")
    groups: list[dict[str, Any]] = []
    for item in _enumerable(value):
        found = context.read(item, key)
        name = None if found is _MISSING else found
        group = next((g for g in groups if _same_value(g["name"], name)), None)
        if group is None:
            groups.append({"name": name, "items": [item]})
        else:
            group["items"].append(item)
    return groups


def _evaluations(value: Any, args: Sequence[Any], context: FilterContext) -> Any:
    name, source = stringify(_arg(args, 0, "")), stringify(_arg(args, 1, ""))
    evaluate = context.expression(source)  # made before the items are read, as liquidjs does
    for item in _array(value):
        yield item, evaluate(name, item)  # the value, not its truth


@_with_context
def _where_exp(value: Any, *args: Any, context: FilterContext, **_: Any) -> list[Any]:
    return [item for item, result in _evaluations(value, args, context) if result is True]


@_with_context
def _reject_exp(value: Any, *args: Any, context: FilterContext, **_: Any) -> list[Any]:
    return [item for item, result in _evaluations(value, args, context) if result is False]


@_with_context
def _find_exp(value: Any, *args: Any, context: FilterContext, **_: Any) -> Any:
    found = _evaluations(value, args, context)
    return next((item for item, result in found if _truthy_js(result)), None)


@_with_context
def _find_index_exp(value: Any, *args: Any, context: FilterContext, **_: Any) -> Any:
    found = enumerate(_evaluations(value, args, context))
    return next((index for index, (_item, result) in found if _truthy_js(result)), None)


@_with_context
def _has_exp(value: Any, *args: Any, context: FilterContext, **_: Any) -> bool:
    return any(_truthy_js(result) for _item, result in _evaluations(value, args, context))


@_with_context
def _group_by_exp(value: Any, *args: Any, context: FilterContext, **_: Any) -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = []
    for item, name in _evaluations(_enumerable(value), args, context):
        group = next((g for g in groups if _same_value(g["name"], name)), None)
        if group is None:
            groups.append({"name": name, "items": [item]})
        else:
            group["items"].append(item)
    return groups


def _sample(value: Any, *args: Any, **_: Any) -> Any:
    if _is_nil(value):
        return []
    items: list[Any] = (
        list(value) if isinstance(value, (list, tuple, range)) else list(stringify(value))
    )
    random.shuffle(items)
    count = _arg(args, 0, 1)
    return (items[0] if items else None) if count == 1 else items[: int(to_number(count))]


# -- misc ------------------------------------------------------------------------------------


def _default(value: Any, *args: Any, **_: Any) -> Any:
    """liquidjs's: an empty string or array takes the default; false stays false when
    `new Map(rest).get("allow_false")` is truthy (each of the rest must be an entry: a
    keyword argument is the pair `[name, value]`); a falsy value takes the default."""
    fallback = _arg(args, 0, UNDEFINED)
    if isinstance(value, (str, list, tuple)):
        return value if len(value) else fallback
    if value is False:
        allowed: Any = UNDEFINED
        for entry in args[1:]:
            if not isinstance(entry, (list, tuple, Mapping)):
                shown = "null" if entry is None else javascript_string(entry)
                raise FilterFailure(f"Iterator value {shown} is not an entry object")
            key, item = _entry(entry, 0), _entry(entry, 1)
            if isinstance(key, str) and key == "allow_false":
                allowed = item
        if allowed is not UNDEFINED and _truthy_js(allowed):
            return False
    return fallback if _falsy(value) else value


def _entry(entry: Any, index: int) -> Any:
    """`entry[index]` of a `Map` entry (an array's item, an object's key "0" or "1")."""
    if isinstance(entry, Mapping):
        return entry.get(str(index), UNDEFINED)
    return entry[index] if len(entry) > index else UNDEFINED


def json_text(value: Any, space: Any = 0) -> str:
    """`JSON.stringify(value, null, space)` of a template's value."""
    if isinstance(space, (int, float)) and not isinstance(space, bool):
        indent = " " * max(0, min(10, int(space))) if not math.isnan(space) else ""
    elif isinstance(space, str):
        indent = space[:10]
    else:
        indent = ""
    return _json(value, indent, "")


def _json(value: Any, indent: str, at: str) -> str:
    if isinstance(value, Drop):  # its own enumerable fields: the literals have none
        fields = getattr(value, "fields", None)
        value = fields() if callable(fields) else {}
    if value is None or value is UNDEFINED:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return "null" if math.isnan(value) or math.isinf(value) else number_to_string(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    inner = at + indent
    if isinstance(value, (list, tuple, range)):
        items = [_json(item, indent, inner) for item in value]
        if not items:
            return "[]"
        if not indent:
            return "[" + ",".join(items) + "]"
        return "[\n" + ",\n".join(inner + item for item in items) + "\n" + at + "]"
    if isinstance(value, Mapping):
        colon = ": " if indent else ":"
        pairs = [
            json.dumps(str(key), ensure_ascii=False) + colon + _json(item, indent, inner)
            for key, item in value.items()
        ]
        if not pairs:
            return "{}"
        if not indent:
            return "{" + ",".join(pairs) + "}"
        return "{\n" + ",\n".join(inner + pair for pair in pairs) + "\n" + at + "}"
    return "{}"


def _json_filter(value: Any, *args: Any, **_: Any) -> str:
    return json_text(value, _arg(args, 0, 0))


def _raw(value: Any, *_: Any, **__: Any) -> Any:
    return value


def _to_integer(value: Any, *_: Any, **__: Any) -> Any:
    return normal(to_double(value))


# -- dates -----------------------------------------------------------------------------------


def _clock(context: FilterContext) -> datetime:
    return context.clock


@_with_context
def _date(value: Any, *args: Any, context: FilterContext, **_: Any) -> Any:
    moment = parse_date(value, _clock(context))
    if moment is None:
        return value
    pattern = _arg(args, 0, None)
    shown = DEFAULT_FORMAT if _is_nil(pattern) or pattern is _MISSING else stringify(pattern)
    named = _arg(args, 1, None)
    if named is None or named is _MISSING:
        return strftime(moment, shown)
    if not isinstance(named, str):  # a number of minutes, as JavaScript's `-` makes one
        minutes = to_double(named)
        if math.isnan(minutes):
            return value  # `new LiquidDate` of it is an invalid date: the input stays
        named = minutes
    zone = zone_of(named, moment)
    if zone is None:
        raise FilterFailure(f"Invalid time zone specified: {stringify(named)}")
    return strftime(moment, shown, zone)


def _dated(pattern: str) -> Callable[..., Any]:
    @_with_context
    def filter_(value: Any, *_: Any, context: FilterContext, **__: Any) -> Any:
        moment = parse_date(value, _clock(context))
        return value if moment is None else strftime(moment, pattern)

    return filter_


def _date_string(month: str) -> Callable[..., Any]:
    @_with_context
    def filter_(value: Any, *args: Any, context: FilterContext, **_: Any) -> Any:
        moment = parse_date(value, _clock(context))
        if moment is None:
            return value
        kind, style = _arg(args, 0, None), _arg(args, 1, None)
        if kind == "ordinal":
            day = moment.day
            if style == "US":
                return strftime(moment, f"{month} {day}%q, %Y")
            return strftime(moment, f"{day}%q {month} %Y")
        return strftime(moment, f"%d {month} %Y")

    return filter_


FILTERS: dict[str, Callable[..., Any]] = {
    # html
    "escape": _string(_escape),
    "xml_escape": _string(_escape),
    "escape_once": _string(_escape_once),
    "newline_to_br": _string(lambda text, *_: re.sub(r"\r?\n", "<br />\n", text)),
    "strip_html": _string(_strip_html),
    # math
    "abs": _math(lambda value, *_: abs(value)),
    "at_least": _math(_max),
    "at_most": _math(_min),
    "ceil": _math(_ceil),
    "divided_by": _math(_divided_by),
    "floor": _math(_floor),
    "minus": _math(_binary(lambda left, right: left - right)),
    "plus": _math(_binary(lambda left, right: left + right)),
    "modulo": _math(_modulo),
    "times": _math(_binary(lambda left, right: left * right)),
    "round": _round,
    # urls
    "url_decode": _string(_url_decode),
    "url_encode": _string(_url_encode),
    "cgi_escape": _string(_cgi_escape),
    "uri_escape": _string(_uri_escape),
    "slugify": _slugify,
    # arrays
    "join": _join,
    "last": _last,
    "first": _first,
    "reverse": _reverse,
    "sort": _sort,
    "sort_natural": _sort_natural,
    "size": _size,
    "map": _map,
    "sum": _sum,
    "compact": _compact,
    "concat": _concat,
    "push": _push,
    "unshift": _unshift,
    "pop": _pop,
    "shift": _shift_items,
    "slice": _slice,
    "where": _where,
    "reject": _reject,
    "where_exp": _where_exp,
    "reject_exp": _reject_exp,
    "group_by": _group_by,
    "group_by_exp": _group_by_exp,
    "has": _has,
    "has_exp": _has_exp,
    "find_index": _find_index,
    "find_index_exp": _find_index_exp,
    "find": _find,
    "find_exp": _find_exp,
    "uniq": _uniq,
    "sample": _sample,
    # dates
    "date": _date,
    "date_to_xmlschema": _dated("%Y-%m-%dT%H:%M:%S%:z"),
    "date_to_rfc822": _dated("%a, %d %b %Y %H:%M:%S %z"),
    "date_to_string": _date_string("%b"),
    "date_to_long_string": _date_string("%B"),
    # strings
    "append": _append,
    "prepend": _prepend,
    "lstrip": _trimming(_lstrip),
    "downcase": _string(lambda text, *_: text.lower()),
    "upcase": _string(lambda text, *_: text.upper()),
    "remove": _string(lambda text, pattern="", *_: _replace(text, pattern, "")),
    "remove_first": _string(lambda text, pattern="", *_: text.replace(pattern, "", 1)),
    "remove_last": _string(_remove_last),
    "rstrip": _trimming(_rstrip),
    "split": _string(_split),
    "strip": _trimming(_strip),
    "strip_newlines": _string(lambda text, *_: re.sub(r"\r?\n", "", text)),
    "squish": _string(lambda text, *_: trim(_space_run().sub(" ", text))),
    "capitalize": _string(_capitalize),
    "replace": _string(_replace),
    "replace_first": _string(
        lambda text, pattern="", replacement="", *_: text.replace(pattern, replacement, 1)
    ),
    "replace_last": _string(_replace_last),
    "truncate": _truncate,
    "truncatewords": _truncatewords,
    "normalize_whitespace": _string(lambda text, *_: _space_run().sub(" ", text)),
    "number_of_words": _number_of_words,
    "array_to_sentence_string": _array_to_sentence_string,
    # base64 and crypto
    "base64_encode": _string(_base64_encode),
    "base64_decode": _string(_base64_decode),
    "sha256": _string(_sha256),
    "hmac_sha256": _string(_hmac_sha256),
    # misc
    "default": _default,
    "raw": _raw,
    "jsonify": _json_filter,
    "to_integer": _to_integer,
    "json": _json_filter,
    "inspect": _json_filter,
}
"""liquidjs 10.30.0's filters by name (the tests compare the names with `tenantLiquid()`'s)."""


_AS_GIVEN = frozenset(("json", "jsonify", "inspect"))


def apply_filter(name: str, value: Any, args: Sequence[Any], context: FilterContext) -> Any:
    """The filter `name` of `value` with `args` (a keyword argument as the pair liquidjs hands
    a filter, `[name, value]`), as liquidjs's `Filter.render` calls it; what it makes bounded
    (`TEXT_LIMIT`, `ITEM_LIMIT`)."""
    function = FILTERS[name]
    given = [to_value(arg) for arg in args]
    # `JSON.stringify` sees a drop itself, every other filter the value it stands for
    value = value if name in _AS_GIVEN else to_value(value)
    if takes_context(function):
        result = function(value, *given, context=context)
    else:
        result = function(value, *given)
    if isinstance(result, str):
        _too_long(len(result))
    elif isinstance(result, list):
        _too_many(len(result))
    return result


def _text_length(value: Any) -> int:
    return utf16_length(stringify(value))


def _items(value: Any) -> int:
    return len(value) if isinstance(value, list) else len(_array(value))


def _joined(value: Any, args: Sequence[Any]) -> float:
    items = _array(value)
    separator = _arg(args, 0, None)
    shown = " " if _is_nil(separator) or separator is _MISSING else stringify(separator)
    size = utf16_length(shown) * max(len(items) - 1, 0)
    return size + sum(
        len(str(item)) if type(item) is int else utf16_length(javascript_string(item))
        for item in items
    )


def _texts(*indexes: int) -> Callable[[Any, Sequence[Any]], float]:
    """A charge of the input's text and of the arguments at `indexes`."""

    def charge(value: Any, args: Sequence[Any]) -> float:
        given = [_arg(args, i, "") for i in indexes]
        return _text_length(value) + sum(_text_length(a) for a in given if a is not _MISSING)

    return charge


_TEXT_CHARGED = [
    "escape",
    "xml_escape",
    "newline_to_br",
    "strip_html",
    "lstrip",
    "rstrip",
    "strip",
    "downcase",
    "upcase",
    "split",
    "strip_newlines",
    "squish",
    "capitalize",
    "normalize_whitespace",
    "number_of_words",
    "base64_encode",
    "base64_decode",
    "sha256",
]
_ITEMS_CHARGED = [
    "reverse",
    "sort",
    "sort_natural",
    "map",
    "compact",
    "push",
    "unshift",
    "pop",
    "shift",
    "where",
    "reject",
    "where_exp",
    "reject_exp",
    "group_by",
    "group_by_exp",
    "uniq",
]
_CHARGES: dict[str, Callable[[Any, Sequence[Any]], float]] = {
    **dict.fromkeys(_TEXT_CHARGED, _texts()),
    **dict.fromkeys(_ITEMS_CHARGED, lambda value, args: _items(value)),
    "escape_once": lambda value, args: 2 * _text_length(value),
    "append": _texts(0),
    "prepend": _texts(0),
    "remove": _texts(0),
    "remove_first": _texts(0),
    "remove_last": _texts(0),
    "replace_first": _texts(0, 1),
    "replace_last": _texts(0, 1),
    "truncate": lambda value, args: _text_length(value) + 3,
    "truncatewords": lambda value, args: _text_length(value) + 3,
    "hmac_sha256": _texts(0),
    "concat": lambda value, args: _items(value) + _items(_arg(args, 0, [])),
    "join": _joined,
}


def input_charge(name: str, value: Any, args: Sequence[Any]) -> float:
    """What liquidjs 10.30.0's filter `name` charges to `memoryLimit` for what it is given,
    before it makes anything (`this.context.memoryLimit.use(str.length)` and the like): its
    input's length, with its arguments' for some (0 for a filter that charges nothing)."""
    charge = _CHARGES.get(name)
    return 0 if charge is None else charge(to_value(value), [to_value(a) for a in args])


def takes_context(function: Callable[..., Any]) -> bool:
    """Whether the filter `function` is called with `context=` (a `FilterContext`)."""
    return bool(getattr(function, "with_context", False))
