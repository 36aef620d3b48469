"""The checks' problems placed in the module that declares the entry, as the primitives stage's
are (the pipeline's placement step, `pipeline.places.place_problems`, on
`primitives.modules.DeclaringModules`): every line and column here is written by hand from
the module's text below."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.pipeline.places import place_problems
from hatch_kindgi.primitives.modules import DeclaringModules
from hatch_kindgi.report.problems import Problem
from tests.helpers.entries import GUARD_FILE, guardrail
from tests.unit.checks.test_stage import AGENT_FILE, agent, block, tool

# Two agents in one module, columns counted by hand: line 8
# `    settings=[{"id": "acme.style", "version": "^2.0.0"}],` has `"^2.0.0"` at column 47;
# line 16 `    tools=[{"id": "acme.pïng", "version": "lat€st"}],` has `"lat€st"` at 43 (the `ï`
# before it is one character, two bytes as ast counts); line 17 `    model_settings={...`
# has its `{` at 20.
AGENTS = """\
    from kindgi import Agent

    writer = Agent(
        id="acme.writer",
        version="1.0.0",
        name="Writer",
        instructions="You write.",
        settings=[{"id": "acme.style", "version": "^2.0.0"}],
    )

    editor = Agent(
        id="acme.editor",
        version="1.0.0",
        name="Editor",
        instructions={"prompt": "acme.prompt", "version": "^1.0.0"},
        tools=[{"id": "acme.pïng", "version": "lat€st"}],
        model_settings={"id": "acme.model", "version": "^1.0.0"},
        preferred_model="gpt-5",
    )
"""

# A guardrail declared by its decorator: `/at` names no keyword, so the declaration itself,
# the decorator's name after its `@` (line 4, column 2).
GUARDRAILS = """\
    from kindgi import guardrail


    @guardrail(id="acme.tone", kind="zero-llm", on_violation="halt")
    def tone(output: str) -> bool:
        return True
"""


class _Counting(DeclaringModules):
    """DeclaringModules that counts the reads of each module."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.reads: list[str] = []

    def _read(self, file: str) -> str | None:
        self.reads.append(file)
        return super()._read(file)


def _placed(problems: tuple[Problem, ...], modules: DeclaringModules) -> tuple[Problem, ...]:
    """`problems` as the pipeline places them in `modules` (no other file's text read)."""
    return place_problems(problems, lambda file: None, modules=modules)


def _pack(root: Path) -> Path:
    for file, text in ((AGENT_FILE, AGENTS), (GUARD_FILE, GUARDRAILS)):
        (root / file).parent.mkdir(parents=True, exist_ok=True)
        (root / file).write_text(textwrap.dedent(text), "utf-8")
    return root


def _agents() -> list[dict[str, Any]]:
    return [
        agent(id="acme.writer", settings=[{"id": "acme.style", "version": "^2.0.0"}]),
        agent(
            id="acme.editor",
            instructions={"prompt": "acme.prompt", "version": "^1.0.0"},
            tools=[{"id": "acme.pïng", "version": "lat€st"}],
            modelSettings={"id": "acme.model", "version": "^1.0.0"},
            preferredModel="gpt-5",
        ),
    ]


def _blocks() -> list[dict[str, Any]]:
    return [
        block("acme.style", "1.0.0", "settings"),
        block("acme.prompt", "1.0.0", "prompt"),
        block("acme.model", "1.0.0", "settings", values={"model": "x", "temperature": 9}),
    ]


def test_each_agents_problems_are_at_its_own_arguments(tmp_path: Path) -> None:
    """Each agent's problem is on the argument of its own declaration its pointer leads to
    (the second agent's, not the first's), a column in characters; a block's value stays
    on the block file, placed there by the pipeline as any block problem."""
    modules = _Counting(_pack(tmp_path))
    problems = _placed(
        check_entries([tool("acme.ping", "1.0.0")], [], _agents(), [], _blocks()), modules
    )
    values = "/content/values/temperature"
    assert [(p.file, p.line, p.column, p.pointer, p.code) for p in problems] == [
        (AGENT_FILE, 8, 47, "/settings/0/version", "agent-block-version"),
        ("blocks/model-1.0.0.json", None, None, values, "model-settings-value"),
        (AGENT_FILE, 17, 20, "/modelSettings", "model-settings-model"),
        (AGENT_FILE, 16, 43, "/tools/0/version", "agent-version-range"),
    ]
    assert modules.reads == [AGENT_FILE]  # read once for both agents


def test_a_guardrail_is_at_its_declaration(tmp_path: Path) -> None:
    """`guardrail-at` names no argument of the decorator: on the decorator's name."""
    entry = guardrail(at="before-tool", checkPoints=["final-answer"])
    (problem,) = _placed(check_entries([], [entry], [], [], []), DeclaringModules(_pack(tmp_path)))
    assert (problem.file, problem.line, problem.column, problem.code) == (
        GUARD_FILE,
        4,
        2,
        "guardrail-at",
    )


def test_only_modules_with_a_problem_are_read(tmp_path: Path) -> None:
    """A pack whose entries have no problem reads no module; unplaced, the problems come
    with no line."""
    modules = _Counting(_pack(tmp_path))
    sound = agent(id="acme.writer", settings=[{"id": "acme.style", "version": "^1.0.0"}])
    blocks = _blocks()
    assert _placed(check_entries([], [guardrail()], [sound], [], blocks), modules) == ()
    assert modules.reads == []
    (unplaced,) = check_entries([], [], _agents()[:1], [], blocks)
    assert (unplaced.line, unplaced.column) == (None, None)


def test_a_module_that_does_not_declare_the_entry_leaves_it_unplaced(tmp_path: Path) -> None:
    """An agent the module doesn't declare (another id, no dynamic one) gets no line."""
    other = agent(id="acme.nobody", settings=[{"id": "acme.style", "version": "^2.0.0"}])
    (problem,) = _placed(
        check_entries([], [], [other], [], _blocks()), DeclaringModules(_pack(tmp_path))
    )
    assert (problem.code, problem.line) == ("agent-block-version", None)
