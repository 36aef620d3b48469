"""An agent's findings: the deploy's refusals as errors, in its words; what only a TypeScript
build refuses as warnings (errors under `strict`); nothing for what the SDK writes itself.

The deploy's issues are the shipped route's (`deploy_issues`: a signed deployment of an index
holding the one agent, through kindgi-cli's own `deploymentsRouter`); the TypeScript build's
are the shipped `defineAgent`'s.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hatch_kindgi.engines.bounds import Profile, bounds_named
from hatch_kindgi.primitives.agents import agent_findings, deploy_agent_issues
from hatch_kindgi.primitives.findings import Finding
from tests.helpers.primitives import CORPUS, corpus_entries
from tests.oracle import shipped

_ENVELOPE = {
    "v": 1,
    "packId": "acme.corpus",
    "packVersion": "1.0.0",
    "artifactVersion": "20260101.1",
    "publishedAt": "2026-01-01T00:00:00Z",
    "tools": [],
    "guardrails": [],
    "flows": [],
}
_TYPESCRIPT = (
    "; a TypeScript pack's build refuses this (defineAgent), and the deploy leaves it to the "
    "runtime at dispatch"
)  # written out: the words are the test's, not the module's


def _deploy(entry: dict[str, Any]) -> list[tuple[str, str]]:
    issues = shipped.deploy_issues({**_ENVELOPE, "agents": [entry]})
    assert all(issue["primitive"] == "agent" for issue in issues), issues
    return [(issue["path"], issue["message"]) for issue in issues]


def _same(ours: list[tuple[str, str]], runtime: list[tuple[str, str]], what: object) -> None:
    """Our issues are the runtime's: same places, each message the runtime's words (then, it
    may be, `; ` and our hint)."""
    assert [pointer for pointer, _ in ours] == [path for path, _ in runtime], (what, runtime, ours)
    for (_, message), (_, words) in zip(ours, runtime):
        assert message == words or message.startswith(words + "; "), (what, words, message)


def _entry(module: str) -> dict[str, Any] | None:
    found = [e for e in corpus_entries("agents") if e["modulePath"] == f"agents/{module}"]
    return found[0] if found else None


_MODULES = sorted(path.name for path in (CORPUS / "agents").glob("*.py"))


@pytest.mark.parametrize("module", _MODULES, ids=str)
def test_deploy_verdict_and_words_on_the_corpus(module: str) -> None:
    """Each corpus agent: refused by our deploy mirror where and as the shipped deploy
    refuses it."""
    shipped.require_oracle()
    entry = _entry(module)
    if entry is None:  # the SDK refused the file
        return
    _same(deploy_agent_issues(entry), _deploy(entry), module)


BASE: dict[str, Any] = {
    "id": "acme.helper",
    "version": "1.0.0",
    "name": "Helper",
    "instructions": "You help.",
    "capabilities": [{"needs": [{"feature": "tool-use"}]}],
    "tools": [],
    "retrieval": [],
    "guardrails": [],
    "parameters": [],
    "settings": [],
    "modulePath": "agents/helper.py",
}

ODD: list[dict[str, Any]] = [
    {"id": "", "version": "1.3.0+build.7", "name": ""},
    {"id": "  ", "name": "  ", "version": "1.3.0-rc.1"},
    {"id": 5, "version": None, "name": ["x"]},
    {"instructions": ""},
    {"instructions": "   "},
    {"instructions": None},
    {"instructions": {"prompt": "acme.reply"}},
    {"instructions": {"prompt": "acme.reply", "version": 1}},
    {"instructions": {"prompt": "Not An Id", "version": "whatever"}},
    {"instructions": "Hi {% if vip %}friend"},
    {"instructions": "{{ name }"},
    {"capabilities": {}, "tools": "x"},
    {"capabilities": []},
    {"output": None},
    {"output": [1]},
    {"output": {}},
    {"output": {"schema": None}},
    {"output": {"schema": {"type": "object", "required": ["a"], "example": {}}}},
    {"output": {"schema": {"$schema": "http://json-schema.org/draft-07/schema#"}}},
    {"output": {"schema": {"type": "object", "properties": {"n": {"format": "decimal"}}}}},
]


@pytest.mark.parametrize("fields", ODD, ids=lambda fields: json.dumps(fields)[:60])
def test_deploy_verdict_and_words_on_wrong_fields(fields: dict[str, Any]) -> None:
    """A wrong value in each field the deploy reads: its issues, in its order and words."""
    shipped.require_oracle()
    entry = {**BASE, **fields}
    _same(deploy_agent_issues(entry), _deploy(entry), fields)


def test_what_only_a_typescript_build_refuses_is_a_warning() -> None:
    """defineAgent's issues where the deploy takes the agent: warnings that say whose."""
    entry = {
        **BASE,
        "capabilities": [],
        "budget": {"maxWallMs": 0},
        "parameters": [{"name": "input", "type": "integer"}],
    }
    assert agent_findings(entry, strict=False) == [
        Finding(
            "warning",
            "agent-define",
            "/capabilities",
            "capabilities must be a non-empty array of Capability declarations" + _TYPESCRIPT,
        ),
        Finding(
            "warning",
            "agent-define",
            "/parameters/0/name",
            '"input" is a reserved auto-injected variable — do not declare it as a parameter'
            + _TYPESCRIPT,
        ),
        Finding(
            "warning",
            "agent-define",
            "/parameters/0/type",
            "type must be string, number, boolean, or date" + _TYPESCRIPT,
        ),
        Finding(
            "warning",
            "agent-define",
            "/budget/maxWallMs",
            "maxWallMs must be a positive integer" + _TYPESCRIPT,
        ),
    ]


def test_strict_makes_them_errors() -> None:
    """`strict`: what a TypeScript build refuses fails the build too."""
    entry = {**BASE, "capabilities": []}
    [finding] = agent_findings(entry, strict=True)
    assert (finding.severity, finding.code) == ("error", "agent-define")


def test_the_sdks_own_parameters_beside_a_prompt_block_draw_nothing() -> None:
    """The SDK writes `parameters: []` beside a prompt block; defineAgent would refuse it, but
    the author didn't write it. Parameters the author gave are warned."""
    prompt = {"instructions": {"prompt": "acme.reply", "version": "^1.0.0"}}
    assert agent_findings({**BASE, **prompt}, strict=True) == []
    given = {**BASE, **prompt, "parameters": [{"name": "tone", "type": "string"}]}
    assert [f.pointer for f in agent_findings(given, strict=False)] == ["/parameters"]


def test_where_the_deploy_refuses_its_error_stands_alone() -> None:
    """One report per fault: defineAgent's words for the same place are not added."""
    entry = {**BASE, "name": "", "output": {"schema": {"type": "object", "required": ["a"]}}}
    assert [(f.severity, f.code, f.pointer) for f in agent_findings(entry, strict=True)] == [
        ("error", "agent-shape", "/name"),
        ("error", "agent-output-schema", "/output/schema/required/0"),
    ]


def test_blank_instructions_the_deploy_takes_are_a_warning() -> None:
    """The deploy refuses empty instructions only; blank ones (white space) a TypeScript
    build refuses."""
    assert agent_findings({**BASE, "instructions": ""}, strict=False) == [
        Finding(
            "error",
            "agent-shape",
            "/instructions",
            "agent.instructions must be a non-empty string, or a prompt block { prompt, version }"
            "; the deploy refuses this agent",
        )
    ]
    [finding] = agent_findings({**BASE, "instructions": " \n "}, strict=False)
    assert (finding.severity, finding.pointer) == ("warning", "/instructions")


@pytest.mark.parametrize(
    "template",
    [
        "Hi {{ name }}.\nNow {% if %}x{% endif %}",
        "{% unknowntag %}",
        "{{ a b }} {% if not x %}{% endif %}",
        "Dear {{ customer.name }},\n{% for item in items %}- {{ item }}\n{% endfor %}",
        "{% if vip %}Welcome back",
        "{{ name }",
        "{% if vip %}{% render 'vip' %}{% endif %}",
        "{% for x in xs %}{% capture c %}{% include 'a' %}{% endcapture %}{% endfor %}",
        "{{ items | size }} {{ n | money }}",
    ],
    ids=repr,
)
def test_instructions_liquid_in_the_runtimes_words(template: str) -> None:
    """`templateProblem`'s words: liquidjs's message after `the template isn't valid Liquid: `
    (held to the shipped templateProblem), then whose refusal it is."""
    shipped.require_oracle()
    runtime = shipped.template_problem(template)
    found = agent_findings({**BASE, "instructions": template}, strict=False)
    if runtime is None:
        assert found == []
        return
    assert found == [
        Finding(
            "error",
            "agent-instructions-liquid",
            "/instructions",
            f"{runtime}; the deploy refuses this agent",
        )
    ]


def test_an_unknown_filter_in_instructions_gets_did_you_mean() -> None:
    """`strictFilters`: liquidjs's words with line and column, then "did you mean", as a
    prompt block's template gets it (the message written by hand)."""
    [finding] = agent_findings({**BASE, "instructions": "Hi {{ name | upcse }}"}, strict=False)
    assert finding == Finding(
        "error",
        "agent-instructions-liquid",
        "/instructions",
        "the template isn't valid Liquid: undefined filter: upcse, line:1, col:4; "
        'did you mean "upcase"?; the deploy refuses this agent',
    )


def test_auto_close_is_an_error() -> None:
    """autoCloseAfterInactiveSeconds: the SDK's pack-index schema refuses it, and defineAgent."""
    entry = {**BASE, "conversationPolicy": {"autoCloseAfterInactiveSeconds": 60}}
    [finding] = agent_findings(entry, strict=False)
    assert (finding.severity, finding.code) == ("error", "agent-auto-close")
    assert finding.pointer == "/conversationPolicy/autoCloseAfterInactiveSeconds"
    assert finding.message.startswith("autoCloseAfterInactiveSeconds isn't supported: ")


def test_references_the_checks_refuse_draw_no_second_problem() -> None:
    """A settings reference that isn't {id, version}, or whose range isn't one, is the checks
    across entries' error; defineAgent's words for it are not added. Its id's form is ours."""
    entry = {**BASE, "settings": ["acme.style", {"id": "Acme_Style", "version": "not a range"}]}
    assert [f.pointer for f in agent_findings(entry, strict=False)] == ["/settings/1/id"]


def test_no_crash_on_an_entry_that_is_no_object() -> None:
    """A hand-made index can hold anything: a problem, never a traceback."""
    assert agent_findings([], strict=False) == [  # type: ignore[arg-type]
        Finding("error", "agent-shape", "", "must be an object")
    ]


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 11)
    | st.sampled_from(["", " ", "x", "1.0.0", "{{ a }", "{% if x %}", "object", "acme.a"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["id", "version", "schema", "prompt", "type", "hitl", "name", "tools"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=8,
)
_AGENT_FIELDS = st.sampled_from(
    [
        "id",
        "version",
        "name",
        "instructions",
        "capabilities",
        "tools",
        "output",
        "parameters",
        "settings",
        "modelSettings",
        "conversationPolicy",
        "budget",
        "memory",
        "retrieval",
        "toolErrors",
    ]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_AGENT_FIELDS, _JSON, max_size=4))
def test_any_json_in_any_field_gets_the_deploys_issues(fields: dict[str, Any]) -> None:
    """Whatever JSON a field holds: no crash, the deploy's issues in its words."""
    shipped.require_oracle()
    entry = {**BASE, **fields}
    agent_findings(entry, strict=False)
    _same(deploy_agent_issues(entry), _deploy(entry), fields)


@pytest.mark.parametrize(
    "instructions",
    [
        "x" * 262_144,
        "x" * 262_145,
        "Hi {{ name }}.\n" + "x" * 262_130,
        "😀" * 131_072,
        "😀" * 131_073,
        "{% if %}" + "x" * 262_140,
        " " * 262_145,
    ],
    ids=lambda text: f"{len(text)} characters",
)
@pytest.mark.parametrize("profile", ["hosted", "self-hosted"])
def test_instructions_over_the_parse_limit_as_the_deploy_refuses_them(
    instructions: str, profile: Profile
) -> None:
    """`templateProblem`'s first check, the bounds' `parseLimit` (262,144 UTF-16 units on
    hosted, none self-hosted), before any parse: the shipped deploy's issues on a runtime
    under that profile, at their places, in its words and then ours."""
    shipped.require_oracle()
    entry = {**BASE, "instructions": instructions}
    envelope = {**_ENVELOPE, "agents": [entry]}
    runtime = [(i["path"], i["message"]) for i in shipped.deploy_issues(envelope, profile=profile)]
    found = agent_findings(entry, strict=False, bounds=bounds_named(profile))
    errors = [finding for finding in found if finding.severity == "error"]
    _same([(finding.pointer, finding.message) for finding in errors], runtime, profile)
    too_long = [f"{words}; {_TOO_LONG}" for _, words in runtime if words.startswith(_LENGTH)]
    assert [f.message for f in errors if f.code == "template-too-long"] == too_long


_LENGTH = "the template is "
_TOO_LONG = (
    "UTF-16 units, as JavaScript counts them: move long text into settings; "
    "the deploy refuses this agent"
)  # written out: the words are the test's
