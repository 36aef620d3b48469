"""Reproducible builds: one commit gives one wheel, and an sdist carries its pins to its wheel."""

from __future__ import annotations

import json
import os
import sys
import tarfile
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.helpers.packs import (
    TESTPACKS,
    BuildRun,
    build_env,
    copy_pack,
    run_build,
    run_checked,
    wheel_files,
)
from tests.helpers.repro import (
    COMMIT_PUBLISHED_AT,
    INDEX,
    RECORD,
    SDIST_ROOT,
    SOURCE_DATE_EPOCH,
    SOURCE_DATE_PUBLISHED_AT,
    UNSETTLED_MTIME,
    drop_pin_option,
    git_commit,
    sandboxed,
    sdist_member,
    sha256,
)

pytestmark = [pytest.mark.slow, pytest.mark.sdk]  # code packs: the SDK indexes them


def unsettle(pack: Path) -> None:
    """Give every file and folder of `pack` other modes and times, as another checkout would."""
    for path in sorted(pack.rglob("*"), reverse=True):
        path.chmod(0o700 if path.is_dir() else 0o600)
        os.utime(path, (UNSETTLED_MTIME, UNSETTLED_MTIME))


def build_under_umask(
    pack: Path, outdir: Path, umask: str, env: dict[str, str]
) -> tuple[Path, Path]:
    """`python -m build --sdist --wheel --no-isolation` (both from the tree) under `umask`."""
    command = ["sh", "-c", 'umask "$0" && exec "$@"', umask, sys.executable, "-m", "build"]
    command += ["--sdist", "--wheel", "--no-isolation", "--outdir", str(outdir), str(pack)]
    run_checked(command, env=env)
    (sdist,) = outdir.glob("*.tar.gz")
    (wheel,) = outdir.glob("*.whl")
    return sdist, wheel


@pytest.mark.parametrize("pin_source", ["SOURCE_DATE_EPOCH", "git"])
def test_two_builds_of_one_source_give_one_wheel(tmp_path: Path, pin_source: str) -> None:
    """Copies in two folders, built apart in time under other umasks and hash seeds: one sha256."""
    variants = [("a", "022", "0"), ("b/deeper/checkout", "077", "4242")]
    builds = []
    for number, (folder, umask, hash_seed) in enumerate(variants):
        pack = copy_pack("full", tmp_path / folder)
        drop_pin_option(pack)
        extra = {"PYTHONHASHSEED": hash_seed, "GIT_CEILING_DIRECTORIES": str(tmp_path)}
        if number:
            unsettle(pack)
            time.sleep(1.1)
        if pin_source == "git":
            git_commit(pack)
        else:
            extra["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
        outdir = tmp_path / f"dist-{number}"
        builds.append(build_under_umask(pack, outdir, umask, build_env(extra)))
    (first_sdist, first), (second_sdist, second) = builds
    published_at = COMMIT_PUBLISHED_AT if pin_source == "git" else SOURCE_DATE_PUBLISHED_AT
    assert json.loads(wheel_files(first)[INDEX])["publishedAt"] == published_at
    assert wheel_files(first) == wheel_files(second)
    assert sha256(first) == sha256(second)
    # The sdists too: hatchling normalizes modes and times, and the pin record is the same.
    assert sha256(first_sdist) == sha256(second_sdist)


@pytest.fixture(scope="module")
def git_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full pack without its published-at option, as a git checkout of one commit."""
    pack = copy_pack("full", tmp_path_factory.mktemp("git-tree"))
    drop_pin_option(pack)
    git_commit(pack)
    return pack


@pytest.fixture(scope="module")
def via_sdist(git_tree: Path, tmp_path_factory: pytest.TempPathFactory) -> BuildRun:
    """`python -m build` on the git checkout: the sdist, then a wheel from the unpacked sdist.

    The sdist is unpacked under a TMPDIR that git can't climb out of, so the wheel's only
    pin source is the record the sdist carries. Not isolated: the record is the subject here;
    test_frontends.py runs the same build isolated, on the same kind of checkout.
    """
    scratch = tmp_path_factory.mktemp("via-sdist")
    run = run_build(git_tree, scratch / "dist", isolated=False, args=(), env=sandboxed(scratch))
    assert run.returncode == 0, run.stderr
    return run


def test_wheel_via_sdist_equals_wheel_from_tree(
    git_tree: Path, via_sdist: BuildRun, tmp_path: Path
) -> None:
    """The sdist-then-wheel build gives the index (and the wheel) `--wheel` gives."""
    direct = run_build(git_tree, tmp_path / "dist", isolated=False)
    assert direct.returncode == 0, direct.stderr
    (direct_wheel,) = direct.wheels
    (sdist_wheel,) = via_sdist.wheels
    index = wheel_files(direct_wheel)[INDEX]
    assert json.loads(index)["publishedAt"] == COMMIT_PUBLISHED_AT
    assert wheel_files(sdist_wheel)[INDEX] == index
    assert sha256(sdist_wheel) == sha256(direct_wheel)


def test_sdist_carries_the_pack_and_its_pins(via_sdist: BuildRun) -> None:
    """The sdist is the source tree as it is, plus PKG-INFO and the pin record."""
    (sdist,) = via_sdist.outdir.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {member.name for member in archive.getmembers() if member.isfile()}
    source = TESTPACKS / "full"
    tree = {
        path.relative_to(source).as_posix()
        for path in source.rglob("*")
        if path.is_file() and path.suffix != ".pyc"
    }
    assert {"pyproject.toml", "blocks/reply-prompt.liquid", "tools/_db.py"} <= tree
    assert names == {f"{SDIST_ROOT}/{name}" for name in {*tree, "PKG-INFO", RECORD}}
    assert sdist_member(sdist, RECORD) == (
        b'{\n  "artifactVersion": "1.0.0",\n  "publishedAt": "2026-03-04T05:06:07.000Z"\n}\n'
    )


def test_sdist_without_pin_source_records_now_for_its_wheel(tmp_path: Path) -> None:
    """No pin anywhere: the sdist records now (one warning) and its wheel carries that time."""
    pack = copy_pack("full", tmp_path / "tree")
    drop_pin_option(pack)
    env = sandboxed(tmp_path)
    started = datetime.now(timezone.utc).replace(microsecond=0)
    run = run_build(pack, tmp_path / "dist", isolated=False, args=(), env=env)
    assert run.returncode == 0, run.stderr
    (sdist,) = run.outdir.glob("*.tar.gz")
    (wheel,) = run.wheels
    record = json.loads(sdist_member(sdist, RECORD))
    published_at = record["publishedAt"]
    moment = datetime.strptime(published_at, "%Y-%m-%dT%H:%M:%S.%f%z")
    assert started <= moment <= datetime.now(timezone.utc)
    assert json.loads(wheel_files(wheel)[INDEX])["publishedAt"] == published_at
    assert (run.stdout + run.stderr).count("warning[pin-not-reproducible]") == 1

    # The record sits below the KINDGI_* environment and above SOURCE_DATE_EPOCH.
    with tarfile.open(sdist) as archive:
        archive.extractall(tmp_path / "unpacked", filter="data")
    pins = {"KINDGI_ARTIFACT_VERSION": "20260506.2", "SOURCE_DATE_EPOCH": SOURCE_DATE_EPOCH}
    again = run_build(
        tmp_path / "unpacked" / SDIST_ROOT, tmp_path / "again", isolated=False, env=env | pins
    )
    assert again.returncode == 0, again.stderr
    (rebuilt,) = again.wheels
    index = json.loads(wheel_files(rebuilt)[INDEX])
    assert (index["artifactVersion"], index["publishedAt"]) == ("20260506.2", published_at)
