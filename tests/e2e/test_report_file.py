"""The hook's report file in real builds: written whole when the build fails and when it
passes, never inside an artifact, and where the option or the environment says."""

from __future__ import annotations

import json
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.helpers.git import init_repo
from tests.helpers.golden import GOLDEN_ENV, expected_report, tree_digest
from tests.helpers.packs import (
    BROKEN,
    REPO,
    build_env,
    copy_pack,
    edit_text,
    report_of,
    run_build,
)
from tests.helpers.sarif import github_faults, golden_rows, result_rows, schema_errors

pytestmark = pytest.mark.slow

BROKEN_CASE = "block-shape"  # blocks only: builds without the kindgi SDK
HOOK_TABLE = "[tool.hatch.build.hooks.kindgi]\n"


def with_hook_options(pack: Path, options: str) -> Path:
    """`pack` with `options` (TOML lines) added to its hook table."""
    edit_text(pack / "pyproject.toml", HOOK_TABLE, HOOK_TABLE + options)
    return pack


def archive_names(artifact: Path) -> list[str]:
    """Every member name of a wheel or an sdist."""
    if artifact.suffix == ".whl":
        with zipfile.ZipFile(artifact) as wheel:
            return wheel.namelist()
    with tarfile.open(artifact) as sdist:
        return sdist.getnames()


def test_broken_pack_writes_sarif_and_no_artifact(tmp_path: Path) -> None:
    """`python -m build` (sdist, then wheel) of a broken pack fails with the golden report,
    builds nothing, and leaves kindgi.sarif: valid SARIF holding the golden problems."""
    pack = with_hook_options(
        copy_pack(f"broken/{BROKEN_CASE}", tmp_path), 'report-file = "kindgi.sarif"\n'
    )
    before = sorted(p.name for p in pack.iterdir())
    run = run_build(pack, tmp_path / "dist", isolated=False, args=(), env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert report_of(run.stderr) == expected_report(BROKEN_CASE)
    assert run.artifacts == []
    assert sorted(p.name for p in pack.iterdir()) == sorted([*before, "kindgi.sarif"])
    document = json.loads((pack / "kindgi.sarif").read_text("utf-8"))
    assert schema_errors(document) == []
    assert github_faults(document) == []
    assert result_rows(document) == golden_rows(expected_report(BROKEN_CASE))


def test_good_pack_report_is_in_no_artifact(tmp_path: Path) -> None:
    """A passing `python -m build` writes an empty log after each artifact is made: neither
    the sdist nor the wheel holds it. A second build leaves it out of the sdist when
    .gitignore names it, as docs/configuration.md advises."""
    pack = with_hook_options(copy_pack("blocks", tmp_path), 'report-file = "kindgi.sarif"\n')
    first = run_build(pack, tmp_path / "dist", isolated=False, args=())
    assert first.returncode == 0, first.stderr
    assert len(first.artifacts) == 2
    for artifact in first.artifacts:
        assert not [name for name in archive_names(artifact) if "kindgi.sarif" in name]
    document = json.loads((pack / "kindgi.sarif").read_text("utf-8"))
    assert schema_errors(document) == []
    assert document["runs"][0]["results"] == []
    assert not [p.name for p in pack.iterdir() if p.name.startswith(".kindgi.sarif")]

    (pack / ".gitignore").write_text("kindgi.sarif\n", "utf-8")
    second = run_build(pack, tmp_path / "dist2", isolated=False, args=("--sdist",))
    assert second.returncode == 0, second.stderr
    (sdist,) = second.artifacts
    assert not [name for name in archive_names(sdist) if "kindgi.sarif" in name]


def test_environment_report_file_under_isolation(
    tmp_path: Path, isolated_env: dict[str, str]
) -> None:
    """KINDGI_REPORT_FILE reaches an isolated build: a JSON report (by its name) outside the
    pack, which stays untouched, and no wheel."""
    pack = tmp_path / BROKEN_CASE
    shutil.copytree(BROKEN / BROKEN_CASE, pack, symlinks=True)
    before = tree_digest(pack)
    report = tmp_path / "reports" / "kindgi.json"
    env = {**isolated_env, **GOLDEN_ENV, "KINDGI_REPORT_FILE": str(report)}
    run = run_build(pack, tmp_path / "dist", isolated=True, env=env)
    assert run.returncode != 0
    assert run.artifacts == []
    assert tree_digest(pack) == before
    schema = json.loads((REPO / "src/hatch_kindgi/report/report.schema.json").read_text("utf-8"))
    document = json.loads(report.read_text("utf-8"))
    assert list(Draft202012Validator(schema).iter_errors(document)) == []
    assert document["ok"] is False
    assert document["summary"]["text"] == expected_report(BROKEN_CASE).splitlines()[-1]


def test_sarif_paths_start_at_the_repository_root(tmp_path: Path) -> None:
    """A pack in a sub-folder of a git repository: each result's file is below that folder,
    as code scanning reads paths from the repository's root."""
    repository = init_repo(tmp_path / "repo")
    pack = copy_pack(f"broken/{BROKEN_CASE}", repository / "packs")
    with_hook_options(pack, 'report-file = "../../kindgi.sarif"\n')
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    document = json.loads((repository / "kindgi.sarif").read_text("utf-8"))
    prefix = f"packs/{BROKEN_CASE}/"
    assert result_rows(document) == golden_rows(expected_report(BROKEN_CASE), prefix)


def test_sarif_paths_of_the_wheel_step_start_at_the_repository_root(tmp_path: Path) -> None:
    """`python -m build` of a passing sub-folder pack with warnings: the wheel step runs in
    the unpacked sdist, in no repository, and writes the report last; its paths still start
    at the repository's root, where the sdist's record says the pack was."""
    repository = init_repo(tmp_path / "repo")
    pack = copy_pack("broken/liquid-warnings", repository / "packs")
    edit_text(pack / "pyproject.toml", "strict = true", "strict = false")
    report = tmp_path / "kindgi.sarif"
    env = build_env({**GOLDEN_ENV, "KINDGI_REPORT_FILE": str(report)})
    run = run_build(pack, tmp_path / "dist", isolated=False, args=(), env=env)
    assert run.returncode == 0, run.stderr
    assert len(run.artifacts) == 2
    document = json.loads(report.read_text("utf-8"))
    expected = golden_rows(expected_report("liquid-warnings"), "packs/liquid-warnings/")
    assert result_rows(document) == expected


def test_unwritable_report_file_stops_the_build_before_the_wheel(tmp_path: Path) -> None:
    """A report-file that names a folder fails the build, saying why, and builds nothing."""
    pack = with_hook_options(copy_pack("blocks", tmp_path), 'report-file = "blocks"\n')
    run = run_build(pack, tmp_path / "dist", isolated=False)
    assert run.returncode != 0
    assert f"kindgi: cannot write the report file {pack / 'blocks'}: it is a folder" in run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    assert run.artifacts == []
