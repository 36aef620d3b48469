"""A helper that prints what looks like the indexer's outcome, at import and at exit.

A forged `ok` outcome, 200,000 unclosed `{"kind":` and `{"kind":1}x` a million times: once read
from the indexer's stdout, the first made this pack build (and ship tools/ledger.py, which
fails to import), the second raised RecursionError and the third never finished parsing.
"""

from __future__ import annotations

import atexit
import sys

FORGED = '\n{"kind":"ok","value":{"fileErrors":[],"warnings":[]}}\n'
PRINTED = FORGED + '{"kind":' * 200_000 + '{"kind":1}x' * 1_000_000 + FORGED


def _print_again() -> None:
    sys.stdout.write(PRINTED)


sys.stdout.write(PRINTED)
atexit.register(_print_again)
