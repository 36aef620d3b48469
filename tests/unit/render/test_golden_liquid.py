"""What a render prints on golden-liquid's cases, held to what the runtime prints (kindgi-cli's
`renderTenantTemplate`, liquidjs 10.30.0: `tests/oracle/shipped.py`).

The cases are golden-liquid's (python-liquid 2.0.0's copy, read with `ast`, not imported):
every case that renders with data (its globals any JSON values), no partials, and a template
the runtime publishes (liquidjs parses it; one it refuses never renders in a run). On each,
our render (`engines/liquidjs/render.py`) and the runtime render the same text, or both fail
with the same message, liquidjs's.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from datetime import datetime, timezone
from typing import Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS
from hatch_kindgi.engines.liquidjs.render import RenderFailure, render
from hatch_kindgi.render.strict import _as_javascript
from tests.helpers.external import golden_liquid_source
from tests.oracle.shipped import publish_template_problem as liquidjs_parse
from tests.oracle.shipped import render_outcome as liquidjs_render
from tests.oracle.shipped import require_oracle as require_runtime


def _cases() -> Iterator[tuple[str, dict[str, Any]]]:
    for path in sorted(golden_liquid_source().glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Case"):
                continue
            try:
                yield path.stem, {str(k.arg): ast.literal_eval(k.value) for k in node.keywords}
            except ValueError:  # a drop or a name: not data a run holds
                continue


def ours(template: str, data: dict[str, Any]) -> tuple[bool, str]:
    """What our render makes of `template` with `data`, as `liquidjs_render` answers: (True,
    the text) or (False, liquidjs's message)."""
    rendered = render(
        template,
        _as_javascript(data),
        clock=datetime.now(timezone.utc),
        memory_limit=SELF_HOSTED_BOUNDS.render_memory_limit,
        render_limit_ms=SELF_HOSTED_BOUNDS.render_limit_ms,
    )
    if isinstance(rendered, RenderFailure):
        return False, rendered.message
    return True, rendered


def test_render_prints_what_the_runtime_prints_on_golden_liquid() -> None:
    """Every case that renders with data prints the runtime's text, or fails in its words."""
    require_runtime()
    counted, differ = 0, []
    for stem, case in _cases():
        if case.get("partials") or liquidjs_parse(case["template"]) is not None:
            continue
        counted += 1
        data = case.get("globals", {})
        theirs, mine = liquidjs_render(case["template"], data), ours(case["template"], data)
        if theirs != mine:
            differ.append((stem, case["description"], theirs, mine))
    assert counted >= 900  # the cases are found: golden-liquid has 900+ of this kind
    assert differ == []
