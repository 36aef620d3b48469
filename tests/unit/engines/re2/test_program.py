"""google-re2 only matches, and only when a hosted pattern meets a value: the verdict on a
pattern needs no google-re2, and a match without it says what to install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS
from hatch_kindgi.engines.re2 import program
from hatch_kindgi.engines.re2.tenant import Refused, TenantPattern, compile_tenant_pattern

_WITHOUT_RE2 = """
import sys
sys.modules["re2"] = None  # import re2 raises ImportError, as where it isn't installed
from hatch_kindgi.engines.ajv.strict import strict_findings
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS
schema = {"type": "object", "properties": {
    "a": {"type": "string", "pattern": "^(?=a)"},
    "b": {"type": "string", "pattern": "^[a-z]{1,4000}$"},
    "c": {"type": "string", "pattern": "^[a-z]+$"}}}
for pointer, message in strict_findings(schema, HOSTED_BOUNDS):
    print(pointer)
"""


def test_the_verdict_on_a_pattern_needs_no_google_re2() -> None:
    """Without google-re2, the hosted compile refuses what it refuses and takes the rest."""
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_RE2], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["/properties/a/pattern", "/properties/b/pattern"]


@pytest.fixture
def no_google_re2(monkeypatch: pytest.MonkeyPatch) -> None:
    """google-re2 as where it can't be imported."""

    def missing() -> object:
        raise program.Re2Unavailable(ImportError("No module named 're2'"))

    monkeypatch.setattr(program, "_library", missing)


@pytest.mark.usefixtures("no_google_re2")
def test_a_match_without_google_re2_says_what_to_install() -> None:
    """Matching raises Re2Unavailable, naming the package to install."""
    compiled = compile_tenant_pattern("^[a-z]+$x", "u", bounds=HOSTED_BOUNDS)
    assert isinstance(compiled, TenantPattern)
    with pytest.raises(program.Re2Unavailable, match="pip install google-re2"):
        compiled.test("abc")


@pytest.mark.usefixtures("no_google_re2")
def test_hosted_values_without_google_re2_are_a_problem_not_a_pass() -> None:
    """A settings value under a hosted pattern, google-re2 missing: `re2-missing`, never a
    silent pass."""
    schema = {
        "type": "object",
        "properties": {"code": {"type": "string", "pattern": "^[A-Z]{2}z$"}},
    }
    problems = SchemaChecks(HOSTED_BOUNDS).value_problems("b.json", {"code": "ABz"}, schema)
    assert [(p.code, p.pointer) for p in problems] == [("re2-missing", "/content/schema")]
    assert "pip install google-re2" in problems[0].message


def test_compiled_patterns_are_kept() -> None:
    """The same source and flags compile once (as Ajv keeps one per source)."""
    first = compile_tenant_pattern("^(?:a|b)+$", "u", bounds=HOSTED_BOUNDS)
    assert first is compile_tenant_pattern("^(?:a|b)+$", "u", bounds=HOSTED_BOUNDS)
    assert isinstance(compile_tenant_pattern("(?=a)", "u", bounds=HOSTED_BOUNDS), Refused)


def test_a_large_program_on_a_long_text_is_a_problem_in_time() -> None:
    """40,000 steps (`a{1000}` side by side) on 100,000 `a`: RE2's work is the steps
    times the characters (minutes). The check stops at its time limit and says why."""
    import time

    pattern = "a{1000}" * 40
    schema = {"type": "object", "properties": {"v": {"type": "string", "pattern": pattern}}}
    started = time.perf_counter()
    problems = SchemaChecks(HOSTED_BOUNDS).value_problems("b.json", {"v": "a" * 100_000}, schema)
    assert time.perf_counter() - started < 5
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-pattern-timeout", "/content/schema/properties/v/pattern")
    ]
    assert "on RE2: its work is the pattern's steps" in problems[0].message


def test_a_match_in_the_child_answers_as_here() -> None:
    """Past CHEAP_WORK the match runs in a child process: the same answers."""
    compiled = compile_tenant_pattern(
        "^\\p{L}{1,1000}(?:\\p{N}{1,1000})?$", "u", bounds=HOSTED_BOUNDS
    )
    assert isinstance(compiled, TenantPattern)
    assert compiled.test("é" * 1000 + "1" * 500)
    assert not compiled.test("é" * 1001)
    long_text = "é" * 999 + "٣" * 30_000  # an Arabic-Indic digit is \\p{N}
    assert not compiled.test(long_text)
    assert compiled.test("é" * 999 + "٣" * 1000)


@pytest.mark.usefixtures("no_google_re2")
def test_without_a_target_a_missing_google_re2_is_a_warning_that_says_so(tmp_path: Path) -> None:
    """No target, google-re2 missing: the self-hosted verdict, and a warning that the hosted
    check of the values couldn't be made (not that hosted refuses them)."""
    from hatch_kindgi.blocks.stage import check_blocks
    from tests.helpers.blocks import block_paths, settings, write

    schema = {
        "type": "object",
        "properties": {"code": {"type": "string", "pattern": "^[A-Z]{2}q$"}},
    }
    write(tmp_path, {"blocks/codes.json": settings("acme.codes", "1.0.0", {"code": "ABq"}, schema)})
    files, _ = block_paths(tmp_path)
    problems = check_blocks(tmp_path, files, "blocks").problems
    assert [(p.severity, p.code) for p in problems] == [("warning", "re2-missing")]
    assert "so Kindgi hosted's verdict on them is unknown" in problems[0].message
