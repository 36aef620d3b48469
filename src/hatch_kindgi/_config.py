"""The config stage: `[tool.kindgi]` and the hook's options, every fault reported at once."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hatch_kindgi._problems import Problem, error, warning
from hatch_kindgi._timestamps import normalize_timestamp

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

PYPROJECT = "pyproject.toml"

DEFAULT_DISCOVERY: Mapping[str, str] = {
    "tools": "tools/**/*.py",
    "guardrails": "guardrails/**/*.py",
    "agents": "agents/**/*.py",
    "flows": "flows/**/*.py",
    "blocks": "blocks/**/*.json",
}
CODE_KINDS = ("tools", "guardrails", "agents", "flows")

DEFAULT_IMPORT_TIMEOUT = 120.0
DEFAULT_MAX_FILE_SIZE = 1024 * 1024

# Keys the kindgi SDK's config knows beside the ones this stage checks: left to the SDK.
_SDK_TOP_LEVEL_KEYS = frozenset({"pack", "discovery", "env", "dev", "environments"})
_PACK_KEYS = frozenset({"id", "version", "description"})
_ENV_KEYS = ("required", "optional")

# Hatchling's own keys for every build hook: accepted and left to Hatchling.
_HATCHLING_HOOK_KEYS = frozenset(
    {
        "dependencies",
        "require-runtime-dependencies",
        "require-runtime-features",
        "enable-by-default",
    }
)
_HOOK_KEYS = frozenset(
    {"artifact-version", "published-at", "package", "import-timeout", "max-file-size", "strict"}
)

_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_RESERVED_ENV_PREFIX = "KINDGI_"
_IMPORT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


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


@dataclass(frozen=True)
class HookOptions:
    """The options of `[tool.hatch.build.hooks.kindgi]` this plugin reads."""

    artifact_version: str | None = None
    published_at: str | None = None
    package: str | None = None
    import_timeout: float = DEFAULT_IMPORT_TIMEOUT
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    strict: bool = False


@dataclass(frozen=True)
class ConfigOutcome:
    """The config, when there is enough of it to go on, and every problem found."""

    pack: PackConfig | None
    options: HookOptions
    problems: tuple[Problem, ...] = field(default=())


def read_pyproject(root: Path) -> tuple[dict[str, Any] | None, list[Problem]]:
    """The parsed `pyproject.toml` of the pack at `root`, or the problem reading it."""
    path = root / PYPROJECT
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None, [error("config-not-found", PYPROJECT, f"no {PYPROJECT} in the pack folder")]
    except (OSError, UnicodeDecodeError) as cause:
        return None, [error("config-parse", PYPROJECT, f"cannot be read as UTF-8 text: {cause}")]
    try:
        return tomllib.loads(text), []
    except tomllib.TOMLDecodeError as cause:
        line, column = _toml_position(cause)
        return None, [
            error(
                "config-parse",
                PYPROJECT,
                f"is not valid TOML: {_toml_message(cause)}",
                line=line,
                column=column,
            )
        ]


def load_config(document: Mapping[str, Any], hook_config: Mapping[str, Any]) -> ConfigOutcome:
    """Check `[tool.kindgi]`, `[project]` and the hook's options; report every fault."""
    problems: list[Problem] = []
    options = _hook_options(hook_config, problems)
    pack = _pack_config(document, problems)
    return ConfigOutcome(pack, options, tuple(problems))


def hook_table(document: Mapping[str, Any]) -> Mapping[str, Any]:
    """`[tool.hatch.build.hooks.kindgi]` of a parsed pyproject (empty when absent)."""
    node: Any = document
    for key in ("tool", "hatch", "build", "hooks", "kindgi"):
        node = node.get(key) if isinstance(node, Mapping) else None
    return node if isinstance(node, Mapping) else {}


def default_package(project_name: str) -> str:
    """The distribution name as an import name: `acme-ledger` -> `acme_ledger`."""
    return re.sub(r"[-_.]+", "_", project_name).lower()


def _pack_config(document: Mapping[str, Any], problems: list[Problem]) -> PackConfig | None:
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
        problems.append(error("config-type", PYPROJECT, "`tool.kindgi` must be a table"))
        return None
    for key in kindgi:
        if key not in _SDK_TOP_LEVEL_KEYS:
            problems.append(
                warning(
                    "config-unknown-key",
                    PYPROJECT,
                    f"`tool.kindgi.{key}` is not a key hatch-kindgi or the kindgi SDK knows "
                    f"(known: {', '.join(sorted(_SDK_TOP_LEVEL_KEYS))})",
                )
            )
    before = len(problems)
    pack_id, pack_version = _pack_table(kindgi.get("pack"), problems)
    discovery = _discovery(kindgi.get("discovery"), problems)
    required, optional = _env(kindgi.get("env"), problems)
    project = document.get("project")
    project_name = project.get("name") if isinstance(project, Mapping) else None
    dependencies = project.get("dependencies", []) if isinstance(project, Mapping) else []
    if _has_errors(problems[before:]) or pack_id is None or pack_version is None:
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
            )
        )
        return None, None
    if not isinstance(table, Mapping):
        problems.append(error("config-type", PYPROJECT, "`tool.kindgi.pack` must be a table"))
        return None, None
    for key in table:
        if key not in _PACK_KEYS:
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    f"`tool.kindgi.pack.{key}` is not a pack key "
                    f"(known: {', '.join(sorted(_PACK_KEYS))})",
                )
            )
    values: list[str | None] = []
    for key, example in (("id", '"acme.ledger"'), ("version", '"1.0.0"')):
        value = table.get(key)
        if value is None:
            problems.append(
                error(
                    "config-missing",
                    PYPROJECT,
                    f"`tool.kindgi.pack.{key}` is missing: a non-empty string like {example}",
                )
            )
        elif not isinstance(value, str) or not value.strip():
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"`tool.kindgi.pack.{key}` must be a non-empty string like {example}, "
                    f"not {_toml_repr(value)}",
                )
            )
            value = None
        values.append(value)
    description = table.get("description")
    if description is not None and not isinstance(description, str):
        problems.append(
            error("config-type", PYPROJECT, "`tool.kindgi.pack.description` must be a string")
        )
    return values[0], values[1]


def _discovery(table: Any, problems: list[Problem]) -> Mapping[str, str]:
    discovery = dict(DEFAULT_DISCOVERY)
    if table is None:
        return discovery
    if not isinstance(table, Mapping):
        problems.append(
            error("config-type", PYPROJECT, "`tool.kindgi.discovery` must be a table of globs")
        )
        return discovery
    for key, value in table.items():
        if key not in DEFAULT_DISCOVERY:
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    f"`tool.kindgi.discovery.{key}` is not a discovery kind "
                    f"(known: {', '.join(DEFAULT_DISCOVERY)})",
                )
            )
        elif not isinstance(value, str):
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"`tool.kindgi.discovery.{key}` must be a glob string, "
                    f"like {DEFAULT_DISCOVERY[key]!r}",
                )
            )
        else:
            discovery[key] = value
    return discovery


def _env(table: Any, problems: list[Problem]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    if table is None:
        return (), ()
    if not isinstance(table, Mapping):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                "`tool.kindgi.env` must be a table: required = [...], optional = [...]",
            )
        )
        return (), ()
    for key in table:
        if key not in _ENV_KEYS:
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    f"`tool.kindgi.env.{key}` is not an env key (known: optional, required)",
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
                )
            )
            continue
        for name in names:
            where = f"`tool.kindgi.env.{key}`"
            if not _ENV_NAME.fullmatch(name):
                problems.append(
                    error(
                        "env-name",
                        PYPROJECT,
                        f"{where}: {_toml_repr(name)} is not an environment variable name "
                        "(letters, digits and _, not starting with a digit)",
                    )
                )
            elif name.startswith(_RESERVED_ENV_PREFIX):
                problems.append(
                    error(
                        "env-reserved",
                        PYPROJECT,
                        f"{where}: {_toml_repr(name)} is reserved: "
                        f"{_RESERVED_ENV_PREFIX}* names configure Kindgi, not the pack",
                    )
                )
            elif name in seen:
                message = (
                    f"{where}: {_toml_repr(name)} is listed twice"
                    if seen[name] == key
                    else f"{_toml_repr(name)} is in both `tool.kindgi.env.required` and "
                    "`tool.kindgi.env.optional`: keep it in one"
                )
                problems.append(error("env-duplicate", PYPROJECT, message))
            else:
                seen[name] = key
                lists[key].append(name)
    return _code_unit_sorted(lists["required"]), _code_unit_sorted(lists["optional"])


def _hook_options(config: Mapping[str, Any], problems: list[Problem]) -> HookOptions:
    where = "`tool.hatch.build.hooks.kindgi`"
    for key in config:
        if key not in _HOOK_KEYS and key not in _HATCHLING_HOOK_KEYS:
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    f"option `{key}` of {where} is not known "
                    f"(known: {', '.join(sorted(_HOOK_KEYS))})",
                )
            )
    strings: dict[str, str | None] = {}
    for key in ("artifact-version", "published-at", "package"):
        value = config.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"option `{key}` of {where} must be a non-empty string, "
                    f"not {_toml_repr(value)}",
                )
            )
            value = None
        strings[key] = value
    published_at = strings["published-at"]
    if published_at is not None and normalize_timestamp(published_at) is None:
        problems.append(
            error(
                "pin-published-at",
                PYPROJECT,
                f"option `published-at` of {where}: {_toml_repr(published_at)} is not an "
                'ISO 8601 date-time with a zone, like "2026-09-20T14:32:07.104Z"',
            )
        )
        published_at = None
    package = strings["package"]
    if package is not None and not all(_IMPORT_NAME.fullmatch(p) for p in package.split(".")):
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `package` of {where} must be an import name like "
                f'"acme_ledger", not {_toml_repr(package)}',
            )
        )
        package = None
    timeout = config.get("import-timeout", DEFAULT_IMPORT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `import-timeout` of {where} must be a positive number of seconds, "
                f"not {_toml_repr(timeout)}",
            )
        )
        timeout = DEFAULT_IMPORT_TIMEOUT
    max_file_size = config.get("max-file-size", DEFAULT_MAX_FILE_SIZE)
    if isinstance(max_file_size, bool) or not isinstance(max_file_size, int) or max_file_size < 1:
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `max-file-size` of {where} must be a positive whole number of bytes, "
                f"not {_toml_repr(max_file_size)}",
            )
        )
        max_file_size = DEFAULT_MAX_FILE_SIZE
    strict = config.get("strict", False)
    if not isinstance(strict, bool):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                f"option `strict` of {where} must be true or false, not {_toml_repr(strict)}",
            )
        )
        strict = False
    return HookOptions(
        artifact_version=strings["artifact-version"],
        published_at=published_at,
        package=package,
        import_timeout=float(timeout),
        max_file_size=max_file_size,
        strict=strict,
    )


def _has_errors(problems: list[Problem]) -> bool:
    return any(p.severity == "error" for p in problems)


def _code_unit_sorted(names: list[str]) -> tuple[str, ...]:
    return tuple(sorted(names, key=lambda n: n.encode("utf-16-be", "surrogatepass")))


def _toml_repr(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)


def _toml_position(cause: Exception) -> tuple[int | None, int | None]:
    line = getattr(cause, "lineno", None)
    column = getattr(cause, "colno", None)
    if isinstance(line, int) and isinstance(column, int):
        return line, column
    match = re.search(r"\(at line (\d+), column (\d+)\)", str(cause))
    if match:
        return int(match.group(1)), int(match.group(2))
    return None, None


def _toml_message(cause: Exception) -> str:
    message = getattr(cause, "msg", None)
    if isinstance(message, str):
        return message
    return re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)$", "", str(cause))
