"""Completion from what the pack knows, against the testpack's files read by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.lsp.completion import completions
from hatch_kindgi.lsp.session import PackSession
from tests.helpers.packs import TESTPACKS, copy_pack

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


def _items(
    file: str, before: str, after: str = "", root: Path = ROOT
) -> list[tuple[str, str, int]]:
    session = PackSession(root, {})
    found = completions(session.read(), root, file, before, after)
    return [(item.text, item.label, item.replaces_after) for item in found]


def test_blocks_with_errors_complete_too(tmp_path: Path) -> None:
    """A settings block whose values fail its schema, and a prompt whose template doesn't
    parse (as it seldom does while it is typed), still give their ids, keys and parameters."""
    root = copy_pack("blocks", tmp_path)
    lines = root / "blocks" / "greeting-lines.json"
    lines.write_text(lines.read_text("utf-8").replace('"Hallo"', '""'), "utf-8")  # minLength 1
    prompt = root / "blocks" / "reply-prompt.json"
    prompt.write_text(prompt.read_text("utf-8").replace('"tone"', '"tone", "type": 5'), "utf-8")
    template = root / "blocks" / "prompts" / "reply.liquid"
    template.write_text("{% if x %}{{ ", "utf-8")
    read = PackSession(root, {}).read()
    erred = sorted(block["modulePath"] for block in read.blocks.erred)
    # Both prompts of reply.liquid have its error; greeting-lines its value's.
    assert erred == [
        "blocks/greeting-lines.json",
        "blocks/reply-prompt-1.1.0.json",
        "blocks/reply-prompt.json",
    ]
    ids = _labels("blocks/greeting.json", '"template": "{{ settings[\\"', root)
    assert ids == ["acme.greeting-lines", "acme.reply-style"]
    keys = _labels("blocks/prompts/reply.liquid", '{{ settings["acme.greeting-lines"].', root)
    assert keys == ["lines"]
    assert _labels("blocks/prompts/reply.liquid", "{% if x %}{{ ", root) == ["signature", "tone"]


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        # Nothing after the cursor: the id comes with its closing quote and bracket.
        ('{{ settings["acme.reply-s', "", [('acme.reply-style"]', 0)]),
        ('{{ settings["acme.reply-s', " }}", [('acme.reply-style"]', 0)]),
        # The editor closed them already: the id alone.
        ('{{ settings["acme.reply-s', '"] }}', [("acme.reply-style", 0)]),
        # The editor paired the quote only: the id, the quote typed over, and the bracket.
        ('{{ settings["acme.reply-s', '" }}', [('acme.reply-style"]', 1)]),
        # In the middle of an id: its rest is typed over too.
        ('{{ settings["acme.reply-s', 'tyle"] }}', [("acme.reply-style", 4)]),
        # Single quotes close with a single quote.
        ("{{ settings['acme.reply-s", "", [("acme.reply-style']", 0)]),
    ],
)
def test_an_id_comes_with_what_closes_it(
    before: str, after: str, expected: list[tuple[str, int]]
) -> None:
    """Every settings id is offered (the editor filters them by what was typed): the one
    meant, with what it writes and how much after the cursor it types over."""
    items = _items("blocks/prompts/reply.liquid", before, after)
    assert [(text, taken) for text, label, taken in items if label == "acme.reply-style"] == (
        expected
    )


def test_closing_inside_a_json_string_and_after_a_key() -> None:
    """In an inline template the quotes are escaped, and so is the closing; a key in
    brackets closes as an id does, one after a dot has nothing to close."""
    inline = _items("blocks/greeting.json", '"template": "{{ settings[\\"acme.greeting-l', '"')
    assert inline[0] == ('acme.greeting-lines\\"]', "acme.greeting-lines", 0)
    bracket = _items("blocks/prompts/reply.liquid", '{{ settings["acme.greeting-lines"]["li')
    assert bracket == [('lines"]', "lines", 0)]
    dot = _items("blocks/prompts/reply.liquid", '{{ settings["acme.greeting-lines"].li', " }}")
    assert dot == [("lines", "lines", 0)]
