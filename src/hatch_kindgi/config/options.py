"""The kindgi build hook's own options, from [tool.hatch.build.hooks.kindgi]."""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.config.pyproject import HOOK_TABLE, toml_value
from hatch_kindgi.config.rows import Row, Rule, Table, check_table, is_text, must_be
from hatch_kindgi.config.target import TARGETS
from hatch_kindgi.config.timestamps import read_timestamp
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.styles import REPORT_FORMATS

DEFAULT_IMPORT_TIMEOUT = 120.0
DEFAULT_MAX_FILE_SIZE = 1024 * 1024

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


def _is_timestamp(named: str, value: Any) -> str | None:
    why_not = read_timestamp(value)[1]
    return None if why_not is None else f"{named}: {toml_value(value)} {why_not}"


def _is_positive_number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and value > 0


def _is_positive_whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and value >= 1


_TEXT = must_be("config-type", "a non-empty string", is_text)
_HOOK_OPTIONS = Table(
    HOOK_TABLE,
    (
        Row("artifact-version", _TEXT),
        Row("published-at", _TEXT, Rule("pin-published-at", _is_timestamp)),
        Row(
            "package",
            _TEXT,
            must_be(
                "config-value",
                'an import name like "acme_ledger" or "acme.ledger"',
                _is_import_name,
            ),
        ),
        Row("report-file", _TEXT),
        Row(
            "report-format",
            _TEXT,
            must_be(
                "config-value", f"one of {', '.join(REPORT_FORMATS)}", REPORT_FORMATS.__contains__
            ),
        ),
        Row("against", _TEXT),
        Row(
            "target",
            _TEXT,
            must_be(
                "config-value",
                f"one of {', '.join(TARGETS)} (where the pack deploys)",
                TARGETS.__contains__,
            ),
        ),
        Row(
            "import-timeout",
            rule=must_be("config-value", "a positive number of seconds", _is_positive_number),
            default=DEFAULT_IMPORT_TIMEOUT,
        ),
        Row(
            "max-file-size",
            rule=must_be("config-value", "a positive whole number of bytes", _is_positive_whole),
            default=DEFAULT_MAX_FILE_SIZE,
        ),
        Row(
            "strict",
            rule=must_be("config-type", "true or false", lambda value: isinstance(value, bool)),
            default=False,
        ),
    ),
    named=lambda key: f"option `{key}` of `tool.hatch.build.hooks.kindgi`",
    unknown="is not known",
    # Hatchling's own keys for every build hook: accepted and left to Hatchling.
    others=frozenset(
        {
            "dependencies",
            "require-runtime-dependencies",
            "require-runtime-features",
            "enable-by-default",
        }
    ),
)
"""The hook's options, one row each, in the order their problems come."""


def hook_options(config: Mapping[str, Any], problems: list[Problem]) -> HookOptions:
    """The hook's options from Hatchling's `config`, each one's default where it is not set or
    is refused; a problem in `problems` for every unknown key and refused value."""
    values = check_table(config, _HOOK_OPTIONS, problems)
    fields = {key.replace("-", "_"): value for key, value in values.items()}
    return HookOptions(**{**fields, "import_timeout": float(fields["import_timeout"])})
