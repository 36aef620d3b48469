"""`Math.pow` as V8 computes it: fdlibm's `__ieee754_pow` (Sun Microsystems, 1993), which V8
carries as its own (`base::ieee754::legacy::pow`, with one change of its own, below), so a
power is the same on every platform V8 runs on and is not always the correctly rounded one:
`Math.pow(10, -4)` is 0.00009999999999999999 in Node, where the C library Python uses gives
0.0001. liquidjs's `round` divides by
such a power (`Math.round(v * amp) / amp`, `amp = Math.pow(10, arg)`), so its digits depend on
it.

The algorithm, step by step as fdlibm writes it (its comments in brief): log2(x) in extra
precision from a table split at sqrt(3/2) and a polynomial in s = (x-1)/(x+1), times y split
into high and low halves, then 2^z from a polynomial and the exponent put back. Python's
floats are IEEE doubles with each operation rounded once (no fused multiply-add), as fdlibm
assumes; the words of a double are read and written through `struct`. The tests hold it to
Node's `Math.pow` (`tests/unit/engines/javascript/test_power.py`).
"""

from __future__ import annotations

import math
import struct

__all__ = ["math_pow"]

_BP = (1.0, 1.5)
_DP_H = (0.0, 5.84962487220764160156e-01)  # log2(1.5), high part
_DP_L = (0.0, 1.35003920212974897128e-08)  # log2(1.5), low part
_TWO53 = 9007199254740992.0
_HUGE = 1.0e300
_TINY = 1.0e-300
# (3/2)*(log(x)-2s-2/3*s**3)'s polynomial
_L1 = 5.99999999999994648725e-01
_L2 = 4.28571428578550184252e-01
_L3 = 3.33333329818377432918e-01
_L4 = 2.72728123808534006489e-01
_L5 = 2.30660745775561754067e-01
_L6 = 2.06975017800338417784e-01
# 2^z's polynomial
_P1 = 1.66666666666666019037e-01
_P2 = -2.77777777770155933842e-03
_P3 = 6.61375632143793436117e-05
_P4 = -1.65339022054652515390e-06
_P5 = 4.13813679705723846039e-08
_LG2 = 6.93147180559945286227e-01
_LG2_H = 6.93147182464599609375e-01
_LG2_L = -1.90465429995776804525e-09
_OVT = 8.0085662595372944372e-17  # -(1024-log2(ovfl+.5ulp))
_CP = 9.61796693925975554329e-01  # 2/(3ln2)
_CP_H = 9.61796700954437255859e-01
_CP_L = -7.02846165095275826516e-09
_IVLN2 = 1.44269504088896338700e00  # 1/ln2
_IVLN2_H = 1.44269502162933349609e00
_IVLN2_L = 1.92596299112661746887e-08


def _words(value: float) -> tuple[int, int]:
    """The high word (signed, as fdlibm's `int`) and the low word of a double."""
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    high = bits >> 32
    return (high - (1 << 32) if high & 0x80000000 else high), bits & 0xFFFFFFFF


def _joined(high: int, low: int) -> float:
    value: float = struct.unpack("<d", struct.pack("<Q", ((high & 0xFFFFFFFF) << 32) | low))[0]
    return value


def _low_cleared(value: float) -> float:
    return _joined(_words(value)[0], 0)


def math_pow(x: float, y: float) -> float:
    """`Math.pow(x, y)` as V8 computes it."""
    hx, lx = _words(x)
    hy, ly = _words(y)
    ix, iy = hx & 0x7FFFFFFF, hy & 0x7FFFFFFF
    if iy | ly == 0:  # x**0 is 1, for any x
        return 1.0
    if math.isnan(x) or math.isnan(y):
        return math.nan
    # yisint: 0 y is not an integer, 1 an odd one, 2 an even one (read only when x < 0)
    yisint = 0
    if hx < 0:
        if iy >= 0x43400000:
            yisint = 2
        elif iy >= 0x3FF00000:
            k = (iy >> 20) - 0x3FF
            if k > 20:
                j = ly >> (52 - k)
                if (j << (52 - k)) & 0xFFFFFFFF == ly:
                    yisint = 2 - (j & 1)
            elif ly == 0:
                j = iy >> (20 - k)
                if (j << (20 - k)) == iy:
                    yisint = 2 - (j & 1)
    if ly == 0:
        if iy == 0x7FF00000:  # y is +-Infinity
            if ((ix - 0x3FF00000) | lx) == 0:
                return math.nan  # (+-1)**+-Infinity: NaN in JavaScript
            if ix >= 0x3FF00000:
                return y if hy >= 0 else 0.0
            return -y if hy < 0 else 0.0
        if iy == 0x3FF00000:  # y is +-1
            return _divide(1.0, x) if hy < 0 else x
        if hy == 0x40000000:  # y is 2
            return x * x
        if hy == 0x3FE00000 and hx >= 0:  # y is 0.5, x >= +0
            return math.sqrt(x)
    ax = abs(x)
    if lx == 0 and ix in (0x7FF00000, 0, 0x3FF00000):  # x is +-0, +-Infinity, +-1
        z = ax
        if hy < 0:
            z = _divide(1.0, z)
        if hx < 0:
            if ((ix - 0x3FF00000) | yisint) == 0:
                return math.nan  # (-1)**non-integer
            if yisint == 1:
                z = -z
        return z
    negative = hx < 0
    if negative and yisint == 0:
        return math.nan  # (x<0)**non-integer
    sign = -1.0 if negative and yisint == 1 else 1.0
    if iy > 0x43F00000:  # |y| > 2**64: must overflow or underflow
        if ix <= 0x3FEFFFFF:
            return math.inf if hy < 0 else 0.0
        if ix >= 0x3FF00000:
            return math.inf if hy > 0 else 0.0
    if iy > 0x41E00000:  # |y| > 2**31: overflow or underflow if x is not close to one
        if ix < 0x3FEFFFFF:
            return sign * (math.inf if hy < 0 else 0.0)
        if ix > 0x3FF00000:
            return sign * (math.inf if hy > 0 else 0.0)
    t1, t2 = _log2(ax, ix, iy)
    return sign * _exp2(y, t1, t2)


def _log2(ax: float, ix: int, iy: int) -> tuple[float, float]:
    """log2(|x|) in extra precision, as two doubles (`t1` with 29 trailing zero bits)."""
    if iy > 0x41E00000:
        # |1-x| <= 2**-20: log(x) by x-x^2/2+x^3/3-x^4/4
        t = ax - 1.0
        w = (t * t) * (0.5 - t * (0.3333333333333333333333 - t * 0.25))
        u = _IVLN2_H * t
        v = t * _IVLN2_L - w * _IVLN2
        t1 = _low_cleared(u + v)
        t2 = v - (t1 - u)
    else:
        n = 0
        if ix < 0x00100000:  # subnormal x
            ax *= _TWO53
            n -= 53
            ix = _words(ax)[0]
        n += (ix >> 20) - 0x3FF
        j = ix & 0x000FFFFF
        ix = j | 0x3FF00000  # normalized
        if j <= 0x3988E:  # |x| < sqrt(3/2)
            k = 0
        elif j < 0xBB67A:  # |x| < sqrt(3)
            k = 1
        else:
            k = 0
            n += 1
            ix -= 0x00100000
        ax = _joined(ix, _words(ax)[1])
        # ss = s_h + s_l = (x-1)/(x+1) or (x-1.5)/(x+1.5)
        u = ax - _BP[k]
        v = 1.0 / (ax + _BP[k])
        ss = u * v
        s_h = _low_cleared(ss)
        t_h = _joined(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0)
        t_l = ax - (t_h - _BP[k])
        s_l = v * ((u - s_h * t_h) - s_h * t_l)
        # log(ax)
        s2 = ss * ss
        r = s2 * s2 * (_L1 + s2 * (_L2 + s2 * (_L3 + s2 * (_L4 + s2 * (_L5 + s2 * _L6)))))
        r += s_l * (s_h + ss)
        s2 = s_h * s_h
        t_h = _low_cleared(3.0 + s2 + r)
        t_l = r - ((t_h - 3.0) - s2)
        u = s_h * t_h
        v = s_l * t_h + t_l * ss
        # 2/(3log2)*(ss+...)
        p_h = _low_cleared(u + v)
        p_l = v - (p_h - u)
        z_h = _CP_H * p_h
        z_l = _CP_L * p_h + p_l * _CP + _DP_L[k]
        # log2(ax) = (ss+..)*2/(3*log2) = n + dp_h + z_h + z_l
        t = float(n)
        t1 = _low_cleared(((z_h + z_l) + _DP_H[k]) + t)
        t2 = z_l - (((t1 - t) - _DP_H[k]) - z_h)
    return t1, t2


def _exp2(y: float, t1: float, t2: float) -> float:
    """2**(y*(t1+t2)), y split in two halves; past a double's range, Infinity or 0."""
    y1 = _low_cleared(y)
    p_l = (y - y1) * t1 + y * t2
    p_h = y1 * t1
    z = p_l + p_h
    j, i = _words(z)
    if j >= 0x40900000:  # z >= 1024
        if ((j - 0x40900000) | i) != 0 or p_l + _OVT > z - p_h:
            return math.inf
    elif (j & 0x7FFFFFFF) >= 0x4090CC00 and (
        (((j & 0xFFFFFFFF) - 0xC090CC00) | i) != 0 or p_l <= z - p_h
    ):  # z <= -1075
        return 0.0
    # 2**(p_h+p_l)
    i = j & 0x7FFFFFFF
    k = (i >> 20) - 0x3FF
    n = 0
    if i > 0x3FE00000:  # |z| > 0.5: n = [z+0.5]
        n = j + (0x00100000 >> (k + 1))
        k = ((n & 0x7FFFFFFF) >> 20) - 0x3FF
        t = _joined(n & ~(0x000FFFFF >> k), 0)
        n = ((n & 0x000FFFFF) | 0x00100000) >> (20 - k)
        if j < 0:
            n = -n
        p_h -= t
    t = _low_cleared(p_l + p_h)
    u = t * _LG2_H
    v = (p_l - (t - p_h)) * _LG2 + t * _LG2_L
    z = u + v
    w = v - (z - u)
    t = z * z
    t1 = z - t * (_P1 + t * (_P2 + t * (_P3 + t * (_P4 + t * _P5))))
    # V8's own grouping, kept since 2016 (fdlibm's is (z*t1)/(t1-2) - (w+z*w)): the reason
    # Math.pow(10, -4) is 0.00009999999999999999 in Node
    r = _divide(z * t1, (t1 - 2.0) - (w + z * w))
    z = 1.0 - (r - z)
    high, low = _words(z)
    high += n << 20
    return math.ldexp(z, n) if (high >> 20) <= 0 else _joined(high, low)  # subnormal: ldexp


def _divide(left: float, right: float) -> float:
    """IEEE division (by zero: a signed Infinity)."""
    if right == 0:
        return math.copysign(math.inf, left) * math.copysign(1.0, right)
    return left / right
