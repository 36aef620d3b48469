"""Each fault only rendering shows, reported at its place with an exact message (golden style:
every expected line was written by hand from the template and checked column by column)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.cli.main import main
from tests.helpers.packs import scratch_pyproject

PYPROJECT = scratch_pyproject(
    "acme-faults", "acme.faults", build_system=False, sdk=False, hook=False
)


def _prompt(template: str | None = None, parameters: Any = (), **content: Any) -> str:
    body: dict[str, Any] = {"parameters": list(parameters), **content}
    if template is not None:
        body["template"] = template
    block = {"id": "acme.p", "version": "1.0.0", "kind": "prompt", "content": body}
    return json.dumps(block, indent=2, ensure_ascii=False) + "\n"


STYLE = json.dumps(
    {
        "id": "acme.style",
        "version": "1.0.0",
        "kind": "settings",
        "content": {"values": {"color": "red", "size": 3}},
    }
)
WHO = {"name": "who", "type": "string"}
OPTIONAL_WHO = {**WHO, "required": False}


def _pack(root: Path, files: dict[str, str]) -> Path:
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def _render(capsys: pytest.CaptureFixture[str], root: Path, *args: str) -> tuple[int, str, str]:
    code = main(["render", "acme.p", str(root), *args])
    out, err = capsys.readouterr()
    return code, out, err


def _one(line: str) -> str:
    return f"{line}\n1 error, 0 warnings in 1 file\n"


_LEFT_OUT = (
    'hatch-kindgi render: no prompt block or agent "acme.p" in this pack (a block or agent '
    "with an error is left out: see the errors above)\n"
)


CASES: dict[str, tuple[dict[str, str], list[str], str]] = {
    "parameter-without-default-file": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid", parameters=[OPTIONAL_WHO]),
            "blocks/p.liquid": "Hello\n  {{ who }}!\n",
        },
        [],
        _one(
            'blocks/p.liquid:2:6: error[render-undefined]: "who" is undefined: the parameter '
            "is not required and has no default, and no --param gives it (--param who=VALUE); "
            'a run fails with missing-parameter "Template references an unresolved variable: '
            'who"'
        ),
    ),
    "parameter-without-default-inline": (
        {"blocks/p.json": _prompt("Hi {{ who }}", [OPTIONAL_WHO])},
        [],
        _one(
            'blocks/p.json:13:24: error[render-undefined]: /content/template: "who" is undefined: '
            "the parameter is not required and has no default, and no --param gives it "
            '(--param who=VALUE); a run fails with missing-parameter "Template references an '
            'unresolved variable: who" (template line 1, column 7)'
        ),
    ),
    "parameter-required": (
        {"blocks/p.json": _prompt("Hi", [{**WHO, "required": True}])},
        [],
        _one(
            "blocks/p.json:7:7: error[render-parameter]: /content/parameters/0: the parameter "
            '"who" is required and has no default: a run fails with missing-parameter '
            '"Required parameter missing: who"; give it with --param who=VALUE'
        ),
    ),
    "parameters-required-unless-said-not": (  # no `required`: required, as the runtime has it
        {"blocks/p.json": _prompt("Hi", [WHO, {"name": "tone", "type": "string"}])},
        [],
        "blocks/p.json:7:7: error[render-parameter]: /content/parameters/0: the parameter "
        '"who" is required and has no default: a run fails with missing-parameter '
        '"Required parameters missing: who, tone"; give it with --param who=VALUE\n'
        "blocks/p.json:11:7: error[render-parameter]: /content/parameters/1: the parameter "
        '"tone" is required and has no default: a run fails with missing-parameter '
        '"Required parameters missing: who, tone"; give it with --param tone=VALUE\n'
        "2 errors, 0 warnings in 1 file\n",
    ),
    "parameter-values-of-other-types": (
        {
            "blocks/p.json": _prompt(
                "{{ count }} {{ on }} {{ day }}",
                [
                    {"name": "count", "type": "number"},
                    {"name": "on", "type": "boolean"},
                    {"name": "day", "type": "date"},
                ],
            )
        },
        ["--param", "count=many", "--param", "on=yes", "--param", "day=2026-02-30"],
        "blocks/p.json:7:7: error[render-parameter]: /content/parameters/0: --param count=many: "
        '"many" is not a number; the parameter "count" is of type number\n'
        "blocks/p.json:11:7: error[render-parameter]: /content/parameters/1: --param on=yes: "
        '"yes" is not true or false; the parameter "on" is of type boolean\n'
        "blocks/p.json:15:7: error[render-parameter]: /content/parameters/2: --param "
        'day=2026-02-30: "2026-02-30" is not a date (YYYY-MM-DD); the parameter "day" is of '
        "type date\n"
        "3 errors, 0 warnings in 1 file\n",
    ),
    "variable-neither-parameter-nor-settings": (
        {"blocks/p.json": _prompt("{{ who }} and\n{{ whom }}", [WHO])},
        ["--param", "who=Ada"],
        _one(
            'blocks/p.json:12:36: error[render-undefined]: /content/template: "whom" is undefined: '
            'it is neither a parameter nor settings; did you mean "who"? (template line 2, '
            "column 4)"
        ),
    ),
    "settings-block-missing": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid"),
            "blocks/p.liquid": 'Be {{ settings["acme.styel"].color }}.',
            "blocks/style.json": STYLE,
        },
        [],
        _one(
            'blocks/p.liquid:1:7: error[render-undefined]: settings["acme.styel"] is '
            'undefined: the pack brings no settings block "acme.styel"; did you mean '
            '"acme.style"?'
        ),
    ),
    "settings-key-missing": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid"),
            "blocks/p.liquid": '{% if settings["acme.style"].colour == "red" %}red{% endif %}',
            "blocks/style.json": STYLE,
        },
        [],
        _one(
            'blocks/p.liquid:1:7: error[render-undefined]: settings["acme.style"].colour is '
            'undefined: version 1.0.0 of settings block "acme.style" (blocks/style.json) has '
            'no key "colour"; did you mean "color"?'
        ),
    ),
    "every-undefined-read-at-once": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid", parameters=[OPTIONAL_WHO]),
            "blocks/p.liquid": (
                "Hi {{ who }},\n"
                'Be {{ settings["acme.style"].colour }}.\n'
                "{{ whom }}\n"
                "{% for x in items %}{{ x }}{% endfor %}{{ gone | default: 'ok' }}\n"
            ),
            "blocks/style.json": STYLE,
        },
        [],
        'blocks/p.liquid:1:7: error[render-undefined]: "who" is undefined: the parameter is '
        "not required and has no default, and no --param gives it (--param who=VALUE); a run "
        'fails with missing-parameter "Template references an unresolved variable: who"\n'
        'blocks/p.liquid:2:7: error[render-undefined]: settings["acme.style"].colour is '
        'undefined: version 1.0.0 of settings block "acme.style" (blocks/style.json) has no '
        'key "colour"; did you mean "color"?\n'
        'blocks/p.liquid:3:4: error[render-undefined]: "whom" is undefined: it is neither a '
        'parameter nor settings; did you mean "who"?\n'
        'blocks/p.liquid:4:13: error[render-undefined]: "items" is undefined: it is neither a '
        "parameter nor settings (the parameters: who)\n"
        # liquidjs's strictVariables fails `default` of an undefined too (no lenientIf)
        'blocks/p.liquid:4:43: error[render-undefined]: "gone" is undefined: it is neither a '
        "parameter nor settings (the parameters: who)\n"
        "5 errors, 0 warnings in 1 file\n",
    ),
    "unknown-filter": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid", parameters=[WHO]),
            "blocks/p.liquid": "\n\n{{ who | upcasee }}",
        },
        ["--param", "who=Ada"],
        # a publish refuses it (strictFilters), so the block has no entry to render
        _one(
            "blocks/p.liquid:3:10: error[liquid-unknown-filter]: the template isn't valid "
            'Liquid: undefined filter: upcasee, line:3, col:1; did you mean "upcase"?'
        )
        + _LEFT_OUT,
    ),
    "filter-argument": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid", parameters=[WHO]),
            "blocks/p.liquid": "{{ who | append }}",
        },
        ["--param", "who=Ada"],
        _one(  # liquidjs: "append expect 2 arguments, line:1, col:1"
            'blocks/p.liquid:1:10: error[render-filter]: the filter "append" failed: '
            "append expect 2 arguments"
        ),
    ),
    "filter-time-zone": (
        {
            "blocks/p.json": _prompt(templateFile="p.liquid", parameters=[WHO]),
            "blocks/p.liquid": '{{ "2026-01-01" | date: "%H:%M", "Mars/Olympus" }}',
        },
        ["--param", "who=Ada"],
        _one(  # liquidjs: "Invalid time zone specified: Mars/Olympus, line:1, col:1"
            'blocks/p.liquid:1:19: error[render-filter]: the filter "date" failed: Invalid time '
            "zone specified: Mars/Olympus"
        ),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_render_fault_is_placed(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The fault's report on stderr, exactly; nothing on stdout; exit 1."""
    files, args, expected = CASES[case]
    root = _pack(tmp_path, files)
    assert _render(capsys, root, *args) == (1, "", expected)


def test_memory_limit_and_include_are_render_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A runaway loop meets the bounds' memory limit, in the runtime's words (liquidjs:
    "memory alloc limit exceeded, line:1, col:1"); an include is refused as a publish refuses
    it, so the block is left out."""
    root = _pack(tmp_path, {"blocks/p.json": _prompt("{% for i in (1..20000000) %}{% endfor %}")})
    assert _render(capsys, root) == (
        1,
        "",
        _one(
            "blocks/p.json:7:18: error[render-error]: /content/template: the render went over "
            "its memory limit of 16777216 (template line 1, column 1)"
        ),
    )
    (root / "blocks" / "p.json").write_text(_prompt('a{% include "x" %}'), encoding="utf-8")
    assert _render(capsys, root) == (
        1,
        "",
        _one(
            "blocks/p.json:7:19: error[liquid-partial]: /content/template: templates can't use "
            "include, render or layout; a template is rendered on its own, with no other "
            "templates to include: write the text into this one (or take it as a parameter) "
            "(template line 1, column 2)"
        )
        + _LEFT_OUT,
    )


def test_blocks_with_errors_are_shown_when_render_misses_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A block with an error has no entry: a render that misses it shows the errors."""
    broken_style = STYLE.replace('"values"', '"valeus"')
    root = _pack(
        tmp_path,
        {
            "blocks/p.json": _prompt('{{ settings["acme.style"].color }}'),
            "blocks/style.json": broken_style,
        },
    )
    unknown_key = (
        "blocks/style.json:1:62: error[block-shape]: /content: values must be a JSON object: the "
        'content has no "values"; settings content holds its values as an object\n'
        'blocks/style.json:1:74: error[block-unknown-key]: /content/valeus: unknown key "valeus"; '
        'did you mean "values"? (the runtime would ignore it; hatch-kindgi refuses it so that '
        "a misspelt key can't pass unseen)\n"
    )
    assert _render(capsys, root) == (
        1,
        "",
        'blocks/p.json:7:21: error[render-undefined]: /content/template: settings["acme.style"] is '
        'undefined: the pack brings no settings block "acme.style" without errors (template '
        "line 1, column 4)\n" + unknown_key + "3 errors, 0 warnings in 2 files\n",
    )
    code = main(["render", "acme.style", str(root)])
    assert (code, *capsys.readouterr()) == (
        1,
        "",
        unknown_key + "2 errors, 0 warnings in 1 file\n"
        'hatch-kindgi render: no prompt block or agent "acme.style" in this pack; did you mean '
        '"acme.p"? (a block or agent with an error is left out: see the errors above)\n',
    )


AGENTS = """\
from kindgi import Agent

greeter = Agent(
    id="acme.faults.greeter",
    version="1.0.0",
    name="Greeter",
    instructions="Hello\\n{{ visitor | upcase }} from {{ place }}",
    parameters=[{"name": "visitor", "type": "string"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)

other = Agent(
    id="acme.faults.other",
    version="1.0.0",
    name="Other",
    instructions={"prompt": "acme.p", "version": "^2.0.0"},
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
)
"""


@pytest.mark.sdk
def test_agent_faults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An agent's own template: placed at /instructions of its module, with the template's
    line and column; a prompt range that takes no version the pack brings: its pointer."""
    root = _pack(tmp_path, {"blocks/p.json": _prompt("Hi"), "agents/desk.py": AGENTS})
    code = main(["render", "acme.faults.greeter", str(root), "--param", "visitor=ann"])
    assert (code, *capsys.readouterr()) == (
        1,
        "",
        _one(
            'agents/desk.py: error[render-undefined]: /instructions: "place" is undefined: it '
            "is neither a parameter nor settings (the parameters: visitor) (template line 2, "
            "column 32)"
        ),
    )
    code = main(["render", "acme.faults.other", str(root)])
    assert (code, *capsys.readouterr()) == (
        1,
        "",
        _one(
            "agents/desk.py: error[render-no-prompt]: /instructions/version: agent "
            '"acme.faults.other" names prompt block "acme.p" by range "^2.0.0", which no '
            "version this pack brings satisfies (1.0.0)"
        ),
    )


def test_undefined_reads_are_capped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A template of 60 undefined reads reports the first 50 it renders (the report sorts
    them by message)."""
    template = "".join(f"{{{{ v{n} }}}}" for n in range(60))
    root = _pack(tmp_path, {"blocks/p.json": _prompt(template)})
    code, out, err = _render(capsys, root)
    lines = err.splitlines()
    assert (code, out) == (1, "")
    assert lines[-1] == "50 errors, 0 warnings in 1 file"
    assert {line.split('"')[1] for line in lines[:-1]} == {f"v{n}" for n in range(50)}


def test_more_undefined_reads_only_within_the_time_allowed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each search for the next undefined read renders the whole template again: with no
    time left after the first, the first alone is reported."""
    from hatch_kindgi.render import strict

    monkeypatch.setattr(strict, "UNDEFINED_SECONDS", 0.0)
    root = _pack(tmp_path, {"blocks/p.json": _prompt("{{ a }}{{ b }}{{ c }}")})
    code, out, err = _render(capsys, root)
    assert (code, out) == (1, "")
    assert err.splitlines()[0].startswith(
        'blocks/p.json:7:21: error[render-undefined]: /content/template: "a"'
    )
    assert err.splitlines()[-1] == "1 error, 0 warnings in 1 file"


def test_a_template_only_liquidjs_reads_renders_as_it_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """liquidjs publishes `{{ a b }}` (the runtime oracle says so) and renders it, reading
    both values and printing the first: so does render, each undefined read reported."""
    from tests.oracle.shipped import publish_template_problem as liquidjs_parse

    assert liquidjs_parse("Hi {{ a b }}") is None
    root = _pack(tmp_path, {"blocks/p.json": _prompt("Hi {{ a b }}")})
    assert _render(capsys, root) == (
        1,
        "",
        'blocks/p.json:7:24: error[render-undefined]: /content/template: "a" is undefined: it '
        "is neither a parameter nor settings (template line 1, column 7)\n"
        'blocks/p.json:7:26: error[render-undefined]: /content/template: "b" is undefined: it '
        "is neither a parameter nor settings (template line 1, column 9)\n"
        "2 errors, 0 warnings in 1 file\n",
    )
