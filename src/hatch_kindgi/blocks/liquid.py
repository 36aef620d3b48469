"""Templates: each parses as a publish parses it, and reads only its parameters, the runtime's
variables and settings.

Whether a template parses is the runtime's verdict (`publish_error`): a publish refuses a
template blank after JavaScript's `trim()` ("template must be a non-empty string") and one
`templateProblem` refuses (`@kindgi/agents/src/blocks.ts`, `liquid.ts` in kindgi-cli): one
that `tenantLiquid().parse(template)` throws on, "the template isn't valid Liquid: <liquidjs's
message>". `tenantLiquid()` is liquidjs with `strictFilters` (an unknown filter is refused as
the template is parsed: "undefined filter: money, line:1, col:8") and with `include`, `render`
and `layout` registered as tags that throw ("templates can't use include, render or layout",
at any depth). `engines/liquidjs/parse.py` mirrors the parse under those options (`TENANT`):
an error exactly where a publish refuses, in the runtime's words, then our hint. What a run
refuses only when it renders (strict variables: an unknown variable) is found by the same
parse (`analyze`, held equal to python-liquid's static analysis) and reported as a warning,
since a publish takes it: `check` parses each template once, never with python-liquid.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hatch_kindgi.engines.javascript.strings import is_blank
from hatch_kindgi.engines.liquidjs.filter_names import FILTER_NAMES
from hatch_kindgi.engines.liquidjs.tenant import NO_PARTIALS, NOT_LIQUID, tenant_options
from hatch_kindgi.report.lines import Lines
from hatch_kindgi.report.problems import Problem, Severity
from hatch_kindgi.report.suggest import Suggestions

if TYPE_CHECKING:
    from hatch_kindgi.engines.liquidjs.parse import Analysis, ParseError

BLANK_TEMPLATE = "template must be a non-empty string"
"""The runtime's words for a template that is empty after JavaScript's `trim()`."""
_NO_PARTIALS_HINT = (
    "; a template is rendered on its own, with no other templates to include: write the text "
    "into this one (or take it as a parameter)"
)


@dataclass(frozen=True)
class PublishError:
    """Why a publish refuses a template: the runtime's message, where (an index into the
    template's text, -1 when the message is for the template as a whole), the problem's code,
    and our hint after the runtime's words (`suggestion`: the fix a "did you mean" offers)."""

    message: str
    index: int
    code: str = "liquid-syntax"
    hint: str = ""
    suggestion: tuple[str, str] | None = None

    @property
    def text(self) -> str:
        """The runtime's words, then our hint."""
        return self.message + self.hint


_FILTERS = Suggestions(FILTER_NAMES)


def publish_error(template: str) -> PublishError | None:
    """None when a publish accepts `template`, else the runtime's message and where."""
    if is_blank(template):
        return PublishError(BLANK_TEMPLATE, -1, "prompt-blank-template")
    from hatch_kindgi.engines.liquidjs.parse import parse_error

    refused = parse_error(template, tenant_options())
    return None if refused is None else _refusal(refused)


def _publish_analysis(template: str) -> PublishError | Analysis:
    """The runtime's refusal of `template` if a publish refuses it, else what it reads."""
    if is_blank(template):
        return PublishError(BLANK_TEMPLATE, -1, "prompt-blank-template")
    from hatch_kindgi.engines.liquidjs.parse import ParseError, analyze

    analysis = analyze(template, tenant_options())
    return _refusal(analysis) if isinstance(analysis, ParseError) else analysis


def _refusal(refused: ParseError) -> PublishError:
    if refused.refused_tag is not None:  # `liquidProblem`: the thrown error's own words
        return PublishError(NO_PARTIALS, refused.index, "liquid-partial", _NO_PARTIALS_HINT)
    message = NOT_LIQUID + refused.message
    if refused.undefined_filter is not None:  # placed on the filter's name, for an editor
        hint, fix = _FILTERS.offer(refused.undefined_filter)
        return PublishError(message, refused.filter_index, "liquid-unknown-filter", hint, fix)
    return PublishError(message, refused.index)


SETTINGS = "settings"
RUNTIME_VARIABLES = ("today", "now", "agent", "conversation", "input", SETTINGS)
"""What a run gives every template besides its parameters (`@kindgi/agents/src/prompt.ts`,
`AUTO_INJECTED_VARS`): no warning for reading them."""
_PROPERTY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class Place:
    """Where in a pack a problem points: a file, maybe a position, maybe a JSON pointer."""

    file: str
    line: int | None = None
    column: int | None = None
    pointer: str | None = None
    suffix: str = ""

    inner: tuple[int, int] | None = None

    def problem(
        self,
        severity: Severity,
        code: str,
        message: str,
        suggestion: tuple[str, str] | None = None,
    ) -> Problem:
        """A problem at this place (`suggestion`: the fix a "did you mean" proposes)."""
        return Problem(
            severity,
            code,
            self.file,
            message + self.suffix,
            self.line,
            self.column,
            self.pointer,
            suggestion,
            self.inner,
        )


@dataclass(frozen=True)
class TemplateSite:
    """Where a template's text lives: a file of its own, or a string in a file, at `pointer`
    (`/content/template` of a block, `/instructions` of an agent)."""

    file: str
    inline: bool
    pointer: str = "/content/template"

    def place(self, lines: Lines, index: int) -> Place:
        """The place of character `index` of the template whose `lines` are given (unknown
        when negative)."""
        if self.inline:
            if index < 0:
                return Place(self.file, pointer=self.pointer)
            line, column = lines.line_column(index)
            suffix = f" (template line {line}, column {column})"
            return Place(self.file, pointer=self.pointer, suffix=suffix, inner=(line, column))
        if index < 0:
            return Place(self.file)
        line, column = lines.line_column(index)
        return Place(self.file, line, column)


@dataclass(frozen=True)
class SettingsRead:
    """A template's `settings["block"].key`, to check once every block of the pack is known."""

    block_id: str
    key: str | None
    place: Place

    @property
    def expression(self) -> str:
        """How the template spells the read, e.g. `settings["acme.reply-style"].maxSentences`."""
        text = f'{SETTINGS}["{self.block_id}"]'
        if self.key is None:
            return text
        return text + (f".{self.key}" if _PROPERTY.fullmatch(self.key) else f'["{self.key}"]')


@dataclass(frozen=True)
class TemplateCheck:
    """A template's problems and the settings it reads."""

    problems: tuple[Problem, ...]
    settings_reads: tuple[SettingsRead, ...]


def check_template(text: str, site: TemplateSite, parameters: Collection[str]) -> TemplateCheck:
    """Parse `text` as a publish does and report what it reads that nothing will give it."""
    lines = Lines(text)
    analysis = _publish_analysis(text)
    if isinstance(analysis, PublishError):
        problem = site.place(lines, analysis.index).problem(
            "error", analysis.code, analysis.text, analysis.suggestion
        )
        return TemplateCheck((problem,), ())
    problems: list[Problem] = []
    reads: dict[tuple[str, str | None], SettingsRead] = {}
    named = Suggestions(parameters)
    for root, variables in analysis.globals.items():
        if root == SETTINGS:
            for segments, index in variables:
                read = _settings_read(segments, site.place(lines, index))
                if read is not None:
                    reads.setdefault((read.block_id, read.key), read)
        elif root not in parameters and root not in RUNTIME_VARIABLES:
            hint, fix = named.offer(root)
            hint = hint or "; declare it under content.parameters"
            problems.append(
                site.place(lines, variables[0][1]).problem(
                    "warning",
                    "liquid-unknown-variable",
                    f'the template reads "{root}", which is neither a parameter nor '
                    f"{SETTINGS}{hint}",
                    fix,
                )
            )
    return TemplateCheck(tuple(problems), tuple(reads.values()))


def settings_read_problems(
    reads: Sequence[SettingsRead],
    settings_values: Mapping[str, Sequence[Mapping[str, Any]]],
    kinds: Mapping[str, str],
    left_open: frozenset[str] = frozenset(),
) -> list[Problem]:
    """Warnings for reads of settings the pack doesn't bring.

    `settings_values` maps each settings block id to the values of its versions; `kinds`
    maps every block id of the pack to its kind (an id that is no id included, as its file
    declares it); `left_open` holds the ids of blocks whose own errors leave open whether
    they are settings, or what values they hold (a kind that is no kind, values that are no
    object): the pack brings them, so no read of one is told otherwise, nor judged.
    """
    problems: list[Problem] = []
    settings_ids = Suggestions(settings_values)
    for read in reads:
        if read.block_id in left_open:
            continue  # the block's errors are its file's
        versions = settings_values.get(read.block_id)
        if versions is None:
            fix = None
            if kinds.get(read.block_id) == "prompt":
                message = f'"{read.block_id}" is a prompt block, not settings'
            else:
                hint, fix = settings_ids.offer(read.block_id)
                message = f'the pack brings no settings block "{read.block_id}"{hint}'
            problems.append(
                read.place.problem(
                    "warning", "settings-unknown-block", f"{read.expression}: {message}", fix
                )
            )
        elif read.key is not None and not any(read.key in values for values in versions):
            keys = {key for values in versions for key in values}
            hint, fix = Suggestions(keys).offer(read.key)
            problems.append(
                read.place.problem(
                    "warning",
                    "settings-unknown-key",
                    f'{read.expression}: no version of settings block "{read.block_id}" has '
                    f'the key "{read.key}"{hint}',
                    fix,
                )
            )
    return problems


def _settings_read(segments: Sequence[object], place: Place) -> SettingsRead | None:
    if len(segments) < 2 or not isinstance(segments[1], str):
        return None  # settings read whole, or by a computed name: nothing to check
    key = segments[2] if len(segments) > 2 and isinstance(segments[2], str) else None
    return SettingsRead(segments[1], key, place)
