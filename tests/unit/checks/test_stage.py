"""Checks across entries, on hand-made entries: exact problems, and none for a sound pack."""

from __future__ import annotations

from typing import Any

from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.report.problems import Problem, error, warning
from tests.helpers.entries import GUARD_FILE, guardrail

AGENT_FILE = "agents/drafter.py"


def agent(**fields: Any) -> dict[str, Any]:
    """An agent entry as the SDK writes it, with `fields` on top."""
    entry: dict[str, Any] = {
        "id": "acme.drafter",
        "version": "1.0.0",
        "name": "Drafter",
        "instructions": "You help.",
        "capabilities": [],
        "tools": [],
        "retrieval": [],
        "guardrails": [],
        "parameters": [],
        "settings": [],
        "modulePath": AGENT_FILE,
    }
    entry.update(fields)
    return entry


def block(block_id: str, version: str, kind: str, **content: Any) -> dict[str, Any]:
    """A block entry: the block as declared plus its modulePath."""
    name = block_id.rsplit(".", 1)[-1]
    return {
        "id": block_id,
        "version": version,
        "kind": kind,
        "content": content or ({"template": "Hi."} if kind == "prompt" else {"values": {}}),
        "modulePath": f"blocks/{name}-{version}.json",
    }


def tool(tool_id: str, version: str) -> dict[str, Any]:
    """A tool entry with what the checks read."""
    return {
        "id": tool_id,
        "version": version,
        "input": {},
        "output": {},
        "modulePath": "tools/t.py",
    }


def check(
    *,
    tools: list[dict[str, Any]] | None = None,
    guardrails: list[dict[str, Any]] | None = None,
    agents: list[dict[str, Any]] | None = None,
    blocks: list[dict[str, Any]] | None = None,
) -> tuple[Problem, ...]:
    """check_entries with empty lists for what a test leaves out."""
    return check_entries(tools or [], guardrails or [], agents or [], [], blocks or [])


def test_sound_entries_have_no_problems() -> None:
    """A pack whose agent's blocks, tools and guardrail all hold up gives no problem."""
    problems = check(
        tools=[tool("acme.total", "1.2.0")],
        guardrails=[
            guardrail(
                kind="llm-judge",
                judgeCapabilities={"needs": []},
                at="final-answer",
                checkPoints=["final-answer"],
                configSchema={"type": "object", "properties": {"n": {"type": "integer"}}},
                config={"n": 2},
            )
        ],
        agents=[
            agent(
                instructions={"prompt": "acme.prompt", "version": "^1.0.0"},
                settings=[{"id": "acme.style", "version": "~1.1.0"}],
                modelSettings={"id": "acme.model", "version": "^1.0.0"},
                tools=[{"id": "acme.total", "version": "^1.0.0"}],
                output={"schema": {"type": "object"}},
            )
        ],
        blocks=[
            block("acme.prompt", "1.3.0", "prompt"),
            block("acme.style", "1.1.4", "settings"),
            block("acme.model", "1.0.0", "settings", values={"temperature": 2, "thinking": "low"}),
        ],
    )
    assert problems == ()


def test_at_outside_check_points() -> None:
    """`at` must be one of checkPoints when both are present; either alone is fine."""
    assert check(guardrails=[guardrail(at="before-tool", checkPoints=["final-answer"])]) == (
        error(
            "guardrail-at",
            GUARD_FILE,
            'guardrail "acme.tone" runs at "before-tool", but its check runs only at '
            '"final-answer": `at` must be one of its checkPoints',
            pointer="/at",
        ),
    )
    assert check(guardrails=[guardrail(at="before-tool")]) == ()


def test_prompt_block_out_of_range_names_both_sides() -> None:
    """A prompt block the pack brings at no version in range names the range and versions."""
    agents = [agent(instructions={"prompt": "acme.prompt", "version": "^2.0.0"})]
    blocks = [block("acme.prompt", "1.4.0", "prompt"), block("acme.prompt", "1.0.0", "prompt")]
    assert check(agents=agents, blocks=blocks) == (
        error(
            "agent-block-version",
            AGENT_FILE,
            'prompt block "acme.prompt" is named by range "^2.0.0", which no version this pack '
            "brings satisfies: 1.0.0 (blocks/prompt-1.0.0.json), 1.4.0 (blocks/prompt-1.4.0.json)",
            pointer="/instructions/version",
        ),
    )


def test_block_of_the_wrong_kind() -> None:
    """A settings reference to a block the pack brings only as a prompt is refused."""
    agents = [agent(settings=[{"id": "acme.prompt", "version": "^1.0.0"}])]
    assert check(agents=agents, blocks=[block("acme.prompt", "1.0.0", "prompt")]) == (
        error(
            "agent-block-kind",
            AGENT_FILE,
            'settings block "acme.prompt" must be a settings block, but this pack brings it only '
            "as a prompt block: 1.0.0 (blocks/prompt-1.0.0.json)",
            pointer="/settings/0",
        ),
    )


def test_block_the_pack_does_not_bring_is_a_warning() -> None:
    """A block id the pack doesn't bring is a warning: a runtime may hold it."""
    agents = [agent(modelSettings={"id": "acme.shared-model", "version": "^1.0.0"})]
    assert check(agents=agents) == (
        warning(
            "agent-block-missing",
            AGENT_FILE,
            'modelSettings "acme.shared-model" is not in this pack: a runtime must already hold '
            'a version in "^1.0.0"',
            pointer="/modelSettings",
        ),
    )


def test_misshapen_block_reference() -> None:
    """A settings entry that isn't {id, version} strings is a problem, not a crash."""
    assert check(agents=[agent(settings=["acme.style"])]) == (
        error(
            "agent-block-ref",
            AGENT_FILE,
            'settings[0] of agent "acme.drafter" must be {id, version} with string values',
            pointer="/settings/0",
        ),
    )


def test_model_settings_values_out_of_bounds() -> None:
    """temperature outside 0-2, an unknown thinking level, an unknown key are refused on the
    block file, in the runtime's words (held to Ajv in test_model_settings.py)."""
    agents = [agent(modelSettings={"id": "acme.model", "version": "^1.0.0"})]
    blocks = [
        block("acme.model", "1.0.0", "settings", values={"temperature": 0.5}),
        block(
            "acme.model",
            "1.2.0",
            "settings",
            values={"temperature": -0.1, "thinking": "huge", "topP": 1},
        ),
    ]
    used = '(model settings of agent "acme.drafter", agents/drafter.py)'
    assert check(agents=agents, blocks=blocks) == (
        error(
            "model-settings-value",
            "blocks/model-1.2.0.json",
            'must NOT have additional properties ("topP"; a model-settings block sets '
            f"temperature, maxOutputTokens, thinking, model, providerId) {used}",
            pointer="/content/values",
        ),
        error(
            "model-settings-value",
            "blocks/model-1.2.0.json",
            f"must be >= 0 {used}",
            pointer="/content/values/temperature",
        ),
        error(
            "model-settings-value",
            "blocks/model-1.2.0.json",
            "must be equal to one of the allowed values "
            f"(lowest, minimal, low, medium, high, xhigh, max) {used}",
            pointer="/content/values/thinking",
        ),
    )
    boolean = [block("acme.model", "1.0.0", "settings", values={"temperature": True})]
    assert [p.message for p in check(agents=agents, blocks=boolean)] == [f"must be number {used}"]


def test_model_named_in_block_and_agent() -> None:
    """A model in the model-settings block beside the agent's preferredModel is refused."""
    agents = [
        agent(
            modelSettings={"id": "acme.model", "version": "^1.0.0"},
            preferredModel="claude-sonnet",
        )
    ]
    blocks = [block("acme.model", "1.0.0", "settings", values={"providerId": "openai"})]
    assert check(agents=agents, blocks=blocks) == (
        error(
            "model-settings-model",
            AGENT_FILE,
            'agent "acme.drafter" names preferredModel and its modelSettings block "acme.model" '
            "1.0.0 (blocks/model-1.0.0.json) names providerId: name the model in one place, "
            "never both",
            pointer="/modelSettings",
        ),
    )


def test_tool_out_of_range_and_bad_range() -> None:
    """A pack tool at no version in range is refused; another pack's tool is not checked."""
    agents = [
        agent(
            tools=[
                {"id": "acme.total", "version": "^2.0.0"},
                {"id": "other.lookup", "version": "^9.0.0"},
                {"id": "acme.total", "version": "newest"},
            ]
        )
    ]
    assert check(tools=[tool("acme.total", "1.2.0")], agents=agents) == (
        error(
            "agent-tool-version",
            AGENT_FILE,
            'tool "acme.total" is named by range "^2.0.0", which no version this pack brings '
            "satisfies: 1.2.0 (tools/t.py)",
            pointer="/tools/0/version",
        ),
        error(
            "agent-version-range",
            AGENT_FILE,
            '"newest" is not an npm-style version range (like ^1.0.0) for the tool',
            pointer="/tools/2/version",
        ),
    )


def test_prerelease_is_outside_a_plain_range() -> None:
    """npm semantics: ^1.0.0 doesn't take 1.1.0-rc.1, as the runtime's resolver wouldn't."""
    agents = [agent(tools=[{"id": "acme.total", "version": "^1.0.0"}])]
    problems = check(tools=[tool("acme.total", "1.1.0-rc.1")], agents=agents)
    assert [p.code for p in problems] == ["agent-tool-version"]


def test_a_block_with_an_error_is_still_brought() -> None:
    """A block with errors is in the pack: an agent naming it is told nothing when it takes
    it (its model settings are not judged on values that already have an error), whatever
    its kind or version fails to be; a range it doesn't take, or a kind it isn't, still is a
    problem."""
    erred = [
        block("acme.style", "1.0.0", "settings", values={"n": 0}),
        block("acme.model", "1.0.0", "settings", values={"temperature": 9}),
        {"id": "acme.odd", "kind": "promt", "modulePath": "blocks/odd.json"},
        {"id": "acme.vague", "kind": "settings", "version": 1, "modulePath": "blocks/v.json"},
        {"id": "acme.vague", "kind": "settings", "version": "1.x", "modulePath": "blocks/w.json"},
    ]
    agents = [
        agent(
            settings=[
                {"id": "acme.style", "version": "^1.0.0"},
                {"id": "acme.odd", "version": "^1.0.0"},
                {"id": "acme.vague", "version": "^1.0.0"},
            ],
            modelSettings={"id": "acme.model", "version": "^1.0.0"},
        ),
        agent(
            id="acme.other",
            instructions={"prompt": "acme.style", "version": "^1.0.0"},
            settings=[{"id": "acme.style", "version": "^2.0.0"}],
        ),
    ]
    problems = check_entries([], [], agents, [], [], erred_blocks=erred)
    assert problems == (
        error(
            "agent-block-kind",
            AGENT_FILE,
            'prompt block "acme.style" must be a prompt block, but this pack brings it only as '
            "a settings block: 1.0.0 (blocks/style-1.0.0.json)",
            pointer="/instructions",
        ),
        error(
            "agent-block-version",
            AGENT_FILE,
            'settings block "acme.style" is named by range "^2.0.0", which no version this pack '
            "brings satisfies: 1.0.0 (blocks/style-1.0.0.json)",
            pointer="/settings/0/version",
        ),
    )
