"""A run with an editor's buffers laid over the files (`overlay`) reports what a run reports
once those buffers are saved: the disk is the oracle for the overlay."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.pipeline import PipelineCache, RunRequest, run_pipeline
from tests.helpers.packs import copy_pack

ENV = {"SOURCE_DATE_EPOCH": "1767225600"}
STYLE = "blocks/reply-style/1.2.0.json"
REPLY = "blocks/prompts/reply.liquid"

# Each: the file an editor holds, the text it replaces in it, and with what.
EDITS: list[tuple[str, str, str]] = [
    (STYLE, '"maxSentences": 4', '"maxSentences": 0'),  # breaks an inherited schema
    (REPLY, "{{ signature }}", "{{ signatur }}"),  # a warning in a template file
    ("blocks/reply-style/1.0.0.json", '"minimum": 1', '"minimum": 5'),  # another file's values
    ("blocks/greeting.json", '"kind": "prompt"', '"kind": "settings"'),
    ("blocks/greeting.json", "{", "{,"),  # no longer JSON
    ("pyproject.toml", "hooks.kindgi]\n", 'hooks.kindgi]\nstrict = "yes"\n'),  # an option
    ("pyproject.toml", "[tool.kindgi.pack]", "[tool.kindgi.pack"),  # no longer TOML
]


def _problems(root: Path, **kwargs: Any) -> tuple[Any, ...]:
    return run_pipeline(root, RunRequest(environ=ENV, **kwargs)).problems


@pytest.mark.parametrize(("path", "old", "new"), EDITS, ids=[f"{p}:{n}" for p, _, n in EDITS])
@pytest.mark.parametrize("cached", [False, True], ids=["fresh", "cached"])
def test_buffer_reports_what_the_saved_file_reports(
    tmp_path: Path, path: str, old: str, new: str, cached: bool
) -> None:
    """The overlay's problems equal those of a copy with the buffer saved, and differ from
    the disk's own (the buffer was read, not the file under it)."""
    root = copy_pack("blocks", tmp_path / "editor")
    saved = tmp_path / "saved"
    shutil.copytree(root, saved)
    text = (root / path).read_text("utf-8")
    assert old in text
    buffer = text.replace(old, new, 1).encode()
    (saved / path).write_bytes(buffer)
    cache = PipelineCache() if cached else None
    before = _problems(root, cache=cache)
    with_buffer = _problems(root, cache=cache, overlay={path: buffer})
    assert with_buffer == _problems(saved)
    assert with_buffer != before
    assert _problems(root, cache=cache) == before  # the buffer closed: the disk again
