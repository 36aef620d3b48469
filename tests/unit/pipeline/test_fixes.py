"""The edits of quick fixes, against texts fixed by hand."""

from __future__ import annotations

from hatch_kindgi.pipeline.fixes import fix_of
from hatch_kindgi.pipeline.places import Text, place_problems
from hatch_kindgi.report.problems import Problem, error


def _applied(problem: Problem, text: str) -> str | None:
    fix = fix_of(problem, Text(text))
    if fix is None:
        return None
    for span, new in sorted(fix.edits, key=lambda edit: edit[0].start, reverse=True):
        text = text[: span.start] + new + text[span.end :]
    return text


def test_missing_type_added_to_the_schema_object() -> None:
    """A problem naming a type to add, with nothing written, adds `"type"` first in the
    object holding the keyword at its pointer (how Ajv strict mode's missing type is fixed);
    not where that object has a type already."""
    text = '{"content": {"schema": {"properties": {"n": {"minimum": 1}}}}}'
    problem = error(
        "settings-schema",
        "s.json",
        "m",
        pointer="/content/schema/properties/n/minimum",
        suggestion=("", "number"),
    )
    assert _applied(problem, text) == (
        '{"content": {"schema": {"properties": {"n": {"type": "number", "minimum": 1}}}}}'
    )
    typed = '{"content": {"schema": {"properties": {"n": {"type": "string", "minimum": 1}}}}}'
    assert _applied(problem, typed) is None
    properties = error(
        "settings-schema",
        "s.json",
        "m",
        pointer="/content/schema/properties",
        suggestion=("", "object"),
    )
    assert _applied(properties, text) == (
        '{"content": {"schema": {"type": "object", "properties": {"n": {"minimum": 1}}}}}'
    )


def test_version_reused_takes_the_next_free_version() -> None:
    """`version-reused` rewrites `/version`, whatever pointer the content differs at."""
    text = '{"id": "a.b", "version": "1.0.0", "content": {"values": {"x": 2}}}'
    problem = error(
        "version-reused", "b.json", "m", pointer="/content/values/x", suggestion=("1.0.0", "1.0.1")
    )
    assert _applied(problem, text) == text.replace('"1.0.0"', '"1.0.1"')


def test_no_fix_when_the_text_changed_under_it() -> None:
    """A fix whose word is no longer there is not offered."""
    problem = error("block-kind", "b.json", "m", pointer="/kind", suggestion=("promt", "prompt"))
    assert _applied(problem, '{"kind": "prompt"}') is None
    assert _applied(problem, '{"kind": "promt"}') == '{"kind": "prompt"}'


def test_no_rename_onto_a_key_that_is_there() -> None:
    """A misspelt key whose meant key is in the same object already: renaming it would make
    a duplicate and lose a value, so there is no certain fix."""
    problem = error(
        "block-unknown-key",
        "b.json",
        "m",
        pointer="/descripton",
        suggestion=("descripton", "description"),
    )
    assert _applied(problem, '{"descripton": "a", "description": "b"}') is None
    assert _applied(problem, '{"descripton": "a"}') == '{"description": "a"}'


def test_a_pyproject_key_renamed_in_place() -> None:
    """A misspelt pyproject key (its anchor, placed by the pipeline) is renamed where it is,
    the rest of the line kept; not onto a key its table has already."""
    text = '[tool.kindgi.discovery]\ntool = "src/tools/*.py"  # mine\n'
    problem = error(
        "config-unknown-key",
        "pyproject.toml",
        "m",
        anchor="/tool/kindgi/discovery/tool",
        suggestion=("tool", "tools"),
    )
    (placed,) = place_problems([problem], lambda _: text)
    fixed = _applied_toml(placed, text)
    assert fixed == '[tool.kindgi.discovery]\ntools = "src/tools/*.py"  # mine\n'
    both = text + 'tools = "x/*.py"\n'
    (placed,) = place_problems([problem], lambda _: both)
    assert _applied_toml(placed, both) is None


def _applied_toml(problem: Problem, text: str) -> str | None:
    fix = fix_of(problem, Text(text, toml=True))
    if fix is None:
        return None
    for span, new in sorted(fix.edits, key=lambda edit: edit[0].start, reverse=True):
        text = text[: span.start] + new + text[span.end :]
    return text


def test_added_type_takes_the_files_own_line_end() -> None:
    """On its own line, indented as the member after it, and ended as the file's lines are:
    `\\n`, `\\r\\n` or a lone `\\r`, never a `\\n` put into a CRLF or CR-only file."""
    problem = error(
        "settings-schema", "s.json", "m", pointer="/n/minimum", suggestion=("", "number")
    )
    for end in ("\n", "\r\n", "\r"):
        text = f'{{"n": {{{end}    "minimum": 1{end}  }}{end}}}'
        assert _applied(problem, text) == (
            f'{{"n": {{{end}    "type": "number",{end}    "minimum": 1{end}  }}{end}}}'
        )
