"""The pins stage: which `artifactVersion` and `publishedAt` this build writes, and why."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path

from hatch_kindgi.config.options import HookOptions
from hatch_kindgi.config.pyproject import PYPROJECT, option_anchor
from hatch_kindgi.config.timestamps import format_timestamp, read_epoch_seconds, read_timestamp
from hatch_kindgi.report.problems import Problem, error, warning

ENV_ARTIFACT_VERSION = "KINDGI_ARTIFACT_VERSION"
ENV_PUBLISHED_AT = "KINDGI_PUBLISHED_AT"

_GIT_TIMEOUT_SECONDS = 10
_PREVIOUS_BYTES = 64 * 1024 * 1024
"""The largest index already at the output path read for its artifactVersion."""

RECORD_FILE = ".hatch-kindgi-pins.json"
"""The sdist's record of the pins it resolved, at the sdist's root beside PKG-INFO."""

# Problem code, file, the words before the value and the key it is placed on, for a
# publishedAt that can't be one.
_BAD_OPTION = (
    "pin-published-at",
    PYPROJECT,
    "option `published-at`",
    option_anchor("published-at"),
)
_BAD_ENVIRONMENT = ("pin-published-at", PYPROJECT, ENV_PUBLISHED_AT, None)
_BAD_RECORD = ("pin-record", RECORD_FILE, "the sdist's pin record: publishedAt", None)


@dataclass(frozen=True)
class Pins:
    """The two values that make a build of the same source give the same index."""

    artifact_version: str
    published_at: str
    artifact_version_from: str
    published_at_from: str


@dataclass(frozen=True)
class LocalPins:
    """Pins from the command line (`index`'s flags, and its `YYYYMMDD.N` fallback)."""

    artifact_version: str | None
    published_at: str | None
    artifact_fallback: str


def next_artifact_version(output: Path, today: datetime | None = None) -> str:
    """`YYYYMMDD.N` for today (UTC): N one past the index already at `output` when that
    one is from today, else 1 (`index`'s `artifactVersion` when nothing pins one)."""
    stamp = (today or datetime.now(timezone.utc)).strftime("%Y%m%d")
    previous = None
    try:
        # Only a regular file, and only as much as an index may be: `-o /dev/zero` never ends.
        if output.is_file() and output.stat().st_size <= _PREVIOUS_BYTES:
            previous = json.loads(output.read_bytes()).get("artifactVersion")
    except (OSError, ValueError, AttributeError):
        previous = None
    match = re.fullmatch(
        re.escape(stamp) + r"\.(\d+)", previous if isinstance(previous, str) else ""
    )
    return f"{stamp}.{int(match.group(1)) + 1 if match else 1}"


def resolve_pins(
    root: Path,
    options: HookOptions,
    environ: Mapping[str, str],
    dist_version: str,
    *,
    recorded: Mapping[str, str] | None = None,
    now: Callable[[], datetime] | None = None,
    local: LocalPins | None = None,
    builds: bool = True,
) -> tuple[Pins | None, list[Problem]]:
    """The first pin that applies (docs/reproducible-builds.md): option, environment, sdist record,
    then `SOURCE_DATE_EPOCH`, git `HEAD`'s commit time, or now (a warning when `builds`:
    only a build says it isn't reproducible; `check` builds nothing).

    `local` is the command line's (`index`): its flags win over every other pin, and its
    fallback `artifactVersion` replaces `dist_version`; otherwise the same pins apply as to
    the wheel, so an index written where a build would take git `HEAD`'s time takes it too.
    """
    if local is not None:
        options = replace(
            options,
            artifact_version=local.artifact_version or options.artifact_version,
            published_at=local.published_at or options.published_at,
        )
        dist_version = local.artifact_fallback
    problems: list[Problem] = []
    recorded = recorded or {}
    artifact_candidates = (
        (options.artifact_version, "option `artifact-version`"),
        (environ.get(ENV_ARTIFACT_VERSION) or None, ENV_ARTIFACT_VERSION),
        (recorded.get("artifactVersion"), "the sdist's recorded pins"),
        (dist_version, "the distribution version"),
    )
    artifact_version, artifact_from = next((v, s) for v, s in artifact_candidates if v)

    # Each source with the problem it gives when its value can't be a publishedAt.
    published_candidates = (
        (options.published_at, "option `published-at`", _BAD_OPTION),
        (environ.get(ENV_PUBLISHED_AT) or None, ENV_PUBLISHED_AT, _BAD_ENVIRONMENT),
        (recorded.get("publishedAt"), "the sdist's recorded pins", _BAD_RECORD),
    )
    published_at: str | None = None
    published_from = ""
    for value, source, bad in published_candidates:
        if value:
            published_at, why_not = read_timestamp(value)
            published_from = source
            if why_not is not None:
                code, file, label, anchor = bad
                message = f"{label} {json.dumps(value)} {why_not}"
                problems.append(error(code, file, message, anchor=anchor))
                return None, problems
            break
    if published_at is None:
        published_at, published_from = _from_source_date_epoch(environ, problems)
    if published_at is None and not problems:
        published_at, published_from = _from_git(root, problems)
    if published_at is None and not problems:
        published_at = format_timestamp(now() if now else datetime.now(timezone.utc))
        published_from = "the current time"
        if local is None and builds:
            problems.append(
                warning(
                    "pin-not-reproducible",
                    PYPROJECT,
                    "publishedAt is the current time, so this build isn't reproducible: set "
                    f"`published-at`, {ENV_PUBLISHED_AT} or SOURCE_DATE_EPOCH, or build from a "
                    "git checkout",
                )
            )
    if published_at is None:
        return None, problems
    return Pins(artifact_version, published_at, artifact_from, published_from), problems


def _from_source_date_epoch(
    environ: Mapping[str, str], problems: list[Problem]
) -> tuple[str | None, str]:
    raw = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return None, ""
    published_at, why_not = read_epoch_seconds(raw)
    if why_not is not None:
        problems.append(
            error("pin-published-at", PYPROJECT, f"SOURCE_DATE_EPOCH {json.dumps(raw)} {why_not}")
        )
        return None, ""
    return published_at, "SOURCE_DATE_EPOCH"


def _from_git(root: Path, problems: list[Problem]) -> tuple[str | None, str]:
    try:
        completed = subprocess.run(
            # A signed HEAD with log.showSignature would print the check before the time.
            ["git", "-c", "log.showSignature=false", "log", "-1", "--format=%ct"],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=_GIT_TIMEOUT_SECONDS,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.SubprocessError):
        return None, ""
    seconds = completed.stdout.strip()
    if completed.returncode != 0 or not seconds.isascii() or not seconds.isdigit():
        return None, ""
    published_at, why_not = read_epoch_seconds(seconds)
    if why_not is not None:
        # git takes any commit date (`@300000000000`); falling through to now would hide it.
        problems.append(
            error(
                "pin-published-at",
                PYPROJECT,
                f"git HEAD's commit time {seconds} {why_not}: set `published-at`, "
                f"{ENV_PUBLISHED_AT} or SOURCE_DATE_EPOCH to pin this build",
            )
        )
        return None, ""
    return published_at, "git HEAD"


RECORDED_PREFIX = "repositoryPrefix"
"""The record's key for where the pack folder sits in its git repository (`packs/ledger/`),
when not at its root: a wheel built from the sdist is in no repository, and its report's
paths (SARIF) still start at the repository's root."""


def record_pins(pins: Pins, repository_prefix: str = "") -> bytes:
    """The bytes of the sdist's pin record (and where the pack sits in its repository, when
    not at the root)."""
    document = {"artifactVersion": pins.artifact_version, "publishedAt": pins.published_at}
    if repository_prefix:
        document[RECORDED_PREFIX] = repository_prefix
    return (json.dumps(document, indent=2, sort_keys=True) + "\n").encode("utf-8")


def read_recorded_pins(root: Path) -> tuple[dict[str, str] | None, list[Problem]]:
    """The pins an sdist recorded, when `root` is an unpacked sdist (it has PKG-INFO)."""
    path = root / RECORD_FILE
    if not (root / "PKG-INFO").is_file() or not path.is_file():
        return None, []
    try:
        document = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError) as cause:
        return None, [
            error("pin-record", RECORD_FILE, f"the sdist's pin record is unreadable: {cause}")
        ]
    recorded = {}
    for key in ("artifactVersion", "publishedAt"):
        value = document.get(key) if isinstance(document, dict) else None
        if not isinstance(value, str) or not value:
            return None, [
                error("pin-record", RECORD_FILE, f"the sdist's pin record has no valid {key!r}")
            ]
        recorded[key] = value
    prefix = document.get(RECORDED_PREFIX, "")
    if not isinstance(prefix, str) or not _is_folder_path(prefix):
        return None, [
            error("pin-record", RECORD_FILE, f"the sdist's record has no valid {RECORDED_PREFIX!r}")
        ]
    if prefix:
        recorded[RECORDED_PREFIX] = prefix
    # Whether publishedAt is a timestamp `resolve_pins` decides, as for every other source.
    return recorded, []


def _is_folder_path(prefix: str) -> bool:
    """Whether `prefix` is "" or a relative folder path ending in "/", going nowhere up."""
    if not prefix:
        return True
    if "\\" in prefix or any(ord(character) < 0x20 for character in prefix):
        return False
    *folders, last = prefix.split("/")
    return last == "" and all(part not in ("", ".", "..") for part in folders)
