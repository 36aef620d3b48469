"""The primitives stage: each entry's findings on the file that declares it, placed there by
the pipeline's placement step."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatch_kindgi.pipeline.places import place_problems
from hatch_kindgi.primitives.modules import DeclaringModules
from hatch_kindgi.primitives.stage import check_primitives
from hatch_kindgi.report.problems import Problem

MODULE = """\
from kindgi import tool


@tool(id="acme.t.lookup", version="1.0.0-beta.1")
def lookup(query: dict) -> dict:
    return {}
"""


def _tool(**fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": "acme.t.lookup",
        "description": "Looks it up.",
        "version": "1.0.0",
        "input": {"type": "object"},
        "output": {"type": "object"},
        "effects": [],
        "modulePath": "tools/lookup.py",
    }
    entry.update(fields)
    return entry


def _placed(root: Path, problems: tuple[Problem, ...]) -> tuple[Problem, ...]:
    """`problems` as the pipeline places them in the pack at `root`'s modules."""
    return place_problems(problems, lambda file: None, modules=DeclaringModules(root))


def _pack(tmp_path: Path) -> Path:
    (tmp_path / "tools").mkdir(parents=True)
    (tmp_path / "tools" / "lookup.py").write_text(MODULE, encoding="utf-8")
    return tmp_path


def test_a_finding_lands_on_the_argument_it_points_to(tmp_path: Path) -> None:
    """The deploy's refusal of a prerelease version, at the `version=` argument's value."""
    pack = _pack(tmp_path)
    problems = _placed(pack, check_primitives({"tools": [_tool(version="1.0.0-beta.1")]}))
    assert [(p.file, p.line, p.column, p.pointer, p.code) for p in problems] == [
        ("tools/lookup.py", 4, 35, "/version", "tool-manifest")
    ]
    assert problems[0].message.startswith('must match pattern "^\\d+\\.\\d+\\.\\d+$"; ')


def test_a_clean_tool_has_no_problem() -> None:
    """Nothing found, nothing reported."""
    assert check_primitives({"tools": [_tool()]}) == ()


def test_a_file_outside_the_pack_is_never_read(tmp_path: Path) -> None:
    """A module path that leaves the pack (a forged index): the problem stays on that name,
    without a line; nothing outside the pack is opened."""
    pack = _pack(tmp_path / "pack")
    (tmp_path / "outside.py").write_text(MODULE, encoding="utf-8")
    entry = _tool(version="x", modulePath="../outside.py")
    (problem,) = _placed(pack, check_primitives({"tools": [entry]}))
    assert (problem.file, problem.line, problem.pointer) == ("../outside.py", None, "/version")


def test_entries_that_are_no_objects_are_left_to_the_index_stage() -> None:
    """A list item that isn't an object: no problem here, no exception."""
    assert check_primitives({"tools": [None, 3, "x"]}) == ()  # type: ignore[list-item]


def test_one_problem_per_place_and_message() -> None:
    """The same fault twice (two identical Ajv errors) is reported once."""
    entry = _tool(network={"kind": "allowlist", "domains": ["a"]})
    problems = check_primitives({"tools": [entry]})
    assert len(problems) == len(set(problems))
    assert all(isinstance(problem, Problem) for problem in problems)
    assert {p.pointer for p in problems} == {"/network", "/network/kind"}


# --- where it deploys: each profile's verdict, and the hosted profile's refusals as warnings

_LOOKAHEAD = {
    "type": "object",
    "properties": {"handle": {"type": "string", "pattern": "^(?!_)[a-z]+$"}},
}
_HOSTED_WORDS = (
    "The schema's pattern \"^(?!_)[a-z]+$\" isn't a regular expression that compiles: RE2, the "
    "engine patterns run on here, has no lookahead or lookbehind (`(?!` at index 1)."
)


def _codes(problems: tuple[Problem, ...]) -> list[tuple[str, str, str | None]]:
    return [(p.severity, p.code, p.pointer) for p in problems]


def test_a_pattern_only_hosted_refuses_gets_each_targets_verdict() -> None:
    """A tool's input pattern with a lookahead: V8 compiles it, RE2 has none. `target =
    "hosted"`: the deploy's error, in the hosted runtime's words; no target: a warning that
    names the profile and the option; `"self-hosted"`: nothing. (The messages by hand.)"""
    from hatch_kindgi.config.target import DEFAULT_TARGET, target_of

    lists = {"tools": [_tool(input=_LOOKAHEAD)]}
    hosted = check_primitives(lists, target=target_of("hosted"))
    assert _codes(hosted) == [("error", "tool-schema", "/input/properties/handle/pattern")]
    lead = f"Tool input schema does not compile: {_HOSTED_WORDS} "
    assert hosted[0].message.startswith(lead)
    assert hosted[0].message.endswith('{"pattern": …}. The deploy refuses this tool')
    (warned,) = check_primitives(lists, target=DEFAULT_TARGET)
    assert (warned.severity, warned.code) == ("warning", "hosted-profile")
    assert warned.message.startswith(f"Kindgi hosted (the hosted profile) refuses this: {lead}")
    assert warned.message.endswith(
        '(set the hook option `target` to "hosted" to build for it, or to "self-hosted" if the '
        "pack never deploys there)"
    )
    assert (warned.line, warned.column) == (hosted[0].line, hosted[0].column)  # the same place
    assert check_primitives(lists, target=target_of("self-hosted")) == ()


def test_a_schema_both_refuse_draws_no_second_warning() -> None:
    """A pattern V8 refuses too (a Python named group): the self-hosted error alone."""
    schema = {"type": "object", "properties": {"d": {"type": "string", "pattern": "(?P<y>a)"}}}
    problems = check_primitives({"tools": [_tool(input=schema)]})
    assert _codes(problems) == [("error", "tool-schema", "/input/properties/d/pattern")]


def test_the_deploy_under_each_profile_agrees() -> None:
    """The shipped deploy (validatePrimitives) booted under each bounds: the lookahead tool
    refused on hosted only, as our verdicts above say."""
    from tests.oracle import shipped

    shipped.require_oracle()
    tool = _tool(input=_LOOKAHEAD)
    del tool["modulePath"]
    index = {
        "schemaVersion": "1.8.0",
        "pack": {"id": "acme.t", "version": "1.0.0"},
        "artifactVersion": "20261201.1",
        "publishedAt": "2026-12-01T00:00:00.000Z",
        "tools": [{**tool, "modulePath": "tools/lookup.py"}],
        "guardrails": [],
        "agents": [],
        "flows": [],
        "blocks": [],
        "env": {"required": [], "optional": []},
    }
    assert shipped.deploy_issues(index) == []
    issues = shipped.deploy_issues(index, profile="hosted")
    assert [issue["primitive"] for issue in issues] == ["tool"], issues
    assert _HOSTED_WORDS in issues[0]["message"]
