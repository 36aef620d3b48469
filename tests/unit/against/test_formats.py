"""The diff's formats on small diffs written out by hand: escaping, absent values, notes."""

from __future__ import annotations

import json
from pathlib import Path

from jsonschema import Draft202012Validator

from hatch_kindgi.against.formats import diff_json, diff_markdown, diff_text, format_diff
from hatch_kindgi.against.model import EntryIds, PackDiff, Reused

SCHEMA = Path(__file__).resolve().parents[3] / "src/hatch_kindgi/against/diff.schema.json"

NOTHING = PackDiff(
    "v1.0.0",
    "1.0.0",
    None,
    notes=("v1.0.0 has no pyproject.toml: a new pack, so there is nothing to compare with",),
)
AWKWARD = PackDiff(
    "main",
    "2.0.0",
    "1.0.0",
    added=(EntryIds("tool", "a|b`c", (), ("tools/x.py",)),),
    reused=(Reused("tool", "t", "1.0.0", "tools/t.py", "/description", None, '"`x`"', None),),
    notes=("the pack at main has errors of its own: <b>*its*</b> entries are left out",),
)


def test_nothing_changed_text_and_markdown() -> None:
    """A diff without changes says so, and its note follows."""
    assert diff_text(NOTHING) == (
        "Against v1.0.0: pack version 1.0.0\n"
        "No entry, version or env name changed.\n"
        "Note: v1.0.0 has no pyproject.toml: a new pack, so there is nothing to compare with\n"
    )
    assert diff_markdown(NOTHING) == (
        "### Kindgi pack changes against `v1.0.0`\n"
        "\n"
        "Pack version 1.0.0.\n"
        "\n"
        "No entry, version or env name changed.\n"
        "\n"
        "> **Note:** v1.0.0 has no pyproject.toml: a new pack, so there is nothing to compare "
        "with\n"
    )


def test_markdown_keeps_pack_values_out_of_markdown() -> None:
    """Backticks get a longer fence, pipes are escaped inside table cells, an absent value
    says so, and a note's Markdown characters are escaped."""
    assert diff_markdown(AWKWARD) == (
        "### Kindgi pack changes against `main`\n"
        "\n"
        "Pack version 1.0.0 → 2.0.0.\n"
        "\n"
        "#### Reused versions (1)\n"
        "\n"
        "A runtime refuses a released version with other content: give each a new version.\n"
        "\n"
        "| kind | id | version | file | first difference | there | here | give it |\n"
        "| --- | --- | --- | --- | --- | --- | --- | --- |\n"
        '| tool | `t` | `1.0.0` | `tools/t.py` | `/description` | absent | ``"`x`"`` '
        "| a new version |\n"
        "\n"
        "#### Added (1)\n"
        "\n"
        "| kind | id | versions | files |\n"
        "| --- | --- | --- | --- |\n"
        "| tool | ``a\\|b`c`` | none | `tools/x.py` |\n"
        "\n"
        "> **Note:** the pack at main has errors of its own: \\<b\\>\\*its\\*\\</b\\> entries "
        "are left out\n"
    )


def test_text_and_json_of_an_awkward_diff() -> None:
    """Text shows values as they are; JSON keeps absent as null and validates."""
    assert diff_text(AWKWARD) == (
        "Against main: pack version 1.0.0 -> 2.0.0\n"
        "Reused versions, which a runtime refuses (1):\n"
        '  tool t 1.0.0 in tools/t.py: /description is absent there, "`x`" here: '
        "give it version (a new one)\n"
        "Added (1):\n"
        "  tool a|b`c in tools/x.py\n"
        "Note: the pack at main has errors of its own: <b>*its*</b> entries are left out\n"
    )
    document = json.loads(diff_json(AWKWARD))
    assert document["reused"][0]["before"] is None
    assert document["added"][0]["versions"] == []
    schema = json.loads(SCHEMA.read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(document)) == []
    assert format_diff(AWKWARD, "json") == diff_json(AWKWARD)
