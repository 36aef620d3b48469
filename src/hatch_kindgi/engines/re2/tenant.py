"""A tenant's pattern as the hosted profile compiles it: `@kindgi/bounds`' `pattern.ts`
(`compileTenantPattern`, `tenantPatternSyntaxProblem`) on RE2, with re2js as the engine.

`tenant_pattern_syntax_problem` checks, in the runtime's order, stopping at the first problem:
the length (the source's UTF-16 units plus the flags, at most `pattern_max_length`); on RE2
the flags (a flag twice, `v`, an unknown one); what V8's `new RegExp(source, flags)` refuses
(V8's message); on RE2, `unsupportedOnRe2`, Kindgi's scan for what RE2 doesn't have or reads
otherwise, left to right over UTF-16 units (its indexes are JavaScript's). It builds no RE2
program. `compile_tenant_pattern` then reads the pattern as re2js does
(`engines.re2.syntax`: what re2js still refuses, `RE2, the engine patterns run on here,
refuses it: …`), and matches it in linear time (`engines.re2.program`, on first use).

V8's message for a pattern without `u` (guardrails' patterns, the `regex` format) is
`engines.javascript.regexp_constructor`'s, V8's own words (`Invalid group`). The tests
hold every verdict, reason and answer to the shipped functions under HOSTED_BOUNDS
(`tests/unit/engines/re2/test_tenant.py`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from hatch_kindgi.engines.bounds import Bounds
from hatch_kindgi.engines.javascript.regexp import syntax_problem
from hatch_kindgi.engines.javascript.strings import utf16_length, utf16_units
from hatch_kindgi.engines.re2.program import ACCELERATE, Program, compile_program
from hatch_kindgi.engines.re2.syntax import Node, Re2jsSyntaxError, read

__all__ = [
    "RE2_ENGINE",
    "Refused",
    "TenantPattern",
    "compile_tenant_pattern",
    "matched_on",
    "tenant_pattern_syntax_problem",
]

RE2_ENGINE = "RE2, the engine patterns run on here,"
_FLAGS = frozenset("imsugdy")
_LOOKAROUND = ("(?=", "(?!", "(?<=", "(?<!")
_READS_OTHERWISE = {
    "p": "a Unicode class",
    "P": "a negated Unicode class",
    "A": "the start of the text",
    "z": "the end of the text",
    "Q": "the start of a quoted literal (`\\Q…\\E`)",
    "a": "the bell character",
    "x": "the start of a code point (`\\x{41}`)",
}
"""Escapes JavaScript without `u` reads as the letter itself, and RE2 as something else."""


@dataclass(frozen=True)
class Refused:
    """Why the runtime can't run a pattern: `compileTenantPattern`'s `reason`."""

    reason: str


@dataclass(frozen=True)
class TenantPattern:
    """A pattern the hosted profile compiles: re2js's reading of it, matched on first use."""

    source: str
    flags: str
    tree: Node
    _program: list[Program] = field(default_factory=list, repr=False, compare=False)

    def test(self, text: str) -> bool:
        """Whether it matches in `text` (at its start under `y`), as re2js's `test`. Raises
        `program.Re2Timeout` past the work the check may take."""
        if not self._program:
            self._program.append(compile_program(self.tree, self.source, sticky="y" in self.flags))
        return self._program[0].test(text)


def _length_problem(source: str, flags: str, bounds: Bounds) -> str | None:
    length = utf16_length(source) + len(flags)
    most = bounds.pattern_max_length
    return (
        f"{length} characters with its flags, over the limit of {most}" if length > most else None
    )


def _flags_problem(flags: str) -> str | None:
    """`re2FlagsFor`'s refusal."""
    for index, flag in enumerate(flags):
        if flags.index(flag) != index:
            return f"the `{flag}` flag is given twice"
        if flag == "v":
            return f"{RE2_ENGINE} has no `v` flag (set notation)"
        if flag not in _FLAGS:
            return f"`{flag}` isn't a flag"
    return None


def _v8_problem(source: str, flags: str) -> str | None:
    """`new RegExp(source, flags)`'s refusal (flags already checked)."""
    if "u" in flags:
        return syntax_problem(source, flags)
    from hatch_kindgi.engines.javascript.regexp_constructor import constructor_problem

    return constructor_problem(source, flags)


def _unsupported_on_re2(source: str, unicode: bool) -> str | None:
    """`unsupportedOnRe2`: what RE2 doesn't have or reads otherwise, by name and index."""
    units = utf16_units(source)
    length = len(units)
    in_class = False
    index = 0
    while index < length:
        unit = units[index]
        after = units[index + 1] if index + 1 < length else ""
        if unit == "\\":
            if after == "u":
                return (
                    f"{RE2_ENGINE} has no `\\u` escapes: write the character itself "
                    f"(at index {index})"
                )
            misread = None if unicode else _READS_OTHERWISE.get(after)
            if misread is not None and (after != "x" or units[index + 2 : index + 3] == "{"):
                written = "\\x{" if after == "x" else f"\\{after}"
                return (
                    f"{RE2_ENGINE} reads `{written}` as {misread}, where JavaScript without "
                    f"the `u` flag reads the letter `{after}` (at index {index})"
                )
            if not in_class and "1" <= after <= "9":
                return f"{RE2_ENGINE} has no backreferences (`\\{after}` at index {index})"
            if not in_class and after == "k" and units[index + 2 : index + 3] == "<":
                return f"{RE2_ENGINE} has no backreferences (`\\k<` at index {index})"
            index += 1
        elif in_class:
            if unit == "]":
                in_class = False
            elif unit == "[" and after == ":":
                return (
                    f"{RE2_ENGINE} reads `[:` in a class as a POSIX class such as "
                    f"`[:alpha:]`, not as JavaScript does (at index {index})"
                )
        elif unit == "[":
            first = index + 2 if after == "^" else index + 1
            if units[first : first + 1] == "]":
                return (
                    f"{RE2_ENGINE} reads `{units[index : first + 1]}` as the start of a "
                    f"class, not as JavaScript does (at index {index})"
                )
            in_class = True
            index = first - 1
        elif unit == "(" and after == "?":
            for look in _LOOKAROUND:
                if units.startswith(look, index):
                    return (
                        f"{RE2_ENGINE} has no lookahead or lookbehind (`{look}` at index {index})"
                    )
        index += 1
    return None


def tenant_pattern_syntax_problem(source: str, flags: str = "", *, bounds: Bounds) -> str | None:
    """Why `compileTenantPattern` would refuse `source` with `flags` for its syntax under
    `bounds` (`tenantPatternSyntaxProblem`), or None. Raises `JsRegexError` (not
    `javascript`) for a `u` pattern nested too deep for us to read."""
    too_long = _length_problem(source, flags, bounds)
    if too_long is not None:
        return too_long
    if not bounds.on_re2:
        return _v8_problem(source, flags)
    return (
        _flags_problem(flags)
        or _v8_problem(source, flags)
        or _unsupported_on_re2(source, "u" in flags)
    )


@lru_cache(maxsize=1024)
def _compiled(source: str, flags: str, bounds: Bounds) -> TenantPattern | Refused:
    problem = tenant_pattern_syntax_problem(source, flags, bounds=bounds)
    if problem is not None:
        return Refused(problem)
    try:
        tree = read(source, flags)
    except Re2jsSyntaxError as refused:
        return Refused(f"{RE2_ENGINE} refuses it: {refused.detail}")
    return TenantPattern(source, flags, tree)


def compile_tenant_pattern(
    source: str, flags: str = "", *, bounds: Bounds
) -> TenantPattern | Refused:
    """`compileTenantPattern(source, flags)` under `bounds`, which run patterns on RE2: the
    pattern, or why it can't run there (`Refused`). Kept by source and flags, as Ajv keeps
    one compiled pattern per source."""
    if not bounds.on_re2:
        raise ValueError("compile_tenant_pattern reads patterns as RE2 does: hosted bounds only")
    return _compiled(source, flags, bounds)


@contextmanager
def matched_on(matcher: Literal["python", "google-re2"]) -> Iterator[None]:
    """Inside the block, hosted patterns are matched on `matcher`: our own ("python"), or
    google-re2 where it is installed and exact; the patterns compiled before are dropped on
    the way in and out, so none carries a matcher across."""
    token = ACCELERATE.set(matcher == "google-re2")
    _compiled.cache_clear()
    try:
        yield
    finally:
        ACCELERATE.reset(token)
        _compiled.cache_clear()
