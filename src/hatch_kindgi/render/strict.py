"""Rendering a template strictly, as a run renders instructions: an undefined variable, a
failing filter or a limit stops the render with a problem at the template's line and column,
worded from what the render was given. The render is liquidjs's (`engines/liquidjs/render.py`,
the runtime's `renderTenantTemplate`), under the bounds' limits."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from hatch_kindgi.blocks.liquid import SETTINGS, Place, SettingsRead, TemplateSite, check_template
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.numbers import MAX_SAFE_INTEGER, as_double
from hatch_kindgi.engines.liquidjs.render import STAND_IN, RenderFailure, render
from hatch_kindgi.engines.liquidjs.tenant import TOO_LONG_UNITS, template_too_long
from hatch_kindgi.render.parameters import Parameters
from hatch_kindgi.render.run import Run
from hatch_kindgi.render.settings import SettingsChoice
from hatch_kindgi.report.lines import Lines
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.suggest import did_you_mean
from hatch_kindgi.report.text import first_line


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
    *,
    bounds: Bounds = SELF_HOSTED_BOUNDS,
) -> Rendering:
    """Render `template` with `parameters`, then the `run`'s variables, then `settings`, as
    the runtime layers them (a later one wins over a parameter of its name), under `bounds`'
    memory and time limits.

    Every undefined read the render meets is reported, not only the first: after one, the
    render is run again with that read standing in as undefined without strictVariables
    (empty, false, nothing to loop over), as often as it takes, up to `MAX_UNDEFINED`. A fault
    of another kind ends it; after a stand-in only undefined reads are reported, since a
    filter given a stand-in may fail where the real value would not."""
    # What a publish refuses, a render refuses, in the same words (`templateProblem`): a
    # template over the bounds' parseLimit (an agent's instructions: a block's is refused when
    # it is read), a partial, an unknown filter, anything liquidjs won't parse.
    too_long = template_too_long(template.text, bounds)
    if too_long is not None:
        place = template.site.place(Lines(template.text), -1)
        return Rendering(
            None, (place.problem("error", "template-too-long", f"{too_long} {TOO_LONG_UNITS}"),)
        )
    syntax = check_template(template.text, template.site, declared).problems
    refused = tuple(p for p in syntax if p.severity == "error")
    if refused:
        return Rendering(None, refused)
    run = run or Run(datetime.now(timezone.utc))
    given = _Given(_scope(parameters, settings, run), declared, settings, run, bounds)
    scope = _scope(parameters, settings, run)  # a copy the stand-ins go into
    lines = Lines(template.text)
    problems: list[Problem] = []
    seen: set[tuple[int, tuple[object, ...]]] = set()
    deadline = time.monotonic() + UNDEFINED_SECONDS

    def problem(fault: RenderFailure) -> Problem:
        code, message, index = _explained(fault, given)
        return template.site.place(lines, index).problem("error", code, message)

    while len(problems) < MAX_UNDEFINED and (not problems or time.monotonic() < deadline):
        try:
            rendered = render(
                template.text,
                scope,
                clock=run.clock,
                memory_limit=bounds.render_memory_limit,
                render_limit_ms=bounds.render_limit_ms,
            )
        except (Exception, RecursionError) as fault:  # a filter's own bug, or too deep
            if not problems:
                message = f"rendering failed: {type(fault).__name__}: {first_line(fault)}"
                place = template.site.place(lines, -1)
                problems.append(place.problem("error", "render-error", message))
            break
        if isinstance(rendered, str):
            if not problems:
                return Rendering(rendered, ())
            break
        if rendered.kind != "undefined":
            if not problems:
                problems.append(problem(rendered))
            break
        problems.append(problem(rendered))
        segments = rendered.path[: rendered.missing]
        if (rendered.index, segments) in seen or not _stand_in(scope, segments):
            break
        seen.add((rendered.index, segments))
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


def _stand_in(scope: dict[str, Any], segments: Sequence[object]) -> bool:
    """Put a stand-in where the read of `segments` found nothing: at the root, or at the first
    key an object lacks. False where there is no such place (a list index, a read
    into a string): the render can't go on past it."""
    if not segments or not isinstance(segments[0], str):
        return False
    container: Any = scope
    for segment in segments:
        if not isinstance(container, dict) or not isinstance(segment, str):
            return False
        if segment not in container:
            container[segment] = STAND_IN
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


@dataclass(frozen=True)
class _Given:
    """What the render had, to word a fault from."""

    scope: dict[str, Any]
    declared: list[str]
    settings: SettingsChoice
    run: Run
    bounds: Bounds


def _explained(fault: RenderFailure, given: _Given) -> tuple[str, str, int]:
    """The problem code, message and place (an index into the template) of a fault."""
    if fault.kind == "undefined":
        return "render-undefined", _undefined(fault, given), fault.index
    if fault.kind == "filter":
        name = fault.filter or "?"
        return "render-filter", f'the filter "{name}" failed: {fault.reason}', fault.filter_index
    # The bounds' limits in the runtime's words (`liquidProblem`).
    if fault.kind == "memory":
        limit = given.bounds.render_memory_limit
        return "render-error", f"the render went over its memory limit of {limit}", fault.index
    if fault.kind == "time":
        took = given.bounds.render_limit_ms
        return "render-error", f"the render took over the limit of {took} ms", fault.index
    return "render-error", fault.reason, fault.index


def _undefined(fault: RenderFailure, given: _Given) -> str:
    """Which read found nothing, and why, from the values of the path read."""
    own = fault.reason
    settings, declared = given.settings, given.declared
    segments: Sequence[Any] = fault.path
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
