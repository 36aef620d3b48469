"""Settings: the schema is a valid Draft 2020-12 schema, and the values satisfy it.

Validators get an empty `referencing.Registry()`, so nothing is ever fetched: a `$ref` that
leaves the schema is reported before validation, and one jsonschema still can't resolve is a
problem, not a crash. One validator is built per distinct schema.

Patterns are matched under a time limit by the validators of `schema.bounded`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing.exceptions import Unresolvable

from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.schema.bounded import (
    PatternTimeout,
    bounded_validator,
    pattern_budget,
    pattern_findings,
    pattern_pointer,
    string_pointers,
)
from hatch_kindgi.schema.refs import reference_findings

SCHEMA = "/content/schema"
VALUES = "/content/values"
DIALECT = "https://json-schema.org/draft/2020-12/schema"

_Finding = tuple[str, str, str]  # code, pointer under /content/schema, message


def _build_validator(schema: dict[str, Any]) -> Draft202012Validator:
    """A validator for `schema` that resolves no reference outside it."""
    return bounded_validator(schema)


@dataclass
class _Checked:
    findings: tuple[_Finding, ...]
    validator: Draft202012Validator | None


class SchemaChecks:
    """Schema and values checks for one run, each distinct schema checked and built once."""

    def __init__(self) -> None:
        self._checked: dict[str, _Checked] = {}
        self._meta: Draft202012Validator | None = None

    def schema_problems(self, file: str, schema: dict[str, Any]) -> list[Problem]:
        """The problems of `schema`, declared at /content/schema of `file`."""
        return [
            error(code, file, message, pointer=SCHEMA + pointer)
            for code, pointer, message in self._check(schema).findings
        ]

    def usable(self, schema: dict[str, Any]) -> bool:
        """Whether values can be checked against `schema` (it has no problems)."""
        return self._check(schema).validator is not None

    def value_problems(
        self,
        file: str,
        values: dict[str, Any],
        schema: dict[str, Any],
        inherited_from: str | None = None,
    ) -> list[Problem]:
        """Each way `values` of `file` fail `schema`; `inherited_from` names its version."""
        validator = self._check(schema).validator
        if validator is None:
            return []
        whose = "" if inherited_from is None else f" (the schema of version {inherited_from})"
        problems: list[Problem] = []
        try:
            with pattern_budget():
                for failure in validator.iter_errors(values):
                    pointer = VALUES + json_pointer(failure.absolute_path)
                    problems.append(
                        error("settings-values", file, failure.message + whose, pointer=pointer)
                    )
        except PatternTimeout as slow:
            at = next(string_pointers(values, slow.subject, ("content", "values")), None)
            problems.append(
                error(
                    "settings-pattern-timeout",
                    file,
                    slow.explained(at) + whose,
                    pointer=SCHEMA + pattern_pointer(schema, slow.pattern),
                )
            )
        except Unresolvable as exc:
            problems.append(
                error(
                    "settings-ref",
                    file,
                    f'the $ref "{getattr(exc, "ref", "?")}" of the schema{whose} can\'t be '
                    "resolved; nothing is fetched while building",
                    pointer=SCHEMA,
                )
            )
        except RecursionError:
            problems.append(
                error(
                    "settings-ref",
                    file,
                    f"checking the values against the schema{whose} recursed without end "
                    "(a $ref that refers back to itself?)",
                    pointer=SCHEMA,
                )
            )
        return problems

    def _check(self, schema: dict[str, Any]) -> _Checked:
        key = json.dumps(schema, sort_keys=True, separators=(",", ":"))
        checked = self._checked.get(key)
        if checked is None:
            findings = self._findings(schema)
            validator = None if findings else _build_validator(schema)
            checked = self._checked[key] = _Checked(findings, validator)
        return checked

    def _findings(self, schema: dict[str, Any]) -> tuple[_Finding, ...]:
        dialect = schema.get("$schema")
        if dialect is not None and (not isinstance(dialect, str) or dialect.rstrip("#") != DIALECT):
            return (
                (
                    "settings-schema",
                    "/$schema",
                    f"{json.dumps(dialect)} is not Draft 2020-12; settings schemas are "
                    f'Draft 2020-12 ("$schema": "{DIALECT}", or leave it out)',
                ),
            )
        if self._meta is None:
            self._meta = Draft202012Validator(
                Draft202012Validator.META_SCHEMA,
                format_checker=Draft202012Validator.FORMAT_CHECKER,
            )
        findings: list[_Finding] = []
        try:
            for failure in self._meta.iter_errors(schema):
                best = best_match([failure])
                assert best is not None
                findings.append(("settings-schema", json_pointer(best.absolute_path), best.message))
        except RecursionError:
            findings.append(("settings-schema", "", "the schema nests too deeply to check"))
        if not findings:
            findings.extend(_reference_findings(schema))
            findings.extend(
                ("settings-schema", pointer, message)
                for pointer, message in pattern_findings(schema)
            )
        return tuple(findings)


def _reference_findings(schema: dict[str, Any]) -> Iterator[_Finding]:
    """A settings-ref finding for each `$ref` that points outside the schema or to nothing."""
    for pointer, message in reference_findings(schema):
        yield ("settings-ref", pointer, message)
