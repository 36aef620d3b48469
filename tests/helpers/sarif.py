"""Checking a SARIF log: the OASIS SARIF 2.1.0 schema, and what GitHub's code scanning needs."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from jsonschema import Draft4Validator
from rfc3986_validator import validate_rfc3986

from tests.helpers.packs import REPO

# The OASIS schema, copied unchanged (tests/data/README.md says from where).
SARIF_SCHEMA = json.loads((REPO / "tests" / "data" / "sarif-schema-2.1.0.json").read_text("utf-8"))
# `file[:line[:col]]: severity[code]: text`, as docs/command-line.md describes a report line.
GOLDEN_LINE = re.compile(
    r"(?P<file>.+?)(?::(?P<line>\d+)(?::(?P<column>\d+))?)?: "
    r"(?P<severity>error|warning)\[(?P<code>[a-z0-9-]+)\]: (?P<text>.*)"
)
GITHUB_TEXT_LIMIT = 1024  # GitHub's limit on a rule's descriptions


def schema_errors(document: Any) -> list[str]:
    """Every way `document` fails the SARIF 2.1.0 schema (Draft 4, formats checked), and
    every artifact URI that is not an RFC 3986 URI reference (Draft 4 has no format for it)."""
    validator = Draft4Validator(SARIF_SCHEMA, format_checker=Draft4Validator.FORMAT_CHECKER)
    failures = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    for run in document.get("runs", []):
        for result in run.get("results", []):
            for location in result.get("locations", []):
                uri = location["physicalLocation"]["artifactLocation"]["uri"]
                if not validate_rfc3986(uri, rule="URI_reference"):
                    failures.append(f"not a URI reference: {uri!r}")
    return failures


def github_faults(document: dict[str, Any]) -> list[str]:
    """What GitHub's "SARIF support for code scanning" marks required and this log lacks."""
    faults = []
    if document.get("$schema") is None or document.get("version") != "2.1.0":
        faults.append("$schema and version 2.1.0 are required")
    for run in document["runs"]:
        driver = run["tool"]["driver"]
        if not driver.get("name") or not driver.get("rules"):
            faults.append("tool.driver needs a name and rules")
        for rule in driver["rules"]:
            for key in ("shortDescription", "fullDescription", "help"):
                text = rule.get(key, {}).get("text", "")
                if not text or (key != "help" and len(text) > GITHUB_TEXT_LIMIT):
                    faults.append(f"rule {rule['id']}: {key}.text empty or too long")
        for result in run["results"]:
            if not result.get("message", {}).get("text"):
                faults.append("a result without message.text")
            locations = result.get("locations", [])
            if len(locations) != 1 or not locations[0]["physicalLocation"]["artifactLocation"].get(
                "uri"
            ):
                faults.append(f"result {result['message']}: needs one location with a uri")
    return faults


Row = tuple[str, str, str, str, "int | None", "int | None"]


def result_rows(document: dict[str, Any]) -> list[Row]:
    """Each result of the log's one run as (rule, level, message, path, line, column), the
    path being the artifact's URI decoded (`tools/%7Bslow%7D.py` is `tools/{slow}.py`)."""
    (run,) = document["runs"]
    rules = run["tool"]["driver"]["rules"]
    rows = []
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        physical = result["locations"][0]["physicalLocation"]
        assert physical["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        region = physical.get("region", {})
        rows.append(
            (
                result["ruleId"],
                result["level"],
                result["message"]["text"],
                unquote(physical["artifactLocation"]["uri"]),
                region.get("startLine"),
                region.get("startColumn"),
            )
        )
    return rows


def golden_rows(report: str, prefix: str = "") -> list[Row]:
    """What `result_rows` must give for a text report (a golden `expected.txt`): a line a
    result, its file below `prefix`, and the pack as a whole ("."), on its pyproject.toml."""
    rows = []
    for text in report.splitlines()[:-1]:  # the last line is the summary
        line = GOLDEN_LINE.fullmatch(text)
        assert line is not None, f"not a report line: {text!r}"
        file = line["file"] if line["file"] != "." else "pyproject.toml"
        rows.append(
            (
                line["code"],
                line["severity"],
                line["text"],
                prefix + file,
                int(line["line"]) if line["line"] else None,
                int(line["column"]) if line["column"] else None,
            )
        )
    return rows
