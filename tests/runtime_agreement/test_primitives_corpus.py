"""Tools and guardrails as pack authors write them, checked by us and by the shipped runtime.

The corpus (`tests/data/primitives/corpus` and `prerelease-pack`: one module a case, realistic
pydantic models; its tools and guardrails here) is indexed
by the kindgi SDK itself, and each entry asked of the shipped code (`tests/oracle/shipped.py`):
a real deploy of an index holding it alone, the input compiled as every call compiles it, a
guardrail's config against its own schema, the llm-judge rule. Our side is `hatch-kindgi
check`'s pipeline on the same pack. Issue 28's bars, for the tools and guardrails:

- the runtime's verdict on every primitive (refused by the deploy, failing every call, or
  clean), one primitive a file;
- at least 95% of the deploy's messages in our report for the file;
- every every-call refusal an error in the runtime's words.

And issue 29's, where it deploys (`hosted-pack`: patterns only RE2 refuses, and a control):
the same bars with `target = "hosted"` against a runtime booted under the hosted bounds; with
no target, self-hosted's verdicts and a `hosted-profile` warning on each primitive the hosted
runtime alone refuses, none on one both take alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.pipeline import RunRequest
from hatch_kindgi.pipeline.run import run_pipeline
from hatch_kindgi.report.escape import shown
from hatch_kindgi.report.problems import Problem
from tests.helpers.primitives import deploy_says
from tests.helpers.sdk_index import sdk_entries
from tests.oracle.shipped import (
    Profile,
    compile_json_schema,
    guardrail_config_problems,
    require_oracle,
    tool_input_compile,
)

pytestmark = pytest.mark.sdk

CORPUS = Path(__file__).parents[1] / "data" / "primitives"
PACKS = ("corpus", "prerelease-pack", "hosted-pack")
_ENV = {"SOURCE_DATE_EPOCH": "1767225600"}


@dataclass
class Case:
    """One primitive: the runtime's answers and our problems for its file."""

    kind: str
    file: str
    id: str
    deploy: list[str] = field(default_factory=list)
    every_call: list[str] = field(default_factory=list)
    ours: list[Problem] = field(default_factory=list)

    @property
    def runtime_verdict(self) -> str:
        return "deploy" if self.deploy else "every-call" if self.every_call else "clean"

    @property
    def our_verdict(self) -> str:
        errors = [p for p in self.ours if p.severity == "error"]
        if any(p.code not in _EVERY_CALL_CODES for p in errors):
            return "deploy"
        return "every-call" if errors else "clean"

    def found(self, message: str) -> bool:
        return any(shown(message) in p.message for p in self.ours if p.severity == "error")


_EVERY_CALL_CODES = frozenset(
    {
        "tool-input-defaults",
        "guardrail-config",
        "guardrail-config-schema",
        "guardrail-judge-capabilities",
        "guardrail-config-pattern-timeout",
        "guardrail-config-timeout",
    }
)


def _every_call(kind: str, entry: dict[str, Any], profile: Profile) -> list[str]:
    """What fails every call of a primitive the deploy takes, in the runtime's words."""
    if kind == "tools":
        thrown = tool_input_compile(entry["input"], profile=profile)
        return [] if thrown is None else [thrown]
    said: list[str] = []
    schema = entry.get("configSchema")
    if isinstance(schema, dict):
        options = {"dialects": ["2020-12"], "strict": False}
        refused = compile_json_schema(schema, options, profile=profile)
        if refused is not None:
            said.append(refused)
        else:
            config = entry.get("config", ...)
            problems = guardrail_config_problems(schema, config, profile=profile)
            said += [p["message"] for p in problems]
    if entry.get("kind") == "llm-judge" and "judgeCapabilities" not in entry:
        said.append(f'llm-judge guardrail "{entry["id"]}" missing judgeCapabilities')
    return said


def _cases(work: Path, profile: Profile) -> tuple[Case, ...]:
    """Each primitive, the runtime booted under `profile` and ours checking for it: with
    `target = "hosted"` for the hosted profile, with no target for self-hosted's."""
    cases: list[Case] = []
    target = "hosted" if profile == "hosted" else None
    for pack in PACKS:
        root = CORPUS / pack
        # the corpus's agents and flows (issue 28's other half) include modules the SDK refuses
        index = sdk_entries(root, work / pack, file_errors=True)
        ours = run_pipeline(
            root, RunRequest(environ=_ENV, runner="command-line", target=target)
        ).problems
        for kind, key in (("tools", "modulePath"), ("guardrails", "checkModulePath")):
            for entry in index[kind]:
                said = deploy_says(kind, entry, profile=profile)
                deploy = [str(i["message"]) for i in said]
                case = Case(kind, f"{pack}/{entry[key]}", entry["id"], deploy)
                if not deploy:
                    case.every_call = _every_call(kind, entry, profile)
                case.ours = [p for p in ours if p.file == entry[key]]
                cases.append(case)
    return tuple(cases)


@pytest.fixture(scope="module")
def self_hosted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Case, ...]:
    require_oracle()
    return _cases(tmp_path_factory.mktemp("corpus"), "self-hosted")


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Case, ...]:
    require_oracle()
    return _cases(tmp_path_factory.mktemp("corpus-hosted"), "hosted")


@pytest.fixture(params=["self-hosted", "hosted"])
def cases(request: pytest.FixtureRequest) -> tuple[Case, ...]:
    """The corpus under each profile (with no target, and with `target = "hosted"`)."""
    found: tuple[Case, ...] = request.getfixturevalue(str(request.param).replace("-", "_"))
    return found


@pytest.mark.parametrize("kind", ["tools", "guardrails"])
def test_every_primitive_gets_the_runtimes_verdict(cases: tuple[Case, ...], kind: str) -> None:
    """Refused by the deploy, failing every call, or clean: ours is the runtime's, on all."""
    mine = [case for case in cases if case.kind == kind]
    differ = [
        (c.file, c.runtime_verdict, c.our_verdict)
        for c in mine
        if c.runtime_verdict != c.our_verdict
    ]
    counts = {
        v: sum(c.runtime_verdict == v for c in mine) for v in ("deploy", "every-call", "clean")
    }
    print(f"{kind}: {len(mine) - len(differ)}/{len(mine)} verdicts agree; runtime {counts}")
    assert len(mine) >= 20
    assert differ == []


def test_the_deploys_messages_are_in_our_report(cases: tuple[Case, ...]) -> None:
    """At least 95% of the deploy's messages appear in our report for the file."""
    messages = [(case, message) for case in cases for message in case.deploy]
    missing = [(case.file, message) for case, message in messages if not case.found(message)]
    share = (len(messages) - len(missing)) / len(messages)
    print(f"deploy messages in our report: {len(messages) - len(missing)}/{len(messages)}")
    assert share >= 0.95, missing


def test_every_call_refusals_are_errors_in_the_runtimes_words(cases: tuple[Case, ...]) -> None:
    """Each thing every call fails on is an error of ours that carries the runtime's words."""
    refusals = [(case, message) for case in cases for message in case.every_call]
    print(f"every-call refusals: {len(refusals)}")
    assert len(refusals) >= 10
    assert [(case.file, message) for case, message in refusals if not case.found(message)] == []


def test_what_only_hosted_refuses_is_a_warning_without_a_target(
    self_hosted: tuple[Case, ...], hosted: tuple[Case, ...]
) -> None:
    """No target: a `hosted-profile` warning on each primitive the hosted runtime refuses
    and the self-hosted one takes, carrying the hosted runtime's words; none on a primitive
    both runtimes answer alike."""
    pairs = list(zip(self_hosted, hosted))
    assert all(a.file == b.file and a.id == b.id for a, b in pairs)
    only_hosted = [
        (a, b) for a, b in pairs if a.runtime_verdict == "clean" and b.runtime_verdict != "clean"
    ]
    alike = [(a, b) for a, b in pairs if (a.deploy, a.every_call) == (b.deploy, b.every_call)]
    print(f"only hosted refuses: {len(only_hosted)}; answered alike: {len(alike)}")
    assert len(only_hosted) >= 6
    for plain, refused in only_hosted:
        warnings = [p for p in plain.ours if p.code == "hosted-profile"]
        assert warnings, plain.file
        for message in (*refused.deploy, *refused.every_call):
            assert any(shown(message) in p.message for p in warnings), (plain.file, message)
    for plain, _ in alike:
        assert [p for p in plain.ours if p.code == "hosted-profile"] == [], plain.file


def test_self_hosted_target_draws_no_hosted_warning(hosted: tuple[Case, ...]) -> None:
    """`target = "self-hosted"`: the primitives only hosted refuses draw nothing at all."""
    root = CORPUS / "hosted-pack"
    problems = run_pipeline(
        root, RunRequest(environ=_ENV, runner="command-line", target="self-hosted")
    )
    refused = {
        case.file
        for case in hosted
        if case.file.startswith("hosted-pack/") and case.runtime_verdict != "clean"
    }
    assert len(refused) >= 6
    assert [p for p in problems.problems if p.code == "hosted-profile"] == []
    assert [p for p in problems.problems if p.severity == "error"] == []
