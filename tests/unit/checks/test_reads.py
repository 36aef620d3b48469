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
    blocks: tuple[dict[str, Any], ...] = (STYLE,),
    erred: tuple[dict[str, Any], ...] = (),
    called: bool = True,
) -> tuple[Problem, ...]:
    """The check on one tool module (`HEAD` + `module`), listed by an agent pinning `pins`
    (unless not `called`: then by nothing), the pack bringing `blocks` and, with errors of
    their own, `erred`."""
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
        [agent] if called else [],
        [],
        blocks,
        env_required=required,
        env_optional=(),
        read_text=texts.get,
        erred_blocks=erred,
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


BROKEN_READS = (
    '@tool(id="acme.t")\ndef t(data: In, ctx: ToolContext) -> Out:\n'
    '    """Doc."""\n'
    '    style = ctx.settings["acme.style"]\n'
    '    return (style["limt"], ctx.settings.get("acme.style", {}).get("limt"),\n'
    '            ctx.settings["acme.style"]["limit"], ctx.settings.get("acme.style"))\n'
)
"""Every form of a settings read of `acme.style`: a local bound to the block by subscript and
a key of it by subscript, the block and a key by `.get`, both by subscript, the block alone
by `.get`. Only the two reads of "limt" (line 9, columns 19 and 67) miss a key of STYLE."""


def _broken(**declared: Any) -> dict[str, Any]:
    """STYLE as the file of a block with errors declares it (`BlocksOutcome.erred`)."""
    return {**STYLE, **declared}


def test_a_block_with_errors_is_brought_and_judged_as_its_file_declares_it() -> None:
    """A pack author whose `blocks/style.json` has an error of its own (its values fail its
    schema, say: the error is on the block file) expects no read of it to be told the pack
    brings no such block, and, since the file still says the block's id, kind, version and
    values, every read of it judged as a clean block's would be: a missing key is still a
    KeyError or the default. Called by an agent that pins it and called by nothing alike,
    for each form of read (the expectations written by hand from STYLE's values)."""
    erred = (_broken(content={"values": {"limit": 5}, "schema": {"type": "nope"}}),)
    for called in (True, False):
        problems = check(BROKEN_READS, blocks=(), erred=erred, called=called)
        assert places(problems) == [
            ("error", "read-settings-key", 9, 19),
            ("warning", "read-settings-key", 9, 67),
        ], called
        assert [problem.suggestion for problem in problems] == [("limt", "limit")] * 2
        assert "no settings block" not in " ".join(problem.message for problem in problems)
    agent, nobody = (
        check(BROKEN_READS, blocks=(), erred=erred, called=called)[0].message
        for called in (True, False)
    )
    assert agent == (
        'ctx.settings["acme.style"]["limt"] raises KeyError on every call from agent '
        '"acme.agent" (agents/a.py): settings block "acme.style" 1.0.0 (blocks/style.json), '
        'the version pinned, has no key "limt"; did you mean "limit"?'
    )
    assert nobody == (
        'ctx.settings["acme.style"]["limt"] raises KeyError on every call: no version of '
        'settings block "acme.style" the pack brings, 1.0.0 (blocks/style.json), has key '
        '"limt"; did you mean "limit"?'
    )


def test_a_block_whose_fault_leaves_the_read_open_says_nothing_on_the_code() -> None:
    """Where the block's own error leaves open what a read gets, the pack author expects that
    error, on the block file, and nothing on the code: not "no such block", nor a guess. A
    kind that is no kind (or none), values that aren't an object, for every caller; a
    version that is no version, for an agent's pin (which version its range takes is open).
    A tool called by nothing is judged against every version, so there a bad version still
    lets the keys be judged."""
    values = {"values": {"limit": 5}}
    open_for_all = (
        _broken(kind="setting"),
        {key: value for key, value in STYLE.items() if key != "kind"},
        _broken(content={"values": ["limit"]}),
        _broken(content={}),
        _broken(content="values"),
    )
    for erred in open_for_all:
        for called in (True, False):
            assert check(BROKEN_READS, blocks=(), erred=(erred,), called=called) == (), erred
    for version in ("1.0", None):
        erred_block = _broken(version=version, content=values)
        assert check(BROKEN_READS, blocks=(), erred=(erred_block,)) == ()
        uncalled = check(BROKEN_READS, blocks=(), erred=(erred_block,), called=False)
        assert places(uncalled) == [
            ("error", "read-settings-key", 9, 19),
            ("warning", "read-settings-key", 9, 67),
        ]
    shown = {"1.0": "1.0 (blocks/style.json)", None: "blocks/style.json"}
    for version, listed in shown.items():
        erred_block = _broken(version=version, content=values)
        message = check(BROKEN_READS, blocks=(), erred=(erred_block,), called=False)[0].message
        assert f"the pack brings, {listed}, has key" in message


def test_a_broken_version_beside_clean_ones_leaves_an_agents_pin_open() -> None:
    """A clean 1.0.0 and a 1.1.0 with an error: the agent's ^1.0.0 takes the 1.1.0 once it
    is fixed, so the reads are judged against its values as declared, not 1.0.0's; a 1.x
    whose version is no version might be the newest: nothing is judged for the agent."""
    newer = _broken(
        version="1.1.0",
        content={"values": {"limt": 1}, "schema": {"type": "nope"}},
        modulePath="blocks/style-1.1.json",
    )
    problems = check(BROKEN_READS, erred=(newer,))
    assert [problem.line for problem in problems] == [10]
    assert problems[0].code == "read-settings-key"
    assert '1.1.0 (blocks/style-1.1.json), the version pinned, has no key "limit"' in (
        problems[0].message
    )
    assert check(BROKEN_READS, erred=(_broken(version="1.x", modulePath="b.json"),)) == ()


def test_a_block_with_errors_is_offered_for_a_misspelt_id() -> None:
    """A read of an id the pack lacks, in a tool called by nothing: the block with errors is
    among the ids it may mean."""
    module = (
        '@tool(id="acme.t")\ndef t(data: In, ctx: ToolContext) -> Out:\n'
        '    """Doc."""\n    return ctx.settings["acme.styles"]\n'
    )
    problems = check(module, blocks=(), erred=(_broken(),), called=False)
    assert places(problems) == [("error", "read-settings-block", 8, 25)]
    assert problems[0].suggestion == ("acme.styles", "acme.style")
