"""The Kindgi runtime's verdicts in the words the older tests ask for, on the shipped code.

Each function is the same call as before, now answered by kindgi-cli's own packages and its
Node 22.12 (`tests/oracle/shipped.py`, which new tests use directly): settings by the shipped
`compileInlineSchema`/`settingsSchemaIssues`, templates by `templateProblem` and the runtime's
render (`renderTenantTemplate`, `tenantLiquid`), formats by the runtime's Ajv with kindgi-cli's
ajv-formats, patterns by Node 22.12's `RegExp`. Every function takes `profile=`.

`FOLDER` is kindgi-cli's `_cli` folder: `FOLDER / "node_modules" / "ajv"` is the ajv it ships.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.oracle import shipped
from tests.oracle.shipped import Profile

__all__ = [
    "FOLDER",
    "ajv_formats",
    "ajv_settings",
    "js_regex",
    "liquidjs_filters",
    "liquidjs_parse",
    "liquidjs_render",
    "require_runtime",
]


def _folder() -> Path:
    if shipped.unavailable() is not None:
        return Path(__file__).with_name("kindgi-cli-missing")
    return shipped.node_modules().parent


FOLDER: Path = _folder()
"""kindgi-cli's `_cli` folder (its `node_modules` beside the cli's package.json); a path that
doesn't exist where kindgi-cli is missing (a test calls `require_runtime()` first)."""


def require_runtime() -> None:
    """Skip the calling test without kindgi-cli and its Node (always before Python 3.11);
    fail it instead under CI=true on 3.11+."""
    shipped.require_oracle()


def ajv_settings(
    schema: object, values: object, *, strict: bool = True, profile: Profile = "self-hosted"
) -> dict[str, Any]:
    """What a publish says of settings `values` under `schema`: `compiled` (whether the
    shipped `compileInlineSchema` compiled it) and `issues`, each `{path, message}` as
    `settingsSchemaIssues` gives them (`/content/schema` for a compile failure,
    `/content/values<instancePath>` for a value). No issue: accepted. `strict=False`: the
    shipped `compileJsonSchema` without strict mode (not the runtime's; for the words of
    failures under a schema strict mode refuses)."""
    return shipped.settings(schema, values, strict=strict, profile=profile)


def ajv_formats(cases: list[tuple[str, object]], *, profile: Profile = "self-hosted") -> list[bool]:
    """The runtime's verdict on each (format name, value): the format as its Ajv applies it
    (ajv-formats as kindgi-cli ships it), on a value of the type the format is for."""
    return shipped.formats(cases, profile=profile)


def liquidjs_parse(template: str, *, profile: Profile = "self-hosted") -> str | None:
    """None when a publish accepts `template`, else the runtime's message for it (validateBlock's
    at /content/template: the non-empty check, then `templateProblem`)."""
    problems = shipped.publish_template(template, profile=profile)
    return problems[0] if problems else None


def liquidjs_render(
    template: str, data: dict[str, Any], *, profile: Profile = "self-hosted"
) -> tuple[bool, str]:
    """What a run renders (`renderTenantTemplate`: strict variables and filters, no partials):
    (True, text) or (False, liquidjs's message)."""
    answer = shipped.render(template, data, profile=profile)
    return (True, str(answer["text"])) if answer["ok"] else (False, str(answer["message"]))


def liquidjs_filters(*, profile: Profile = "self-hosted") -> list[str]:
    """The names of the filters the runtime's Liquid engine (`tenantLiquid()`) has, sorted."""
    return shipped.filters(profile=profile)


def js_regex(pattern: str, texts: list[str], flags: str = "u") -> tuple[str | None, list[bool]]:
    """What Node 22.12's V8 makes of `pattern` as Ajv compiles it (`new RegExp(pattern, "u")`):
    (None, whether it matches each of `texts`), or (V8's SyntaxError message, [])."""
    return shipped.v8_regex(pattern, texts, flags)
