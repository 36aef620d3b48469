"""The env rules of [tool.kindgi.env]: names, no KINDGI_*, once each, sorted.

The index's `env` is these lists, and the deploy reads it with `resolvePackEnv`
(`@kindgi/handler-runtime/src/pack-env.ts`), refusing the image with its problems: the same
rules, in the same order (`required`, then `optional`; per name the first that applies), so
each problem here leads with the runtime's words and then says where in the pyproject. Held
to the shipped `resolvePackEnv` by `tests/unit/config/test_env.py`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from hatch_kindgi.config.pyproject import PYPROJECT, key_anchor
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.report.problems import Problem, error

_ENV_KEYS = ("required", "optional")
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RESERVED_ENV_PREFIX = "KINDGI_"
_REFUSED = "the deploy refuses the index's env"


def env_lists(table: Any, problems: list[Problem]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if table is None:
        return (), ()
    if not isinstance(table, Mapping):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                "`env` must be an object: { required?: string[], optional?: string[] }; "
                "`tool.kindgi.env` must be a table: required = [...], optional = [...]",
                anchor=key_anchor("tool", "kindgi", "env"),
            )
        )
        return (), ()
    unknown = [key for key in table if key not in _ENV_KEYS]
    if unknown:
        from hatch_kindgi.report.suggest import offer  # difflib, for a misspelt key only

        # The runtime names every unknown key in one sentence; one of them alone also gets
        # "did you mean", and the rename as data for `--fix` and an editor.
        listed = ", ".join(f"`{key}`" for key in unknown)
        hint, fix = offer(unknown[0], _ENV_KEYS) if len(unknown) == 1 else ("", None)
        problems.append(
            error(
                "config-unknown-key",
                PYPROJECT,
                f"`env` takes only `required` and `optional`, not {listed}: "
                f"{_REFUSED} (`tool.kindgi.env`){hint}",
                suggestion=fix,
                anchor=key_anchor("tool", "kindgi", "env", str(unknown[0])),
            )
        )
    seen: dict[str, str] = {}
    lists: dict[str, list[str]] = {"required": [], "optional": []}
    for key in _ENV_KEYS:
        names = table.get(key, [])
        where = f"`tool.kindgi.env.{key}`"
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"`env.{key}` must be a list of names: {where} is a list of environment "
                    "variable names",
                    anchor=key_anchor("tool", "kindgi", "env", key),
                )
            )
            continue
        for number, name in enumerate(names):
            anchor = key_anchor("tool", "kindgi", "env", key, number)
            if not _ENV_NAME.fullmatch(name):
                problems.append(
                    error(
                        "env-name",
                        PYPROJECT,
                        f'"{name}" in `env.{key}` isn\'t an environment variable name; '
                        f"{_REFUSED}: letters, digits and _, not starting with a digit ({where})",
                        anchor=anchor,
                    )
                )
            elif name.startswith(_RESERVED_ENV_PREFIX):
                problems.append(
                    error(
                        "env-reserved",
                        PYPROJECT,
                        f'"{name}" in `env.{key}`: `{_RESERVED_ENV_PREFIX}*` names configure '
                        f"Kindgi, not the pack; {_REFUSED} ({where})",
                        anchor=anchor,
                    )
                )
            elif name in seen:
                message = (
                    f'"{name}" is listed twice in `env.{key}`; {_REFUSED}: list it once ({where})'
                    if seen[name] == key
                    else f'"{name}" is in both `env.required` and `env.optional`; {_REFUSED}: '
                    "keep it in one (`tool.kindgi.env`)"
                )
                problems.append(error("env-duplicate", PYPROJECT, message, anchor=anchor))
            else:
                seen[name] = key
                lists[key].append(name)
    return _code_unit_sorted(lists["required"]), _code_unit_sorted(lists["optional"])


def _code_unit_sorted(names: list[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=code_unit_key))
