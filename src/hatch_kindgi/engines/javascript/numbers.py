"""Numbers as JavaScript writes them (`Number.prototype.toString`, `String(number)`): the one
writer for every place the runtime prints a number — the index's canonical bytes
(`JSON.stringify`), Ajv's messages (`must be >= 1e-7`), liquidjs's output (`{{ 3.5 }}`).

ECMA-262 Number::toString: the shortest digits that round-trip (as Python's `repr`), plain
notation from 1e-6 up to 1e21, exponent notation (`1e+21`, `1e-7`) outside. The tests hold it
to Node.js (`tests/unit/index/test_canonical.py`, `tests/unit/schema/test_js_number.py`).
"""

from __future__ import annotations

import math

__all__ = ["js_number"]

_MAX_EXACT = 2**53


def js_number(value: float) -> str:
    """`value` as JavaScript's Number#toString writes it (`1e-7`, `1e+21`, `2` for 2.0); an
    integer too large for a double is what JavaScript would hold (`Infinity` past its range)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -_MAX_EXACT <= value <= _MAX_EXACT:  # exact as a double
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
