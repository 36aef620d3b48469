"""Every golden line of the agent and flow broken testpacks, checked against the shipped
runtime, and every refusal of the runtime found in the golden report.

Each pack is indexed by the kindgi SDK itself (nothing of ours runs), and each entry asked of
the shipped code (`tests/oracle/shipped.py`): a real deploy of an index holding it,
`defineAgent` (a TypeScript pack's build), `loadFlow` (every run). Both ways:

- each message the runtime gives is in the golden report, on the entry's file, at its path
  (or inside it);
- each line of ours is the runtime's: its words, after what kind of refusal it is, are one of
  the runtime's messages for the entry of that file, at that place. An inline schema's faults
  after the first are checked by fixing them in turn (the keyword the runtime names deleted)
  and compiling again, so each is what the runtime's compile says once the ones before it are
  gone. The flow on which `loadFlow` never ends is shown to hang, in a process of its own.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.primitives.agents import TYPESCRIPT
from hatch_kindgi.report.escape import shown
from tests.helpers.golden_lines import Line, golden_lines
from tests.helpers.packs import BROKEN
from tests.helpers.primitives import deploy_says, indexed
from tests.oracle.shipped import (
    Profile,
    compile_inline_schema,
    define_agent,
    load_flow,
    node_executable,
    node_modules,
    require_oracle,
)

pytestmark = pytest.mark.sdk

AGENT_CASES = [
    "agent-shape",
    "agent-instructions-liquid",
    "agent-output-schema",
    "agent-define",
    "agent-define-strict",
    "agent-instructions-too-long",
]
FLOW_CASES = ["flow-schema", "flow-load"]
_EVERY_RUN = "every run of this flow fails: "
_COMPILE = "Inline schema failed to compile: "
_REFUSED = {"agents": "; the deploy refuses this agent", "flows": "; the deploy refuses this flow"}
_HANGS = "acme.broken.proofread"
"""The flow `loadFlow` never answers on (never sent to the shared oracle)."""


def _profile(pack: Path) -> Profile:
    """The profile the case builds for: its hook option `target` (none: self-hosted's)."""
    import tomllib

    document = tomllib.loads((pack / "pyproject.toml").read_text("utf-8"))
    hook = document.get("tool", {}).get("hatch", {}).get("build", {}).get("hooks", {})
    return "hosted" if hook.get("kindgi", {}).get("target") == "hosted" else "self-hosted"


def _inside(pointer: str, path: str) -> bool:
    return pointer == path or pointer.startswith(path + "/")


def _entry_at(pointer: str, entry: dict[str, Any]) -> Any:
    node: Any = entry
    for raw in pointer.split("/")[1:]:
        step = raw.replace("~1", "/").replace("~0", "~")
        node = node[int(step)] if isinstance(node, list) else node[step]
    return node


def _schema_lines_in_turn(schema: Any, at: str, lines: list[Line], kind: str) -> list[Line]:
    """The lines of one inline schema at `at`, matched in turn to what `compileInlineSchema`
    says once the faults before are deleted: the lines left unmatched."""
    left = list(lines)
    schema = copy.deepcopy(schema)
    for _ in range(len(lines) + 1):
        thrown = compile_inline_schema(schema)
        if thrown is None:
            break
        said = shown(f"doesn't compile: {thrown.removeprefix(_COMPILE)}")
        found = next((line for line in left if line.message.startswith(said + "; ")), None)
        assert found is not None, f"the runtime says {said!r} at {at}, and no line of ours does"
        assert found.message.endswith(_REFUSED[kind]), found
        left.remove(found)
        _delete(schema, found.pointer.removeprefix(at))
    return left


def _delete(schema: Any, pointer: str) -> None:
    steps = [step.replace("~1", "/").replace("~0", "~") for step in pointer.split("/")[1:]]
    node = schema
    for step in steps[:-1]:
        node = node[int(step)] if isinstance(node, list) else node[step]
    if isinstance(node, list):
        del node[int(steps[-1])]
    else:
        del node[steps[-1]]


def _hangs(flow: dict[str, Any], seconds: float = 5.0) -> bool:
    """Whether the shipped `loadFlow` is still busy on `flow` after `seconds`, in a Node of
    its own (killed then)."""
    script = (
        f"const f = await import({json.dumps(str(node_modules() / '@kindgi/flow/dist/index.js'))});"
        f"f.loadFlow({json.dumps(flow)}); console.log('answered');"
    )
    try:
        subprocess.run(
            [node_executable(), "--input-type=module", "-e", script],
            capture_output=True,
            timeout=seconds,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return True
    return False


def _entries(case: str, kind: str) -> dict[str, dict[str, Any]]:
    index = indexed(BROKEN / case)
    assert index["outcome"]["kind"] == "ok", index["outcome"]
    assert index["outcome"]["value"]["fileErrors"] == []
    return {entry["modulePath"]: entry for entry in index[kind]}


@pytest.mark.parametrize("case", AGENT_CASES)
def test_agent_golden_lines_are_the_runtimes(case: str) -> None:
    """Each agent line: the deploy's words at its path, or defineAgent's at its path; and
    every deploy issue and defineAgent-only issue of the pack in the golden report."""
    require_oracle()
    lines = golden_lines(case)
    profile = _profile(BROKEN / case)
    for file, entry in _entries(case, "agents").items():
        mine = [line for line in lines if line.file == file]
        deploy = [
            (str(i["path"]), str(i["message"]))
            for i in deploy_says("agents", entry, profile=profile)
        ]
        spec = {key: value for key, value in entry.items() if key != "modulePath"}
        defined = define_agent(spec, profile=profile)
        issues = [] if defined["kind"] == "ok" else defined["error"]["issues"]
        typescript = [
            (str(i["path"]), str(i["message"]))
            for i in issues
            if not any(_inside(str(i["path"]), path) for path, _ in deploy)
        ]
        schema_lines = [line for line in mine if line.code == "agent-output-schema"]
        if schema_lines:
            schema = _entry_at("/output/schema", entry)
            assert _schema_lines_in_turn(schema, "/output/schema", schema_lines, "agents") == []
        for line in mine:
            if line.code == "agent-output-schema":
                continue
            if line.code == "agent-define":
                said = [shown(m) for path, m in typescript if path == line.pointer]
                assert line.severity == ("error" if case.endswith("strict") else "warning")
                assert any(
                    line.message == f"{m}; {TYPESCRIPT}"
                    or line.message == f"{m} {TYPESCRIPT[:1].upper()}{TYPESCRIPT[1:]}"
                    for m in said
                ), line
            else:
                said = [shown(m) for path, m in deploy if path == line.pointer]
                assert line.severity == "error"
                assert any(line.message.startswith(m + "; ") for m in said), (line, deploy)
        for path, message in deploy + typescript:
            assert any(
                _inside(line.pointer, path) and shown(message) in line.message for line in mine
            ), (file, path, message)


@pytest.mark.parametrize("case", FLOW_CASES)
def test_flow_golden_lines_are_the_runtimes(case: str) -> None:
    """Each flow line: the deploy's words at its path (a schema's faults in turn), or
    loadFlow's error for that flow after "every run of this flow fails"; and every refusal of
    the runtime in the golden report."""
    require_oracle()
    lines = golden_lines(case)
    for file, entry in _entries(case, "flows").items():
        mine = [line for line in lines if line.file == file]
        deploy = [(str(i["path"]), str(i["message"])) for i in deploy_says("flows", entry)]
        for path, message in deploy:
            assert any(
                _inside(line.pointer, path) and line.message.startswith(shown(message))
                for line in mine
            ), (file, path, message)
            schema_lines = [line for line in mine if _inside(line.pointer, path)]
            left = _schema_lines_in_turn(_entry_at(path, entry), path, schema_lines, "flows")
            assert left == []
        flow = {k: v for k, v in entry.items() if k not in ("modulePath", "kernelPayloadVersion")}
        runs = [line for line in mine if line.code == "flow-load"]
        if entry["id"] == _HANGS:
            assert _hangs(flow), "loadFlow answered on the flow we say it hangs on"
            assert len(runs) == 1
            continue
        loaded = load_flow(flow)
        if deploy or loaded["kind"] == "ok":
            assert runs == [], (file, runs)
            continue
        said = shown(f"{_EVERY_RUN}{loaded['error']['message']}")
        assert [line.message.startswith(said) for line in runs] == [True], (file, said, runs)
