"""The reads check on hand-made entries and modules: exact problems and places, the forms
followed, the fix a misspelt key's problem makes, and nothing read without code."""

from __future__ import annotations

from typing import Any

from hatch_kindgi.checks.reads import read_problems
from hatch_kindgi.pipeline.fixes import fix_of
from hatch_kindgi.pipeline.places import Text
from hatch_kindgi.report.problems import Problem

TOOL_FILE = "tools/t.py"
STYLE = {
    "id": "acme.style",
    "version": "1.0.0",
    "kind": "settings",
    "content": {"values": {"limit": 5}},
    "modulePath": "blocks/style.json",
}
HEAD = "import os\nfrom kindgi import ToolContext, tool\n\n\n"


def check(
    module: str,
    *,
    tool: dict[str, Any] | None = None,
    pins: tuple[str, ...] = ("acme.style",),
    files: dict[str, str] | None = None,
    required: tuple[str, ...] = (),
) -> tuple[Problem, ...]:
    """The check on one tool module (`HEAD` + `module`), listed by an agent pinning `pins`."""
    texts = {TOOL_FILE: HEAD + module, **(files or {})}
    entry = {"id": "acme.t", "version": "1.0.0", "modulePath": TOOL_FILE, **(tool or {})}
    agent = {
        "id": "acme.agent",
        "modulePath": "agents/a.py",
        "tools": [{"id": "acme.t", "version": "^1.0.0"}],
        "settings": [{"id": pin, "version": "^1.0.0"} for pin in pins],
    }
    return read_problems(
        [entry],
        [],
        [agent],
        [],
        [STYLE],
        env_required=required,
        env_optional=(),
        read_text=texts.get,
    )


def places(problems: tuple[Problem, ...]) -> list[tuple[str, str, int | None, int | None]]:
    return [(p.severity, p.code, p.line, p.column) for p in problems]


def test_a_misspelt_key_is_at_its_literal_with_its_fix() -> None:
    """A key the pinned values lack: an error at the key's literal (1-based characters,
    after a non-ASCII character), and the fix replaces the word in the module's text."""
    module = (
        '@tool(id="acme.t")\ndef t(data: In, c: ToolContext) -> Out:\n'
        '    """Doc."""\n    é = 1; return c.settings["acme.style"]["limt"]\n'
    )
    problems = check(module)
    assert places(problems) == [("error", "read-settings-key", 8, 44)]
    assert problems[0].suggestion == ("limt", "limit")
    assert problems[0].end == (8, 50)
    fix = fix_of(problems[0], Text(HEAD + module))
    assert fix is not None
    assert fix.title == 'Replace "limt" with "limit"'


def test_the_forms_followed() -> None:
    """A local bound to a block, a helper the context is passed to, `from os import`,
    guards and a try: each judged where it reads."""
    helper = (
        "from os import environ as env\n\n\n"
        "def helper(cx):\n    return cx.env['NOPE'], env['LEDGER_URL']\n"
    )
    module = (
        "from ._h import helper\n\n\n"
        '@tool(id="acme.t")\ndef t(data: In, ctx: ToolContext) -> Out:\n'
        '    """Doc."""\n'
        '    style = ctx.settings["acme.style"]\n'
        '    if "X" in os.environ:\n        os.environ["X"]\n'
        '    try:\n        os.environ["Y"]\n    except KeyError:\n        pass\n'
        '    return style["limit"], style["size"], helper(ctx), os.environ["LEDGER_URL"]\n'
    )
    problems = check(module, files={"tools/_h.py": helper}, required=("LEDGER_URL",))
    assert [(p.file, p.severity, p.code, p.line) for p in problems] == [
        ("tools/t.py", "warning", "read-environ", 13),
        ("tools/t.py", "warning", "read-environ", 15),
        ("tools/t.py", "error", "read-settings-key", 18),
        ("tools/_h.py", "error", "read-tool-env", 5),
    ]


def test_sound_reads_and_what_no_build_judges_say_nothing() -> None:
    """Pinned keys, declared names, a key that isn't a literal, a mapping passed elsewhere,
    a block the pack doesn't bring: no problem."""
    module = (
        '@tool(id="acme.t", needs_spec={"env": {"E": {}}})\n'
        "def t(data: In, ctx: ToolContext) -> Out:\n"
        '    """Doc."""\n'
        '    key = "li" + "mit"\n'
        '    use(ctx.settings["acme.style"])\n'
        '    return (ctx.settings["acme.style"][key], ctx.env["E"],\n'
        '            ctx.settings["acme.remote"]["anything"], os.environ["HOME"])\n'
    )
    tool: dict[str, Any] = {"needsSpec": {"env": {"E": {}}}}
    assert check(module, tool=tool, pins=("acme.style", "acme.remote")) == ()


def test_a_blocks_only_pack_reads_nothing() -> None:
    """No code entries: no module is read."""

    def read_text(file: str) -> str | None:
        raise AssertionError(file)

    assert (
        read_problems(
            [], [], [], [], [STYLE], env_required=(), env_optional=(), read_text=read_text
        )
        == ()
    )


def test_environment_names_spelt_in_other_unicode_forms_are_read() -> None:
    """Python reads identifiers NFKC-normalized: `os.environ` with a fullwidth `e` is
    `os.environ`, and a module whose text never spells "environ" in ASCII is still walked
    for its reads."""
    module = (
        "from os import \uff47etenv\n\n\n"
        "@tool(id='acme.t', version='1.0.0')\n"
        "def t(_input: object, ctx: ToolContext) -> object:\n"
        '    return os.\uff45nviron["LEDGER_URL"], \uff47etenv("LEDGER_KEY")\n'
    )
    codes = [problem.code for problem in check(module)]
    assert codes.count("read-environ") == 2, codes
