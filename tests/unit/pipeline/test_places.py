"""Placing problems in their files' texts, against places counted by hand."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hatch_kindgi.lsp.positions import problem_span as lsp_span
from hatch_kindgi.lsp.positions import text_of
from hatch_kindgi.pipeline import RunRequest, run_pipeline
from hatch_kindgi.pipeline.places import Text, pack_text, place_problems, read_pack_text
from hatch_kindgi.report.problems import Problem, error, warning
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import copy_pack

BLOCK = (
    '{\n  "kind": "promt",\n  "tab\\there": 1,\n  "content": {"template": "a\\n{{ b | mony }}"}\n}'
)


def _placed(problem: Problem, text: str | None = BLOCK) -> Problem:
    (placed,) = place_problems([problem], lambda _: text)
    return placed


def test_a_pointer_gets_its_values_line_column_and_end() -> None:
    """`/kind`'s value `"promt"`: line 2, columns 11 to 17, the end just after it."""
    placed = _placed(error("block-kind", "blocks/a.json", "m", pointer="/kind"))
    assert (placed.line, placed.column, placed.end) == (2, 11, (2, 18))


def test_an_escaped_pointer_finds_its_key() -> None:
    """A key with a tab is shown escaped in the pointer (`/tab\\there`): still placed."""
    problem = error("block-unknown-key", "blocks/a.json", "m", pointer="/tab\there")
    assert problem.shown_pointer == "/tab\\there"
    placed = _placed(problem)
    assert (placed.line, placed.column) == (3, 3)


def test_an_inline_template_position_is_inside_the_string() -> None:
    """Template line 2, column 8 (`mony`) is past the `\\n` escape, on line 4 of the file."""
    problem = Problem(
        "warning",
        "liquid-unknown-filter",
        "blocks/a.json",
        "m",
        pointer="/content/template",
        inner=(2, 8),
    )
    placed = _placed(problem)
    line = BLOCK.split("\n")[3]
    assert (placed.line, placed.column) == (4, line.index("mony") + 1)
    assert placed.end == (4, line.index("mony") + 5)


def test_what_has_no_place_stays_as_it_was() -> None:
    """A code module's pointer (into its indexed entry), a whole-file problem, a file that
    can't be read, and a stage's own line and column (kept, only an end added)."""
    code = error("primitive-invalid", "agents/a.py", "m", pointer="/kind")
    whole = error("block-too-large", "blocks/a.json", "m")
    unreadable = error("block-kind", "blocks/a.json", "m", pointer="/kind")
    assert _placed(code).line is None
    assert _placed(whole).line is None
    assert _placed(unreadable, None).line is None
    own = warning("liquid-unknown-filter", "t.liquid", "m", line=1, column=8)
    placed = _placed(own, "{{ a | mony }}")
    assert (placed.line, placed.column, placed.end) == (1, 8, (1, 12))


def test_each_file_is_read_once() -> None:
    """Many problems of one file: one read."""
    reads: list[str] = []

    def read(file: str) -> str:
        reads.append(file)
        return BLOCK

    problems = [error("block-kind", "blocks/a.json", str(n), pointer="/kind") for n in range(5)]
    assert len(place_problems(problems, read)) == 5
    assert reads == ["blocks/a.json"]


def test_known_texts_are_kept_while_the_text_is_the_same() -> None:
    """With `known` (what `PipelineCache.places` keeps), a file whose text didn't change keeps
    its places from the run before; a changed one is read anew, and placed where it now is."""
    known: dict[str, Text] = {}
    problem = error("block-kind", "blocks/a.json", "m", pointer="/kind")
    place_problems([problem], lambda _: BLOCK, known)
    first = known["blocks/a.json"]
    place_problems([problem], lambda _: BLOCK, known)
    assert known["blocks/a.json"] is first
    (moved,) = place_problems([problem], lambda _: "\n" + BLOCK, known)
    assert known["blocks/a.json"] is not first
    assert moved.line == 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_pack_text_reads_only_regular_files_within_the_bound(tmp_path: Path) -> None:
    """The placing reads a pack file as every reader does (`config.sources.read_pack_file`):
    a FIFO is no text (and no hang), nor a file past `max_bytes`; a code module has its own,
    larger bound; a buffer is read instead of its file."""
    os.mkfifo(tmp_path / "pipe.json")
    (tmp_path / "big.json").write_bytes(b" " * 11)
    (tmp_path / "module.py").write_bytes(b"#" * 11)
    (tmp_path / "a.json").write_bytes(b"{}")
    read = pack_text(tmp_path, {"a.json": b"[]"}, max_bytes=10)
    assert read("pipe.json") is None
    assert read("big.json") is None
    assert read("module.py") == "#" * 11
    assert read("a.json") == "[]"
    assert read_pack_text(tmp_path, "pipe.json", errors="replace") is None


def test_a_cr_only_template_file_is_placed_line_by_line(tmp_path: Path) -> None:
    """A `.liquid` file whose lines end in a lone `\\\\r`: its problem at its own line 4,
    column 21 (as with `\\\\n` ends), the LSP range there too; the message keeps the
    runtime's words, whose liquidjs counts `\\\\n` alone (`line:1, col:88`)."""
    root = copy_pack("broken/liquid-unknown-filter", tmp_path)
    template = root / "blocks" / "summary.liquid"
    raw = template.read_bytes().replace(b"\n", b"\r")
    template.write_bytes(raw)
    problems = run_pipeline(root, RunRequest(environ=GOLDEN_ENV)).problems
    (found,) = [p for p in problems if p.file == "blocks/summary.liquid"]
    assert (found.line, found.column, found.end) == (4, 21, (4, 30))
    assert found.message.endswith("undefined filter: titlecase, line:1, col:88")
    text = text_of(found.file, raw.decode("utf-8"))
    span = lsp_span(found, text)
    assert raw.decode("utf-8")[span.start : span.end] == "titlecase"
    assert text.position(span.start) == (3, 20)
