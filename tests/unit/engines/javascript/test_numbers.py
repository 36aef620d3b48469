"""Numbers written as JavaScript writes them, held to Node.js's own String(number)."""

from __future__ import annotations

import math
import random
import struct

from hatch_kindgi.engines.javascript.numbers import number_to_string
from tests.oracle import shipped


def test_numbers_read_as_javascript_writes_them() -> None:
    """Edge values and random doubles of every magnitude: the same text as Node.js."""
    shipped.require_oracle()
    chooser = random.Random(19)
    numbers: list[float] = [0, 1e-7, 1e-6, 1e21, 1e20, 2.0, -1.5, 2**53 + 1, 5e-324, 0.1 + 0.2]
    numbers += [
        struct.unpack("<d", chooser.getrandbits(64).to_bytes(8, "little"))[0] for _ in range(2000)
    ]
    numbers += [chooser.uniform(-1, 1) * 10 ** chooser.randint(-12, 25) for _ in range(2000)]
    numbers = [each for each in numbers if math.isfinite(each)]
    script = (
        "const n = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(n.map(String)))"
    )
    expected = shipped.node_eval(script, numbers)
    assert [number_to_string(each) for each in numbers] == expected
