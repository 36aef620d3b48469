"""--format sarif: valid SARIF 2.1.0 (the OASIS schema), what GitHub's code scanning needs, and
the golden reports' problems, one result each, in their order and at their places (the packs
with code: tests/process/report/test_golden_code.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hatch_kindgi import __version__
from hatch_kindgi.pipeline.places import place_problems
from hatch_kindgi.report.codes import CODES
from hatch_kindgi.report.files import repository_prefix
from hatch_kindgi.report.problems import error, warning
from hatch_kindgi.report.sarif import format_sarif
from tests.helpers.golden import broken_case_params, expected_report, golden_result
from tests.helpers.packs import BROKEN, REPO
from tests.helpers.sarif import github_faults, golden_rows, result_rows, schema_errors


@pytest.mark.parametrize("case", broken_case_params(code=False))
def test_every_broken_pack_gives_valid_sarif_with_its_golden_problems(case: str) -> None:
    """Valid against the OASIS schema, fit for GitHub, and one result a golden report line:
    its code, severity, file (below the pack's place in the repository), line, column and
    text, in the golden order."""
    root = BROKEN / case
    result = golden_result(case)
    prefix = repository_prefix(root)
    # The repository's own testpacks sit at testpacks/broken/<case>/ of this git checkout.
    assert prefix == (f"testpacks/broken/{case}/" if (REPO / ".git").exists() else "")
    document = json.loads(format_sarif(result.problems, prefix=prefix))

    assert schema_errors(document) == []
    assert github_faults(document) == []
    assert result_rows(document) == golden_rows(expected_report(case), prefix)


def test_rules_are_the_whole_registry_with_its_descriptions() -> None:
    """Every registered code is a rule, in registry order, described as docs/problems.md does."""
    document = json.loads(format_sarif([]))
    driver = document["runs"][0]["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("hatch-kindgi", __version__)
    assert [rule["id"] for rule in driver["rules"]] == list(CODES)
    problems_page = (REPO / "docs" / "problems.md").read_text("utf-8")
    for rule in driver["rules"]:
        description = CODES[rule["id"]]
        assert rule["shortDescription"] == {"text": description}
        anchor = f'<a id="{rule["id"]}"></a>'
        assert f"| {anchor}`{rule['id']}` | {description} |" in problems_page
        assert rule["help"]["text"].endswith(f"{rule['id']}: {description}")
    block_shape = next(rule for rule in driver["rules"] if rule["id"] == "block-shape")
    assert block_shape["help"]["text"] == f"[Blocks] block-shape: {CODES['block-shape']}"
    assert document["runs"][0]["results"] == []
    assert schema_errors(document) == []


def test_pointer_is_a_logical_location_and_prefixed_to_the_message() -> None:
    """A JSON pointer is the result's logical location (a value), and leads its message as it
    leads the text report's line."""
    problem = error("settings-values", "blocks/a.json", "-1 is less", pointer="/content/values/n")
    (result,) = json.loads(format_sarif([problem]))["runs"][0]["results"]
    assert result["message"] == {"text": "/content/values/n: -1 is less"}
    assert result["locations"][0]["logicalLocations"] == [
        {"fullyQualifiedName": "/content/values/n", "kind": "value"}
    ]
    assert "region" not in result["locations"][0]["physicalLocation"]


def test_the_pack_as_a_whole_is_placed_on_its_pyproject() -> None:
    """A problem naming no file ("." in the text report) still gets a file to annotate."""
    problem = error("indexer-refused", ".", "the indexer refuses the pack")
    (result,) = json.loads(format_sarif([problem], prefix="packs/ledger/"))["runs"][0]["results"]
    assert result["locations"][0]["physicalLocation"]["artifactLocation"] == {
        "uri": "packs/ledger/pyproject.toml",
        "uriBaseId": "%SRCROOT%",
    }


def test_paths_are_percent_encoded_uri_references() -> None:
    """Spaces, `#`, `%` and non-ASCII letters in a file name become a valid URI reference."""
    problems = [
        error("block-json", "blocks/a b#1%.json", "m", line=1, column=1),
        warning("liquid-unknown-variable", "blocks/réponse.liquid", "m", line=2, column=3),
    ]
    document = json.loads(format_sarif(problems))
    uris = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in document["runs"][0]["results"]
    ]
    assert uris == ["blocks/a%20b%231%25.json", "blocks/r%C3%A9ponse.liquid"]
    assert schema_errors(document) == []


def test_output_is_deterministic_and_sorted_as_the_text_report() -> None:
    """The same problems in any order, repeated or not, give the same bytes."""
    problems = [
        warning("liquid-unknown-variable", "blocks/b.liquid", "reads `x`", line=2, column=4),
        error("settings-values", "blocks/a.json", "-1 is less than 0", pointer="/content/values/n"),
        error("block-json", "blocks/b.json", "Expecting value", line=3, column=1),
    ]
    first = format_sarif(problems)
    assert format_sarif([*reversed(problems), problems[0]]) == first
    results = json.loads(first)["runs"][0]["results"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results] == [
        "blocks/a.json",
        "blocks/b.json",
        "blocks/b.liquid",
    ]
    assert [r["level"] for r in results] == ["error", "error", "warning"]


def test_schema_check_can_fail() -> None:
    """The validation above rejects a log that breaks the schema or holds a bad URI."""
    document = json.loads(format_sarif([error("block-json", "blocks/a.json", "m")]))
    document["runs"][0]["results"][0]["level"] = "fatal"
    document["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"][
        "uri"
    ] = "blocks/a b.json"
    assert len(schema_errors(document)) == 2


def test_repository_prefix(tmp_path: Path) -> None:
    """The pack's folder below the nearest `.git` (folder or worktree file), else nothing."""
    pack = tmp_path / "repo" / "packs" / "ledger"
    pack.mkdir(parents=True)
    assert repository_prefix(pack) == ""
    (tmp_path / "repo" / ".git").write_text("gitdir: /elsewhere\n", "utf-8")
    assert repository_prefix(pack) == "packs/ledger/"
    assert repository_prefix(tmp_path / "repo") == ""


def test_a_file_with_very_many_problems_is_cut_as_the_text_report_cuts_it() -> None:
    """The 50 problems a file the text report shows are results; what it leaves out is one
    notification on that file, with the text report's words, and the log stays valid."""
    problems = [
        error("block-json", "blocks/many.json", f"fault {n}", line=n, column=1)
        for n in range(1, 61)
    ]
    document = json.loads(format_sarif(problems))
    run = document["runs"][0]
    assert [
        r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in run["results"]
    ] == (list(range(1, 51)))
    (notification,) = run["invocations"][0]["toolExecutionNotifications"]
    assert notification["level"] == "note"
    assert notification["message"]["text"] == "… and 10 more problems in this file (10 errors)"
    location = notification["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": "blocks/many.json", "uriBaseId": "%SRCROOT%"}
    assert schema_errors(document) == []


def test_region_spans_the_place_and_the_fingerprint_ignores_its_line() -> None:
    """A placed problem's region runs from its line and column to just after its end (SARIF's
    `endColumn`); its fingerprint stays when the place moves down a line, and tells two
    otherwise equal results apart by their order."""
    text = '{"kind": "promt"}'
    moved = "\n" + text
    problem = error("block-kind", "blocks/a.json", "m", pointer="/kind")
    (here,) = place_problems([problem], lambda _: text)
    (there,) = place_problems([problem], lambda _: moved)
    first = json.loads(format_sarif([here], prefix="packs/x/"))["runs"][0]["results"][0]
    second = json.loads(format_sarif([there], prefix="packs/x/"))["runs"][0]["results"][0]
    region = first["locations"][0]["physicalLocation"]["region"]
    # `"promt"` by hand: line 1, columns 10 to 16, the character after it column 17.
    assert region == {"startLine": 1, "startColumn": 10, "endLine": 1, "endColumn": 17}
    assert second["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    assert first["partialFingerprints"] == second["partialFingerprints"]
    (fingerprint,) = first["partialFingerprints"].values()
    assert fingerprint.endswith(":1")
    twice = [
        warning("liquid-unknown-filter", "t.liquid", "unknown filter", line=n, column=4)
        for n in (1, 2)
    ]
    results = json.loads(format_sarif(twice))["runs"][0]["results"]
    hashes = [next(iter(r["partialFingerprints"].values())) for r in results]
    assert [h.split(":")[0] for h in hashes] == [hashes[0].split(":")[0]] * 2
    assert [h.split(":")[1] for h in hashes] == ["1", "2"]
    other = error("block-kind", "blocks/b.json", "m", pointer="/kind")
    other_result = json.loads(format_sarif([other], prefix="packs/x/"))["runs"][0]["results"][0]
    assert other_result["partialFingerprints"] != first["partialFingerprints"]
