"""A prompt's parameters: `--param NAME=VALUE` typed by the parameter's declared type, and
the declared defaults for the rest."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.blocks.shape import is_date
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.suggest import did_you_mean

_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


class UsageFault(Exception):
    """A command-line argument that can't be used as given: exit 2, with this message."""


@dataclass(frozen=True)
class Declared:
    """The parameters a template takes, as its block (or agent) declares them, and where."""

    file: str
    pointer: str  # of the `parameters` array in the file's document
    parameters: tuple[Mapping[str, Any], ...]
    owner: str  # how a message names the block or agent, e.g. `acme.reply-prompt 1.0.0`

    def names(self) -> list[str]:
        """The declared names, in order."""
        return [name for p in self.parameters if isinstance(name := p.get("name"), str)]


@dataclass(frozen=True)
class Parameters:
    """The values the template gets, and the problems of the values it doesn't."""

    values: dict[str, Any]
    problems: tuple[Problem, ...]
    without_value: frozenset[str]  # declared, `required: false`, no default, not given


def parse_assignments(assignments: Sequence[str]) -> list[tuple[str, str]]:
    """`NAME=VALUE` strings split at the first `=`; a malformed or repeated one is a fault."""
    pairs: list[tuple[str, str]] = []
    for text in assignments:
        name, equals, value = text.partition("=")
        if not equals or not name:
            raise UsageFault(f"--param {json.dumps(text)} must be NAME=VALUE, like tone=friendly")
        if any(name == seen for seen, _ in pairs):
            raise UsageFault(f"--param {name} is given twice")
        pairs.append((name, value))
    return pairs


def resolve_parameters(declared: Declared, given: Sequence[tuple[str, str]]) -> Parameters:
    """Each given value typed by its declaration, then the defaults, as the runtime decides
    them: a parameter is required unless `required: false`, and one with a default is never
    missing (`@kindgi/agents/src/prompt.ts`, `requiredMissing`). A name the template doesn't
    declare is a `UsageFault`."""
    names = declared.names()
    for unknown in (name for name, _ in given if name not in names):
        listed = ", ".join(names) if names else "none"
        hint = did_you_mean(unknown, names) or f" (its parameters: {listed})"
        raise UsageFault(f'--param {unknown}: {declared.owner} has no parameter "{unknown}"{hint}')
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    without: set[str] = set()
    missing: list[tuple[str, str]] = []
    by_name = dict(given)
    for index, parameter in enumerate(declared.parameters):
        name = parameter.get("name")
        if not isinstance(name, str):
            continue
        pointer = f"{declared.pointer}/{index}"
        kind = parameter.get("type")
        if name in by_name:
            typed, reason = _typed(by_name[name], kind)
            if reason is None:
                values[name] = typed
            else:
                problems.append(
                    error(
                        "render-parameter",
                        declared.file,
                        f'--param {name}={by_name[name]}: {reason}; the parameter "{name}" is '
                        f"of type {kind}",
                        pointer=pointer,
                    )
                )
        elif "default" in parameter:  # the runtime's `p.default !== undefined`
            values[name] = parameter["default"]
        elif parameter.get("required") is not False:  # required unless `required: false`
            missing.append((name, pointer))
        else:
            without.add(name)
    problems.extend(_missing(declared.file, missing))
    return Parameters(values, tuple(problems), frozenset(without))


def _missing(file: str, missing: list[tuple[str, str]]) -> list[Problem]:
    """The runtime's missing-parameter failure, at each parameter it names."""
    if not missing:
        return []
    names = [name for name, _ in missing]
    plural = "" if len(names) == 1 else "s"
    said = f"Required parameter{plural} missing: {', '.join(names)}"
    return [
        error(
            "render-parameter",
            file,
            f'the parameter "{name}" is required and has no default: a run fails with '
            f'missing-parameter "{said}"; give it with --param {name}=VALUE',
            pointer=pointer,
        )
        for name, pointer in missing
    ]


def _typed(text: str, kind: object) -> tuple[Any, str | None]:
    """`text` as a value of parameter type `kind`, or the reason it is not one."""
    shown = json.dumps(text, ensure_ascii=False)
    if kind == "number":
        if not _NUMBER.fullmatch(text):
            return None, f"{shown} is not a number"
        if re.fullmatch(r"-?[0-9]+", text):
            return int(text), None
        number = float(text)
        if number in (float("inf"), float("-inf")):
            return None, f"{shown} is too large a number"
        return number, None
    if kind == "boolean":
        if text in ("true", "false"):
            return text == "true", None
        return None, f"{shown} is not true or false"
    if kind == "date":
        if is_date(text):
            return text, None
        return None, f"{shown} is not a date (YYYY-MM-DD)"
    return text, None
