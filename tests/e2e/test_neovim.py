"""docs/editors.md's Neovim set-ups, each run as written in a real headless Neovim: 0.11.4
(`vim.lsp.config`), 0.10.4 (`vim.lsp.start`, and nvim-lspconfig's `lspconfig.configs`), and
0.11.4 with nvim-lspconfig installed beside the 0.11 set-up (tests/helpers/neovim.py says
where each comes from; 0.8 and 0.9 can't be had here).

The editor opens a template of a broken pack: the server's problems are the golden report's
(`testpacks/broken/liquid-warnings/expected.txt`, written by hand), at its lines and
columns; typing `settings["acme.reply-s` and taking the completion gives the id with its
closing `"]`; `:checkhealth vim.lsp` shows the client; Neovim quits and leaves no server
running."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pytest

from tests.helpers.golden import expected_report
from tests.helpers.neovim import lspconfig, neovim
from tests.helpers.packs import REPO, build_env, copy_pack

pytestmark = pytest.mark.slow

pytest.importorskip("pygls", reason="the language server needs the lsp extra")

CASE = "liquid-warnings"
DRIVER = Path(__file__).resolve().parents[1] / "helpers" / "neovim_driver.lua"
_SNIPPET = re.compile(r"```lua\n(-- init\.lua: (?P<title>[^\n]+)\n.*?)```", re.DOTALL)
_PROBLEM = re.compile(
    r"(?P<file>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<severity>\w+)\[(?P<code>[^\]]+)\]: "
    r"(?P<message>.*)"
)


def _snippets() -> dict[str, str]:
    """docs/editors.md's Lua set-ups by the title on their first line."""
    text = (REPO / "docs" / "editors.md").read_text("utf-8")
    return {match.group("title"): match.group(1) for match in _SNIPPET.finditer(text)}


def test_the_page_has_the_three_set_ups() -> None:
    assert sorted(_snippets()) == [
        "Neovim 0.11 or later",
        "Neovim 0.8 to 0.10",
        "nvim-lspconfig",
    ]


def _golden() -> list[dict[str, object]]:
    """The golden report's problems in reply.liquid, as Neovim holds a diagnostic (0-based
    line and column: the report's are 1-based, and ASCII, so a column is a byte too)."""
    found = []
    for line in expected_report(CASE).splitlines()[:-1]:
        match = _PROBLEM.fullmatch(line)
        assert match is not None, line
        assert match.group("file") == "blocks/reply.liquid"
        found.append(
            {
                "line": int(match.group("line")) - 1,
                "col": int(match.group("col")) - 1,
                "code": match.group("code"),
                "message": match.group("message"),
                "severity": 2 if match.group("severity") == "warning" else 1,
            }
        )
    return found


def _servers_in(folder: Path) -> list[int]:
    """The processes whose working folder is in `folder` (a server Neovim left behind)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cwd = (entry / "cwd").readlink()
        except OSError:
            continue
        if cwd == folder or folder in cwd.parents:
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize(
    ("version", "title", "with_lspconfig", "trigger"),
    [
        ("0.11", "Neovim 0.11 or later", False, ""),
        ("0.10", "Neovim 0.8 to 0.10", False, "<C-x><C-o>"),
        ("0.10", "nvim-lspconfig", True, "<C-x><C-o>"),
        ("0.11", "Neovim 0.11 or later", True, ""),
    ],
)
def test_a_neovim_set_up_as_documented(
    version: str, title: str, with_lspconfig: bool, trigger: str, tmp_path: Path
) -> None:
    editor = neovim(version)
    pack = copy_pack(f"broken/{CASE}", tmp_path / "work")
    home = tmp_path / "home"
    init = tmp_path / "init.lua"
    plugin = f'vim.opt.runtimepath:prepend("{lspconfig()}")\n' if with_lspconfig else ""
    init.write_text(plugin + _snippets()[title], "utf-8")
    result = tmp_path / "result.json"
    bin_folder = str(Path(sys.executable).parent)
    env = build_env(
        {
            "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}",
            "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / ".config"),
            "XDG_DATA_HOME": str(home / ".local" / "share"),
            "XDG_STATE_HOME": str(home / ".local" / "state"),
            "XDG_CACHE_HOME": str(home / ".cache"),
            "RESULT": str(result),
            "OPEN": "blocks/reply.liquid",
            "TYPE": 'Go{{ settings["acme.reply-s',
            "TRIGGER": trigger,
            "PROBLEMS": str(len(_golden())),
        }
    )
    run = editor.run(
        "--headless",
        "-u",
        str(init),
        "-i",
        "NONE",
        "-c",
        f"luafile {DRIVER}",
        env=env,
        cwd=pack,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr
    seen = json.loads(result.read_text("utf-8"))
    assert seen.get("why") is None, (seen, run.stderr)
    assert seen["client"] == "hatch_kindgi"
    assert sorted(seen["diagnostics"], key=lambda d: (d["line"], d["col"])) == _golden()
    # Completion from the pack's settings blocks, the id closed as the server writes it.
    assert seen["items"] == ['acme.reply-style"]']
    assert seen["last_line"] == '{{ settings["acme.reply-style"]'
    health = "\n".join(seen["health"])
    assert "hatch_kindgi" in health
    assert "hatch-kindgi" in health  # its command
    # Neovim stopped the server as it quit.
    deadline = time.monotonic() + 10
    while _servers_in(pack) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _servers_in(pack) == []
    assert "Error" not in run.stderr, run.stderr
