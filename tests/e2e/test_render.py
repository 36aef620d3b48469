"""`hatch-kindgi render` as a user runs it, on the testpacks: the text a run renders, exactly.

Every expected text below was written by hand from the template, its parameters and the
settings the render must pick, and checked line by line; none was copied from an output.
"""

from __future__ import annotations

import subprocess

import pytest

from tests.helpers.cli import run_cli
from tests.helpers.packs import TESTPACKS


def _render(*args: str) -> subprocess.CompletedProcess[str]:
    return run_cli("render", *args, env={"PYTHONIOENCODING": "utf-8"}, encoding="utf-8")


BLOCKS = str(TESTPACKS / "blocks")
FULL = str(TESTPACKS / "full")
AGENT_BLOCKS = str(TESTPACKS / "agent-blocks")

# testpacks/blocks has no agent: settings are the newest versions, acme.reply-style 2.0.0
# (maxSentences "many", refundLimit -1, so the refund line renders empty) and
# acme.greeting-lines 1.0.0.
REPLY_1_1_0 = (
    "You draft short replies to Acme customers, in a friendly tone, in at most many sentences.\n"
    "\n"
    "Grüße, naïve café — “quotes” and emoji 🙂 stay as written.\n"
    "1. HALLO\n"
    "2. GRÜEZI\n"
    "Sign every reply as Das Acme-Team.\n"
)
REPLY_1_0_0 = REPLY_1_1_0.replace("Das Acme-Team", "The Acme team")
FULL_REPLY = (
    "You draft short replies to Acme customers, in a formal tone, in at most 3 sentences.\n"
    "When a customer asks about an expense, record it with the ledger tool.\n"
    "Sign every reply as The Acme team.\n"
)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["acme.greeting", "--param", "name=welt"], "Grüß Gott, Welt! 3 ✓"),
        (["acme.reply-prompt", "--param", "tone=friendly"], REPLY_1_1_0),
        (["acme.reply-prompt@1.1.0", "--param", "tone=friendly"], REPLY_1_1_0),
        (["acme.reply-prompt@1.0.0", "--param", "tone=friendly"], REPLY_1_0_0),
        (
            ["acme.reply-prompt@1.0.0", "--param", "tone=friendly", "--param", "signature=Bo"],
            REPLY_1_0_0.replace("The Acme team", "Bo"),
        ),
    ],
    ids=["greeting", "newest", "1.1.0", "1.0.0", "1.0.0-signature"],
)
def test_render_blocks_pack(args: list[str], expected: str) -> None:
    """Each prompt of testpacks/blocks renders to exactly its text; stdout holds nothing else."""
    run = _render(*args, BLOCKS)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines(keepends=True) == expected.splitlines(keepends=True)


def test_render_pack_dir_before_the_options() -> None:
    """PACK_DIR may come before or after the options."""
    run = _render("acme.greeting", BLOCKS, "--param", "name=welt")
    assert (run.returncode, run.stdout, run.stderr) == (0, "Grüß Gott, Welt! 3 ✓", "")


def test_render_full_pack_without_agent() -> None:
    """testpacks/full's prompt with the newest settings; its code is not indexed for this."""
    run = _render("acme.reply-prompt", FULL, "--param", "tone=formal")
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines(keepends=True) == FULL_REPLY.splitlines(keepends=True)


@pytest.mark.sdk
@pytest.mark.parametrize(
    "args",
    [
        ["acme.reply-prompt", "--agent", "acme.ledger.reply-drafter"],
        ["acme.ledger.reply-drafter"],
    ],
    ids=["block-with-agent", "agent"],
)
def test_render_full_pack_with_agent(args: list[str]) -> None:
    """The drafter's ranges (^1.0.0) pick the pack's only versions: the same text."""
    run = _render(*args, FULL, "--param", "tone=formal")
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines(keepends=True) == FULL_REPLY.splitlines(keepends=True)


# testpacks/agent-blocks: acme.intake-prompt 1.0.0 (inline) and 2.0.0 (intake-2.liquid),
# acme.desk-style 1.0.0, 1.4.0 (maxSentences 4, emoji) and 2.0.0 (maxSentences 6, no emoji,
# tone warm). acme.desk.triage takes ^1.0.0 of both; acme.desk.greeter's instructions are its
# own template and take desk-style ^2.0.0.
TRIAGE_DEFAULTS = (
    "Triage the request of Ada (BASIC plan, 1 seats), a customer since 2026-01-02.\n"
    "Answer in at most {sentences} sentences{emoji}."
)


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["acme.intake-prompt"],
            "Triage the request of Ada in a warm tone.\nAnswer in at most 6 sentences.\n",
        ),
        (["acme.intake-prompt@1.0.0"], TRIAGE_DEFAULTS.format(sentences=6, emoji="")),
        (
            [
                "acme.intake-prompt@1.0.0",
                *("--param", "tier=gold", "--param", "seats=1e3", "--param", "urgent=true"),
                *("--param", "since=2026-03-04"),
            ],
            "Triage the request of Ada (GOLD plan, 1000 seats), marked urgent, a customer since "
            "2026-03-04.\nAnswer in at most 6 sentences.",
        ),
    ],
    ids=["newest", "1.0.0-defaults", "1.0.0-every-type"],
)
def test_render_without_agent_takes_newest(args: list[str], expected: str) -> None:
    """Without --agent: the newest prompt version unless @VERSION, and the newest settings."""
    run = _render(*args, "--param", "customer=Ada", AGENT_BLOCKS)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines(keepends=True) == expected.splitlines(keepends=True)


@pytest.mark.sdk
@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ["acme.intake-prompt", "--agent", "acme.desk.triage", "--param", "customer=Ada"],
            TRIAGE_DEFAULTS.format(sentences=4, emoji=", with one emoji"),
        ),
        (
            ["acme.desk.triage", "--param", "customer=Ada", "--param", "seats=2.5"],
            TRIAGE_DEFAULTS.format(sentences=4, emoji=", with one emoji").replace("1 s", "2.5 s"),
        ),
        (["acme.desk.greeter"], "Greet the visitor in a warm tone, in at most 2 sentences."),
        (
            ["acme.desk.greeter", "--param", "visitor=Grace"],
            "Greet Grace in a warm tone, in at most 2 sentences.",
        ),
    ],
    ids=["block-with-agent", "agent-prompt-block", "agent-template", "agent-template-param"],
)
def test_render_with_agent_takes_its_ranges(args: list[str], expected: str) -> None:
    """With an agent: the prompt and settings versions its ranges pick, not the newest."""
    run = _render(*args, AGENT_BLOCKS)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.splitlines(keepends=True) == expected.splitlines(keepends=True)


@pytest.mark.sdk
def test_render_settings_key_only_newer_versions_have() -> None:
    """The agent's range picks desk-style 1.4.0, which has no `tone`: the fault is placed on
    the template file's line and column, and names the version that has the key."""
    run = _render(
        "acme.intake-prompt@2.0.0",
        AGENT_BLOCKS,
        "--agent",
        "acme.desk.triage",
        "--param",
        "customer=Ada",
    )
    assert (run.returncode, run.stdout) == (1, "")
    assert run.stderr == (
        "blocks/intake-2.liquid:1:46: error[render-undefined]: "
        'settings["acme.desk-style"].tone is undefined: version 1.4.0 of settings block '
        '"acme.desk-style" (blocks/desk-style/1.4.0.json) has no key "tone"; '
        "version 2.0.0 has it\n"
        "1 error, 0 warnings in 1 file\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["acme.reply-promt"],
            'no prompt block or agent "acme.reply-promt" in this pack; '
            'did you mean "acme.reply-prompt"?',
        ),
        (
            ["acme.reply-prompt@1.2.0"],
            "acme.reply-prompt has no version 1.2.0; this pack brings 1.0.0, 1.1.0",
        ),
        (
            ["acme.reply-prompt@1.0"],
            '"1.0" is not a version: write BLOCK_ID@MAJOR.MINOR.PATCH, like '
            "acme.reply-prompt@1.0.0",
        ),
        (
            ["acme.reply-style"],
            "acme.reply-style is a settings block; render takes a prompt block or an agent",
        ),
        (
            ["acme.greeting", "--param", "nmae=x"],
            '--param nmae: prompt block acme.greeting 1.0.0 has no parameter "nmae"; '
            'did you mean "name"?',
        ),
        (
            ["acme.greeting", "--param", "name"],
            '--param "name" must be NAME=VALUE, like tone=friendly',
        ),
        (
            ["acme.greeting", "--param", "name=a", "--param", "name=b"],
            "--param name is given twice",
        ),
        (
            ["acme.greeting", "--agent", "acme.drafter"],
            '--agent acme.drafter: no agent "acme.drafter" in this pack',
        ),
    ],
    ids=[
        "unknown",
        "no-version",
        "bad-version",
        "settings",
        "param-typo",
        "param-form",
        "param-twice",
        "no-agent",
    ],
)
def test_render_usage_errors_exit_2(args: list[str], message: str) -> None:
    """What the pack doesn't have, or a malformed argument: one line on stderr, exit 2."""
    run = _render(*args, BLOCKS)
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == f"hatch-kindgi render: {message}\n"
