"""Other build hooks in the same build: hatch-vcs, for real, in a git checkout.

hatch-vcs's build hook writes `version-file` into the pack's `tools/` folder and lists it as an
artifact. Whichever hook runs first, and whether the file is there from a previous build or
not, the wheel is one and the same: the file is the pack's own, under `acme_ledger/tools/`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.packs import copy_pack, run_build, run_checked, wheel_files
from tests.helpers.repro import (
    COMMIT_PUBLISHED_AT,
    INDEX,
    drop_pin_option,
    git_commit,
    sandboxed,
    sha256,
)

pytestmark = [pytest.mark.slow, pytest.mark.sdk]  # code packs: the SDK indexes them

VERSION_FILE = "tools/_version.py"
KINDGI_TABLE = "[tool.hatch.build.hooks.kindgi]\n"
VCS_TABLE = f'[tool.hatch.build.hooks.vcs]\nversion-file = "{VERSION_FILE}"\n'
ORDERS = {"kindgi-first": (KINDGI_TABLE, VCS_TABLE), "vcs-first": (VCS_TABLE, KINDGI_TABLE)}


def vcs_checkout(folder: Path, first: str, second: str) -> Path:
    """The full pack versioned by hatch-vcs (tag v1.0.0), its hooks in the order given, as a
    git checkout of one commit that ignores the version file, as hatch-vcs users do."""
    pack = copy_pack("full", folder)
    drop_pin_option(pack)
    pyproject = pack / "pyproject.toml"
    text = pyproject.read_text("utf-8")
    assert text.endswith(KINDGI_TABLE), "testpacks/full no longer ends with the hook's table"
    text = text[: -len(KINDGI_TABLE)]
    text = text.replace(
        'requires = ["hatchling", "hatch-kindgi"]',
        'requires = ["hatchling", "hatch-kindgi", "hatch-vcs"]',
    )
    text = text.replace('version = "1.0.0"\ndependencies', 'dynamic = ["version"]\ndependencies', 1)
    assert 'dynamic = ["version"]' in text
    assert "hatch-vcs" in text
    text += f'[tool.hatch.version]\nsource = "vcs"\n\n{first}\n{second}'
    pyproject.write_text(text, "utf-8")
    (pack / ".gitignore").write_text(f"/{VERSION_FILE}\n", "utf-8")
    git_commit(pack)
    env = sandboxed(folder)
    run_checked(["git", "tag", "v1.0.0"], env=env, cwd=pack)
    return pack


# The builds of one checkout a hook order, in turn: (isolated, state). The first build is of
# the clean tree; the next ones find the version file a build before them left. Every pair of
# order, isolation and state is built at least once (not all eight: the wheel is one, and an
# isolated build costs seconds).
BUILDS = {
    "kindgi-first": ((False, "clean"), (True, "left-over")),
    "vcs-first": ((True, "clean"), (False, "left-over"), (True, "left-over")),
}


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory, offline: dict[str, str]) -> dict[str, Path]:
    """Each hook order, isolated and not, clean and with the version file a build left."""
    built: dict[str, Path] = {}
    for order, (first, second) in ORDERS.items():
        scratch = tmp_path_factory.mktemp(order)
        pack = vcs_checkout(scratch / "checkout", first, second)
        for isolated, state in BUILDS[order]:
            assert (pack / VERSION_FILE).exists() == (state == "left-over")
            name = f"{order}-{'isolated' if isolated else 'no-isolation'}-{state}"
            env = sandboxed(scratch, offline)
            run = run_build(pack, scratch / f"dist-{name}", isolated=isolated, env=env)
            assert run.returncode == 0, run.stderr
            assert (pack / VERSION_FILE).is_file()
            (wheel,) = run.wheels
            built[name] = wheel
    return built


def test_every_order_and_state_gives_one_wheel(wheels: dict[str, Path]) -> None:
    """Both hook orders, clean and left-over, isolated and not: one wheel, byte for byte."""
    assert len(wheels) == sum(map(len, BUILDS.values()))
    digests = {name: sha256(wheel) for name, wheel in wheels.items()}
    assert len(set(digests.values())) == 1, json.dumps(digests, indent=2)


@pytest.mark.parametrize(
    "build", ["kindgi-first-no-isolation-clean", "vcs-first-isolated-left-over"]
)
def test_version_file_is_the_packs_own(wheels: dict[str, Path], build: str) -> None:
    """The version file is under acme_ledger/tools/, nothing is at the wheel's top level but
    the package and the dist-info, and the index is the pack's, pinned to the commit."""
    files = wheel_files(wheels[build])
    version_file = files[f"acme_ledger/{VERSION_FILE}"]
    assert b"__version__ = version = '1.0.0'" in version_file
    tops = {name.split("/", 1)[0] for name in files}
    assert tops == {"acme_ledger", "acme_ledger-1.0.0.dist-info"}
    index = json.loads(files[INDEX])
    assert (index["artifactVersion"], index["publishedAt"]) == ("1.0.0", COMMIT_PUBLISHED_AT)
    assert not [tool for tool in index["tools"] if "_version" in tool["modulePath"]]


# --- a hook of the project's own (hatchling's `custom` hook), no network needed -------------

CUSTOM_HOOK = """\
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version, build_data):
        tools = Path(self.root) / "tools"
        (tools / "_generated.py").write_text("ANSWER = 42\\n", encoding="utf-8")
        (tools / "generated.json").write_text('{"answer": 42}\\n', encoding="utf-8")
        build_data["artifacts"].append("/tools/generated.json")
"""
CUSTOM_TABLE = "[tool.hatch.build.hooks.custom]\n"


@pytest.mark.parametrize("order", ["kindgi-first", "custom-first"])
def test_files_a_custom_hook_writes_are_the_packs_own(tmp_path: Path, order: str) -> None:
    """A project hook writes `tools/_generated.py` (undeclared) and `tools/generated.json`
    (an artifact): in both orders, clean and left-over give one wheel, with both files under
    acme_ledger/tools/ and nothing at the wheel's top level."""
    tables = (
        (KINDGI_TABLE, CUSTOM_TABLE) if order == "kindgi-first" else (CUSTOM_TABLE, KINDGI_TABLE)
    )
    pack = copy_pack("full", tmp_path / "pack")
    drop_pin_option(pack)
    pyproject = pack / "pyproject.toml"
    text = pyproject.read_text("utf-8")
    pyproject.write_text(text[: -len(KINDGI_TABLE)] + "\n".join(tables), "utf-8")
    (pack / "hatch_build.py").write_text(CUSTOM_HOOK, "utf-8")
    git_commit(pack)
    env = sandboxed(tmp_path)
    digests = []
    for state in ("clean", "left-over"):
        run = run_build(pack, tmp_path / state, isolated=False, env=env)
        assert run.returncode == 0, run.stderr
        (wheel,) = run.wheels
        files = wheel_files(wheel)
        assert files["acme_ledger/tools/_generated.py"] == b"ANSWER = 42\n"
        assert files["acme_ledger/tools/generated.json"] == b'{"answer": 42}\n'
        assert {name.split("/", 1)[0] for name in files} == {
            "acme_ledger",
            "acme_ledger-1.0.0.dist-info",
        }
        digests.append(sha256(wheel))
    assert digests[0] == digests[1]
