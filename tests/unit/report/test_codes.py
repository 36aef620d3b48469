"""The code registry, docs/problems.md and the tests agree: documented, emitted, exercised."""

from __future__ import annotations

import ast
import re

from hatch_kindgi.report.codes import CODES, problems_markdown
from tests.helpers.packs import REPO, TESTPACKS

CODE = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
GOLDEN_CODE = re.compile(r": (?:error|warning)\[([a-z0-9-]+)\]: ")


def test_docs_page_is_generated_from_registry() -> None:
    """docs/problems.md is exactly what the registry generates (regenerate it if not)."""
    documented = (REPO / "docs" / "problems.md").read_text("utf-8")
    assert documented == problems_markdown(), (
        "run: python -m hatch_kindgi.report.codes > docs/problems.md"
    )


def test_codes_are_lowercase_hyphenated() -> None:
    """Codes are stable identifiers: lowercase words joined by hyphens."""
    assert [code for code in CODES if not CODE.fullmatch(code)] == []


def test_every_code_string_in_source_is_registered() -> None:
    """Each literal code passed to error()/warning() in src/ is in the registry."""
    unknown = []
    for path in sorted((REPO / "src" / "hatch_kindgi").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("error", "warning")
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
                and node.args[0].value not in CODES
            ):
                unknown.append(f"{path.name}:{node.lineno}: {node.args[0].value}")
    assert unknown == []


def test_every_code_is_exercised_by_a_test() -> None:
    """Each registered code appears in a golden report or is asserted by a test."""
    seen: set[str] = set()
    for golden in TESTPACKS.glob("broken/*/expected.txt"):
        seen.update(GOLDEN_CODE.findall(golden.read_text("utf-8")))
    test_sources = "\n".join(
        p.read_text("utf-8")
        for p in (REPO / "tests").rglob("test_*.py")
        if p.name != "test_codes.py"
    )
    seen.update(
        code for code in CODES if f'"{code}"' in test_sources or f"[{code}]" in test_sources
    )
    assert sorted(set(CODES) - seen) == []
