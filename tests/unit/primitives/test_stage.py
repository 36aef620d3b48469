"""The primitives stage: each entry's findings placed on the file that declares it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatch_kindgi.primitives.stage import check_primitives
from hatch_kindgi.report.problems import Problem

MODULE = """\
from kindgi import tool


@tool(id="acme.t.lookup", version="1.0.0-beta.1")
def lookup(query: dict) -> dict:
    return {}
"""


def _tool(**fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": "acme.t.lookup",
        "description": "Looks it up.",
        "version": "1.0.0",
        "input": {"type": "object"},
        "output": {"type": "object"},
        "effects": [],
        "modulePath": "tools/lookup.py",
    }
    entry.update(fields)
    return entry


def _pack(tmp_path: Path) -> Path:
    (tmp_path / "tools").mkdir(parents=True)
    (tmp_path / "tools" / "lookup.py").write_text(MODULE, encoding="utf-8")
    return tmp_path


def test_a_finding_lands_on_the_argument_it_points_to(tmp_path: Path) -> None:
    """The deploy's refusal of a prerelease version, at the `version=` argument's value."""
    problems = check_primitives(_pack(tmp_path), {"tools": [_tool(version="1.0.0-beta.1")]})
    assert [(p.file, p.line, p.column, p.pointer, p.code) for p in problems] == [
        ("tools/lookup.py", 4, 35, "/version", "tool-manifest")
    ]
    assert problems[0].message.startswith('must match pattern "^\\d+\\.\\d+\\.\\d+$"; ')


def test_a_clean_tool_has_no_problem(tmp_path: Path) -> None:
    """Nothing found, nothing reported."""
    assert check_primitives(_pack(tmp_path), {"tools": [_tool()]}) == ()


def test_a_file_outside_the_pack_is_never_read(tmp_path: Path) -> None:
    """A module path that leaves the pack (a forged index): the problem stays on that name,
    without a line; nothing outside the pack is opened."""
    pack = _pack(tmp_path / "pack")
    (tmp_path / "outside.py").write_text(MODULE, encoding="utf-8")
    entry = _tool(version="x", modulePath="../outside.py")
    (problem,) = check_primitives(pack, {"tools": [entry]})
    assert (problem.file, problem.line, problem.pointer) == ("../outside.py", None, "/version")


def test_entries_that_are_no_objects_are_left_to_the_index_stage(tmp_path: Path) -> None:
    """A list item that isn't an object: no problem here, no exception."""
    assert check_primitives(_pack(tmp_path), {"tools": [None, 3, "x"]}) == ()  # type: ignore[list-item]


def test_one_problem_per_place_and_message(tmp_path: Path) -> None:
    """The same fault twice (two identical Ajv errors) is reported once."""
    entry = _tool(network={"kind": "allowlist", "domains": ["a"]})
    problems = check_primitives(_pack(tmp_path), {"tools": [entry]})
    assert len(problems) == len(set(problems))
    assert all(isinstance(problem, Problem) for problem in problems)
    assert {p.pointer for p in problems} == {"/network", "/network/kind"}
