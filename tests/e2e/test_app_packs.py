"""A pack inside an existing Python app: one wheel holds the app, unchanged, and the pack.

`testpacks/app-flat` (`packages = ["acme_app"]`) and `testpacks/app-src` (hatchling's default
selection of `src/acme_app`) are apps with the `[tool.kindgi]` tables `kindgi init` appends in
an app (the Kindgi CLI's `packages/cli/src/init/python-augment.ts`: the pack id from
`[project].name`, every kind's discovery under `kindgi/`) plus our hook; the pack's tool imports
the app by name. The oracles: hatchling's own wheel of the app with the hook removed (every file
of it is in ours with the same bytes), the SDK's own indexer run with the app importable as
installed (the index bytes), and the SDK's pack service on the installed wheel (the tool runs).
"""

from __future__ import annotations

import json
import re
import sys
import tarfile
from pathlib import Path

import pytest

from tests.e2e.test_frontends import (  # noqa: F401 - frontend_tools is a module fixture
    fresh_venv,
    frontend_tools,
    pip_install_editable,
)
from tests.helpers.packs import (
    PUBLISHED_AT,
    BuildRun,
    build_env,
    copy_pack,
    edit_text,
    report_of,
    run_build,
    run_captured,
    run_checked,
    wheel_files,
)
from tests.helpers.repro import RECORD, sandboxed, sha256
from tests.helpers.sdk_index import sdk_index
from tests.helpers.service import Installed, child_env, install_wheel, serve_pack

pytestmark = [pytest.mark.slow, pytest.mark.sdk]

APPS = {"app-flat": "", "app-src": "src"}
"""Each app, and the folder its package imports from as the wheel ships it."""
DIST_INFO = "acme_app-1.2.0.dist-info"
INDEX = "acme_app/index.json"
TOOL = "kindgi/tools/shout.py"
HOOK_TABLE = f'[tool.hatch.build.hooks.kindgi]\npublished-at = "{PUBLISHED_AT}"\n'
SHOUT = {
    "v": 2,
    "kind": "invoke",
    "tool": {"id": "acme-app.shout"},
    "input": {"text": "hello"},
    "ctx": {"tenantId": "tenant-1", "runId": "run-1"},
}
SHOUTED = {"v": 2, "kind": "result", "output": "HELLO!"}


def without_hook(pack: Path) -> None:
    """The app as it was before the hook: hatch-kindgi neither required nor configured."""
    pyproject = pack / "pyproject.toml"
    edit_text(pyproject, 'requires = ["hatchling", "hatch-kindgi"]', 'requires = ["hatchling"]')
    edit_text(pyproject, HOOK_TABLE, "")


def own_files(wheel: Path) -> dict[str, bytes]:
    """A wheel's files outside its dist-info folder."""
    return {
        name: data
        for name, data in wheel_files(wheel).items()
        if not name.startswith(f"{DIST_INFO}/")
    }


@pytest.fixture(scope="module", params=sorted(APPS))
def app(request: pytest.FixtureRequest) -> str:
    """One of the two apps."""
    return str(request.param)


@pytest.fixture(scope="module")
def hookless(app: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Hatchling's own wheel of the app, without the kindgi hook."""
    scratch = tmp_path_factory.mktemp(f"{app}-hookless")
    pack = copy_pack(app, scratch)
    without_hook(pack)
    run = run_build(pack, scratch / "dist", isolated=False)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    return wheel


@pytest.fixture(scope="module")
def reference(app: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`python -m build --wheel --no-isolation` of the app with the hook."""
    scratch = tmp_path_factory.mktemp(f"{app}-reference")
    run = run_build(copy_pack(app, scratch), scratch / "dist", isolated=False)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    return wheel


def build_both(app: str, scratch: Path, *, isolated: bool, env: dict[str, str]) -> BuildRun:
    """`python -m build` (the sdist, then the wheel from the unpacked sdist)."""
    run = run_build(copy_pack(app, scratch), scratch / "dist", isolated=isolated, args=(), env=env)
    assert run.returncode == 0, run.stderr
    return run


def test_every_file_of_the_apps_own_wheel_is_in_ours_unchanged(
    hookless: Path, reference: Path
) -> None:
    """The app's modules (its `__init__.py` first of all) are byte for byte hatchling's; the
    hook adds exactly the index and the pack's code, and the metadata is the app's."""
    ours, theirs = own_files(reference), own_files(hookless)
    assert "acme_app/__init__.py" in theirs
    assert {name: ours.get(name) for name in theirs} == theirs
    assert sorted(set(ours) - set(theirs)) == [INDEX, f"acme_app/{TOOL}"]
    meta = f"{DIST_INFO}/METADATA"
    assert wheel_files(reference)[meta] == wheel_files(hookless)[meta]


def test_the_index_is_the_sdk_indexers_with_the_app_installed(
    app: str, reference: Path, tmp_path: Path
) -> None:
    """The wheel's index is byte for byte what the SDK's indexer writes when the app imports
    as installed (Kindgi's build installs the app first), and the pack's code ships as is."""
    peer = copy_pack(app, tmp_path / "peer")
    installed_app = peer / APPS[app] if APPS[app] else peer
    expected = sdk_index(
        peer,
        tmp_path / "sdk" / "index.json",
        "1.2.0",
        PUBLISHED_AT,
        {"PYTHONPATH": str(installed_app)},
    )
    files = wheel_files(reference)
    assert files[INDEX] == expected
    assert [tool["modulePath"] for tool in json.loads(expected)["tools"]] == [TOOL]
    assert files[f"acme_app/{TOOL}"] == (peer / TOOL).read_bytes()


def sdist_files(sdist: Path) -> dict[str, bytes]:
    """Every regular file of an sdist, by its path under the sdist's root folder."""
    files: dict[str, bytes] = {}
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            handle = archive.extractfile(member) if member.isfile() else None
            if handle is not None:
                files[member.name.split("/", 1)[1]] = handle.read()
    return files


def test_wheel_from_the_sdist_is_the_same_bytes(app: str, reference: Path, tmp_path: Path) -> None:
    """`python -m build` (the sdist, then the wheel from it): the reference wheel byte for
    byte; the sdist is hatchling's sdist of the app without the hook (its pyproject.toml
    aside, which names the hook), plus the pin record alone.

    Not isolated only: the isolated sdist-then-wheel of each app is `uv build`'s below (and
    `python -m build`'s isolation is test_frontends' and test_reproducible's), so this test
    doesn't pay for a second one."""
    hookless = copy_pack(app, tmp_path / "hookless")
    without_hook(hookless)
    plain = run_build(hookless, tmp_path / "hookless-dist", isolated=False, args=("--sdist",))
    assert plain.returncode == 0, plain.stderr
    (plain_sdist,) = plain.artifacts
    theirs = sdist_files(plain_sdist)
    del theirs["pyproject.toml"]
    scratch = tmp_path / "not-isolated"
    run = build_both(app, scratch, isolated=False, env=sandboxed(scratch.parent))
    (wheel,) = run.wheels
    assert sha256(wheel) == sha256(reference)
    (sdist,) = run.outdir.glob("*.tar.gz")
    ours = sdist_files(sdist)
    assert {name: ours.get(name) for name in theirs} == theirs
    assert sorted(set(ours) - set(theirs)) == [RECORD, "pyproject.toml"]


def test_pip_wheel_is_the_same_bytes(
    app: str, reference: Path, tmp_path: Path, offline: dict[str, str]
) -> None:
    """`pip wheel --no-deps` (its own isolated build environment): the reference wheel."""
    pack = copy_pack(app, tmp_path)
    outdir = tmp_path / "dist"
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(outdir), str(pack)]
    run_checked(command, env=offline)
    (wheel,) = outdir.glob("*.whl")
    assert sha256(wheel) == sha256(reference)


def test_hatch_build_is_the_same_bytes(
    app: str,
    reference: Path,
    tmp_path: Path,
    offline: dict[str, str],
    frontend_tools: Path,  # noqa: F811 - the fixture imported above
) -> None:
    """`hatch build` (sdist and wheel, both from the tree): the reference wheel."""
    pack = copy_pack(app, tmp_path)
    config = tmp_path / "hatch-config.toml"
    config.touch()
    env = offline | {
        "HATCH_CONFIG": str(config),
        "HATCH_DATA_DIR": str(tmp_path / "hatch-data"),
        "HATCH_CACHE_DIR": str(tmp_path / "hatch-cache"),
        "UV_CACHE_DIR": str(tmp_path / "uv-cache"),
        "UV_NO_CONFIG": "1",
    }
    outdir = tmp_path / "dist"
    run_checked([str(frontend_tools / "hatch"), "build", str(outdir)], env=env, cwd=pack)
    (wheel,) = outdir.glob("*.whl")
    assert sha256(wheel) == sha256(reference)


def test_uv_build_is_the_same_bytes(
    app: str,
    reference: Path,
    tmp_path: Path,
    offline: dict[str, str],
    frontend_tools: Path,  # noqa: F811 - the fixture imported above
) -> None:
    """`uv build` (sdist, then wheel from it, on this interpreter): the reference wheel."""
    pack = copy_pack(app, tmp_path)
    env = sandboxed(tmp_path, offline) | {
        "UV_PYTHON": sys.executable,
        "UV_PYTHON_DOWNLOADS": "never",
        "UV_CACHE_DIR": str(tmp_path / "uv-cache"),
        "UV_NO_CONFIG": "1",
    }
    outdir = tmp_path / "dist"
    run_checked([str(frontend_tools / "uv"), "build", "--out-dir", str(outdir), str(pack)], env=env)
    (wheel,) = outdir.glob("*.whl")
    assert sha256(wheel) == sha256(reference)


@pytest.fixture(scope="module")
def installed(app: str, reference: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The app's wheel, pip-installed into a fresh virtualenv."""
    return install_wheel(reference, tmp_path_factory.mktemp(f"{app}-venv") / "venv")


def test_installed_wheel_serves_a_tool_that_calls_the_app(
    installed: Installed, tmp_path: Path
) -> None:
    """`kindgi.pack serve --index <site-packages>/acme_app/index.json` runs the pack's tool,
    which calls into the installed app; the app imports as the app, with its own __init__."""
    index = installed.site_packages / "acme_app" / "index.json"
    env = child_env()
    with serve_pack(installed.python, index, env=env, workdir=tmp_path) as service:
        ready = service.get("/readyz")
        assert (ready.status, ready.body) == (200, {"status": "ready"}), service.log()
        shouted = service.invoke(SHOUT)
        assert (shouted.status, shouted.body) == (200, SHOUTED), service.log()
    imported = run_captured(
        [installed.python, "-c", "import acme_app, acme_app.text; print(acme_app.__version__)"],
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert (imported.returncode, imported.stdout.strip()) == (0, "1.2.0"), imported.stderr


def test_editable_install_serves_the_pack_with_the_app_from_the_tree(
    app: str, tmp_path: Path, offline: dict[str, str]
) -> None:
    """`pip install -e` of the app: the app imports from the tree (no `__init__.py` of ours
    in site-packages shadows it), and the pack serves from the installed index."""
    pack = copy_pack(app, tmp_path)
    python = fresh_venv(tmp_path / "venv")
    install = pip_install_editable(python, pack, offline)
    assert install.returncode == 0, install.stderr
    env = child_env()
    where = run_checked(
        [
            str(python),
            "-c",
            "import sysconfig, acme_app; print(sysconfig.get_paths()['purelib'])"
            "; print(acme_app.__file__)",
        ],
        env=env,
        cwd=tmp_path,
    ).stdout.splitlines()
    site_packages, app_init = Path(where[0]), Path(where[1])
    assert app_init == pack / APPS[app] / "acme_app" / "__init__.py"
    index = site_packages / "acme_app" / "index.json"
    with serve_pack(python, index, env=env, workdir=tmp_path) as service:
        shouted = service.invoke(SHOUT)
        assert (shouted.status, shouted.body) == (200, SHOUTED), service.log()


def test_command_line_imports_the_app_and_not_what_it_lacks(app: str, tmp_path: Path) -> None:
    """`hatch-kindgi check` imports the app as the build does, ahead of an installed one; a
    module importing a package the app neither ships nor depends on still fails with
    `module-import`."""
    pack = copy_pack(app, tmp_path)
    check = [sys.executable, "-m", "hatch_kindgi", "check", str(pack)]
    # An older acme_app installed in the environment (without `shout`) is not the one imported.
    stale = tmp_path / "installed" / "acme_app"
    stale.mkdir(parents=True)
    (stale / "__init__.py").write_text("", "utf-8")
    (stale / "text.py").write_text("", "utf-8")
    env = build_env({"PYTHONPATH": str(stale.parent)})
    passed = run_captured(check, env=env, timeout=300)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    edit_text(
        pack / TOOL,
        "from acme_app.text import shout as app_shout\n",
        "from acme_app.text import shout as app_shout\nimport acme_missing  # noqa: F401\n",
    )
    failed = run_captured(check, env=env, timeout=300)
    assert failed.returncode == 1
    assert re.search(
        rf"^{TOOL}:\d+: error\[module-import\]: .*No module named 'acme_missing'",
        failed.stdout + failed.stderr,
        re.MULTILINE,
    ), failed.stdout + failed.stderr


def test_a_pack_file_on_the_apps_path_fails_the_build_naming_both(app: str, tmp_path: Path) -> None:
    """The app ships its own `acme_app/index.json` and `acme_app/kindgi/tools/shout.py`: the
    build fails with `wheel-path-taken` for each, naming both sources and the wheel path, and
    leaves no wheel."""
    pack = copy_pack(app, tmp_path)
    package = pack / APPS[app] / "acme_app"
    (package / "kindgi" / "tools").mkdir(parents=True)
    (package / "index.json").write_text('{"app": "data"}\n', "utf-8")
    (package / TOOL).write_text("# the app's own module\n", "utf-8")
    run = run_build(pack, tmp_path / "dist", isolated=False)
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    prefix = f"{APPS[app]}/" if APPS[app] else ""
    taken = [
        f"{prefix}acme_app/index.json: error[wheel-path-taken]: the project ships this file at "
        f"{INDEX}, where the wheel gets the pack's index.json (written by hatch-kindgi); "
        "hatch-kindgi never replaces a file the project ships: rename it, or set the hook "
        "option `package`",
        f"{TOOL}: error[wheel-path-taken]: the pack's file goes to acme_app/{TOOL} in the "
        f"wheel, where the project already ships {prefix}acme_app/{TOOL}; hatch-kindgi never "
        "replaces a file the project ships: move or rename one of them, or set the hook "
        "option `package`",
    ]
    # The report is sorted by file.
    assert report_of(run.stderr) == "".join(
        f"{line}\n" for line in [*sorted(taken), "2 errors, 0 warnings in 2 files"]
    )
    assert run.artifacts == []
