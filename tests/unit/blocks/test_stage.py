"""check_blocks: entries for a good pack, every problem for broken ones, rules across files."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.report.codes import CODES
from hatch_kindgi.report.problems import error, warning
from tests.helpers.blocks import block_paths, prompt, settings, write
from tests.helpers.golden import expected_report
from tests.helpers.packs import BROKEN, TESTPACKS, has_code

GOOD = TESTPACKS / "blocks"


def _blocks_only_cases() -> list[str]:
    """Broken packs that have block files and no code: their report is the blocks stage's."""
    return sorted(
        case.name for case in BROKEN.iterdir() if (case / "blocks").is_dir() and not has_code(case)
    )


def _oracle_entries(root: Path) -> list[dict[str, Any]]:
    """The good pack's entries computed without hatch_kindgi: json.load, inline, add modulePath."""
    entries = []
    for path in sorted((root / "blocks").rglob("*.json")):
        with path.open(encoding="utf-8") as handle:
            entry = json.load(handle)
        content = entry["content"]
        if "templateFile" in content:
            content["template"] = (path.parent / content.pop("templateFile")).read_text(
                encoding="utf-8"
            )
        entry["modulePath"] = path.relative_to(root).as_posix()
        entries.append(entry)
    entries.sort(
        key=lambda e: (e["id"].encode("utf-16-be"), [int(n) for n in e["version"].split(".")])
    )
    return entries


def test_good_pack_has_no_problems() -> None:
    """The good blocks pack checks clean: no error, no warning."""
    files, others = block_paths(GOOD)
    assert check_blocks(GOOD, files, "blocks", others).problems == ()


def test_good_pack_entries_equal_the_oracle() -> None:
    """Entries are the blocks as declared, templateFile read into template, modulePath added."""
    files, _ = block_paths(GOOD)
    outcome = check_blocks(GOOD, files, "blocks")
    assert list(outcome.entries) == _oracle_entries(GOOD)


def test_good_pack_entries_sorted_by_id_then_numeric_version() -> None:
    """1.10.0 sorts after 1.2.0, and ids in code-unit order."""
    files, _ = block_paths(GOOD)
    entries = check_blocks(GOOD, files, "blocks").entries
    assert [(e["id"], e["version"]) for e in entries] == [
        ("acme.greeting", "1.0.0"),
        ("acme.greeting-lines", "1.0.0"),
        ("acme.reply-prompt", "1.0.0"),
        ("acme.reply-prompt", "1.1.0"),
        ("acme.reply-style", "1.0.0"),
        ("acme.reply-style", "1.2.0"),
        ("acme.reply-style", "1.10.0"),
        ("acme.reply-style", "2.0.0"),
    ]


def test_template_file_is_replaced_by_its_text() -> None:
    """The entry has the template's text (non-ASCII intact) and no templateFile."""
    files, _ = block_paths(GOOD)
    entries = check_blocks(GOOD, files, "blocks").entries
    reply = next(e for e in entries if e["id"] == "acme.reply-prompt")
    assert reply["modulePath"] == "blocks/reply-prompt.json"
    assert "templateFile" not in reply["content"]
    assert "Grüße, naïve café" in reply["content"]["template"]


def test_golden_cases_cover_every_block_code() -> None:
    """Each code the blocks stage can emit appears in some golden report (settings-* too)."""
    reports = "".join(expected_report(case) for case in _blocks_only_cases())
    runtime_only = {"block-read", "block-too-large"}  # made by unit tests at run time
    block_codes = [code for code in CODES if _is_block_code(code)]
    missing = [c for c in block_codes if f"[{c}]" not in reports and c not in runtime_only]
    assert missing == []


def _is_block_code(code: str) -> bool:
    return code.startswith(("block-", "template-", "liquid-", "settings-")) or code == "json-number"


def test_every_file_checked_after_one_fails(tmp_path: Path) -> None:
    """A file that doesn't parse doesn't stop the others being checked."""
    write(
        tmp_path,
        {
            "blocks/a.json": "{",
            "blocks/b.json": settings("acme.b", "1", {}),
            "blocks/c.json": settings(
                "acme.c",
                "1.0.0",
                {"n": -1},
                {"type": "object", "properties": {"n": {"type": "number", "minimum": 0}}},
            ),
        },
    )
    files, _ = block_paths(tmp_path)
    problems = check_blocks(tmp_path, files, "blocks").problems
    assert [(p.file, p.code) for p in problems] == [
        ("blocks/a.json", "block-json"),
        ("blocks/b.json", "block-version"),
        ("blocks/c.json", "settings-values"),
    ]


def test_duplicate_version_names_both_files(tmp_path: Path) -> None:
    """One problem, on the later file, naming the first."""
    block = settings("acme.style", "1.0.0", {})
    write(tmp_path, {"blocks/x/one.json": block, "blocks/two.json": block})
    files, _ = block_paths(tmp_path)
    assert check_blocks(tmp_path, files, "blocks").problems == (
        error(
            "block-duplicate",
            "blocks/x/one.json",
            "acme.style 1.0.0 is also declared in blocks/two.json; a version of a block is one "
            "file (give this one a new version)",
            pointer="/version",
        ),
    )


def test_schema_inherited_from_nearest_lower_version(tmp_path: Path) -> None:
    """1.5.0 without a schema uses 1.2.0's, not 1.0.0's; after {} nothing is checked."""
    write(
        tmp_path,
        {
            "blocks/1.json": settings(
                "acme.s",
                "1.0.0",
                {"n": 1},
                {"type": "object", "properties": {"n": {"type": "number", "maximum": 1}}},
            ),
            "blocks/2.json": settings(
                "acme.s",
                "1.2.0",
                {"n": 5},
                {"type": "object", "properties": {"n": {"type": "number", "maximum": 9}}},
            ),
            "blocks/3.json": settings("acme.s", "1.5.0", {"n": 10}),
            "blocks/4.json": settings("acme.s", "2.0.0", {"n": 99}, {}),
            "blocks/5.json": settings("acme.s", "2.1.0", {"n": 99}),
        },
    )
    files, _ = block_paths(tmp_path)
    assert check_blocks(tmp_path, files, "blocks").problems == (
        error(
            "settings-values",
            "blocks/3.json",
            "must be <= 9 (the schema of version 1.2.0)",
            pointer="/content/values/n",
        ),
    )


def test_schema_inherited_only_within_the_id_a_file_declares(tmp_path: Path) -> None:
    """Blocks whose ids are no ids: a version takes the schema of a lower version of the same
    declared id, never another's (once every such file was one block "" and did); a file that
    declares no id is no version of anything, so nothing checks its values either."""
    schema = {"type": "object", "properties": {"n": {"type": "number", "maximum": 1}}}
    write(
        tmp_path,
        {
            "blocks/1.json": settings("Acme S", "1.0.0", {"n": 1}, schema),
            "blocks/2.json": settings("Acme S", "1.1.0", {"n": 5}),
            "blocks/3.json": settings("Acme T", "1.2.0", {"n": 5}),
            "blocks/4.json": {
                key: value for key, value in settings("x", "1.3.0", {"n": 5}).items() if key != "id"
            },
        },
    )
    files, _ = block_paths(tmp_path)
    problems = check_blocks(tmp_path, files, "blocks").problems
    assert [p for p in problems if p.code == "settings-values"] == [
        error(
            "settings-values",
            "blocks/2.json",
            "must be <= 1 (the schema of version 1.0.0)",
            pointer="/content/values/n",
        ),
    ]
    assert {p.file for p in problems if p.code != "settings-values"} == {
        "blocks/1.json",
        "blocks/2.json",
        "blocks/3.json",
        "blocks/4.json",
    }


def test_settings_read_checks_see_every_settings_block(tmp_path: Path) -> None:
    """A key present in any version of the settings block is fine; others warn."""
    write(
        tmp_path,
        {
            "blocks/p.json": prompt(
                "acme.p", "1.0.0", template='{{ settings["acme.s"].a }}{{ settings["acme.s"].b }}'
            ),
            "blocks/s1.json": settings("acme.s", "1.0.0", {"a": 1}),
            "blocks/s2.json": settings("acme.s", "2.0.0", {"c": 1}),
        },
    )
    files, _ = block_paths(tmp_path)
    assert check_blocks(tmp_path, files, "blocks").problems == (
        warning(
            "settings-unknown-key",
            "blocks/p.json",
            'settings["acme.s"].b: no version of settings block "acme.s" has the key "b" '
            "(template line 1, column 30)",
            pointer="/content/template",
        ),
    )


def test_settings_reads_of_blocks_with_errors_are_never_told_they_are_missing(
    tmp_path: Path,
) -> None:
    """A template reading blocks that have errors of their own: the pack author expects each
    error on its block's file and no "the pack brings no settings block" on the template.
    Where the fault leaves the read open (a kind that is no kind, values that are no object),
    nothing more is said; where the block's kind and values are known (its values fail its
    schema, its id is no id), the read is judged as a clean block's, as the code's reads are:
    a missing key warns. (The warnings written by hand; the blocks' own errors left to their
    goldens.)"""
    template = (
        '{{ settings["acme.k"].a }}{{ settings["acme.v"].a }}{{ settings["Acme.Bad"].a }}'
        '{{ settings["acme.s"].b }}{{ settings["Acme.Bad"].b }}'
    )
    write(
        tmp_path,
        {
            "blocks/p.json": prompt("acme.p", "1.0.0", template=template),
            "blocks/k.json": {**settings("acme.k", "1.0.0", {"a": 1}), "kind": "setting"},
            "blocks/v.json": settings("acme.v", "1.0.0", [1]),
            "blocks/bad.json": settings("Acme.Bad", "1.0.0", {"a": 1}),
            "blocks/s.json": settings(
                "acme.s",
                "1.0.0",
                {"a": 1},
                {"type": "object", "properties": {"a": {"type": "string"}}},
            ),
        },
    )
    files, _ = block_paths(tmp_path)
    problems = check_blocks(tmp_path, files, "blocks").problems
    assert [problem for problem in problems if problem.file == "blocks/p.json"] == [
        warning(
            "settings-unknown-key",
            "blocks/p.json",
            'settings["Acme.Bad"].b: no version of settings block "Acme.Bad" has the key "b" '
            "(template line 1, column 110)",
            pointer="/content/template",
        ),
        warning(
            "settings-unknown-key",
            "blocks/p.json",
            'settings["acme.s"].b: no version of settings block "acme.s" has the key "b" '
            "(template line 1, column 84)",
            pointer="/content/template",
        ),
    ]
    erred = {problem.file for problem in problems if problem.severity == "error"}
    assert erred == {"blocks/k.json", "blocks/v.json", "blocks/bad.json", "blocks/s.json"}


def test_blocks_with_errors_have_no_entries(tmp_path: Path) -> None:
    """Only blocks without errors become entries; warnings don't stop one."""
    write(
        tmp_path,
        {
            "blocks/bad.json": settings("acme.bad", "1.0", {}),
            "blocks/warned.json": prompt("acme.warned", "1.0.0", template="{{ who }}"),
        },
    )
    files, _ = block_paths(tmp_path)
    outcome = check_blocks(tmp_path, files, "blocks")
    assert [e["id"] for e in outcome.entries] == ["acme.warned"]
    assert [p.severity for p in outcome.problems] == ["error", "warning"]


def test_blocks_folder_at_pack_root(tmp_path: Path) -> None:
    """With "" as the blocks folder, templates anywhere in the pack are inside it."""
    write(
        tmp_path,
        {
            "one.json": prompt("acme.one", "1.0.0", templateFile="shared/one.liquid"),
            "shared/one.liquid": "Hello.",
        },
    )
    outcome = check_blocks(tmp_path, ["one.json"], "")
    assert outcome.problems == ()
    assert outcome.entries[0]["content"] == {"template": "Hello."}


def test_too_large_block_file(tmp_path: Path) -> None:
    """A block file over the size limit is a problem naming the limit, and isn't read."""
    write(tmp_path, {"blocks/big.json": settings("acme.big", "1.0.0", {"x": "y" * 100})})
    problems = check_blocks(tmp_path, ["blocks/big.json"], "blocks", max_file_bytes=50).problems
    assert [(p.code, p.file) for p in problems] == [("block-too-large", "blocks/big.json")]
    assert "more than the limit of 50" in problems[0].message


def test_null_where_a_string_belongs_is_a_problem(tmp_path: Path) -> None:
    """`"id": null` (and the like) is a type problem, not a missing key gone unnoticed, in
    the runtime's words (`validateBlock` says each of these of a null), then which type."""
    block: dict[str, Any] = {"id": None, "version": None, "kind": None, "description": None}
    block["content"] = {}
    write(tmp_path, {"blocks/n.json": block})
    problems = check_blocks(tmp_path, ["blocks/n.json"], "blocks").problems
    assert [(p.code, p.pointer, p.message) for p in problems] == [
        ("block-shape", "/description", "description must be a string, not null"),
        (
            "block-shape",
            "/id",
            'id must be a dotted lowercase id, e.g. "acme.intake-prompt", not null',
        ),
        ("block-shape", "/kind", "kind must be one of: prompt, settings, not null"),
        ("block-shape", "/version", 'version must be major.minor.patch, e.g. "1.0.0", not null'),
    ]


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_state_is_restored(enabled: bool) -> None:
    """The stage leaves Python's cyclic collector as the caller had it."""
    files, _ = block_paths(GOOD)
    was = gc.isenabled()
    try:
        if not enabled:
            gc.disable()
        check_blocks(GOOD, files, "blocks")
        assert gc.isenabled() is enabled
    finally:
        if was:
            gc.enable()


def test_problems_of_a_file_come_in_pointer_order(tmp_path: Path) -> None:
    """Twelve bad parameters are reported first to last: /2 before /10, as the report sorts."""
    parameters = [{"name": f"p{n}", "type": "strnig"} for n in range(12)]
    write(
        tmp_path, {"blocks/p.json": prompt("acme.p", "1.0.0", template="x", parameters=parameters)}
    )
    problems = check_blocks(tmp_path, ["blocks/p.json"], "blocks").problems
    assert [p.pointer for p in problems] == [f"/content/parameters/{n}/type" for n in range(12)]
