"""Real builds with pins at and beyond the years 0001-9999: a four-digit year or a problem
naming the pin's source, never a traceback."""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV, expected_report, tree_digest
from tests.helpers.packs import (
    BROKEN,
    build_env,
    copy_pack,
    report_of,
    run_build,
    run_module,
    wheel_files,
)

pytestmark = pytest.mark.slow

RANGE = "publishedAt must lie from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z"


def _with_option(pack: Path, published_at: str) -> None:
    pyproject = pack / "pyproject.toml"
    text = pyproject.read_text("utf-8")
    start = text.index("published-at = ")
    end = text.index("\n", start)
    pyproject.write_text(f'{text[:start]}published-at = "{published_at}"{text[end:]}', "utf-8")


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_out_of_range_option_fails_with_report(
    tmp_path: Path, isolated: bool, isolated_env: dict[str, str]
) -> None:
    """The hook option an hour before year 0001 (UTC): the golden report, in the isolated
    build too, where the hook's `dependencies()` reads the option first."""
    pack = tmp_path / "pack"
    shutil.copytree(BROKEN / "pin-published-at-range", pack)
    before = tree_digest(pack)
    env = {**isolated_env, **GOLDEN_ENV}
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=env)
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    assert report_of(run.stderr) == expected_report("pin-published-at-range")
    assert run.artifacts == []
    assert tree_digest(pack) == before


def test_year_before_1000_is_written_with_four_digits(tmp_path: Path) -> None:
    """`published-at` in year 999 gives `0999-…` in the wheel's index (JavaScript's form)."""
    pack = copy_pack("minimal", tmp_path)
    _with_option(pack, "0999-06-01T00:30:00+01:00")
    run = run_build(pack, tmp_path / "dist", isolated=False)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    index = json.loads(wheel_files(wheel)["acme_minimal/index.json"])
    assert index["publishedAt"] == "0999-05-31T23:30:00.000Z"


@pytest.mark.parametrize(
    ("variables", "source"),
    [
        ({"KINDGI_PUBLISHED_AT": "9999-12-31T23:59:59-01:00"}, "KINDGI_PUBLISHED_AT"),
        ({"SOURCE_DATE_EPOCH": "253402300800"}, "SOURCE_DATE_EPOCH"),
        ({"SOURCE_DATE_EPOCH": "-62135596801"}, "SOURCE_DATE_EPOCH"),
    ],
)
def test_out_of_range_environment_fails_with_report(
    tmp_path: Path, variables: dict[str, str], source: str
) -> None:
    """An environment pin beyond the range: one problem naming the variable, no wheel."""
    pack = copy_pack("blocks", tmp_path)
    _without_option(pack)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(variables))
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    (line, summary) = report_of(run.stderr).splitlines()
    assert line.startswith(f"pyproject.toml: error[pin-published-at]: {source} ")
    assert "0001" in line
    assert "9999" in line
    assert summary == "1 error, 0 warnings in 1 file"
    assert run.artifacts == []


def test_out_of_range_sdist_record_fails_with_report(tmp_path: Path) -> None:
    """An sdist whose pin record says 9999-12-31T23:59:59-01:00: its wheel build names the
    record, with no traceback and no wheel."""
    pack = copy_pack("minimal", tmp_path)
    sdist_run = run_build(pack, tmp_path / "sdist", isolated=False, args=("--sdist",))
    assert sdist_run.returncode == 0, sdist_run.stderr
    (sdist,) = sdist_run.artifacts
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    (unpacked,) = (tmp_path / "unpacked").iterdir()
    record = unpacked / ".hatch-kindgi-pins.json"
    document = json.loads(record.read_text("utf-8"))
    record.write_text(json.dumps({**document, "publishedAt": "9999-12-31T23:59:59-01:00"}), "utf-8")
    # The option would win over the record: take it out, so the record is the pin.
    _without_option(unpacked)
    run = run_build(unpacked, tmp_path / "dist", isolated=False)
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    assert report_of(run.stderr) == (
        ".hatch-kindgi-pins.json: error[pin-record]: the sdist's pin record: publishedAt "
        '"9999-12-31T23:59:59-01:00" falls outside the years 0001 to 9999 once converted to '
        f"UTC ({RANGE})\n1 error, 0 warnings in 1 file\n"
    )
    assert run.artifacts == []


def _without_option(pack: Path) -> None:
    pyproject = pack / "pyproject.toml"
    lines = pyproject.read_text("utf-8").splitlines(keepends=True)
    pyproject.write_text(
        "".join(line for line in lines if not line.startswith("published-at")), "utf-8"
    )


def _cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return run_module("hatch_kindgi", *args, env=build_env(env))


def test_cli_published_at_out_of_range_is_a_usage_error(tmp_path: Path) -> None:
    """`index --published-at` an hour before year 0001 (UTC): exit 2, the range, no file."""
    pack = copy_pack("blocks", tmp_path)
    run = _cli("index", str(pack), "--published-at", "0001-01-01T00:00:00+01:00", env={})
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr == (
        "hatch-kindgi index: --published-at '0001-01-01T00:00:00+01:00' falls outside the "
        f"years 0001 to 9999 once converted to UTC ({RANGE})\n"
    )
    assert not (pack / "dist").exists()


def test_cli_check_with_huge_source_date_epoch(tmp_path: Path) -> None:
    """`check` with SOURCE_DATE_EPOCH past year 9999: exit 1 and the problem, no traceback."""
    pack = copy_pack("blocks", tmp_path)
    _without_option(pack)
    run = _cli("check", str(pack), env={"SOURCE_DATE_EPOCH": "9" * 30})
    assert (run.returncode, run.stderr) == (1, "")
    assert run.stdout.startswith(
        f'pyproject.toml: error[pin-published-at]: SOURCE_DATE_EPOCH "{"9" * 30}" falls outside'
    )
