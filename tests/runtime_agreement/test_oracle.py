"""The oracle itself (`tests/oracle/shipped.py`): that it runs the code kindgi-cli ships, on the
Node it pins, under each profile, and that each function answers as that code is written
(`node_modules/@kindgi/*/src`, read, not run, to write these cases). A harness that ran
something else, or lost an answer on the way back, fails here first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from tests.oracle import shipped


@pytest.fixture(autouse=True)
def _oracle() -> None:
    shipped.require_oracle()


def test_it_runs_kindgi_clis_packages_on_the_pinned_node() -> None:
    """Node 22.12.0 (the runtime's engines floor) and the engines kindgi-cli 0.1.10 ships."""
    about = shipped.about()
    assert about["node"] == "v22.12.0"
    versions = about["versions"]
    assert versions["@kindgi/agents"] == versions["@kindgi/api"] == "0.1.10"
    assert (versions["ajv"], versions["ajv-formats"]) == ("8.20.0", "3.0.1")
    assert (versions["liquidjs"], versions["re2js"]) == ("10.30.0", "2.9.0")
    assert shipped.node_modules() == shipped.cli_path().parents[3]
    assert (shipped.node_modules() / "@kindgi" / "agents" / "dist" / "index.js").is_file()


def test_no_node_on_path_is_needed(tmp_path: Any) -> None:
    """A child whose PATH has no `node` still gets every answer: the oracle never looks there."""
    empty = tmp_path / "bin"
    empty.mkdir()
    script = (
        "from tests.oracle import shipped\n"
        "assert shipped.template_problem('{{ a | money }}') is not None\n"
        "print(shipped.about()['node'])\n"
    )
    env = {**os.environ, "PATH": str(empty)}
    assert not any(empty.iterdir())  # no node, nor anything else, on the child's PATH
    completed = subprocess.run(
        [sys.executable, "-c", script],
        env=env,
        cwd=shipped.SCRIPT.parents[2],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == "v22.12.0"


def test_one_process_per_profile_with_its_bounds() -> None:
    """Each profile's process set its bounds at boot: RE2 and the hosted limits, or V8."""
    hosted, self_hosted = shipped.about(profile="hosted"), shipped.about()
    assert (hosted["profile"], hosted["bounds"]["regex"]) == ("hosted", "re2")
    assert hosted["bounds"]["schemaMaxBytes"] == 262_144
    assert hosted["bounds"]["liquid"]["parseLimit"] == 262_144
    assert (self_hosted["profile"], self_hosted["bounds"]["regex"]) == ("self-hosted", "v8")
    assert self_hosted["bounds"]["liquid"]["parseLimit"] == "Infinity"


def test_templates_as_the_publish_parses_them() -> None:
    """`templateProblem` (liquid.ts): strictFilters, partials at any depth, the hosted length."""
    assert shipped.template_problem("Hi {{ name | upcase }}") is None
    assert shipped.template_problem("Hi {{ name | money }}") == (
        "the template isn't valid Liquid: undefined filter: money, line:1, col:4"
    )
    refused = "templates can't use include, render or layout"
    for partial in ("{% include 'a' %}", "{% for x in y %}{% render 'a' %}{% endfor %}"):
        assert shipped.template_problem(partial) == refused
    assert shipped.template_problem("{% capture c %}{% layout 'a' %}{% endcapture %}") == refused
    long = "x" * 262_145
    assert shipped.template_problem(long) is None
    assert shipped.template_problem(long, profile="hosted") == (
        "the template is 262145 characters, over the limit of 262144"
    )
    assert shipped.publish_template("  \n") == ["template must be a non-empty string"]


def test_render_is_the_runs() -> None:
    """`renderTenantTemplate`: strict variables, and the runtime's words for a failure."""
    assert shipped.render("{{ 7 | divided_by: 2 }} {{ a }}", {"a": "x"}) == {
        "ok": True,
        "text": "3.5 x",
    }
    failed = shipped.render("{{ missing }}")
    assert not failed["ok"]
    assert failed["failure"] == {
        "code": "missing-parameter",
        "message": "Template references an unresolved variable: missing",
        "parameterName": "missing",
    }
    assert "base64_url_safe_encode" not in shipped.filters()


def test_validate_block_issues() -> None:
    """`validateBlock` (blocks.ts): its issues at their paths, tunable marks included."""
    result = shipped.validate_block(
        {
            "id": "acme.Reply",
            "version": "1.0",
            "kind": "settings",
            "content": {
                "values": {"t": 1},
                "schema": {
                    "type": "object",
                    "properties": {"t": {"type": "number", "x-kindgi-tunable": True}},
                },
            },
        }
    )
    assert result["kind"] == "err"
    assert [issue["path"] for issue in result["error"]["issues"]] == [
        "/id",
        "/version",
        "/content/schema/properties/t/x-kindgi-tunable",
    ]
    ok = shipped.validate_block_texts(
        [
            json.dumps(
                {"id": "acme.a", "version": "1.0.0", "kind": "settings", "content": {"values": {}}}
            )
        ]
    )
    assert ok[0]["kind"] == "ok"


def test_schemas_as_the_runtime_compiles_them() -> None:
    """`compileInlineSchema` with `inlineRefs: false` (bounded.ts): a fault in a `$defs`
    target is reported where Ajv compiles it, `#`; RE2 patterns only under hosted."""
    schema = {
        "type": "object",
        "$defs": {"amount": {"minimum": 0}},
        "properties": {"a": {"$ref": "#/$defs/amount"}},
    }
    assert shipped.compile_inline_schema(schema) == (
        "Inline schema failed to compile: strict mode: missing type"
        ' "number" for keyword "minimum" at "#" (strictTypes)'
    )
    lookahead = {"type": "string", "pattern": "^(?!_)"}
    assert shipped.compile_inline_schema(lookahead) is None
    hosted = shipped.compile_inline_schema(lookahead, profile="hosted")
    assert hosted is not None
    assert "has no lookahead or lookbehind" in hosted
    assert shipped.settings_schema_issues(
        {"a": -1}, {**schema, "$defs": {"amount": {"type": "number", "minimum": 0}}}
    ) == [{"path": "/content/values/a", "message": "must be >= 0"}]
    assert shipped.model_settings_issues({"temperature": 3}) == [
        {"path": "/content/values/temperature", "message": "must be <= 2"}
    ]
    assert shipped.validate_prompt_parameters([{"name": "input", "type": "integer"}]) == [
        {
            "path": "/parameters/0/name",
            "message": '"input" is a reserved auto-injected variable'
            " — do not declare it as a parameter",
        },
        {"path": "/parameters/0/type", "message": "type must be string, number, boolean, or date"},
    ]


def test_patterns_on_each_engine() -> None:
    """`compileTenantPattern` (pattern.ts): V8 self-hosted, re2js hosted (`\\s` ASCII there)."""
    pattern, text = "^\\w+\\s\\w+$", ["Jane\u00a0Doe"]
    assert shipped.tenant_pattern(pattern, text, "u")["tests"] == [True]
    assert shipped.tenant_pattern(pattern, text, "u", profile="hosted")["tests"] == [False]
    assert shipped.tenant_pattern("a", ["banana"], at_most=2)["counts"] == [2]
    assert shipped.tenant_pattern_syntax_problem("(a)\\1") is None
    assert shipped.tenant_pattern_syntax_problem("(a)\\1", profile="hosted") == (
        "RE2, the engine patterns run on here, has no backreferences (`\\1` at index 3)"
    )
    assert shipped.v8_regex("(?<=a)b", ["ab", "b"]) == (None, [True, False])


def test_code_primitives_checks() -> None:
    """The checks a deploy and a run make of tools, guardrails, agents, flows and env."""
    tool = {
        "id": "acme.lookup",
        "version": "2.0.0-beta.1",
        "description": "Looks an order up",
        "input": {"type": "object"},
        "output": {"type": "object"},
    }
    refused = shipped.validate_tool_manifest(tool)
    assert refused["kind"] == "err"
    assert [i["path"] for i in refused["error"]["issues"]] == ["/version"]
    optional_model = {
        "type": "object",
        "properties": {
            "placed": {
                "anyOf": [
                    {"type": "object", "properties": {"end": {"type": "string", "default": "x"}}},
                    {"type": "null"},
                ]
            }
        },
    }
    assert shipped.tool_input_compile(optional_model) == (
        "strict mode: default is ignored for: data0.end"
    )
    assert shipped.compile_json_schema(optional_model, {"dialects": ["2020-12"]}) is None
    assert shipped.check_config_problems("output-matches", {"pattern": "a", "flags": "ix"}) == [
        {"path": "/config/flags", "message": 'config.flags must match pattern "^[dgimsuyv]*$".'}
    ]
    assert shipped.check_config_problems("acme.mine", {}) is None
    assert "output-matches" in shipped.built_in_checks()
    assert "judgeCapabilities" in shipped.guardrail_spec_keys()
    guardrail = shipped.validate_guardrail_spec(
        {"id": "acme.g", "kind": "zero-llm", "check": "must-cite", "severity": "low"}
    )
    assert "/severity" in [i["path"] for i in guardrail["error"]["issues"]]
    agent = shipped.define_agent(
        {
            "id": "acme.reply",
            "version": "1.0.0",
            "name": "Reply",
            "instructions": "Answer.",
            "capabilities": [],
            "tools": [],
            "retrieval": [],
            "guardrails": [],
        }
    )
    assert [i["path"] for i in agent["error"]["issues"]] == ["/capabilities"]
    assert shipped.flow_schema_problems(
        {"nodes": [{"kind": "loop", "outputSchema": {"required": ["x"]}}]}
    ) == [
        {
            "path": "/nodes/0/outputSchema",
            "message": 'doesn\'t compile: strict mode: missing type "object" for keyword'
            ' "required" at "#" (strictTypes)',
        }
    ]
    cycle = {
        "id": "acme.loop",
        "version": "1.0.0",
        "nodes": [
            {"id": "a", "kind": "tool", "ref": "acme.lookup"},
            {"id": "b", "kind": "tool", "ref": "acme.lookup"},
        ],
        "edges": [
            {"id": "e1", "from": "$start", "to": "a"},
            {"id": "e2", "from": "a", "to": "b"},
            {"id": "e3", "from": "b", "to": "a"},
        ],
    }
    loaded = shipped.load_flow(cycle)
    assert loaded["kind"] == "err", loaded
    assert "cycle" in json.dumps(loaded).lower()
    assert shipped.resolve_pack_env({"required": ["KINDGI_TOKEN"]}) == {
        "kind": "err",
        "message": '"KINDGI_TOKEN" in `env.required`:'
        " `KINDGI_*` names configure Kindgi, not the pack",
    }
    assert shipped.resolve_pack_env() == {"kind": "ok"}


INDEX: dict[str, Any] = {
    "artifactVersion": "20260101.1",
    "packId": "acme.corpus",
    "tools": [],
    "guardrails": [],
    "agents": [],
    "flows": [],
}


def test_a_deploy_through_the_shipped_route() -> None:
    """A signed deployment through `deploymentsRouter`: `validatePrimitives`'s issues in its
    shape, a clean index past validation, a malformed env refused before it."""
    assert shipped.deploy_issues(INDEX) == []
    tools = [
        {
            "id": "acme.lookup",
            "version": "1.0.0",
            "description": "Looks an order up",
            "input": {"type": "object", "properties": {"id": {"type": "string"}}},
            "output": {"type": "object"},
            "modulePath": "tools/lookup.py",
        }
    ]
    passed = shipped.deploy({**INDEX, "tools": tools})
    assert passed["passedValidation"], passed
    guardrails = [{"id": "acme.g", "kind": "zero-llm", "checkId": "must-cite", "severity": "low"}]
    issues = shipped.deploy_issues({**INDEX, "guardrails": guardrails})
    assert {(i["primitive"], i["index"], i["path"]) for i in issues} >= {
        ("guardrail", 0, "/severity")
    }
    assert all(i["id"] == "acme.g" for i in issues)
    env = shipped.deploy_issues({**INDEX, "env": {"required": ["not a name"]}})
    assert [i["code"] for i in env] == ["image-unverifiable"]
    assert "env is malformed" in env[0]["message"]
    unsigned = shipped.deploy(INDEX, artifact_version="20260101.2")
    assert unsigned["body"]["error"]["code"] == "image-unverifiable"
