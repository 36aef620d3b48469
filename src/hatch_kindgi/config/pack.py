"""The pack's part of the config: `[tool.kindgi]` (its pack table, discovery globs and env
lists) and what `[project]` says of it, as `PackConfig`, every fault a problem. The hook's
options are `options.py`'s; `stage.py` reads both. Apart so that a question about the pack
alone (the hook's `dependencies()`: does it have code?) loads none of the options' rules."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.config.env import env_lists
from hatch_kindgi.config.pyproject import PYPROJECT, key_anchor, toml_value, unknown_key
from hatch_kindgi.config.rows import Row, Rule, Table, check_table, is_text, must_be
from hatch_kindgi.report.problems import Problem, error, has_errors, warning

__all__ = ["CODE_KINDS", "DEFAULT_DISCOVERY", "ENTRY_KINDS", "PackConfig", "pack_config"]

DEFAULT_DISCOVERY: Mapping[str, str] = {
    "tools": "tools/**/*.py",
    "guardrails": "guardrails/**/*.py",
    "agents": "agents/**/*.py",
    "flows": "flows/**/*.py",
    "blocks": "blocks/**/*.json",
}
CODE_KINDS = ("tools", "guardrails", "agents", "flows")
"""The discovery kinds the kindgi SDK indexes from Python modules, in the index's order."""
ENTRY_KINDS = (*CODE_KINDS, "blocks")
"""Every discovery kind, each one of the index's entry lists, in the index's order."""

# Keys the kindgi SDK's config knows beside the ones this stage checks: left to the SDK.
_SDK_TOP_LEVEL_KEYS = frozenset({"pack", "discovery", "env", "dev", "environments"})


def _is_string(named: str, value: Any) -> str | None:
    return None if isinstance(value, str) else f"{named} must be a string"


def _required_text(key: str, example: str) -> Row:
    """A key that must be set, to a non-empty string like `example`."""
    words = f"a non-empty string like {example}"
    return Row(key, must_be("config-type", words, is_text), missing=words)


_PACK_TABLE = Table(
    ("tool", "kindgi", "pack"),
    (
        _required_text("id", '"acme.ledger"'),
        _required_text("version", '"1.0.0"'),
        Row("description", Rule("config-type", _is_string)),
    ),
    named=lambda key: f"`tool.kindgi.pack.{key}`",
    unknown="is not a pack key",
)
"""`[tool.kindgi.pack]`, one row a key, in the order their problems come."""


@dataclass(frozen=True)
class PackConfig:
    """What `[tool.kindgi]` and `[project]` say about the pack."""

    pack_id: str
    pack_version: str
    discovery: Mapping[str, str]
    env_required: tuple[str, ...] = ()
    env_optional: tuple[str, ...] = ()
    project_name: str | None = None
    project_dependencies: tuple[str, ...] = ()


def pack_config(document: Mapping[str, Any], problems: list[Problem]) -> PackConfig | None:
    """What `[tool.kindgi]` and `[project]` of the parsed pyproject `document` say about the
    pack, every fault appended to `problems`; None when an error leaves too little to go on."""
    tool = document.get("tool")
    kindgi = tool.get("kindgi") if isinstance(tool, Mapping) else None
    if kindgi is None:
        problems.append(
            error(
                "config-missing",
                PYPROJECT,
                "`[tool.kindgi]` is missing: add `[tool.kindgi.pack]` with `id` and `version`",
            )
        )
        return None
    if not isinstance(kindgi, Mapping):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                "`tool.kindgi` must be a table",
                anchor=key_anchor("tool", "kindgi"),
            )
        )
        return None
    for key in kindgi:
        if key not in _SDK_TOP_LEVEL_KEYS:
            said = f"`tool.kindgi.{key}` is not a key hatch-kindgi or the kindgi SDK knows"
            message, fix = unknown_key(key, said, sorted(_SDK_TOP_LEVEL_KEYS))
            problems.append(
                warning(
                    "config-unknown-key",
                    PYPROJECT,
                    message,
                    suggestion=fix,
                    anchor=key_anchor("tool", "kindgi", key),
                )
            )
    before = len(problems)
    pack_id, pack_version = _pack_table(kindgi.get("pack"), problems)
    discovery = _discovery(kindgi.get("discovery"), problems)
    required, optional = env_lists(kindgi.get("env"), problems)
    project = document.get("project")
    project_name = project.get("name") if isinstance(project, Mapping) else None
    dependencies = project.get("dependencies", []) if isinstance(project, Mapping) else []
    if has_errors(problems[before:]) or pack_id is None or pack_version is None:
        return None
    return PackConfig(
        pack_id=pack_id,
        pack_version=pack_version,
        discovery=discovery,
        env_required=required,
        env_optional=optional,
        project_name=project_name if isinstance(project_name, str) else None,
        project_dependencies=tuple(d for d in dependencies if isinstance(d, str))
        if isinstance(dependencies, list)
        else (),
    )


def _pack_table(table: Any, problems: list[Problem]) -> tuple[str | None, str | None]:
    if table is None:
        problems.append(
            error(
                "config-missing",
                PYPROJECT,
                "`[tool.kindgi.pack]` is missing: it names the pack's `id` and `version`",
                anchor=key_anchor("tool", "kindgi", "pack"),
            )
        )
        return None, None
    if not isinstance(table, Mapping):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                "`tool.kindgi.pack` must be a table",
                anchor=key_anchor("tool", "kindgi", "pack"),
            )
        )
        return None, None
    values = check_table(table, _PACK_TABLE, problems)
    return values["id"], values["version"]


def _discovery(table: Any, problems: list[Problem]) -> Mapping[str, str]:
    discovery = dict(DEFAULT_DISCOVERY)
    if table is None:
        return discovery
    if not isinstance(table, Mapping):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                "`tool.kindgi.discovery` must be a table of globs",
                anchor=key_anchor("tool", "kindgi", "discovery"),
            )
        )
        return discovery
    for key, value in table.items():
        if key not in DEFAULT_DISCOVERY:
            said = f"`tool.kindgi.discovery.{key}` is not a discovery kind"
            message, fix = unknown_key(key, said, list(DEFAULT_DISCOVERY))
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    message,
                    suggestion=fix,
                    anchor=key_anchor("tool", "kindgi", "discovery", key),
                )
            )
        elif not isinstance(value, str):
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"`tool.kindgi.discovery.{key}` must be a glob string, "
                    f"like {toml_value(DEFAULT_DISCOVERY[key])}, not {toml_value(value)}",
                    anchor=key_anchor("tool", "kindgi", "discovery", key),
                )
            )
        else:
            discovery[key] = value
    return discovery
