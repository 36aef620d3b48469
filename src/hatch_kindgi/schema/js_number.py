"""Numbers as JavaScript writes them (`Number.prototype.toString`): how the runtime's Ajv
writes a schema's limit in its messages (`must be >= 1e-7`) and what a number too large for a
double becomes there. ECMA-262 Number::toString: the shortest digits that round-trip (as
Python's `repr`), plain notation from 1e-6 up to 1e21, exponent notation (`1e+21`) outside.
"""

from __future__ import annotations

import math

__all__ = ["js_number"]


def js_number(value: float) -> str:
    """`value` as JavaScript's Number#toString writes it (`1e-7`, `1e+21`, `2` for 2.0)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) <= 2**53:  # exact as a double
        return str(value)
    number = float(value)
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    mantissa, _, exponent = repr(abs(number)).partition("e")
    whole, _, fraction = mantissa.partition(".")
    if fraction == "0":
        fraction = ""
    digits = (whole + fraction).lstrip("0")
    point = len(whole) + int(exponent or 0) - (len(whole + fraction) - len(digits))
    digits = digits.rstrip("0")
    count = len(digits)
    if count <= point <= 21:
        text = digits + "0" * (point - count)
    elif 0 < point <= 21:
        text = digits[:point] + "." + digits[point:]
    elif -6 < point <= 0:
        text = "0." + "0" * -point + digits
    else:
        shown = point - 1
        tail = f"e{'+' if shown >= 0 else '-'}{abs(shown)}"
        text = (digits if count == 1 else digits[0] + "." + digits[1:]) + tail
    return sign + text
