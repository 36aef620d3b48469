"""The env rules of [tool.kindgi.env]: names, no KINDGI_*, once each, sorted."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from hatch_kindgi.config.pyproject import PYPROJECT, key_anchor, toml_repr, unknown_key
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.report.problems import Problem, error

_ENV_KEYS = ("required", "optional")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RESERVED_ENV_PREFIX = "KINDGI_"


def env_lists(table: Any, problems: list[Problem]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if table is None:
        return (), ()
    if not isinstance(table, Mapping):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                "`tool.kindgi.env` must be a table: required = [...], optional = [...]",
                anchor=key_anchor("tool", "kindgi", "env"),
            )
        )
        return (), ()
    for key in table:
        if key not in _ENV_KEYS:
            said = f"`tool.kindgi.env.{key}` is not an env key"
            message, fix = unknown_key(key, said, ("optional", "required"))
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    message,
                    suggestion=fix,
                    anchor=key_anchor("tool", "kindgi", "env", key),
                )
            )
    seen: dict[str, str] = {}
    lists: dict[str, list[str]] = {"required": [], "optional": []}
    for key in _ENV_KEYS:
        names = table.get(key, [])
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"`tool.kindgi.env.{key}` must be a list of environment variable names",
                    anchor=key_anchor("tool", "kindgi", "env", key),
                )
            )
            continue
        for number, name in enumerate(names):
            where = f"`tool.kindgi.env.{key}`"
            anchor = key_anchor("tool", "kindgi", "env", key, number)
            if not _ENV_NAME.fullmatch(name):
                problems.append(
                    error(
                        "env-name",
                        PYPROJECT,
                        f"{where}: {toml_repr(name)} is not an environment variable name "
                        "(letters, digits and _, not starting with a digit)",
                        anchor=anchor,
                    )
                )
            elif name.startswith(_RESERVED_ENV_PREFIX):
                problems.append(
                    error(
                        "env-reserved",
                        PYPROJECT,
                        f"{where}: {toml_repr(name)} is reserved: "
                        f"{_RESERVED_ENV_PREFIX}* names configure Kindgi, not the pack",
                        anchor=anchor,
                    )
                )
            elif name in seen:
                message = (
                    f"{where}: {toml_repr(name)} is listed twice"
                    if seen[name] == key
                    else f"{toml_repr(name)} is in both `tool.kindgi.env.required` and "
                    "`tool.kindgi.env.optional`: keep it in one"
                )
                problems.append(error("env-duplicate", PYPROJECT, message, anchor=anchor))
            else:
                seen[name] = key
                lists[key].append(name)
    return _code_unit_sorted(lists["required"]), _code_unit_sorted(lists["optional"])


def _code_unit_sorted(names: list[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=code_unit_key))
