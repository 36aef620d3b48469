"""A hosted pattern's matches: counted, never timed, in this process, the same answers and the
same report on our own matcher and on google-re2, and nothing of google-re2 needed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS
from hatch_kindgi.engines.re2 import program
from hatch_kindgi.engines.re2.tenant import Refused, TenantPattern, compile_tenant_pattern

_WITHOUT_RE2 = r"""
import sys
sys.modules["re2"] = None  # import re2 raises ImportError, as where it isn't installed
from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.engines.ajv.strict import strict_findings
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS
schema = {"type": "object", "properties": {
    "a": {"type": "string", "pattern": "^(?=a)"},
    "b": {"type": "string", "pattern": "^[a-z]{1,4000}$"}}}
for pointer, message in strict_findings(schema, HOSTED_BOUNDS):
    print(pointer)
schema = {"type": "object", "properties": {
    "c": {"type": "string", "pattern": "^[a-z]+\\b"},
    "d": {"type": "string", "pattern": "^(?:[a-c]{2}|x)+$"}}}
values = {"c": "abc-", "d": "abxcab!"}
for problem in SchemaChecks(HOSTED_BOUNDS).value_problems("b.json", values, schema):
    print(problem.code, problem.pointer)
print(sys.modules["re2"] is not None)
"""


def test_the_hosted_check_needs_no_google_re2() -> None:
    """Where google-re2 can't be imported, the hosted check refuses the patterns it refuses,
    takes the rest and judges the values by them: a pattern's verdict and its matches need
    nothing of google-re2."""
    done = subprocess.run(
        [sys.executable, "-c", _WITHOUT_RE2], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == [
        "/properties/a/pattern",
        "/properties/b/pattern",
        "settings-values /content/values/d",
        "False",
    ]


@pytest.mark.usefixtures("matcher")
def test_hosted_values_are_judged_on_either_matcher() -> None:
    """A settings value under a hosted pattern, on our own matcher and on google-re2: the
    same verdicts, never a silent pass."""
    schema = {
        "type": "object",
        "properties": {
            "code": {"type": "string", "pattern": "^[A-Z]{2}z$"},
            "word": {"type": "string", "pattern": "\\Bq\\B"},
        },
    }
    checks = SchemaChecks(HOSTED_BOUNDS)
    problems = checks.value_problems("b.json", {"code": "ABz", "word": "aqa"}, schema)
    assert problems == []
    problems = checks.value_problems("b.json", {"code": "ABzz", "word": "q a"}, schema)
    assert [(p.code, p.pointer) for p in problems] == [
        ("settings-values", "/content/values/code"),
        ("settings-values", "/content/values/word"),
    ]


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


@pytest.mark.usefixtures("matcher")
def test_a_large_match_answers_as_a_small_one() -> None:
    """A match of 60 million steps x characters (what once ran in a child process): the
    same answers, in this process."""
    compiled = compile_tenant_pattern(
        "^\\p{L}{1,1000}(?:\\p{N}{1,1000})?$", "u", bounds=HOSTED_BOUNDS
    )
    assert isinstance(compiled, TenantPattern)
    assert compiled.test("é" * 1000 + "1" * 500)
    assert not compiled.test("é" * 1001)
    long_text = "é" * 999 + "٣" * 30_000  # an Arabic-Indic digit is \\p{N}
    assert not compiled.test(long_text)
    assert compiled.test("é" * 999 + "٣" * 1000)


def _hostile_blocks() -> list[tuple[str, dict[str, object]]]:
    """6 blocks x 60 values against one pattern of 2,000 steps, each value 30,000
    characters: 60 million steps x characters a match, more than one check may take for
    all 60 together."""
    values = [("a" * 999 + "-") * 30 + f"!{n}" for n in range(60)]
    return [(f"blocks/b{n}.json", {"v": values}) for n in range(6)]


_HOSTILE_SCHEMA = {
    "type": "object",
    "properties": {
        "v": {
            "type": "array",
            "items": {"type": "string", "pattern": "^[a-z]{1,1000}(?:-[a-z]{1,1000})*$"},
        }
    },
}


def _hostile_report() -> list[tuple[str, str, str, str]]:
    checks = SchemaChecks(HOSTED_BOUNDS)
    return [
        (p.file, p.code, p.pointer or "", p.message)
        for file, values in _hostile_blocks()
        for p in checks.value_problems(file, values, _HOSTILE_SCHEMA)
    ]


@pytest.mark.usefixtures("matcher")
def test_the_same_hostile_values_give_the_same_report_every_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Matches are counted, not timed: the same pack, checked twice, gives the same report,
    every value the check's work has room for judged and the rest said to be past it, on
    either matcher; no match starts a process of its own."""

    def no_child(*args: object, **kwargs: object) -> object:
        raise AssertionError("a match started a process")

    monkeypatch.setattr(subprocess, "run", no_child)
    monkeypatch.setattr(subprocess, "Popen", no_child)
    first = _hostile_report()
    assert first == _hostile_report()
    per_block = 2_000_000_000 // 60_246_024  # the check's work over one match's
    assert [code for _, code, _, _ in first if code == "settings-values"] == (
        ["settings-values"] * per_block * 6
    )
    stops = [each for each in first if each[1] == "settings-pattern-timeout"]
    assert len(stops) == 6
    assert stops[0][3].startswith(
        "matching the schema's patterns would take more than 2000000000 steps in all, the last "
        '"^[a-z]{1,1000}(?:-[a-z]{1,1000})*$" against the string at '
        f"/content/values/v/{per_block} (60246024 steps) on RE2: its work is the pattern's steps"
    )


def test_a_match_past_its_share_is_refused_without_running() -> None:
    """One match's worst case past 200 million steps x characters: a problem, not a run,
    whether or not a budget is set."""
    from hatch_kindgi.engines.budget import validation_budget

    compiled = compile_tenant_pattern("a{1000}" * 40, "u", bounds=HOSTED_BOUNDS)
    assert isinstance(compiled, TenantPattern)
    with pytest.raises(program.Re2Timeout) as refused:
        compiled.test("a" * 10_000)
    with validation_budget(), pytest.raises(program.Re2Timeout) as budgeted:
        compiled.test("a" * 10_000)
    for each in (refused.value, budgeted.value):
        assert (each.work, each.limit, each.in_all) == (400_410_000, 200_000_000, False)


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("^[a-z]{1,1000}$", "a" * 1_000_000),
        ("^[a-z]{1,1000}", "a" * 1_000_000),
        ("(?:^x|^a{1,1000}b)", "a" * 999 + "b" + "c" * 999_000),
    ],
)
@pytest.mark.usefixtures("matcher")
def test_a_match_anchored_at_the_start_counts_only_what_it_can_reach(
    pattern: str, text: str
) -> None:
    """A pattern whose every match starts at the text's start and has a most length: its
    work is its steps on that many characters (and one a character after), so a megabyte
    value is answered, as the runtime answers it, instead of refused as too much work."""
    from tests.oracle import shipped

    shipped.require_oracle()
    compiled = compile_tenant_pattern(pattern, "u", bounds=HOSTED_BOUNDS)
    assert isinstance(compiled, TenantPattern)
    runtime = shipped.tenant_pattern(pattern, [text], "u", profile="hosted")
    assert [compiled.test(text)] == runtime["tests"]


@pytest.mark.parametrize("target", [None, "hosted"])
def test_a_hostile_pack_gets_the_same_report_twice(tmp_path: Path, target: str | None) -> None:
    """The pack of 6 blocks x 60 values, checked twice in this process (a fresh stage each
    time), with no target and for hosted: the same report."""
    from hatch_kindgi.blocks.stage import check_blocks
    from hatch_kindgi.config.target import target_of
    from tests.helpers.blocks import block_paths, settings, write

    write(
        tmp_path,
        {
            file: settings(f"acme.b{number}", "1.0.0", values, _HOSTILE_SCHEMA)
            for number, (file, values) in enumerate(_hostile_blocks())
        },
    )
    files, _ = block_paths(tmp_path)
    reports = [
        check_blocks(
            tmp_path, files, "blocks", max_file_bytes=4 << 20, target=target_of(target)
        ).problems
        for _ in range(2)
    ]
    assert reports[0] == reports[1]
    # No target: every value fails self-hosted's check, so hosted's is not asked of them.
    counted = {None: {"settings-values"}, "hosted": {"settings-values", "settings-pattern-timeout"}}
    assert {p.code for p in reports[0]} == counted[target]


@pytest.mark.usefixtures("matcher")
def test_a_pattern_too_large_for_our_automaton_is_refused_on_either_matcher() -> None:
    """Optional groups side by side, each following all those before: an automaton of
    billions of positions written out. Refused at once, as too large to check, in the same
    words whichever matcher would run it, and its values never judged by it."""
    import time

    from hatch_kindgi.engines.ajv.strict import strict_findings

    pattern = "(?:a?b?){1000}" * 60
    schema = {"type": "object", "properties": {"v": {"type": "string", "pattern": pattern}}}
    started = time.perf_counter()
    findings = strict_findings(schema, HOSTED_BOUNDS)
    assert [pointer for pointer, _ in findings] == ["/properties/v/pattern"]
    assert (
        "is too large to check: its automaton, its counts multiplied out, would write more "
        in (findings[0][1])
    )
    problems = SchemaChecks(HOSTED_BOUNDS).value_problems("b.json", {"v": "ab"}, schema)
    assert all(p.code == "settings-schema" for p in problems)  # never a traceback
    assert time.perf_counter() - started < 30  # refused while building, not after
    # The classic of RE2's: x? counted, written out as one run, is no refusal.
    compiled = compile_tenant_pattern("(?:a?){1000}a{1000}", "u", bounds=HOSTED_BOUNDS)
    assert isinstance(compiled, TenantPattern)
    assert compiled.test("a" * 1000)
    assert not compiled.test("a" * 999)
