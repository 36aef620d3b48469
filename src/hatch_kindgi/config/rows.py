"""A table of the pyproject checked against its rows (`check_table`): one row a key, saying
what its value must be, how a message says it isn't and what the key is when it isn't.

Every problem is on `pyproject.toml`, anchored on its key. They come in one order whatever
the table: the keys the table doesn't know (in the table's order), then each row's kind
(in the rows' order), then each row's rule; a value refused by its kind is judged no
further and counts as not set.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.config.pyproject import PYPROJECT, key_anchor, toml_value, unknown_key
from hatch_kindgi.report.problems import Problem, error

Said = Callable[[str, Any], "str | None"]
"""What is wrong with a value, given how a message names its key: the message, or None."""


@dataclass(frozen=True)
class Rule:
    """One check of a value: the problem's code, and what it says of a value it refuses."""

    code: str
    said: Said


def must_be(code: str, words: str, test: Callable[[Any], bool]) -> Rule:
    """The rule refusing a value `test` refuses: "<key> must be <words>, not <value>"."""

    def said(named: str, value: Any) -> str | None:
        return None if test(value) else f"{named} must be {words}, not {toml_value(value)}"

    return Rule(code, said)


def is_text(value: Any) -> bool:
    """Whether `value` is a string with something other than white space in it."""
    return isinstance(value, str) and bool(value.strip())


@dataclass(frozen=True)
class Row:
    """One key of a table: what it must be (`kind`, judged first) and then (`rule`) what a
    value of that kind must meet; `default` where it is not set or refused; `missing`, for a
    key that must be set, what the message asks for."""

    key: str
    kind: Rule | None = None
    rule: Rule | None = None
    """Judges a value of its kind; with no kind, every value, the default too."""
    default: Any = None
    missing: str | None = None


@dataclass(frozen=True)
class Table:
    """A table's rows, where it is (`path`), how a message names one of its keys and what it
    says of one it doesn't know; `others`: keys another tool reads there, left to it."""

    path: tuple[str, ...]
    rows: tuple[Row, ...]
    named: Callable[[str], str]
    unknown: str
    others: frozenset[str] = frozenset()


def check_table(table: Mapping[str, Any], spec: Table, problems: list[Problem]) -> dict[str, Any]:
    """Each row's value by key, its default where it is not set or is refused; a problem in
    `problems` for each key `spec` doesn't know and each value its rows refuse."""
    known = sorted(row.key for row in spec.rows)
    for key in table:
        if key not in known and key not in spec.others:
            said = f"{spec.named(key)} {spec.unknown}"
            message, fix = unknown_key(key, said, known, also=sorted(spec.others))
            problems.append(_problem(spec, key, "config-unknown-key", message, suggestion=fix))
    values = {row.key: table.get(row.key, row.default) for row in spec.rows}
    for row in spec.rows:
        value = values[row.key]
        if value is None and row.missing is not None:
            said = f"{spec.named(row.key)} is missing: {row.missing}"
            problems.append(_problem(spec, row.key, "config-missing", said))
        elif value is not None and not _passes(spec, row.key, row.kind, value, problems):
            values[row.key] = row.default
    for row in spec.rows:
        value = values[row.key]
        if (value is not None or row.kind is None) and not _passes(
            spec, row.key, row.rule, value, problems
        ):
            values[row.key] = row.default
    return values


def _passes(spec: Table, key: str, rule: Rule | None, value: Any, problems: list[Problem]) -> bool:
    """Whether `rule` (None: no rule) lets `value` of `key` pass; a problem when it doesn't."""
    said = None if rule is None else rule.said(spec.named(key), value)
    if rule is not None and said is not None:
        problems.append(_problem(spec, key, rule.code, said))
    return said is None


def _problem(
    spec: Table, key: str, code: str, message: str, suggestion: tuple[str, str] | None = None
) -> Problem:
    anchor = key_anchor(*spec.path, key)
    return error(code, PYPROJECT, message, suggestion=suggestion, anchor=anchor)
