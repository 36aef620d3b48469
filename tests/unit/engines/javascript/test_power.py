"""`Math.pow` as Node 22.12's V8 computes it, bit for bit (`engines.javascript.power`): on the
special values ECMA-262 lists, powers of ten (what liquidjs's `round` divides by), and seeded
random doubles of every size and sign."""

from __future__ import annotations

import math
import random
import struct

from hatch_kindgi.engines.javascript.power import math_pow
from tests.oracle import shipped

_SCRIPT = (
    "const p = JSON.parse(require('fs').readFileSync(0, 'utf8')); const b = Buffer.alloc(8);"
    "console.log(JSON.stringify(p.map(([x, y]) => {"
    " b.writeDoubleLE(Math.pow(Number(x), Number(y))); return b.readBigUInt64LE().toString();"
    " })))"
)


def _text(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return repr(value)


def _bits(value: float) -> int:
    if math.isnan(value):
        return 0x7FF8000000000000  # V8's one NaN
    return int(struct.unpack("<Q", struct.pack("<d", value))[0])


def _random_double(rng: random.Random) -> float:
    return float(struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0])


def test_math_pow_is_v8s_bit_for_bit() -> None:
    shipped.require_oracle()
    edges = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, 10.0, 1e308, 5e-324, 1e-310]
    edges += [math.inf, -math.inf, math.nan, 2.5, 1 + 2**-30, 1 - 2**-30, 2**31 + 0.5, 2**64]
    pairs = [(x, y) for x in edges for y in edges]
    rng = random.Random(27)
    pairs += [(10.0, float(n)) for n in range(-330, 330)]
    pairs += [(10.0, rng.uniform(-30, 30)) for _ in range(2000)]
    for _ in range(4000):
        x = rng.choice([rng.uniform(-20, 20), 10 ** rng.uniform(-300, 300), _random_double(rng)])
        y = rng.choice([rng.uniform(-30, 30), float(rng.randint(-400, 400)), _random_double(rng)])
        pairs.append((x, y))
    theirs = shipped.node_eval(_SCRIPT, [[_text(x), _text(y)] for x, y in pairs])
    assert isinstance(theirs, list)
    differ = [
        (x, y, math_pow(x, y))
        for (x, y), bits in zip(pairs, theirs)
        if _bits(math_pow(x, y)) != (0x7FF8000000000000 if _nan(int(bits)) else int(bits))
    ]
    assert differ == []
    assert math_pow(10.0, -4.0) == 9.999999999999999e-05  # where Python's C library says 1e-4


def _nan(bits: int) -> bool:
    return (bits >> 52) & 0x7FF == 0x7FF and bits & ((1 << 52) - 1) != 0
