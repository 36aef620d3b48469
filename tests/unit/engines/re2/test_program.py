"""google-re2 only matches, and only when a hosted pattern meets a value: the verdict on a
pattern needs no google-re2, and a match without it says what to install."""

from __future__ import annotations

import subprocess
import sys

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
