"""Completion from what the pack knows, against the testpack's files read by hand."""

from __future__ import annotations

from pathlib import Path

from hatch_kindgi.lsp.completion import completions
from hatch_kindgi.lsp.session import PackSession
from tests.helpers.packs import TESTPACKS

ROOT = TESTPACKS / "blocks"


def _labels(file: str, before: str, root: Path = ROOT) -> list[str]:
    session = PackSession(root, {})
    return [item.label for item in completions(session.read(), root, file, before)]


def test_template_file_paths_from_the_block_folder() -> None:
    """Inside `"templateFile": "`, the .liquid files, as paths from the block's folder."""
    assert _labels("blocks/greeting.json", '    "templateFile": "pro') == ["prompts/reply.liquid"]
    assert _labels("blocks/reply-style/2.0.0.json", '"templateFile": "') == [
        "../prompts/reply.liquid"
    ]


def test_parameters_in_the_template_file_of_their_prompts() -> None:
    """In a template file, inside `{{`, the parameters of the prompts using it."""
    assert _labels("blocks/prompts/reply.liquid", "Hello {{ si") == ["signature", "tone"]
    assert _labels("blocks/prompts/reply.liquid", "plain text, no tag") == []


def test_settings_ids_and_keys() -> None:
    """Inside `settings["`, the settings blocks' ids; after the id, their values' keys
    (every version's), also in an inline template's escaped quotes."""
    ids = _labels("blocks/greeting.json", '"template": "{{ settings[\\"')
    assert ids == ["acme.greeting-lines", "acme.reply-style"]
    keys = _labels("blocks/prompts/reply.liquid", '{{ settings["acme.reply-style"].')
    assert "maxSentences" in keys
