"""`hatch-kindgi lsp` as an editor starts it: it ends when its stdin closes, and says what to
install when pygls is missing."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.packs import REPO

_WITHOUT_PYGLS = """\
import sys
sys.modules["pygls"] = None  # as if the lsp extra were not installed
from hatch_kindgi.cli.main import main
sys.exit(main(["lsp"]))
"""


def test_server_exits_when_stdin_closes() -> None:
    """With its stdin closed (the editor gone), the server stops by itself, at once."""
    done = subprocess.run(
        [sys.executable, "-m", "hatch_kindgi", "lsp", "--stdio"],
        input=b"",
        capture_output=True,
        timeout=30,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr


def test_missing_pygls_says_what_to_install() -> None:
    """Without pygls the command fails as a usage error, naming the extra to install."""
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_PYGLS],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "hatch-kindgi lsp: the language server needs the pygls package: "
        "pip install 'hatch-kindgi[lsp]'\n"
    )
