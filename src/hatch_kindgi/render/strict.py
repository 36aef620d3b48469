"""Rendering a template strictly, as a run renders instructions: an undefined variable, an
unknown filter or a failing filter stops the render with a problem at the template's line and
column, worded from what the render was given."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import cached_property
from typing import Any

from hatch_kindgi.blocks.liquid import SETTINGS, Place, SettingsRead, TemplateSite, check_template
from hatch_kindgi.engines.javascript.numbers import MAX_SAFE_INTEGER, as_double
from hatch_kindgi.engines.liquidjs.python_liquid import (
    ENVIRONMENT,
    FilterArgumentError,
    FilterError,
    FilterItemTypeError,
    FilterValueError,
    LiquidError,
    ResourceLimitError,
    TemplateNotFoundError,
    Undefined,
    UndefinedError,
    UnknownFilterError,
)
from hatch_kindgi.render.parameters import Parameters
from hatch_kindgi.render.run import Run
from hatch_kindgi.render.settings import SettingsChoice
from hatch_kindgi.report.lines import Lines
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.suggest import did_you_mean
from hatch_kindgi.report.text import first_line, quoted

_FILTER_FAULTS = (FilterArgumentError, FilterValueError, FilterItemTypeError, FilterError)


@dataclass(frozen=True)
class Template:
    """A template to render: its text, where it lives, and whose it is."""

    text: str
    site: TemplateSite
    owner: str  # how a message names the block or agent


@dataclass(frozen=True)
class Rendering:
    """The rendered text, or None and the problems that stopped it."""

    text: str | None
    problems: tuple[Problem, ...]


def render_template(
    template: Template,
    parameters: Parameters,
    declared: list[str],
    settings: SettingsChoice,
    run: Run | None = None,
) -> Rendering:
    """Render `template` with `parameters`, then the `run`'s variables, then `settings`, as
    the runtime layers them (a later one wins over a parameter of its name).

    Every undefined read the render meets is reported, not only the first: after one, the
    render is run again with that read standing in as python-liquid's lenient undefined (empty,
    false, nothing to loop over), as often as it takes, up to `MAX_UNDEFINED`. A fault of
    another kind ends it; after a stand-in only undefined reads are reported, since a filter
    given a stand-in may fail where the real value would not."""
    # What a publish refuses, a render refuses, in the same words (`templateProblem`): a
    # partial, an unknown filter, anything liquidjs won't parse.
    syntax = check_template(template.text, template.site, declared).problems
    refused = tuple(p for p in syntax if p.severity == "error")
    if refused:
        return Rendering(None, refused)
    try:
        parsed = ENVIRONMENT.from_string(template.text)
    except (LiquidError, RecursionError) as unread:  # liquidjs accepts, python-liquid can't
        index = _index(unread, template.text) if isinstance(unread, LiquidError) else -1
        reason = unread.message if isinstance(unread, LiquidError) else "it nests too deeply"
        unreadable = template.site.place(Lines(template.text), index).problem(
            "error",
            "render-error",
            f"the runtime accepts this template, but this render can't read it: {reason}",
        )
        return Rendering(None, (unreadable,))
    run = run or Run(datetime.now(timezone.utc))
    given = _Given(parsed, _scope(parameters, settings, run), declared, settings, run)
    scope = _scope(parameters, settings, run)  # a copy the stand-ins go into
    lines = Lines(template.text)
    problems: list[Problem] = []
    seen: set[tuple[int, tuple[object, ...]]] = set()
    deadline = time.monotonic() + UNDEFINED_SECONDS

    def problem(fault: LiquidError) -> tuple[int, Problem]:
        index = _index(fault, template.text)
        code, message = _explained(fault, index, given)
        return index, template.site.place(lines, index).problem("error", code, message)

    while len(problems) < MAX_UNDEFINED and (not problems or time.monotonic() < deadline):
        try:
            text = parsed.render(**scope)
        except UndefinedError as fault:
            index, found = problem(fault)
            problems.append(found)
            segments = tuple(given.segments_at(index, _root_of(fault)))
            if (index, segments) in seen or not _stand_in(scope, segments):
                break
            seen.add((index, segments))
        except LiquidError as fault:
            if not problems:
                problems.append(problem(fault)[1])
            break
        except (Exception, RecursionError) as fault:  # a filter's own bug, or a template too deep
            if not problems:
                message = f"rendering failed: {type(fault).__name__}: {first_line(fault)}"
                place = template.site.place(lines, -1)
                problems.append(place.problem("error", "render-error", message))
            break
        else:
            if not problems:
                return Rendering(text, ())
            break
    return Rendering(None, tuple(problems))


MAX_UNDEFINED = 50
"""The most undefined reads one render reports (as many as one file reports problems)."""
UNDEFINED_SECONDS = 2.0
"""How long renders after the first undefined read may go on looking for more: each runs the
whole template again, and a template may loop a million times before its next read."""


def _scope(parameters: Parameters, settings: SettingsChoice, run: Run) -> dict[str, Any]:
    scope: dict[str, Any] = _as_javascript(
        {**parameters.values, **run.variables(), SETTINGS: settings.values()}
    )
    return scope


def _root_of(fault: LiquidError) -> str:
    return fault.token.value if fault.token is not None else ""


def _stand_in(scope: dict[str, Any], segments: Sequence[object]) -> bool:
    """Put a lenient undefined where the read of `segments` found nothing: at the root, or at
    the first key an object lacks. False where there is no such place (a list index, a read
    into a string): the render can't go on past it."""
    if not segments or not isinstance(segments[0], str):
        return False
    container: Any = scope
    for segment in segments:
        if not isinstance(container, dict) or not isinstance(segment, str):
            return False
        if segment not in container:
            container[segment] = Undefined(segment)
            return True
        container = container[segment]
    return False


def _as_javascript(value: Any) -> Any:
    """Numbers as JavaScript has them: whole floats as integers (`50.0` and `1e3` go on as
    `50` and `1000`), integers beyond MAX_SAFE_INTEGER as doubles."""
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_SAFE_INTEGER:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_SAFE_INTEGER:
        return as_double(value)  # a double in JavaScript, printed as one
    if isinstance(value, dict):
        return {key: _as_javascript(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_javascript(item) for item in value]
    return value


def _index(fault: LiquidError, text: str) -> int:
    token = fault.token
    if token is None or token.start_index < 0 or token.source != text:
        return -1
    return token.start_index


@dataclass(frozen=True)
class _Given:
    """What the render had, to word a fault from."""

    parsed: Any  # the parsed template
    scope: Mapping[str, Any]
    declared: list[str]
    settings: SettingsChoice
    run: Run

    @cached_property
    def _variables(self) -> list[Any]:
        """Every variable the template reads, from one static analysis of it."""
        try:
            analysis = self.parsed.analyze(include_partials=False)
        except (LiquidError, RecursionError):
            return []
        return [variable for found in analysis.variables.values() for variable in found]

    def segments_at(self, index: int, root: str) -> list[object]:
        """The segments of the variable the template reads at `index`."""
        if index < 0:
            return []
        for variable in self._variables:
            if variable.span.index == index and variable.segments[:1] == [root]:
                return list(variable.segments)
        return []


def _explained(fault: LiquidError, index: int, given: _Given) -> tuple[str, str]:
    """The problem code and message of a fault."""
    if isinstance(fault, UndefinedError):
        return "render-undefined", _undefined(fault, index, given)
    name = fault.token.value if fault.token is not None else "?"
    if isinstance(fault, UnknownFilterError):
        hint = did_you_mean(name, ENVIRONMENT.filters)
        return "render-filter", f'unknown filter "{name}"{hint}'
    if isinstance(fault, _FILTER_FAULTS):
        return "render-filter", f'the filter "{name}" failed: {fault.message}'
    if isinstance(fault, TemplateNotFoundError):
        return "render-error", (
            f"{quoted(str(fault.message))} can't be included: a prompt is rendered on its own, "
            "with no other templates"
        )
    if isinstance(fault, ResourceLimitError):
        return "render-error", f"{fault.message}: the template renders too much"
    return "render-error", str(fault.message)


def _undefined(fault: LiquidError, index: int, given: _Given) -> str:
    """Which read found nothing, and why, from the segments of the variable at `index`."""
    own = str(fault.message)
    settings, declared = given.settings, given.declared
    segments = given.segments_at(index, _root_of(fault))
    if not segments:
        return own
    root = str(segments[0])
    if root == SETTINGS and len(segments) >= 2 and isinstance(segments[1], str):
        block_id = segments[1]
        if block_id not in settings.chosen:
            read = SettingsRead(block_id, None, Place(""))
            return f"{read.expression} is undefined: {settings.why_no_block(block_id)}"
        key = segments[2] if len(segments) >= 3 else None
        if isinstance(key, str) and key not in settings.chosen[block_id].values:
            read = SettingsRead(block_id, key, Place(""))
            return f"{read.expression} is undefined: {settings.why_no_key(block_id, key)}"
        return own
    if root in given.scope:
        return own
    if root in declared:
        return (
            f'"{root}" is undefined: the parameter is not required and has no default, and no '
            f"--param gives it (--param {root}=VALUE); a run fails with missing-parameter "
            f'"Template references an unresolved variable: {root}"'
        )
    run_says = given.run.why_undefined(root)
    if run_says is not None:
        return run_says
    hint = did_you_mean(root, declared) or (
        f" (the parameters: {', '.join(declared)})" if declared else ""
    )
    return f'"{root}" is undefined: it is neither a parameter nor settings{hint}'
