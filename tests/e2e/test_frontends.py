"""Every frontend a pack author uses builds the full pack into one and the same wheel.

The pack is a git checkout without the `published-at` option, as in a CI job: builds from the
tree pin `publishedAt` to the commit, and builds from an sdist (`python -m build`, `uv build`)
get it from the sdist's pin record alone, so one index, and one wheel, means the pins travelled.
Isolated builds take every package from a local wheelhouse at this virtualenv's versions, so
they run the toolchain the reference build runs and their wheels compare byte for byte.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV, expected_report
from tests.helpers.packs import (
    build_env,
    copy_pack,
    run_build,
    run_captured,
    run_checked,
    wheel_files,
)
from tests.helpers.repro import (
    COMMIT_PUBLISHED_AT,
    INDEX,
    RECORD,
    SDIST_ROOT,
    drop_pin_option,
    git_commit,
    sandboxed,
    sdist_member,
    sha256,
)

pytestmark = [pytest.mark.slow, pytest.mark.sdk]  # code packs: the SDK indexes them

COMMIT_PINS = {"artifactVersion": "1.0.0", "publishedAt": COMMIT_PUBLISHED_AT}
BROKEN_CASE = "settings-values"

# Run by the editable install's interpreter: the pack service boots from the installed index,
# importing every module it names, and the pack imports as a package.
SERVE_FROM_SITE_PACKAGES = """
import importlib, sys, sysconfig
from pathlib import Path
from kindgi.pack.serve import ServeConfig, load_service
index = Path(sysconfig.get_paths()["purelib"]) / "acme_ledger" / "index.json"
config = ServeConfig(
    index_path=index, module_root=index.parent, token="test", port=0, host=None,
    max_concurrency=None,
)
service = load_service(config, environ={"LEDGER_DATABASE_URL": "memory://"})
if isinstance(service, list):
    sys.exit("\\n".join(service))
print(importlib.import_module("acme_ledger.tools.ledger").__file__)
"""


@pytest.fixture(scope="module")
def git_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The full pack without its published-at option, as a git checkout of one commit."""
    pack = copy_pack("full", tmp_path_factory.mktemp("git-pack"))
    drop_pin_option(pack)
    git_commit(pack)
    return pack


def checkout(git_pack: Path, tmp_path: Path) -> Path:
    """A copy of the git checkout (its .git included) for one test to build."""
    target = tmp_path / "acme-ledger"
    shutil.copytree(git_pack, target, symlinks=True)
    return target


@pytest.fixture(scope="module")
def reference(git_pack: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel `python -m build --wheel --no-isolation` makes of the checkout."""
    scratch = tmp_path_factory.mktemp("reference")
    run = run_build(checkout(git_pack, scratch), scratch / "dist", isolated=False)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    index = json.loads(wheel_files(wheel)[INDEX])
    assert {key: index[key] for key in COMMIT_PINS} == COMMIT_PINS
    return wheel


def fresh_venv(folder: Path) -> Path:
    """A new virtualenv without pip (the test's pip installs into it); its interpreter."""
    run_checked([sys.executable, "-m", "venv", "--without-pip", str(folder)])
    return folder / "bin" / "python"


@pytest.fixture(scope="module")
def frontend_tools(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bin folder of a virtualenv with uv, then hatch, installed from PyPI.

    pip installs uv, and uv installs hatch: several times faster than pip alone.
    """
    scratch = tmp_path_factory.mktemp("frontend-tools")
    venv = scratch / "venv"
    python = fresh_venv(venv)
    env = build_env({"UV_CACHE_DIR": str(scratch / "uv-cache"), "UV_NO_CONFIG": "1"})
    for command in (
        [sys.executable, "-m", "pip", "--python", str(python), "install", "uv"],
        [str(venv / "bin" / "uv"), "pip", "install", "--python", str(python), "hatch"],
    ):
        install = run_captured(command, env=env, timeout=600)
        if install.returncode != 0:
            pytest.skip(f"uv and hatch could not be installed from PyPI: {install.stderr[-2000:]}")
    return venv / "bin"


def assert_same_wheel(wheel: Path, reference: Path) -> None:
    """`wheel` holds the reference index.json, the same files, and is the same bytes."""
    files, expected = wheel_files(wheel), wheel_files(reference)
    assert files[INDEX] == expected[INDEX]
    assert sorted(files) == sorted(expected)
    assert sha256(wheel) == sha256(reference)


@pytest.mark.parametrize("args", [(), ("--wheel",)], ids=["default", "wheel"])
def test_python_m_build(
    tmp_path: Path,
    git_pack: Path,
    offline: dict[str, str],
    reference: Path,
    args: tuple[str, ...],
) -> None:
    """`python -m build` (sdist, then wheel from it) and `-w`, isolated: the reference wheel."""
    pack = checkout(git_pack, tmp_path)
    env = sandboxed(tmp_path, offline)
    run = run_build(pack, tmp_path / "dist", isolated=True, args=args, env=env)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    assert_same_wheel(wheel, reference)
    assert len(list(run.outdir.glob("*.tar.gz"))) == (0 if args else 1)


def test_python_m_build_sdist(tmp_path: Path, git_pack: Path, offline: dict[str, str]) -> None:
    """`python -m build -s`, isolated: the tree as it is, with the pins recorded, no index."""
    pack = checkout(git_pack, tmp_path)
    run = run_build(pack, tmp_path / "dist", isolated=True, args=("--sdist",), env=offline)
    assert run.returncode == 0, run.stderr
    (sdist,) = run.artifacts
    assert sdist.name == f"{SDIST_ROOT}.tar.gz"
    assert json.loads(sdist_member(sdist, RECORD)) == COMMIT_PINS
    for name in ("pyproject.toml", "blocks/reply-prompt.liquid", "tools/ledger.py"):
        assert sdist_member(sdist, name) == (pack / name).read_bytes()
    with tarfile.open(sdist) as archive:
        assert not [name for name in archive.getnames() if name.endswith("index.json")]


def test_pip_wheel(
    tmp_path: Path, git_pack: Path, offline: dict[str, str], reference: Path
) -> None:
    """`pip wheel --no-deps` (its own isolated build environment): the reference wheel."""
    pack = checkout(git_pack, tmp_path)
    outdir = tmp_path / "dist"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(outdir), str(pack)]
    run_checked(command, env=offline)
    (wheel,) = outdir.glob("*.whl")
    assert_same_wheel(wheel, reference)


def test_hatch_build(
    tmp_path: Path,
    git_pack: Path,
    offline: dict[str, str],
    reference: Path,
    frontend_tools: Path,
) -> None:
    """`hatch build` (sdist and wheel, both from the tree): the reference wheel."""
    pack = checkout(git_pack, tmp_path)
    config = tmp_path / "hatch-config.toml"
    config.touch()
    # Hatch keeps its build environment under its data folder: keep that in tmp_path.
    env = offline | {
        "HATCH_CONFIG": str(config),
        "HATCH_DATA_DIR": str(tmp_path / "hatch-data"),
        "HATCH_CACHE_DIR": str(tmp_path / "hatch-cache"),
        "UV_CACHE_DIR": str(tmp_path / "uv-cache"),
        "UV_NO_CONFIG": "1",
    }
    outdir = tmp_path / "dist"
    run_checked([str(frontend_tools / "hatch"), "build", str(outdir)], env=env, cwd=pack)
    assert json.loads(sdist_member(outdir / f"{SDIST_ROOT}.tar.gz", RECORD)) == COMMIT_PINS
    (wheel,) = outdir.glob("*.whl")
    assert_same_wheel(wheel, reference)


def test_uv_build(
    tmp_path: Path,
    git_pack: Path,
    offline: dict[str, str],
    reference: Path,
    frontend_tools: Path,
) -> None:
    """`uv build` (sdist, then wheel from it, on this interpreter): the reference wheel."""
    pack = checkout(git_pack, tmp_path)
    env = sandboxed(tmp_path, offline) | {
        "UV_PYTHON": sys.executable,
        "UV_PYTHON_DOWNLOADS": "never",
        "UV_CACHE_DIR": str(tmp_path / "uv-cache"),
        "UV_NO_CONFIG": "1",
    }
    outdir = tmp_path / "dist"
    run_checked([str(frontend_tools / "uv"), "build", "--out-dir", str(outdir), str(pack)], env=env)
    assert json.loads(sdist_member(outdir / f"{SDIST_ROOT}.tar.gz", RECORD)) == COMMIT_PINS
    (wheel,) = outdir.glob("*.whl")
    assert_same_wheel(wheel, reference)


def pip_install_editable(
    python: Path, pack: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    """`pip install -e PACK` into the virtualenv of `python`."""
    command = [sys.executable, "-m", "pip", "--python", str(python), "install", "-e", str(pack)]
    return run_captured(command, env=env, timeout=600)


def test_editable_install(
    tmp_path: Path, git_pack: Path, offline: dict[str, str], reference: Path
) -> None:
    """`pip install -e`: the reference wheel's files, copied into site-packages; the pack serves."""
    pack = checkout(git_pack, tmp_path)
    python = fresh_venv(tmp_path / "venv")
    install = pip_install_editable(python, pack, offline)
    assert install.returncode == 0, install.stderr
    purelib = run_checked(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
    )
    site_packages = Path(purelib.stdout.strip())
    installed = site_packages / "acme_ledger"
    expected = {
        name: data
        for name, data in wheel_files(reference).items()
        if name.startswith("acme_ledger/")
    }
    got = {
        path.relative_to(site_packages).as_posix(): path.read_bytes()
        for path in installed.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert got == expected
    # Hatchling's editable wheel of a pack is its standard wheel: no .pth, no import hook.
    assert not [path.name for path in site_packages.glob("*.pth") if "acme" in path.name]
    direct_url = site_packages / "acme_ledger-1.0.0.dist-info" / "direct_url.json"
    assert json.loads(direct_url.read_text("utf-8"))["dir_info"] == {"editable": True}

    served = run_checked([str(python), "-I", "-c", SERVE_FROM_SITE_PACKAGES], cwd=tmp_path)
    assert Path(served.stdout.strip().splitlines()[-1]) == installed / "tools" / "ledger.py"

    # A snapshot: a later edit of the source doesn't reach the installed copy.
    (pack / "tools" / "ledger.py").write_text("raise SystemExit('edited')\n", "utf-8")
    installed_ledger = (installed / "tools" / "ledger.py").read_bytes()
    assert installed_ledger == expected["acme_ledger/tools/ledger.py"]


def test_editable_install_of_broken_pack_fails_with_report(
    tmp_path: Path, offline: dict[str, str]
) -> None:
    """`pip install -e` of a broken pack fails, showing the kindgi report, and installs nothing."""
    pack = copy_pack(f"broken/{BROKEN_CASE}", tmp_path)
    venv = tmp_path / "venv"
    install = pip_install_editable(fresh_venv(venv), pack, offline | GOLDEN_ENV)
    assert install.returncode != 0
    output = install.stdout + install.stderr
    assert "kindgi: the pack has problems; no wheel was built" in output
    said = [line.strip() for line in output.splitlines()]
    for line in expected_report(BROKEN_CASE).splitlines():
        assert line in said
    assert "Traceback" not in output
    assert not list(venv.glob("lib/python*/site-packages/broken_settings_values*"))
