"""`tenantLiquid()` and `templateProblem` (@kindgi/agents `liquid.ts`): liquidjs as the runtime
parses a tenant's template, strict filters and the partial tags refused, and its words.

One definition for both stages that hold templates to it: blocks (a prompt block's template)
and primitives (an agent's instructions)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from hatch_kindgi.engines.liquidjs.filter_names import FILTER_NAMES

if TYPE_CHECKING:
    from hatch_kindgi.engines.liquidjs.parse import Options, ParseError

__all__ = [
    "NOT_LIQUID",
    "NO_PARTIALS",
    "PARTIAL_TAGS",
    "refusal_words",
    "template_problem",
    "template_refusal",
    "tenant_options",
]

NOT_LIQUID = "the template isn't valid Liquid: "
"""The runtime's words before liquidjs's message, when its parse throws (`templateProblem`)."""
NO_PARTIALS = "templates can't use include, render or layout"
"""The runtime's words for a template that uses a partial (`liquid.ts`, `NO_PARTIALS`)."""
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


def template_problem(template: str) -> str | None:
    """`templateProblem(template)`: None, or the runtime's words for a template
    `tenantLiquid().parse` throws on."""
    refused = template_refusal(template)
    return None if refused is None else refusal_words(refused)
