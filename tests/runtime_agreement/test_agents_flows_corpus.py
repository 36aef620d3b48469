"""Agents and flows as pack authors write them, checked by us and by the shipped runtime.

The corpus (`tests/data/primitives/corpus`: one module a case, realistic pydantic code) is
indexed by the kindgi SDK itself, and each agent and flow asked of the shipped code
(`tests/oracle/shipped.py`): a real deploy of an index holding it alone, `loadFlow` (what every
run loads), `defineAgent` (a TypeScript pack's build). Our side is `hatch-kindgi check`'s
pipeline on the same pack. Issue 28's bars, for agents and flows:

- the runtime's verdict on every one (refused by the deploy; failing every run; refused by a
  TypeScript build only; clean);
- at least 95% of the deploy's messages in our report for the file;
- every every-run refusal an error in the runtime's words;
- every `defineAgent`-only refusal a warning (or, where the checks across entries refuse the
  same place, their error).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from hatch_kindgi.pipeline import RunRequest
from hatch_kindgi.pipeline.run import run_pipeline
from hatch_kindgi.report.escape import shown
from hatch_kindgi.report.problems import Problem
from tests.helpers.primitives import CORPUS, corpus_entries, deploy_says
from tests.oracle.shipped import define_agent, load_flow, require_oracle

pytestmark = pytest.mark.sdk

_ENV = {"SOURCE_DATE_EPOCH": "1767225600"}
_SDK_OWN = "the prompt block declares the parameters: leave parameters unset"
_COMPILES = ("outputSchema failed to compile: ", "Flow output schema failed to compile: ")
_DEPLOY_CODES = frozenset(
    {
        "agent-shape",
        "agent-instructions-liquid",
        "agent-output-schema",
        "flow-shape",
        "flow-schema",
    }
)


@dataclass
class Case:
    """One agent or flow: the runtime's answers and our problems for its file."""

    kind: str
    file: str
    deploy: list[tuple[str, str]] = field(default_factory=list)
    every_run: list[str] = field(default_factory=list)
    typescript: list[tuple[str, str]] = field(default_factory=list)
    ours: list[Problem] = field(default_factory=list)

    @property
    def runtime_verdict(self) -> str:
        if self.deploy:
            return "deploy"
        if self.every_run:
            return "every-run"
        return "typescript" if self.typescript else "clean"

    @property
    def our_verdict(self) -> str:
        codes = {p.code for p in self.ours if p.severity == "error"}
        if codes & _DEPLOY_CODES:
            return "deploy"
        if "flow-load" in codes:
            return "every-run"
        warned = any(p.code == "agent-define" for p in self.ours)
        return "typescript" if warned or self._refused_across_entries() else "clean"

    def _refused_across_entries(self) -> bool:
        return any(p.code.startswith("agent-") for p in self.ours if p.severity == "error")

    def found(self, message: str, *, code: str | None = None, severity: str = "error") -> bool:
        return any(
            shown(message) in p.message
            for p in self.ours
            if p.severity == severity and (code is None or p.code == code)
        )

    def warned(self, path: str, message: str) -> bool:
        """A defineAgent-only issue: our warning, or an error of ours at that place."""
        return self.found(message, code="agent-define", severity="warning") or any(
            p.severity == "error" and p.pointer == path for p in self.ours
        )


def _within(path: str, places: list[str]) -> bool:
    return any(path == place or path.startswith(place + "/") for place in places)


def _agent_case(entry: dict[str, Any]) -> Case:
    case = Case("agents", entry["modulePath"])
    case.deploy = [(str(i["path"]), str(i["message"])) for i in deploy_says("agents", entry)]
    spec = {key: value for key, value in entry.items() if key != "modulePath"}
    defined = define_agent(spec)
    issues = [] if defined["kind"] == "ok" else defined["error"]["issues"]
    refused = [path for path, _ in case.deploy]
    for issue in issues:
        path, message = str(issue["path"]), str(issue["message"])
        sdk_own = message == _SDK_OWN and entry.get("parameters") == []
        if not sdk_own and not _within(path, refused):
            case.typescript.append((path, message))
    return case


def _flow_case(entry: dict[str, Any]) -> Case:
    case = Case("flows", entry["modulePath"])
    case.deploy = [(str(i["path"]), str(i["message"])) for i in deploy_says("flows", entry)]
    flow = {k: v for k, v in entry.items() if k not in ("modulePath", "kernelPayloadVersion")}
    loaded = load_flow(flow)
    if loaded["kind"] == "err":
        message = str(loaded["error"]["message"])
        if not (case.deploy and any(lead in message for lead in _COMPILES)):
            case.every_run.append(message)
    return case


@pytest.fixture(scope="module")
def cases() -> tuple[Case, ...]:
    require_oracle()
    ours = run_pipeline(CORPUS, RunRequest(environ=_ENV, runner="command-line")).problems
    found = [_agent_case(entry) for entry in corpus_entries("agents")]
    found += [_flow_case(entry) for entry in corpus_entries("flows")]
    for case in found:
        case.ours = [p for p in ours if p.file == case.file]
    return tuple(found)


@pytest.mark.parametrize("kind", ["agents", "flows"])
def test_every_agent_and_flow_gets_the_runtimes_verdict(cases: tuple[Case, ...], kind: str) -> None:
    """Refused by the deploy, failing every run, refused by a TypeScript build, or clean:
    ours is the runtime's, on all."""
    mine = [case for case in cases if case.kind == kind]
    differ = [
        (c.file, c.runtime_verdict, c.our_verdict)
        for c in mine
        if c.runtime_verdict != c.our_verdict
    ]
    verdicts = ("deploy", "every-run", "typescript", "clean")
    counts = {v: sum(c.runtime_verdict == v for c in mine) for v in verdicts}
    print(f"{kind}: {len(mine) - len(differ)}/{len(mine)} verdicts agree; runtime {counts}")
    assert len(mine) >= 20
    assert differ == []


def test_the_deploys_messages_are_in_our_report(cases: tuple[Case, ...]) -> None:
    """At least 95% of the deploy's messages appear in our report for the file."""
    messages = [(case, message) for case in cases for _, message in case.deploy]
    missing = [(case.file, message) for case, message in messages if not case.found(message)]
    share = (len(messages) - len(missing)) / len(messages)
    print(f"deploy messages in our report: {len(messages) - len(missing)}/{len(messages)}")
    assert share >= 0.95, missing


def test_every_run_refusals_are_errors_in_the_runtimes_words(cases: tuple[Case, ...]) -> None:
    """Each thing every run of a flow fails on is a flow-load error carrying loadFlow's words."""
    refusals = [(case, message) for case in cases for message in case.every_run]
    print(f"every-run refusals: {len(refusals)}")
    assert len(refusals) >= 15
    missing = [
        (case.file, message)
        for case, message in refusals
        if not case.found(message, code="flow-load")
    ]
    assert missing == []


def test_typescript_only_refusals_are_warnings(cases: tuple[Case, ...]) -> None:
    """Each defineAgent issue at a place the deploy takes is a warning of ours in its words
    (none for the SDK's own `parameters: []`)."""
    issues = [(case, path, message) for case in cases for path, message in case.typescript]
    print(f"TypeScript-build-only refusals: {len(issues)}")
    assert len(issues) >= 25
    missing = [(c.file, path, m) for c, path, m in issues if not c.warned(path, m)]
    assert missing == []
    extra = [
        (case.file, p.pointer)
        for case in cases
        for p in case.ours
        if p.code == "agent-define" and not any(p.pointer == path for path, _ in case.typescript)
    ]
    assert extra == [], "a warning the TypeScript build doesn't give"
