"""A tool entry held to the runtime: what the shipped deploy refuses, what every call fails on.

Each case is an entry as the kindgi SDK writes one; the runtime's answer comes from the
shipped code itself (`tests/oracle/shipped.py`): a real deploy of an index holding it
(`deploy_issues`, through `validatePrimitives`) and the input compiled as every call compiles
it (`tool_input_compile`). The deploy stops at a tool's first failing stage, and we don't:
each of its messages must be in one of our errors, at its path, and we refuse exactly the
tools it refuses.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.primitives.specs import SHIPPED_SHA256, Spec, spec_schema
from hatch_kindgi.primitives.tools import tool_findings
from tests.helpers.primitives import deploy_says, tool_entry, unmatched
from tests.oracle.shipped import (
    node_modules,
    require_oracle,
    tool_input_compile,
    validate_tool_manifest,
)

_OPTIONAL_DEFAULT = {
    "properties": {
        "placed": {
            "anyOf": [
                {
                    "properties": {"end": {"default": None, "type": "string"}},
                    "type": "object",
                },
                {"type": "null"},
            ],
            "default": None,
        }
    },
    "type": "object",
}

CASES: dict[str, dict[str, Any]] = {
    "clean": {},
    "clean http tool": {
        "spec": {"kind": "http", "method": "GET", "urlTemplate": "https://api.example.com/{q}"}
    },
    "prerelease version": {"version": "2.0.0-beta.1"},
    "no version": {"version": None},
    "effect kind delete": {"effects": [{"kind": "delete"}]},
    "effect with a typo'd key": {"effects": [{"kind": "reads", "resouce": "x"}]},
    "network domains": {"network": {"kind": "allowlist", "domains": ["api.example.com"]}},
    "network hosts": {"network": {"kind": "allowlist", "hosts": ["api.example.com"]}},
    "limits zero": {"limits": {"memMB": 64, "cpuMs": 0}},
    "limits partial": {"limits": {"memMB": 64}},
    "sandbox unknown": {"sandbox": "docker"},
    "empty description": {"description": ""},
    "needs extra key": {"needs": [{"name": "db", "why": "x"}]},
    "built-in prefix": {"id": "kindgi_lookup"},
    "discriminator": {
        "input": {
            "discriminator": {"propertyName": "kind"},
            "oneOf": [{"type": "object"}],
            "type": "object",
        }
    },
    "example": {
        "input": {"properties": {"q": {"example": "x", "type": "string"}}, "type": "object"}
    },
    "unknown format": {
        "input": {"properties": {"q": {"format": "uuid4", "type": "string"}}, "type": "object"}
    },
    "binary format is fine": {
        "input": {"properties": {"q": {"format": "binary", "type": "string"}}, "type": "object"}
    },
    "python named group": {
        "input": {
            "properties": {"q": {"pattern": "^(?P<a>\\d+)$", "type": "string"}},
            "type": "object",
        }
    },
    "required not in properties": {"input": {"required": ["q"], "type": "object"}},
    "draft-07 $schema": {
        "input": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}
    },
    "draft-04 items": {
        "input": {
            "properties": {"p": {"items": [{"type": "number"}], "type": "array"}},
            "type": "object",
        }
    },
    "two faults in one input": {
        "input": {
            "properties": {
                "a": {"example": 1, "type": "string"},
                "b": {"format": "path", "type": "string"},
            },
            "type": "object",
        }
    },
    "output discriminator": {
        "output": {"discriminator": {"propertyName": "k"}, "oneOf": [{}], "type": "object"}
    },
    "x-kindgi-tunable is no tool keyword": {
        "input": {
            "properties": {"q": {"type": "number", "x-kindgi-tunable": True}},
            "type": "object",
        }
    },
    "needs secret example": {
        "needsSpec": {"secrets": {"TOKEN": {"example": "x", "type": "string"}}}
    },
    "needs env default int": {"needsSpec": {"env": {"BATCH": {"default": 50, "type": "string"}}}},
    "needs env default null": {"needsSpec": {"env": {"BATCH": {"default": None}}}},
    "needs ok": {"needsSpec": {"env": {"REGION": {"default": "eu", "type": "string"}}}},
    "http no scheme": {
        "spec": {"kind": "http", "method": "GET", "urlTemplate": "api.example.com/{q}"}
    },
    "http host placeholder": {
        "spec": {"kind": "http", "method": "GET", "urlTemplate": "https://{q}.example.com/x"}
    },
    "http port placeholder": {
        "spec": {"kind": "http", "method": "GET", "urlTemplate": "http://example.com:{q}/x"}
    },
    "http empty host": {"spec": {"kind": "http", "method": "GET", "urlTemplate": "https:///x"}},
    "http upper-case scheme": {
        "spec": {"kind": "http", "method": "GET", "urlTemplate": "HTTPS://api.example.com/x"}
    },
    "http unknown method": {
        "spec": {"kind": "http", "method": "FETCH", "urlTemplate": "https://example.com"}
    },
    "reserved metadata key": {"metadata": {"kindgi.scope": "x", "author": "me"}},
    "metadata ok": {"metadata": {"author": "me"}},
    "every call fails": {"input": _OPTIONAL_DEFAULT},
    "transport unknown": {"transport": "grpc"},
    "a field of a newer CLI": {"pauses": True},
    "several stages at once": {
        "version": "1.0.0-rc.1",
        "id": "kindgi_x",
        "input": {"required": ["q"], "type": "object"},
        "spec": {"kind": "http", "method": "GET", "urlTemplate": "https://{q}.x.com"},
    },
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_deploys_verdict_and_words(name: str) -> None:
    """We refuse the tools the deploy refuses, with each of its messages at its path."""
    require_oracle()
    entry = tool_entry(**CASES[name])
    issues = deploy_says("tools", entry)
    findings = [f for f in tool_findings(entry) if f.code != "tool-input-defaults"]
    assert bool(findings) == bool(issues), (issues, findings)
    assert unmatched(issues, findings) == []


@pytest.mark.parametrize("name", list(CASES))
def test_what_every_call_fails_on(name: str) -> None:
    """An input the deploy takes but every call's compile (useDefaults) refuses is an error
    led by the runtime's message; none where every call compiles it."""
    require_oracle()
    entry = tool_entry(**CASES[name])
    if deploy_says("tools", entry):
        return  # the deploy's alone: one report per fault
    thrown = tool_input_compile(entry["input"])
    every_call = [f for f in tool_findings(entry) if f.code == "tool-input-defaults"]
    if thrown is None:
        assert every_call == []
    else:
        assert every_call[0].message.startswith(thrown + "; every call of this tool fails")


def test_the_copied_schemas_are_the_shipped_ones() -> None:
    """Our tool.schema.json and guardrail.schema.json are kindgi-cli's, byte for byte: a newer
    kindgi-cli that changes one fails here, and the copy (and its rules) move with it."""
    require_oracle()
    shipped: dict[Spec, Path] = {
        "tool.schema.json": node_modules() / "@kindgi" / "tools" / "dist" / "tool.schema.json",
        "guardrail.schema.json": node_modules()
        / "@kindgi"
        / "guardrails"
        / "dist"
        / "guardrail.schema.json",
    }
    for name, path in shipped.items():
        assert hashlib.sha256(path.read_bytes()).hexdigest() == SHIPPED_SHA256[name]
        assert spec_schema(name) == json.loads(path.read_text("utf-8"))


def test_odd_entries_never_raise() -> None:
    """Any JSON in any field is a problem or nothing, never an exception."""
    odds: list[Any] = [None, 0, "x", [], [None], {"kind": None}, {"": {}}, True]
    for odd in odds:
        for field in ("id", "version", "input", "output", "effects", "needsSpec", "spec",
                      "metadata", "network", "limits", "transport", "modulePath"):  # fmt: skip
            tool_findings(tool_entry(**{field: odd}))


@pytest.mark.parametrize(
    ("name", "codes"),
    [
        ("prerelease version", {"tool-manifest"}),
        ("built-in prefix", {"tool-id"}),
        ("discriminator", {"tool-schema"}),
        ("needs env default int", {"tool-needs-spec"}),
        ("http host placeholder", {"tool-url-template"}),
        ("reserved metadata key", {"tool-metadata"}),
        ("every call fails", {"tool-input-defaults"}),
        (
            "several stages at once",
            {"tool-manifest", "tool-id", "tool-schema", "tool-url-template"},
        ),
    ],
)
def test_each_stage_has_its_code(name: str, codes: set[str]) -> None:
    """Each of the deploy's stages, and every call's compile, under a code of its own; every
    stage that fails is reported, not the first alone."""
    assert {finding.code for finding in tool_findings(tool_entry(**CASES[name]))} == codes


_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.text(max_size=6),
    st.sampled_from(["1.0.0", "1.0.0-rc.1", "reads", "delete", "allowlist", "none", "strict",
                     "docker", "http", "GET", "https://x.example/{a}", "mcp", ""]),
    st.lists(st.sampled_from([{"kind": "reads"}, {"kind": "x"}, {"name": "db"}, "s", 1]),
             max_size=2),
    st.fixed_dictionaries({}, optional={"kind": st.sampled_from(["allowlist", "none", "x"]),
                                        "hosts": st.just(["a"]), "domains": st.just(["a"]),
                                        "memMB": st.integers(0, 2), "cpuMs": st.integers(0, 2),
                                        "env": st.just({"A": {}}), "method": st.just("GET"),
                                        "urlTemplate": st.just("https://a/")}),
)  # fmt: skip
_MANIFEST_FIELDS = st.sampled_from(
    ["id", "description", "version", "input", "output", "effects", "needs", "needsSpec",
     "sandbox", "limits", "network", "transport", "mcpEndpoint", "metadata", "mutating",
     "spec", "pauses"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(_MANIFEST_FIELDS, _VALUES, max_size=4))
def test_the_manifest_check_is_validate_tool_manifests(fields: dict[str, Any]) -> None:
    """tool.schema.json's issues are exactly `validateToolManifest`'s when its first failing
    stage is the schema, and there are none when it gets past it."""
    require_oracle()
    from hatch_kindgi.primitives.specs import spec_issues

    candidate = {k: v for k, v in tool_entry(**fields).items() if k != "modulePath"}
    ours = spec_issues("tool.schema.json", candidate)
    answer = validate_tool_manifest(candidate)
    error = answer.get("error", {})
    if (
        answer["kind"] == "err"
        and error.get("code") == "invalid-tool-definition"
        and (
            error.get("message") == "Data does not validate against "
            "https://kindgi.com/schemas/v1/tool.schema.json"
        )
    ):
        theirs = [(i["path"], i["message"]) for i in error["issues"]]
        assert sorted(set(ours)) == sorted(set(theirs))
    else:
        assert ours == [], answer
