"""Numbers as JavaScript has them: every number a double, written by `Number.prototype.toString`
(`String(number)`), read by `Number(text)`.

`number_to_string` is the one writer for every place the runtime prints a number: the index's
canonical bytes (`JSON.stringify`), Ajv's messages (`must be >= 1e-7`), liquidjs's output
(`{{ 3.5 }}`). ECMA-262 Number::toString: the shortest digits that round-trip (as Python's
`repr`), plain notation from 1e-6 up to 1e21, exponent notation (`1e+21`, `1e-7`) outside. The
tests hold it to Node.js (`tests/unit/index/test_canonical.py`,
`tests/unit/engines/javascript/test_numbers.py`).
"""

from __future__ import annotations

import math
import re

from hatch_kindgi.engines.javascript.strings import trim

__all__ = ["MAX_SAFE_INTEGER", "as_double", "number_to_string", "string_to_number"]

MAX_SAFE_INTEGER = 2**53 - 1
"""`Number.MAX_SAFE_INTEGER`: the largest integer a double holds exactly, together with all
below it."""

_Number = int | float
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_RADIX = {"x": 16, "X": 16, "o": 8, "O": 8, "b": 2, "B": 2}


def number_to_string(value: float) -> str:
    """`value` as JavaScript's Number#toString writes it (`1e-7`, `1e+21`, `2` for 2.0); an
    integer too large for a double is what JavaScript would hold (`Infinity` past its range)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -(MAX_SAFE_INTEGER + 1) <= value <= MAX_SAFE_INTEGER + 1:  # exact as a double
            return str(value)
        try:
            value = float(value)
        except OverflowError:
            return "Infinity" if value > 0 else "-Infinity"
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "0"  # -0 too
    text = float.__repr__(float(value))
    if "e" not in text:  # 1e-4 <= |value| < 1e16: both write plain digits, Python adds ".0"
        return text[:-2] if text.endswith(".0") else text
    # value = 0.DIGITS * 10**point; only the layout of those digits differs from Python's.
    sign = ""
    if text[0] == "-":
        sign, text = "-", text[1:]
    mantissa, _, exponent = text.partition("e")
    whole, _, fraction = mantissa.partition(".")
    all_digits = whole + fraction
    digits = all_digits.lstrip("0")
    point = len(whole) - (len(all_digits) - len(digits)) + int(exponent)
    digits = digits.rstrip("0")
    count = len(digits)
    if count <= point <= 21:
        return sign + digits + "0" * (point - count)
    if 0 < point <= 21:
        return sign + digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return sign + "0." + "0" * -point + digits
    power = point - 1
    suffix = ("e+" if power >= 0 else "e-") + str(abs(power))
    if count == 1:
        return sign + digits + suffix
    return sign + digits[0] + "." + digits[1:] + suffix


def as_double(value: _Number) -> float:
    """`value` as JavaScript holds it: a double (a Python integer too large becomes Infinity)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def string_to_number(text: str) -> float:
    """`Number(text)`: NaN where JavaScript finds no number."""
    text = trim(text)
    if not text:
        return 0.0
    if text in ("Infinity", "+Infinity"):
        return math.inf
    if text == "-Infinity":
        return -math.inf
    if len(text) > 2 and text[0] == "0" and text[1] in _RADIX:
        try:
            return as_double(int(text[2:], _RADIX[text[1]]))
        except ValueError:
            return math.nan
    if _DECIMAL.fullmatch(text):
        return float(text)
    return math.nan
