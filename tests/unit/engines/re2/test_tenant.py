"""The hosted profile's patterns held to the shipped runtime: `compileTenantPattern` and
`tenantPatternSyntaxProblem` under HOSTED_BOUNDS (re2js 2.9.0) give the same verdict, the same
reason, and the same answer on every text, for the issue's examples, realistic schema and
guardrail patterns, and generated ones (`patterns.py`).

V8's message for a pattern without `u` is the mirror's one gap (`engines.re2.tenant`): there
only the verdict is compared, and the reason must be V8's lead-in.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

import pytest

from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS
from hatch_kindgi.engines.re2.tenant import (
    Refused,
    compile_tenant_pattern,
    tenant_pattern_syntax_problem,
)
from tests.oracle import shipped
from tests.unit.engines.re2 import patterns

_Case = tuple[str, str, list[str]]


def _fixed() -> list[_Case]:
    cases: list[_Case] = [(p, "u", patterns.TEXTS) for p in patterns.ISSUE + patterns.REALISTIC]
    cases += [
        (p, flags, patterns.TEXTS)
        for p in patterns.ISSUE[:20] + patterns.REALISTIC[:40]
        for flags in ("iu", "mu", "su")
    ]
    cases += [(p, flags, patterns.TEXTS) for p, flags in patterns.GUARDRAIL]
    return cases


def _generated(seed: int, count: int) -> list[_Case]:
    chooser = random.Random(seed)
    flag_choices = ["u"] * 6 + patterns.MORE_FLAGS
    return [
        (
            p,
            chooser.choice(flag_choices),
            patterns.TEXTS[:40] + patterns.generated_texts(chooser, 60),
        )
        for p in patterns.generated(count, chooser)
    ]


@dataclass
class _Differences:
    compared: int = 0
    refused: int = 0
    matches: int = 0
    found: list[str] = field(default_factory=list)

    def add(self, what: str, source: str, flags: str, ours: object, theirs: object) -> None:
        self.found.append(f"{what} /{source}/{flags}: ours {ours!r}, the runtime's {theirs!r}")


def _non_u_v8(reason: str | None) -> bool:
    return reason is not None and reason.startswith("Invalid regular expression: ")


def _compare(cases: Iterable[_Case]) -> _Differences:
    differences = _Differences()
    for source, flags, texts in cases:
        differences.compared += 1
        theirs = shipped.tenant_pattern(source, texts, flags, profile="hosted")
        their_syntax = shipped.tenant_pattern_syntax_problem(source, flags, profile="hosted")
        syntax = tenant_pattern_syntax_problem(source, flags, bounds=HOSTED_BOUNDS)
        ours = compile_tenant_pattern(source, flags, bounds=HOSTED_BOUNDS)
        gap = "u" not in flags and _non_u_v8(their_syntax)
        if (syntax is None) != (their_syntax is None) or (syntax != their_syntax and not gap):
            differences.add("syntax", source, flags, syntax, their_syntax)
        if isinstance(ours, Refused):
            differences.refused += 1
            if theirs["compiled"]:
                differences.add("verdict", source, flags, ours.reason, "compiled")
            elif ours.reason != theirs["reason"] and not (gap and _non_u_v8(ours.reason)):
                differences.add("reason", source, flags, ours.reason, theirs["reason"])
            continue
        if not theirs["compiled"]:
            differences.add("verdict", source, flags, "compiled", theirs["reason"])
            continue
        for text, expected in zip(texts, theirs["tests"]):
            differences.matches += 1
            if ours.test(text) != expected:
                differences.add(f"test({text!r})", source, flags, not expected, expected)
    return differences


@pytest.mark.usefixtures("matcher")
def test_written_patterns_read_as_the_runtime_reads_them() -> None:
    """The issue's examples, realistic schema patterns and guardrail patterns: no difference,
    on either matcher."""
    shipped.require_oracle()
    found = _compare(_fixed())
    assert found.compared > 300
    assert found.refused > 80
    assert found.matches > 30_000
    assert not found.found, "\n".join(found.found[:40])


@pytest.mark.usefixtures("matcher")
@pytest.mark.parametrize("seed", [29, 3])
def test_generated_patterns_read_as_the_runtime_reads_them(seed: int) -> None:
    """Patterns generated over atoms where the engines read differently: no difference, on
    either matcher."""
    shipped.require_oracle()
    found = _compare(_generated(seed, 400))
    assert found.refused > 100
    assert found.matches > 10_000
    assert not found.found, "\n".join(found.found[:40])


def test_self_hosted_syntax_is_length_and_v8() -> None:
    """Under self-hosted bounds the syntax check is the length (8,192) and V8 alone."""
    shipped.require_oracle()
    for source, flags in [("(?=a)", "u"), ("a" * 8192, ""), ("a" * 8192, "u"), ("(", "u")]:
        theirs = shipped.tenant_pattern_syntax_problem(source, flags)
        assert tenant_pattern_syntax_problem(source, flags, bounds=SELF_HOSTED_BOUNDS) == theirs


def test_only_re2_bounds_compile() -> None:
    """`compile_tenant_pattern` reads patterns as RE2 does: self-hosted bounds are a bug."""
    with pytest.raises(ValueError, match="hosted bounds only"):
        compile_tenant_pattern("a", bounds=SELF_HOSTED_BOUNDS)
