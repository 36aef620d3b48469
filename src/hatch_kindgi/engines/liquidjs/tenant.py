"""`tenantLiquid()` and `templateProblem` (@kindgi/agents `liquid.ts`): liquidjs as the runtime
parses a tenant's template, strict filters and the partial tags refused, and its words; and
first, before any parse, the bounds' `parseLimit` (`template_too_long`).

One definition for both stages that hold templates to it: blocks (a prompt block's template)
and primitives (an agent's instructions). `tests/unit/engines/liquidjs/test_tenant.py` holds
the words to the shipped `templateProblem` under each profile."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.javascript.strings import utf16_length
from hatch_kindgi.engines.liquidjs.filter_names import FILTER_NAMES

if TYPE_CHECKING:
    from hatch_kindgi.engines.liquidjs.parse import Options, ParseError

__all__ = [
    "NOT_LIQUID",
    "NO_PARTIALS",
    "PARTIAL_TAGS",
    "TOO_LONG_UNITS",
    "refusal_words",
    "template_problem",
    "template_refusal",
    "template_too_long",
    "tenant_options",
]

NOT_LIQUID = "the template isn't valid Liquid: "
"""The runtime's words before liquidjs's message, when its parse throws (`templateProblem`)."""
NO_PARTIALS = "templates can't use include, render or layout"
"""The runtime's words for a template that uses a partial (`liquid.ts`, `NO_PARTIALS`)."""
TOO_LONG_UNITS = "(UTF-16 units, as JavaScript counts them)"
"""What our message says after the runtime's length, `template.length`: not characters."""
PARTIAL_TAGS = ("include", "render", "layout")
"""The tags `tenantLiquid()` registers as refusing (their constructor throws)."""


@lru_cache(maxsize=1)
def tenant_options() -> Options:
    """`tenantLiquid()`'s options as the parse reads them: strict filters, the filters it
    has, and the partial tags refused."""
    from hatch_kindgi.engines.liquidjs.parse import Options

    return Options(FILTER_NAMES, dict.fromkeys(PARTIAL_TAGS, NO_PARTIALS))


def template_refusal(template: str) -> ParseError | None:
    """Why `tenantLiquid().parse(template)` throws, or None when it parses."""
    from hatch_kindgi.engines.liquidjs.parse import parse_error

    return parse_error(template, tenant_options())


def refusal_words(refused: ParseError) -> str:
    """`templateProblem`'s words for that refusal (a partial: `liquidProblem`'s own)."""
    return NO_PARTIALS if refused.refused_tag is not None else NOT_LIQUID + refused.message


def template_too_long(template: str, bounds: Bounds) -> str | None:
    """`templateProblem`'s first check: None, or its words for a template longer than
    `bounds`' `parseLimit` (`template.length`, UTF-16 units), which it never parses."""
    most = bounds.template_max_length
    if most is None or len(template) <= most // 2:  # a str's length is at most its UTF-16 one / 2
        return None
    length = utf16_length(template)
    if length <= most:
        return None
    return f"the template is {length} characters, over the limit of {most}"


def template_problem(template: str, bounds: Bounds = SELF_HOSTED_BOUNDS) -> str | None:
    """`templateProblem(template)` under `bounds`: None, or the runtime's words for a template
    over the `parseLimit` or one `tenantLiquid().parse` throws on."""
    too_long = template_too_long(template, bounds)
    if too_long is not None:
        return too_long
    refused = template_refusal(template)
    return None if refused is None else refusal_words(refused)
