"""re2js's Unicode tables from the re2js kindgi-cli ships, as `engines/re2/unicode.json` holds
them (`re2js_tables.mjs` beside this file writes them).

    python -m tests.oracle.re2js_tables        # rewrites src/hatch_kindgi/engines/re2/unicode.json

Run it when kindgi-cli's pin moves to one with another re2js: `tests/unit/engines/re2/
test_tables.py` fails until the file is the new re2js's.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.oracle import shipped

SCRIPT = Path(__file__).with_name("re2js_tables.mjs")
DATA = Path(__file__).parents[2] / "src" / "hatch_kindgi" / "engines" / "re2" / "unicode.json"


def dumped() -> str:
    """The file's text as the shipped re2js's tables make it."""
    done = subprocess.run(
        [shipped.node_executable(), str(SCRIPT), str(shipped.node_modules())],
        capture_output=True,
        check=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    return done.stdout


def main() -> None:
    """Rewrite the data file from the shipped re2js."""
    DATA.write_text(dumped(), encoding="utf-8")


if __name__ == "__main__":
    main()
