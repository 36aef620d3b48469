"""Which of a tool's secrets are optional, held to the shipped runtime's rule
(`toolOptionalSecretNames`, `@kindgi/tools` env-names.ts): a schema that names null, compiles
as `compileInlineSchema` compiles it, and takes null. The cases that rule turns on are a
secret's schema with a `$ref` to a document outside it (`https://...`): nothing fetches it,
neither the runtime nor the build, so the schema doesn't compile, the secret is required, and
the deploy refuses the tool in its own words; the metaschema, which Ajv holds itself, is no
such document. No network request is made on the way (sockets refused while we check)."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from hatch_kindgi.checks.reads import read_problems
from hatch_kindgi.primitives.stage import check_primitives
from tests.helpers.primitives import deploy_says
from tests.oracle import shipped

REMOTE = "https://secrets.example.com/key.json"
SECRETS: dict[str, dict[str, Any]] = {
    "NULLABLE": {"type": ["string", "null"]},
    "PLAIN": {"type": "string"},
    "NULL_BRANCH": {"anyOf": [{"type": "null"}, {"type": "string"}]},
    "LOCAL_REF": {
        "type": ["string", "null"],
        "$ref": "#/$defs/token",
        "$defs": {"token": {"type": ["string", "null"]}},
    },
    "REMOTE_REF": {"type": ["string", "null"], "$ref": REMOTE},
    "REMOTE_BRANCH": {"anyOf": [{"type": "null"}, {"$ref": REMOTE}]},
    "REMOTE_FRAGMENT": {"oneOf": [{"const": None}, {"$ref": REMOTE + "#/$defs/token"}]},
    "REMOTE_HTTP": {"enum": [None, "x"], "$ref": "http://secrets.example.com/key.json"},
    "RELATIVE_UNDER_ID": {
        "$id": "https://secrets.example.com/root.json",
        "anyOf": [{"type": "null"}, {"$ref": "token.json"}],
    },
    "URN_REF": {"anyOf": [{"type": "null"}, {"$ref": "urn:example:token"}]},
    "METASCHEMA_REF": {
        "anyOf": [{"type": "null"}, {"$ref": "https://json-schema.org/draft/2020-12/schema"}]
    },
}
OUTSIDE = {name for name in SECRETS if name.startswith(("REMOTE", "RELATIVE", "URN"))}
"""The schemas that refer to a document outside them, which nobody fetches (written by hand:
the oracle's answers below must agree)."""

TOOL_FILE = "tools/keys.py"
MODULE = (
    "from kindgi import ToolContext, tool\n\n\n"
    '@tool(id="acme.keys.read")\n'
    "def read(data: In, ctx: ToolContext) -> Out:\n"
    '    """Reads every secret by subscript."""\n'
    + "".join(f'    ctx.secrets["{name}"]\n' for name in SECRETS)
)
TOOL: dict[str, Any] = {
    "id": "acme.keys.read",
    "description": "Reads every secret.",
    "version": "1.0.0",
    "input": {"type": "object"},
    "output": {"type": "object"},
    "effects": [],
    "needsSpec": {"secrets": SECRETS},
    "modulePath": TOOL_FILE,
}


@pytest.fixture(autouse=True)
def _oracle() -> None:
    shipped.require_oracle()


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every attempt to resolve a host or open a connection, refused and recorded."""
    attempts: list[object] = []

    def refuse(*args: object, **kwargs: object) -> Any:
        attempts.append(args)
        raise OSError("no network in this test")

    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    return attempts


def test_the_optional_secrets_are_the_runtimes(no_network: list[object]) -> None:
    """A subscript read of a secret warns (absent when unset) exactly for the secrets the
    runtime calls optional; one whose schema refers outside it is required there (its schema
    doesn't compile), so its read says nothing, whichever branch the `$ref` is in."""
    optional = shipped.tool_optional_secret_names({"needsSpec": {"secrets": SECRETS}})
    assert OUTSIDE.isdisjoint(optional)  # the oracle's verdict on the cases this is about
    assert {"NULLABLE", "METASCHEMA_REF"} <= set(optional)
    agent = {
        "id": "acme.keys.agent",
        "modulePath": "agents/a.py",
        "tools": [{"id": "acme.keys.read", "version": "^1.0.0"}],
    }
    problems = read_problems(
        [TOOL],
        [],
        [agent],
        [],
        [],
        env_required=(),
        env_optional=(),
        read_text={TOOL_FILE: MODULE}.get,
    )
    lines = {7 + index: name for index, name in enumerate(SECRETS)}  # MODULE's read lines
    warned = sorted(lines[problem.line or 0] for problem in problems)
    assert [(p.severity, p.code) for p in problems] == [("warning", "read-tool-secret")] * len(
        optional
    )
    assert warned == sorted(optional)
    assert no_network == []


@pytest.mark.parametrize("name", list(SECRETS))
def test_a_schema_referring_outside_is_the_deploys_refusal(
    name: str, no_network: list[object]
) -> None:
    """The tool itself, declaring the one secret: an error where the shipped deploy refuses
    it, in its words then ours, at the `$ref` that refers outside; none where it takes it (a
    deploy names a tool's first refusal only: one secret a tool)."""
    tool = {**TOOL, "needsSpec": {"secrets": {name: SECRETS[name]}}}
    deploy = [(issue["path"], issue["message"]) for issue in deploy_says("tools", tool)]
    problems = check_primitives({"tools": [tool]})
    assert no_network == []
    if name not in OUTSIDE:
        assert (deploy, problems) == ([], ())
        return
    assert [path for path, _ in deploy] == [f"/needsSpec/secrets/{name}"]
    assert [(p.severity, p.code) for p in problems] == [("error", "tool-needs-spec")]
    problem = problems[0]
    assert problem.pointer is not None
    assert problem.pointer.startswith(f"/needsSpec/secrets/{name}/")
    assert problem.pointer.endswith("/$ref")
    assert problem.message.startswith(deploy[0][1] + "; ")
    assert "nothing is fetched while building" in problem.message
