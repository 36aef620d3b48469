"""Two sets of index entries compared: the problems, and the diff, value for value."""

from __future__ import annotations

from typing import Any

from hatch_kindgi.against.compare import compare, superseded
from hatch_kindgi.against.entries import pack_entries
from hatch_kindgi.against.model import (
    EntryIds,
    EnvNames,
    NewVersion,
    PackDiff,
    RemovedVersion,
    Reused,
)
from hatch_kindgi.against.versions import next_free
from hatch_kindgi.report.problems import Problem, error, warning


def _block(block_id: str, version: str, file: str, **content: Any) -> dict[str, Any]:
    return {
        "id": block_id,
        "version": version,
        "kind": "settings" if "values" in content else "prompt",
        "content": content,
        "modulePath": file,
    }


def _tool(tool_id: str, file: str, **more: Any) -> dict[str, Any]:
    return {"id": tool_id, "input": {}, "output": {}, "modulePath": file, **more}


AGENT = {
    "id": "acme.agent",
    "version": "1.0.0",
    "name": "Agent",
    "instructions": {"prompt": "acme.prompt", "version": "^1.0.0"},
    "settings": [{"id": "acme.style", "version": "^1.0.0"}],
    "capabilities": [],
    "tools": [{"id": "acme.t", "version": "^1.0.0"}, {"id": "acme.gone", "version": "^1.0.0"}],
    "modulePath": "agents/agent.py",
}
GUARD = {
    "id": "acme.guard",
    "kind": "zero-llm",
    "action": {"on-violation": "halt"},
    "checkModulePath": "guardrails/guard.py",
}

BEFORE = pack_entries(
    {
        "tools": [
            _tool("acme.gone", "tools/gone.py", version="1.0.0"),
            _tool("acme.t", "tools/t.py", version="1.0.0"),
        ],
        "guardrails": [GUARD],
        "agents": [AGENT],
        "blocks": [
            _block("acme.old", "1.0.0", "blocks/old.json", template="old"),
            _block("acme.prompt", "1.0.0", "blocks/prompt.json", template="Hi {{ x }}"),
            _block("acme.rolled", "1.0.0", "blocks/rolled-1.json", template="one"),
            _block("acme.rolled", "1.2.0", "blocks/rolled-2.json", template="two"),
            _block("acme.style", "1.0.0", "blocks/style.json", values={"max": 3}),
        ],
    },
    env_required=["A"],
    env_optional=["B"],
    pack_version="1.0.0",
)
NOW = pack_entries(
    {
        "tools": [_tool("acme.t", "tools/moved/t.py", version="1.0.0")],
        "guardrails": [{**GUARD, "severity": "high", "checkModulePath": "guardrails/g2.py"}],
        "agents": [AGENT],
        "blocks": [
            _block("acme.new", "1.0.0", "blocks/new.json", template="new"),
            _block("acme.prompt", "1.0.0", "blocks/p/1.0.0.json", template="Hi {{ x }}"),
            _block("acme.prompt", "1.1.0", "blocks/p/1.1.0.json", template="Hello {{ x }}"),
            _block("acme.rolled", "1.0.0", "blocks/rolled-1.json", template="one"),
            _block("acme.style", "1.0.0", "blocks/style/1.0.0.json", values={"max": 4}),
        ],
    },
    env_required=["A", "C"],
    env_optional=[],
    pack_version="1.1.0",
)


def test_problems_of_a_change() -> None:
    """A version below the released one warns; a block edited under its version is an
    error at the first differing pointer; an agent's tool range left with nothing warns
    (in the order they are found).
    Moved files (tools/t.py, blocks/prompt.json) and an unversioned guardrail are fine."""
    compared = compare(BEFORE, NOW, "origin/main")
    assert list(compared.problems) == [
        warning(
            "version-lower",
            "blocks/rolled-1.json",
            'block "acme.rolled" is at most version 1.0.0 here, lower than 1.2.0 at '
            "origin/main: a runtime that holds 1.2.0 goes on giving it to every range that "
            "takes it; to roll back, release the old content as a version above 1.2.0, "
            "like 1.2.1",
            pointer="/version",
        ),
        error(
            "version-reused",
            "blocks/style/1.0.0.json",
            'block "acme.style" version 1.0.0 is also at origin/main with other content '
            "(3 there, 4 here), and a released version never changes: give it version 1.0.1",
            pointer="/content/values/max",
        ),
        warning(
            "agent-range-dropped",
            "agents/agent.py",
            'tool "acme.gone" in range "^1.0.0" was 1.0.0 (tools/gone.py) at origin/main, '
            "and this pack no longer brings any version of it: a pack service of this pack "
            "cannot run it",
            pointer="/tools/1",
        ),
    ]


def test_diff_of_a_change() -> None:
    """Every part of the diff: reused, added, removed, new versions with the agent whose
    range now picks them, removed versions, env names, pack versions."""
    diff = compare(BEFORE, NOW, "origin/main").diff
    assert diff == PackDiff(
        ref="origin/main",
        pack_version="1.1.0",
        pack_version_before="1.0.0",
        added=(EntryIds("block", "acme.new", ("1.0.0",), ("blocks/new.json",)),),
        removed=(
            EntryIds("tool", "acme.gone", ("1.0.0",), ("tools/gone.py",)),
            EntryIds("block", "acme.old", ("1.0.0",), ("blocks/old.json",)),
        ),
        new_versions=(
            NewVersion(
                "block", "acme.prompt", "1.0.0", "1.1.0", "blocks/p/1.1.0.json", ("acme.agent",)
            ),
        ),
        removed_versions=(RemovedVersion("block", "acme.rolled", "1.2.0", "blocks/rolled-2.json"),),
        reused=(
            Reused(
                "block",
                "acme.style",
                "1.0.0",
                "blocks/style/1.0.0.json",
                "/content/values/max",
                "3",
                "4",
                "1.0.1",
            ),
        ),
        env_added=EnvNames(required=("C",)),
        env_removed=EnvNames(optional=("B",)),
    )
    assert not diff.changes_nothing


def test_nothing_changed() -> None:
    """The same entries in other files: no problem, and a diff that changes nothing."""
    compared = compare(NOW, NOW, "HEAD~1")
    assert compared.problems == ()
    assert compared.diff.changes_nothing


def test_module_path_move_alone_is_no_change() -> None:
    """An agent, a tool and a guardrail that moved file keep their versions."""
    moved = pack_entries(
        {
            "agents": [{**AGENT, "modulePath": "agents/elsewhere.py"}],
            "guardrails": [{**GUARD, "version": "2.0.0", "checkModulePath": "g/x.py"}],
        }
    )
    before = pack_entries(
        {"agents": [AGENT], "guardrails": [{**GUARD, "version": "2.0.0"}]},
    )
    assert compare(before, moved, "v1").problems == ()


def test_agent_instructions_changed_under_its_version() -> None:
    """An agent's string instructions edited without a new version: the error names the
    agent's module and /instructions, and cuts the two texts where they differ."""
    old = {**AGENT, "instructions": "Answer politely. Never promise refunds over 50 EUR."}
    new = {**AGENT, "instructions": "Answer politely. Never promise refunds over 80 EUR."}
    problems = compare(
        pack_entries({"agents": [old]}), pack_entries({"agents": [new]}), "HEAD~1"
    ).problems
    assert problems == (
        error(
            "version-reused",
            "agents/agent.py",
            'agent "acme.agent" version 1.0.0 is also at HEAD~1 with other content '
            '("…efunds over 50 EUR." there, "…efunds over 80 EUR." here), and '
            "a released version never changes: give it version 1.0.1",
            pointer="/instructions",
        ),
    )


def test_tool_counts_only_with_a_version() -> None:
    """A tool without a version can change freely; with one, it can't."""
    plain_before = pack_entries({"tools": [_tool("acme.t", "t.py", description="a")]})
    plain_now = pack_entries({"tools": [_tool("acme.t", "t.py", description="b")]})
    assert compare(plain_before, plain_now, "v1").problems == ()
    versioned_before = pack_entries({"tools": [_tool("acme.t", "t.py", version="2.0.0")]})
    versioned_now = pack_entries(
        {"tools": [_tool("acme.t", "t.py", version="2.0.0", description="b")]}
    )
    [problem] = compare(versioned_before, versioned_now, "v1").problems
    assert (problem.code, problem.file, problem.pointer) == (
        "version-reused",
        "t.py",
        "/description",
    )
    assert '(absent there, "b" here)' in problem.message


def test_next_free_version_skips_versions_used_on_either_side() -> None:
    """1.0.1 is taken at the reference and 1.0.2 now: the next free one is 1.0.3."""
    assert next_free("1.0.0", {"1.0.0", "1.0.1", "1.0.2"}) == "1.0.3"
    assert next_free("2.3.9", set()) == "2.3.10"
    assert next_free("not-semver", set()) is None
    before = pack_entries(
        {
            "blocks": [
                _block("acme.s", "1.0.0", "a.json", values={"a": 1}),
                _block("acme.s", "1.0.1", "b.json", values={"a": 2}),
            ]
        }
    )
    now = pack_entries(
        {
            "blocks": [
                _block("acme.s", "1.0.0", "a.json", values={"a": 9}),
                _block("acme.s", "1.0.1", "b.json", values={"a": 2}),
                _block("acme.s", "1.0.2", "c.json", values={"a": 3}),
            ]
        }
    )
    [reused] = compare(before, now, "v1").diff.reused
    assert reused.next_version == "1.0.3"


def test_new_version_outside_every_range_is_picked_up_by_none() -> None:
    """2.0.0 of a block the agent takes by ^1.0.0 is new, and no agent picks it up."""
    before = pack_entries(
        {"agents": [AGENT], "blocks": [_block("acme.style", "1.0.0", "s.json", values={})]}
    )
    now = pack_entries(
        {
            "agents": [AGENT],
            "blocks": [
                _block("acme.style", "1.0.0", "s.json", values={}),
                _block("acme.style", "2.0.0", "s2.json", values={}),
            ],
        }
    )
    assert compare(before, now, "v1").diff.new_versions == (
        NewVersion("block", "acme.style", "1.0.0", "2.0.0", "s2.json", ()),
    )


def test_dropped_block_range_supersedes_block_missing() -> None:
    """A prompt block the pack brought at the reference and brings no more: the comparison's
    warning replaces the checks' `agent-block-missing` at the same file and pointer."""
    before = pack_entries(
        {"agents": [AGENT], "blocks": [_block("acme.prompt", "1.0.0", "p.json", template="x")]}
    )
    now = pack_entries({"agents": [AGENT]})
    dropped = [p for p in compare(before, now, "v1").problems if p.pointer == "/instructions"]
    assert dropped == [
        warning(
            "agent-range-dropped",
            "agents/agent.py",
            'prompt block "acme.prompt" in range "^1.0.0" was 1.0.0 (p.json) at v1, and this '
            "pack no longer brings any version of it: only a runtime that still holds 1.0.0 "
            "can give it",
            pointer="/instructions",
        )
    ]
    missing = warning("agent-block-missing", "agents/agent.py", "…", pointer="/instructions")
    other = warning("agent-block-missing", "agents/agent.py", "…", pointer="/settings/0")
    kept: list[Problem] = superseded([missing, other], dropped)
    assert kept == [other]


def test_a_block_brought_with_an_error_is_not_dropped() -> None:
    """The prompt block is still in the pack, with an error of its own (so in no index
    list): the agent's range is not said to be dropped beside that error."""
    before = pack_entries(
        {"agents": [AGENT], "blocks": [_block("acme.prompt", "1.0.0", "p.json", template="x")]}
    )
    now = pack_entries({"agents": [AGENT]}, erred_blocks=["acme.prompt"])
    assert [p for p in compare(before, now, "v1").problems if p.pointer == "/instructions"] == []
