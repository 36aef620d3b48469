"""Settings: the schema is a valid Draft 2020-12 schema, and the values satisfy it, as a
runtime under one profile's bounds checks them (`SchemaChecks(bounds)`).

Nothing is ever fetched: a `$ref` that leaves the schema is reported before validation, and
one the validator still can't resolve is a problem, not a crash. One validator is built
per distinct schema (`schema.validation`): jsonschema-rs where it can say "valid" (the
`fast` extra), our mirror of Ajv (`engines.ajv`) for every message. Patterns are matched
under a time limit, and each check's time is bounded. Before anything else the schema is
measured as the runtime measures it (`engines.ajv.tenant`): nested too deep or too large as
JSON, nothing more is asked of it. On the hosted profile its patterns run on RE2 and its
formats are the fast ones (`engines.ajv`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from hatch_kindgi.engines.ajv.strict import strict_findings, strict_fixes
from hatch_kindgi.engines.ajv.tenant import tenant_schema_problem
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.json import measure_stringified
from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.schema import DRAFT_2020_12
from hatch_kindgi.schema.metaschema import metaschema_findings
from hatch_kindgi.schema.refs import reference_findings
from hatch_kindgi.schema.survey import Survey, survey
from hatch_kindgi.schema.validation import Stopped, Validator, validate

SCHEMA = "/content/schema"
VALUES = "/content/values"

_Finding = tuple[str, str, str]  # code, pointer under /content/schema, message


def _build_validator(schema: dict[str, Any], surveyed: Survey, bounds: Bounds) -> Validator:
    """A validator for `schema` that resolves no reference outside it, and fails values as
    the runtime's Ajv fails them under `bounds`, in its words."""
    return Validator(schema, surveyed, ajv=True, bounds=bounds)


_KEY = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode
"""A schema's text, keys sorted: a key for the schemas alike, and what its size is read from."""


@dataclass(frozen=True)
class _Facts:
    """What a schema is whatever the bounds: its survey, its size as JSON and a bound on its
    nesting (`measure_stringified`)."""

    survey: Survey
    measured: tuple[int, int]


@dataclass
class _Checked:
    findings: tuple[_Finding, ...]
    build: Callable[[], Validator] | None
    """How to build the schema's validator (on first use); None when values can't be
    checked against it (it has findings)."""
    fixes: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """The certain fix of a strict-mode finding (`Problem.suggestion`), by its pointer."""
    patterns: bool = True
    """Whether the schema has patterns (with `differences_only`: its values differ only then,
    or where a format decides otherwise)."""
    _validator: Validator | None = None

    @property
    def validator(self) -> Validator | None:
        if self._validator is None and self.build is not None:
            self._validator = self.build()
        return self._validator


class SchemaChecks:
    """Schema and values checks for one run under `bounds`, each distinct schema checked and
    built once.

    `differences_only`: asked only of schemas and values another profile's checks found
    nothing in, so that only what `bounds` change is checked again: the measures, a schema's
    patterns and `formatMinimum` & co., and values where it has patterns or a format decided
    otherwise (`formats_differ`, from `engines.ajv.formats.watching_fast_formats`)."""

    def __init__(
        self,
        bounds: Bounds = SELF_HOSTED_BOUNDS,
        *,
        differences_only: bool = False,
        sharing: SchemaChecks | None = None,
    ) -> None:
        self.bounds = bounds
        self._differences_only = differences_only
        self._checked: dict[str, _Checked] = {}
        # The same schema object is asked about twice (its problems, then its values), and
        # inherited schemas once a version: spare writing out its key each time.
        self._by_identity: dict[int, tuple[dict[str, Any], _Checked]] = {}
        # What no bounds change, shared with `sharing` (the other profile's checks of the
        # same run): each schema object's key, and each key's `_Facts`.
        self._keys: dict[int, tuple[dict[str, Any], str]] = {}
        self._facts: dict[str, _Facts] = {}
        if sharing is not None:
            self._keys, self._facts = sharing._keys, sharing._facts

    def schema_problems(self, file: str, schema: dict[str, Any]) -> list[Problem]:
        """The problems of `schema`, declared at /content/schema of `file`."""
        checked = self._check(schema)
        return [
            error(
                code,
                file,
                message,
                pointer=SCHEMA + pointer,
                suggestion=checked.fixes.get(pointer),
            )
            for code, pointer, message in checked.findings
        ]

    def usable(self, schema: dict[str, Any]) -> bool:
        """Whether values can be checked against `schema` (it has no problems)."""
        return self._check(schema).build is not None

    def value_problems(
        self,
        file: str,
        values: dict[str, Any],
        schema: dict[str, Any],
        inherited_from: str | None = None,
        *,
        formats_differ: bool = True,
    ) -> list[Problem]:
        """Each way `values` of `file` fail `schema`; `inherited_from` names its version.
        `formats_differ`: with `differences_only`, whether a format decided otherwise."""
        checked = self._check(schema)
        if self._differences_only and not (checked.patterns or formats_differ):
            return []
        validator = checked.validator
        if validator is None:
            return []
        whose = "" if inherited_from is None else f" (the schema of version {inherited_from})"
        failures, stopped = validate(validator, values, ("content", "values"))
        if not failures and stopped is None:
            return []
        from hatch_kindgi.engines.ajv.values import words  # loads the Ajv mirror

        problems = [
            error(
                "settings-values",
                file,
                words(failure) + whose,
                pointer=VALUES + json_pointer(failure.absolute_path),
            )
            for failure in failures
        ]
        if stopped is not None:
            problems.append(_stopped_problem(file, stopped, whose))
        return problems

    def _check(self, schema: dict[str, Any]) -> _Checked:
        known = self._by_identity.get(id(schema))
        if known is not None and known[0] is schema:
            return known[1]
        named = self._keys.get(id(schema))
        if named is None or named[0] is not schema:
            named = self._keys[id(schema)] = (schema, _KEY(schema))
        key = named[1]
        checked = self._checked.get(key)
        if checked is None:
            facts = self._facts.get(key)
            if facts is None:
                facts = _Facts(survey(schema), measure_stringified(schema, text=key))
                self._facts[key] = facts
            surveyed = facts.survey
            measured = tenant_schema_problem(schema, self.bounds, measured=facts.measured)
            if measured is not None:
                findings: tuple[_Finding, ...] = (
                    ("settings-schema", "", measured + _measure_fix(measured, self.bounds)),
                    *(("settings-schema", *each) for each in tunable_findings(schema)),
                )
                checked = _Checked(findings, None)
            else:
                checked = self._checked_schema(schema, surveyed)
            self._checked[key] = checked
        self._by_identity[id(schema)] = (schema, checked)
        return checked

    def _checked_schema(self, schema: dict[str, Any], surveyed: Survey) -> _Checked:
        """A schema within the measures, checked: its findings, or how to build its validator."""
        build = partial(_build_validator, schema, surveyed, self.bounds)
        if self._differences_only and not (surveyed.patterns or surveyed.format_limits):
            # the other profile's checks found nothing: this one's compile is the same, and
            # its values differ only where a format decides otherwise
            return _Checked((), build if surveyed.formats else None, patterns=False)
        if self._differences_only:
            strict = strict_findings(schema, self.bounds)
            findings = tuple(("settings-schema", pointer, message) for pointer, message in strict)
            return _Checked(findings, None if findings else build, patterns=surveyed.patterns)
        findings, fixes = self._findings(schema, surveyed)
        return _Checked(findings, None if findings else build, fixes, surveyed.patterns)

    def _findings(
        self, schema: dict[str, Any], surveyed: Survey
    ) -> tuple[tuple[_Finding, ...], Mapping[str, tuple[str, str]]]:
        """The schema's findings, and their certain fixes (`_Checked.fixes`)."""
        dialect = schema.get("$schema")
        if dialect is not None and (
            not isinstance(dialect, str) or dialect.rstrip("#") != DRAFT_2020_12
        ):
            return (
                (
                    (
                        "settings-schema",
                        "/$schema",
                        f"no schema with key or ref {json.dumps(dialect)}: the runtime's Ajv "
                        "knows Draft 2020-12 only; settings schemas are Draft 2020-12 "
                        f'("$schema": "{DRAFT_2020_12}", or leave it out)',
                    ),
                ),
                {},
            )
        findings: list[_Finding] = []
        try:
            findings.extend(
                ("settings-schema", pointer, message)
                for pointer, message in metaschema_findings(schema, surveyed)
            )
        except RecursionError:
            findings.append(("settings-schema", "", "the schema nests too deeply to check"))
        fixes: Mapping[str, tuple[str, str]] = {}
        if not findings:
            # What the runtime's Ajv refuses to compile (strict mode), then its own rules.
            strict = strict_findings(schema, self.bounds)
            findings.extend(
                ("settings-schema", pointer, message)
                for pointer, message in (*strict, *tunable_findings(schema))
            )
            if strict:  # walked again only for a schema at fault: the fixes an editor offers
                fixes = strict_fixes(schema, self.bounds)
            if surveyed.refs:
                findings.extend(_reference_findings(schema))
        return tuple(findings), fixes


def _measure_fix(measured: str, bounds: Bounds) -> str:
    """How to bring a schema within the runtime's measures."""
    if "deep" in measured:
        return " Nest it less: a part used in several places can be one $defs entry and a $ref."
    return (
        f" The runtime compiles a schema of at most {bounds.schema_max_bytes} bytes as JSON "
        "(its JSON.stringify, spaces aside): shorten descriptions, move long enums and "
        "examples out, or share repeated parts through $defs."
    )


def _stopped_problem(file: str, stopped: Stopped, whose: str) -> Problem:
    """The problem of a values check that stopped before its end."""
    if stopped.kind == "pattern-timeout":
        pointer = SCHEMA + stopped.pointer
        return error("settings-pattern-timeout", file, stopped.text + whose, pointer=pointer)
    if stopped.kind == "re2":
        message = f"checking the values against the schema{whose} on RE2: {stopped.text}"
        return error("settings-schema", file, message, pointer=SCHEMA)
    if stopped.kind == "unresolvable":
        message = (
            f'the $ref "{stopped.text}" of the schema{whose} can\'t be resolved; nothing is '
            "fetched while building"
        )
        return error("settings-ref", file, message, pointer=SCHEMA)
    code = "settings-values-timeout" if stopped.kind == "timeout" else "settings-ref"
    message = f"checking the values against the schema{whose} {stopped.text}"
    if stopped.kind == "recursion":  # V8's words where Ajv's compile or check recurses as deep
        message = f"Maximum call stack size exceeded, where the runtime stops too: {message}"
    return error(code, file, message, pointer=SCHEMA)


def _reference_findings(schema: dict[str, Any]) -> Iterator[_Finding]:
    """A settings-ref finding for each `$ref` that points outside the schema or to nothing."""
    for pointer, message in reference_findings(schema):
        yield ("settings-ref", pointer, message)


def tunable_findings(schema: Any) -> Iterator[tuple[str, str]]:
    """The runtime's rule on the `"x-kindgi-tunable"` marks of a settings schema's top-level
    `properties` (`@kindgi/agents/src/blocks.ts`, `tunableIssues`): `true`, on a number or
    integer with a `minimum` below its `maximum`, or on an `enum` of two values or more; each
    (pointer in the schema, message: the runtime's words, then ours)."""
    properties = schema.get("properties") if type(schema) is dict else None
    if type(properties) is not dict:
        return
    for name, item in properties.items():
        if type(item) is not dict or "x-kindgi-tunable" not in item:
            continue
        mark = item["x-kindgi-tunable"]
        minimum, maximum = item.get("minimum"), item.get("maximum")
        numeric = item.get("type") in ("number", "integer")
        bounded = (
            numeric and _number(minimum) and _number(maximum) and minimum < maximum  # type: ignore[operator]
        )
        enum = item.get("enum")
        if mark is True and (bounded or (type(enum) is list and len(enum) >= 2)):
            continue
        if mark is not True:
            message = f"x-kindgi-tunable must be true when given, not {json.dumps(mark)}"
        else:
            if numeric:
                why = f'this {item["type"]} needs a "minimum" below its "maximum"'
            elif type(enum) is list:
                why = f"this enum has {len(enum)} value{'' if len(enum) == 1 else 's'}"
            else:
                why = "this is neither"
            message = (
                f'"{name}" can be tunable only as a number or integer with a minimum below its '
                f"maximum, or with an enum of two or more values; {why}"
            )
        yield (f"/properties/{json_pointer((name,))[1:]}/x-kindgi-tunable", message)


def _number(value: Any) -> bool:
    return type(value) in (int, float)
