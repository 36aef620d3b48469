"""The report as SARIF 2.1.0, for code scanning (GitHub's `upload-sarif` and other viewers).

One run of one tool. The rules are the whole problem-code registry, in its order, so a rule's
index never depends on what a run found; the results are the problems exactly as the text
report lists them (same order, same message), each placed in its file: a region from the
problem's line and column to its end (1-based, in Unicode code points, as `columnKind`
says; `endColumn` is the column just after the place), and a fingerprint of what it is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any
from urllib.parse import quote

from hatch_kindgi import __version__
from hatch_kindgi.report.codes import CODES, sections
from hatch_kindgi.report.formats import Omitted, shown_problems
from hatch_kindgi.report.problems import Problem

SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
TOOL_NAME = "hatch-kindgi"
INFORMATION_URI = "https://pypi.org/project/hatch-kindgi/"
FINGERPRINT = "hatchKindgiProblem/v1"
"""The key of each result's `partialFingerprints`: GitHub's code scanning matches a result
across runs by it, so an alert stays one alert when lines above it move (GitHub computes its
own `primaryLocationLineHash` from the file, and warns when a log's differs: we never set it)."""
SOURCE_ROOT = "%SRCROOT%"
"""The base every result's file is relative to: the root of the repository holding the pack
(GitHub's code scanning takes relative paths as relative to the repository's root)."""

# A problem about the pack as a whole names no file ("."); code scanning needs a file to
# annotate, and the pack is declared by its pyproject.toml.
_PACK_FILE = "pyproject.toml"


def format_sarif(problems: Iterable[Problem], *, prefix: str = "") -> str:
    """One SARIF 2.1.0 log: every problem the text report shows a result, in its order; what
    it leaves out of a file with very many problems, a notification.

    `prefix` is the pack folder's path inside its repository (`packs/ledger/`, or `""` for a
    pack at the repository's root; see `repository_prefix`): result paths are the problems'
    pack-relative paths below it."""
    rule_index = {code: index for index, code in enumerate(CODES)}
    shown = shown_problems(problems)
    seen: dict[str, int] = {}
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": TOOL_NAME,
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": _rules(),
            }
        },
        "originalUriBaseIds": {
            SOURCE_ROOT: {
                "description": {
                    "text": "The root of the repository that holds the pack (the pack "
                    "folder when it is in no git repository)."
                }
            }
        },
        "columnKind": "unicodeCodePoints",
        "results": [
            _result(problem, rule_index[problem.code], prefix, seen) for problem in shown.problems
        ],
    }
    if shown.omitted:
        # What the report leaves out of a file with very many problems: no result can say it.
        run["invocations"] = [
            {
                "executionSuccessful": True,
                "toolExecutionNotifications": [_omitted(each, prefix) for each in shown.omitted],
            }
        ]
    document = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def _rules() -> list[dict[str, Any]]:
    stage_of = {code: stage for stage, codes in sections() for code in codes}
    return [
        {
            "id": code,
            "shortDescription": {"text": description},
            "fullDescription": {"text": description},
            # docs/problems.md, generated from the same registry, lists it the same way.
            "help": {
                "text": f"[{stage_of[code]}] {code}: {description}",
                "markdown": f"**{stage_of[code]}** · `{code}`: {description}",
            },
        }
        for code, description in CODES.items()
    ]


def _artifact(file: str, prefix: str) -> dict[str, Any]:
    file = file if file not in ("", ".") else _PACK_FILE
    return {"uri": quote(prefix + file, safe="/"), "uriBaseId": SOURCE_ROOT}


def _omitted(omitted: Omitted, prefix: str) -> dict[str, Any]:
    return {
        "level": "note",
        "message": {"text": omitted.text()},
        "locations": [{"physicalLocation": {"artifactLocation": _artifact(omitted.file, prefix)}}],
    }


def _result(problem: Problem, rule_index: int, prefix: str, seen: dict[str, int]) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": _artifact(problem.shown_file, prefix)}
    if problem.line is not None:
        region = {"startLine": problem.line}
        if problem.column is not None:
            region["startColumn"] = problem.column
            if problem.end is not None and problem.end >= (problem.line, problem.column):
                region["endLine"], region["endColumn"] = problem.end
        physical["region"] = region
    location: dict[str, Any] = {"physicalLocation": physical}
    shown_pointer = problem.shown_pointer
    if shown_pointer:
        # RFC 6901: a pointer names a value inside the file's JSON document.
        location["logicalLocations"] = [{"fullyQualifiedName": shown_pointer, "kind": "value"}]
    pointer = f"{shown_pointer}: " if shown_pointer else ""
    return {
        "ruleId": problem.code,
        "ruleIndex": rule_index,
        "level": problem.severity,
        "message": {"text": f"{pointer}{problem.message}"},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT: _fingerprint(problem, prefix, seen)},
    }


def _fingerprint(problem: Problem, prefix: str, seen: dict[str, int]) -> str:
    """What the problem is, not where its line is: its code, file, pointer (or the key it
    is placed by) and message, hashed, and which of the log's results with that same hash it
    is (`:1`, `:2`, as GitHub's own line hashes count)."""
    what = "\0".join(
        (
            problem.code,
            prefix + problem.shown_file,
            problem.shown_pointer or problem.anchor or "",
            problem.message,
        )
    )
    digest = hashlib.sha256(what.encode("utf-8", "surrogatepass")).hexdigest()[:32]
    seen[digest] = seen.get(digest, 0) + 1
    return f"{digest}:{seen[digest]}"
