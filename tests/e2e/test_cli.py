"""The command line as a user runs it: exact output and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from hatch_kindgi.index.pins import next_artifact_version
from tests.helpers.cli import run_cli
from tests.helpers.golden import GOLDEN_ENV, expected_report, stage_case_params
from tests.helpers.packs import BROKEN, build_env, copy_pack
from tests.oracle import shipped

# Each test runs the command line as a child process.
pytestmark = pytest.mark.slow

# A GitHub Actions workflow command: ::error|warning file=…[,line=…[,col=…]],title=…::message
ANNOTATION = re.compile(
    r"::(error|warning) file=[^,:\n]+(,line=\d+(,col=\d+)?)?,title=kindgi [a-z0-9-]+::[^\r\n]*"
)


# One broken pack a stage (the corpus's reports are tests/unit/report/test_golden.py's, in
# process), and a pyproject that is no TOML, which a build never gets to the hook.
@pytest.mark.parametrize("case", [*stage_case_params(), "pyproject-not-toml"])
def test_check_reports_what_the_build_reports(case: str) -> None:
    """`check` on a broken pack prints exactly its golden report (the build's) on stdout,
    nothing on stderr, and exits 1."""
    run = run_cli("check", str(BROKEN / case))
    assert (run.returncode, run.stdout, run.stderr) == (1, expected_report(case), "")


def test_check_clean_pack_prints_nothing() -> None:
    """A clean pack: no output, exit 0."""
    run = run_cli("check", str(Path("testpacks/minimal")))
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    """No pyproject, an unknown command, a bad --published-at: exit 2 with a message."""
    missing = run_cli("check", str(tmp_path))
    assert (missing.returncode, missing.stdout) == (2, "")
    assert missing.stderr == f"hatch-kindgi: no pyproject.toml in {tmp_path}\n"
    assert run_cli("frobnicate").returncode == 2
    bad = run_cli("index", "testpacks/minimal", "--published-at", "noon")
    assert bad.returncode == 2
    assert "--published-at 'noon' is not an ISO 8601 date-time" in bad.stderr


def test_help_names_both_commands() -> None:
    """--help exits 0 and explains check and index."""
    run = run_cli("--help")
    assert run.returncode == 0
    assert "check" in run.stdout
    assert "index" in run.stdout
    assert "exit 0 clean" in run.stdout


def test_json_report_validates_against_shipped_schema() -> None:
    """--format json is one document that satisfies report/report.schema.json."""
    schema = json.loads(Path("src/hatch_kindgi/report/report.schema.json").read_text("utf-8"))
    run = run_cli("check", str(BROKEN / "config-many-faults"), "--format", "json")
    assert run.returncode == 1
    document = json.loads(run.stdout)
    assert list(Draft202012Validator(schema).iter_errors(document)) == []
    assert document["ok"] is False
    assert document["summary"]["text"] == "4 errors, 0 warnings in 1 file"
    # In the order of their lines in the pyproject (by hand: 9, 13, 16, 17).
    assert [(p["code"], p["line"]) for p in document["problems"]] == [
        ("config-missing", 9),
        ("env-reserved", 13),
        ("pin-published-at", 16),
        ("config-unknown-key", 17),
    ]


def test_github_format_follows_annotation_syntax() -> None:
    """--format github prints one workflow command a problem."""
    run = run_cli("check", str(BROKEN / "config-env-names"), "--format", "github")
    lines = run.stdout.splitlines()
    assert len(lines) == 4
    assert all(ANNOTATION.fullmatch(line) for line in lines), lines


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8"])
@pytest.mark.parametrize("style", ["text", "json", "github"])
def test_hostile_keys_in_every_format_and_encoding(style: str, encoding: str) -> None:
    """Keys holding ESC, BEL, newlines, a lone surrogate, bidi and C1 controls, and text an
    ASCII terminal can't show: every format writes one line a problem on any encoding, with
    what the encoding lacks as backslash escapes, and no traceback."""
    case = str(BROKEN / "report-escaping")
    run = subprocess.run(
        [sys.executable, "-m", "hatch_kindgi", "check", case, "--format", style],
        capture_output=True,
        env=build_env({**GOLDEN_ENV, "PYTHONIOENCODING": encoding}),
        check=False,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert (run.returncode, run.stderr) == (1, b"")
    stdout = run.stdout.decode(encoding)
    expected = expected_report("report-escaping")
    expected = expected.encode(encoding, "backslashreplace").decode(encoding)
    lines = stdout.splitlines()
    assert all(line.isprintable() for line in lines)
    if style == "text":
        assert stdout == expected
    elif style == "github":
        assert len(lines) == 11
        assert all(ANNOTATION.fullmatch(line) for line in lines), lines
    else:
        document = json.loads(stdout)
        shown = [
            f"{p['file']}:{p['line']}:{p['column']}: error[{p['code']}]: {p['pointer']}: "
            f"{p['message']}"
            for p in document["problems"]
        ]
        assert shown == expected_report("report-escaping").splitlines()[:-1]


def test_index_counts_up_within_a_day(tmp_path: Path) -> None:
    """`index` twice on one day writes YYYYMMDD.1 then YYYYMMDD.2, Node's bytes each time."""
    pack = copy_pack("minimal", tmp_path)
    output = tmp_path / "out" / "index.json"
    today = datetime.now(timezone.utc).strftime("%Y%m%d")
    versions = []
    for _ in range(2):
        run = run_cli("index", str(pack), "-o", str(output))
        assert run.returncode == 0, run.stderr
        written = json.loads(output.read_bytes())
        assert output.read_bytes() == shipped.canonical(written)
        versions.append(written["artifactVersion"])
    if datetime.now(timezone.utc).strftime("%Y%m%d") == today:  # not across midnight
        assert versions == [f"{today}.1", f"{today}.2"]


def test_index_from_another_day_starts_at_one(tmp_path: Path) -> None:
    """An index from an earlier day doesn't carry its N over."""
    output = tmp_path / "index.json"
    output.write_text('{"artifactVersion": "20200101.7"}', "utf-8")
    today = datetime(2026, 11, 29, tzinfo=timezone.utc)
    assert next_artifact_version(output, today) == "20261129.1"
    output.write_text('{"artifactVersion": "20261129.7"}', "utf-8")
    assert next_artifact_version(output, today) == "20261129.8"
    output.write_text("not json", "utf-8")
    assert next_artifact_version(output, today) == "20261129.1"


def test_index_with_problems_keeps_old_file(tmp_path: Path) -> None:
    """`index` on a broken pack exits 1 and leaves the existing index as it was."""
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "pyproject.toml").write_bytes((BROKEN / "config-env-names/pyproject.toml").read_bytes())
    (pack / "dist").mkdir()
    (pack / "dist" / "index.json").write_bytes(b"previous\n")
    run = run_cli("index", str(pack))
    assert run.returncode == 1
    assert (pack / "dist" / "index.json").read_bytes() == b"previous\n"
