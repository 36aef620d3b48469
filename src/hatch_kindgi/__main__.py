"""`python -m hatch_kindgi check|index|…`.

`python -m` puts the working folder first on `sys.path`, so a pack's own top-level module
named like one of ours or a dependency's (`re2.py`, `regex.py`) would be imported in its
place. That one entry is dropped before anything else is imported; `-P` (`PYTHONSAFEPATH`)
adds none, and then none is dropped. A `hatch_kindgi.py` in the working folder is beyond
reach here: `python -m` runs it instead of this package (use `hatch-kindgi`, or `python -P -m`).
"""

import os
import sys


def _drop_working_folder() -> None:
    if getattr(sys.flags, "safe_path", False) or not sys.path:
        return
    # `os` and `sys` are loaded before any `-m` module runs; `pathlib` may not be, and would
    # be looked up in the working folder itself.
    first = sys.path[0]
    here = os.getcwd()  # noqa: PTH109
    if os.path.abspath(first or os.curdir) == os.path.abspath(here):  # noqa: PTH100
        del sys.path[0]


if __name__ == "__main__":
    _drop_working_folder()

    from hatch_kindgi.cli.main import main

    sys.exit(main())
