"""The reads check held to the kindgi SDK itself: each read of the corpus
(`tests/data/reads/cases.py`) run for real through its handler with the context a deploy gives
it (`ToolContext.for_test` with the calling agent's pinned values, a flow's none, the declared
env and secrets; under the environment `undeclared_pack_env` leaves of the author's), and the
static verdict equal to what the call did: KeyError, the default, or the value. The same
again with the blocks as the files of blocks with errors of their own declare them
(`BlocksOutcome.erred`): a deploy of the fixed block hands its values, so a read of a block
whose id, kind, version and values are known is judged as a clean one's."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hatch_kindgi.checks.reads import PLATFORM_ENV_NAMES, PLATFORM_ENV_PREFIXES, read_problems
from hatch_kindgi.report.problems import Problem
from tests.data.reads import cases
from tests.data.reads.cases import CASES, Case

pytestmark = pytest.mark.sdk
kindgi = pytest.importorskip("kindgi")

_MODULE = '''"""Corpus case {name}."""

from __future__ import annotations

import os
from os import environ, getenv
from typing import Any

from pydantic import BaseModel

from kindgi import ToolContext, tool


class Nothing(BaseModel):
    pass


@tool(id="acme.corpus.{name}", needs_spec={needs!r}, mutating=False)
def handler(data: Nothing, {context}: ToolContext) -> Any:
    """Corpus case {name}."""
    {body}
'''

BLOCKS = (
    ("acme.style", cases.STYLE, cases.SCHEMA_KEYS),
    ("acme.weights", cases.WEIGHTS, ()),
)


def _block(block_id: str, values: Mapping[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    content: dict[str, Any] = {"values": dict(values)}
    if keys:
        content["schema"] = {"type": "object", "properties": {key: {} for key in keys}}
    return {
        "id": block_id,
        "version": "1.0.0",
        "kind": "settings",
        "content": content,
        "modulePath": f"blocks/{block_id}.json",
    }


def _file(case: Case) -> str:
    return f"tools/{case.name.replace('-', '_')}.py"


@pytest.fixture(scope="module", params=["clean", "erred"])
def corpus(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> tuple[Path, dict[str, list[Problem]]]:
    """The corpus written as one pack's modules, and the check's problems by module, its
    blocks clean or with errors of their own."""
    root = tmp_path_factory.mktemp("reads")
    (root / "tools").mkdir()
    tools, agents, flows = [], [], []
    for case in CASES:
        tool_id = f"acme.corpus.{case.name}"
        text = _MODULE.format(
            name=case.name, needs=case.needs_spec, context=case.context, body=case.body
        )
        (root / _file(case)).write_text(text, "utf-8")
        entry: dict[str, Any] = {"id": tool_id, "version": "1.0.0", "modulePath": _file(case)}
        if case.needs_spec:
            entry["needsSpec"] = case.needs_spec
        tools.append(entry)
        listed = [{"id": tool_id, "version": "^1.0.0"}]
        if case.pins is None:
            node = {"id": "call", "kind": "tool", "ref": tool_id}
            flows.append({"id": f"{tool_id}-flow", "modulePath": "flows/f.py", "nodes": [node]})
        else:
            pins = [{"id": pin, "version": "^1.0.0"} for pin in case.pins]
            agent = {"id": f"{tool_id}-agent", "modulePath": "agents/a.py", "tools": listed}
            agents.append({**agent, "settings": pins})

    def read_text(file: str) -> str | None:
        try:
            return (root / file).read_text("utf-8")
        except OSError:
            return None

    blocks = [_block(*block) for block in BLOCKS]
    erred = request.param == "erred"
    problems = read_problems(
        tools,
        [],
        agents,
        flows,
        [] if erred else blocks,
        env_required=cases.ENV_REQUIRED,
        env_optional=cases.ENV_OPTIONAL,
        read_text=read_text,
        erred_blocks=blocks if erred else (),
    )
    by_file: dict[str, list[Problem]] = {}
    for problem in problems:
        by_file.setdefault(problem.file, []).append(problem)
    return root, by_file


def _module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"reads_corpus_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _deploys(case: Case) -> Iterator[tuple[Any, dict[str, str]]]:
    """Each context and environment a deploy gives a call: with the optional names (an
    optional secret, an optional env name) set, and unset."""
    from kindgi.pack.context import ToolContext
    from kindgi.pack.env_filter import undeclared_pack_env

    declaration = {"required": list(cases.ENV_REQUIRED), "optional": list(cases.ENV_OPTIONAL)}
    values = {"acme.style": cases.STYLE, "acme.weights": cases.WEIGHTS}
    settings = {} if case.pins is None else {pin: dict(values[pin]) for pin in case.pins}
    env_spec = case.needs_spec.get("env", {})
    env = {
        name: cases.ENV_VALUES.get(name, schema.get("default")) for name, schema in env_spec.items()
    }
    for optional_set in (True, False):
        secrets = {
            name: cases.SECRET_VALUES[name]
            for name, schema in case.needs_spec.get("secrets", {}).items()
            if optional_set or "null" not in schema.get("type", ())
        }
        laptop = dict(cases.LAPTOP)
        if not optional_set:
            for name in cases.ENV_OPTIONAL:
                laptop.pop(name, None)
        dropped = set(undeclared_pack_env(declaration, laptop))
        environment = {name: value for name, value in laptop.items() if name not in dropped}
        context = ToolContext.for_test(settings=settings, env=env, secrets=secrets)
        yield context, environment


def _outcome(handler: Any, context: Any, environment: dict[str, str]) -> str:
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(environment)
    try:
        got = handler.handler(handler.input_type(), context)
    except KeyError:
        return "KeyError"
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return "default" if got in ("DEFAULT", None) else "value"


def _expected(problems: list[Problem], case: Case) -> set[frozenset[str]]:
    """What the call may do, as the static verdict says."""
    if not problems:
        if case.left_alone:
            return {frozenset({"default"})}
        return {frozenset({"value"}), frozenset({"value", "default"})}
    assert len(problems) == 1, problems
    problem = problems[0]
    if problem.severity == "error":
        return {frozenset({"KeyError"})}
    if "raises KeyError" in problem.message:
        return {frozenset({"value", "KeyError"})}
    return {frozenset({"default"})}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_static_verdict_is_what_the_call_does(
    case: Case, corpus: tuple[Path, dict[str, list[Problem]]]
) -> None:
    """The check says KeyError where every call raises it, the default where every call
    gets it, "sometimes" where it depends on an optional name, and nothing where the call
    gets the value (or what no build can judge: the corpus says which)."""
    root, problems = corpus
    handler = _module(root / _file(case)).handler
    outcomes = frozenset(
        _outcome(handler, context, environment) for context, environment in _deploys(case)
    )
    assert outcomes in _expected(problems.get(_file(case), []), case)


def test_platform_names_are_the_sdks() -> None:
    """The names and prefixes the pack service keeps undeclared are kindgi's own."""
    from kindgi.pack import env_filter

    assert PLATFORM_ENV_NAMES == env_filter.PLATFORM_ENV_NAMES
    assert (*env_filter.PLATFORM_ENV_PREFIXES, "KINDGI_") == PLATFORM_ENV_PREFIXES
