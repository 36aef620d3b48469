"""The kindgi build hook's own options, from [tool.hatch.build.hooks.kindgi]."""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.config.pyproject import PYPROJECT, option_anchor, toml_repr, unknown_key
from hatch_kindgi.config.target import TARGETS
from hatch_kindgi.config.timestamps import read_timestamp
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.styles import REPORT_FORMATS

DEFAULT_IMPORT_TIMEOUT = 120.0
DEFAULT_MAX_FILE_SIZE = 1024 * 1024

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
    {
        "artifact-version",
        "published-at",
        "package",
        "import-timeout",
        "max-file-size",
        "strict",
        "report-file",
        "report-format",
        "against",
        "target",
    }
)

_IMPORT_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class HookOptions:
    """The options of `[tool.hatch.build.hooks.kindgi]` this plugin reads."""

    artifact_version: str | None = None
    published_at: str | None = None
    package: str | None = None
    import_timeout: float = DEFAULT_IMPORT_TIMEOUT
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    strict: bool = False
    report_file: str | None = None
    report_format: str | None = None
    against: str | None = None
    target: str | None = None
    """Where the pack deploys: "self-hosted" or "hosted" (`config.target`); None: not set."""


def _is_import_name(package: str) -> bool:
    """Whether `import <package>` could name it: dotted parts, each an identifier and no
    keyword (`acme.class` can't be imported)."""
    return all(
        _IMPORT_NAME.fullmatch(part) and not keyword.iskeyword(part) for part in package.split(".")
    )


def hook_options(config: Mapping[str, Any], problems: list[Problem]) -> HookOptions:
    where = "`tool.hatch.build.hooks.kindgi`"
    for key in config:
        if key not in _HOOK_KEYS and key not in _HATCHLING_HOOK_KEYS:
            message, fix = unknown_key(
                key,
                f"option `{key}` of {where} is not known",
                sorted(_HOOK_KEYS),
                also=sorted(_HATCHLING_HOOK_KEYS),
            )
            problems.append(
                error(
                    "config-unknown-key",
                    PYPROJECT,
                    message,
                    suggestion=fix,
                    anchor=option_anchor(key),
                )
            )
    strings: dict[str, str | None] = {}
    for key in (
        "artifact-version",
        "published-at",
        "package",
        "report-file",
        "report-format",
        "against",
        "target",
    ):
        value = config.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            problems.append(
                error(
                    "config-type",
                    PYPROJECT,
                    f"option `{key}` of {where} must be a non-empty string, not {toml_repr(value)}",
                    anchor=option_anchor(key),
                )
            )
            value = None
        strings[key] = value
    published_at = strings["published-at"]
    if published_at is not None:
        why_not = read_timestamp(published_at)[1]
        if why_not is not None:
            problems.append(
                error(
                    "pin-published-at",
                    PYPROJECT,
                    f"option `published-at` of {where}: {toml_repr(published_at)} {why_not}",
                    anchor=option_anchor("published-at"),
                )
            )
            published_at = None
    package = strings["package"]
    if package is not None and not _is_import_name(package):
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `package` of {where} must be an import name like "
                f'"acme_ledger" or "acme.ledger", not {toml_repr(package)}',
                anchor=option_anchor("package"),
            )
        )
        package = None
    report_format = strings["report-format"]
    if report_format is not None and report_format not in REPORT_FORMATS:
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `report-format` of {where} must be one of "
                f"{', '.join(REPORT_FORMATS)}, not {toml_repr(report_format)}",
                anchor=option_anchor("report-format"),
            )
        )
        report_format = None
    target = strings["target"]
    if target is not None and target not in TARGETS:
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `target` of {where} must be one of {', '.join(TARGETS)} (where the "
                f"pack deploys), not {toml_repr(target)}",
                anchor=option_anchor("target"),
            )
        )
        target = None
    timeout = config.get("import-timeout", DEFAULT_IMPORT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"option `import-timeout` of {where} must be a positive number of seconds, "
                f"not {toml_repr(timeout)}",
                anchor=option_anchor("import-timeout"),
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
                f"not {toml_repr(max_file_size)}",
                anchor=option_anchor("max-file-size"),
            )
        )
        max_file_size = DEFAULT_MAX_FILE_SIZE
    strict = config.get("strict", False)
    if not isinstance(strict, bool):
        problems.append(
            error(
                "config-type",
                PYPROJECT,
                f"option `strict` of {where} must be true or false, not {toml_repr(strict)}",
                anchor=option_anchor("strict"),
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
        report_file=strings["report-file"],
        report_format=report_format,
        against=strings["against"],
        target=target,
    )
