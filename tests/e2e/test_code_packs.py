"""Code packs built as a pack author builds them, checked against the kindgi SDK, and served.

The SDK's own indexer (`python -m kindgi.pack index`) is the peer for tools, guardrails, agents
and flows; its pack service (`python -m kindgi.pack serve`) is the consumer the wheel must
satisfy, installed from the wheel into a fresh virtualenv.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.blocks import independent_blocks
from tests.helpers.packs import build_env, copy_pack, run_build, wheel_files
from tests.helpers.sdk_index import sdk_index
from tests.helpers.service import Installed, child_env, install_wheel, serve_pack
from tests.oracle.shipped import canonical, require_oracle

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

pytestmark = [pytest.mark.slow, pytest.mark.sdk]  # code packs: the SDK indexes them

FULL_PACKAGE = "acme_ledger"
FULL_DIST_INFO = "acme_ledger-1.0.0.dist-info/"
CODE_ONLY_PACKAGE = "acme_notes"
CODE_ONLY_DIST_INFO = "acme_notes-0.3.0.dist-info/"
CODE_KEYS = ("tools", "guardrails", "agents", "flows")


@dataclass(frozen=True)
class Pins:
    """The artifactVersion and publishedAt one index is built with."""

    artifact_version: str
    published_at: str


@dataclass(frozen=True)
class FullBuild:
    """The full pack's wheel from an isolated build, and the source tree it was built from."""

    source: Path
    files: dict[str, bytes]
    wheel: Path


def hook_published_at(pack: Path) -> str:
    """The `published-at` option of the pack's `[tool.hatch.build.hooks.kindgi]` table."""
    document = tomllib.loads((pack / "pyproject.toml").read_text("utf-8"))
    value = document["tool"]["hatch"]["build"]["hooks"]["kindgi"]["published-at"]
    assert isinstance(value, str)
    return value


def module_paths(index: dict[str, Any]) -> set[str]:
    """Every module the index names (tools, agents, flows: modulePath; guardrails: the check)."""
    paths: set[str] = set()
    for key in CODE_KEYS:
        for entry in index[key]:
            path = entry.get("checkModulePath") if key == "guardrails" else entry["modulePath"]
            assert isinstance(path, str)
            paths.add(path)
    return paths


def shipped(files: dict[str, bytes], dist_info: str) -> set[str]:
    """The wheel's names outside its .dist-info folder."""
    return {name for name in files if not name.startswith(dist_info)}


# --- testpacks/code-only: the wheel's index is the SDK's, byte for byte -------------------


@pytest.mark.parametrize(
    "artifact_env",
    [{}, {"KINDGI_ARTIFACT_VERSION": "20260102.7"}],
    ids=["distribution-version", "pinned-by-environment"],
)
def test_code_only_wheel_index_is_the_sdk_index_byte_for_byte(
    tmp_path: Path, artifact_env: dict[str, str]
) -> None:
    """A pack without blocks: the wheel's index.json bytes are exactly the SDK indexer's."""
    pack = copy_pack("code-only", tmp_path / "built")
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(artifact_env))
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    files = wheel_files(wheel)

    pins = Pins(
        artifact_env.get("KINDGI_ARTIFACT_VERSION", "0.3.0"),
        hook_published_at(pack),
    )
    peer = copy_pack("code-only", tmp_path / "peer")
    expected = sdk_index(
        peer, tmp_path / "sdk" / "index.json", pins.artifact_version, pins.published_at
    )

    assert files[f"{CODE_ONLY_PACKAGE}/index.json"] == expected
    index = json.loads(expected)
    assert (index["artifactVersion"], index["publishedAt"]) == (
        pins.artifact_version,
        pins.published_at,
    )
    assert shipped(files, CODE_ONLY_DIST_INFO) == {
        f"{CODE_ONLY_PACKAGE}/__init__.py",
        f"{CODE_ONLY_PACKAGE}/index.json",
        *(f"{CODE_ONLY_PACKAGE}/{path}" for path in module_paths(index)),
    }


# --- testpacks/full: isolated build, wheel contents, index against SDK + blocks -----------


@pytest.fixture(scope="module")
def full_build(tmp_path_factory: pytest.TempPathFactory, isolated_env: dict[str, str]) -> FullBuild:
    """The full pack built with `python -m build --wheel`, isolated, from its own pyproject."""
    folder = tmp_path_factory.mktemp("full-build")
    pack = copy_pack("full", folder)
    run = run_build(pack, folder / "dist", isolated=True, env=isolated_env)
    assert run.returncode == 0, run.stderr
    (wheel,) = run.wheels
    return FullBuild(pack, wheel_files(wheel), wheel)


@pytest.fixture(scope="module")
def full_sdk_index(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the SDK indexer writes for the full pack with the pins its build uses."""
    folder = tmp_path_factory.mktemp("full-sdk")
    pack = copy_pack("full", folder)
    pins = Pins("1.0.0", hook_published_at(pack))
    data = sdk_index(pack, folder / "out" / "index.json", pins.artifact_version, pins.published_at)
    index: dict[str, Any] = json.loads(data)
    return index


def test_full_wheel_ships_index_modules_and_helpers_only(
    full_build: FullBuild, full_sdk_index: dict[str, Any]
) -> None:
    """The wheel holds the index, every indexed module and the helper, and nothing else."""
    names = shipped(full_build.files, FULL_DIST_INFO)
    indexed = module_paths(full_sdk_index)
    assert indexed == {
        "agents/drafter.py",
        "flows/record.py",
        "guardrails/tone.py",
        "tools/ledger.py",
    }
    assert names == {
        f"{FULL_PACKAGE}/__init__.py",
        f"{FULL_PACKAGE}/index.json",
        f"{FULL_PACKAGE}/tools/_db.py",
        *(f"{FULL_PACKAGE}/{path}" for path in indexed),
    }
    assert f"{FULL_PACKAGE}/tools/test_ledger.py" not in names
    assert not [name for name in names if name.startswith(f"{FULL_PACKAGE}/blocks/")]
    for name in names - {f"{FULL_PACKAGE}/index.json", f"{FULL_PACKAGE}/__init__.py"}:
        source = full_build.source / name.removeprefix(f"{FULL_PACKAGE}/")
        assert full_build.files[name] == source.read_bytes(), name


def test_full_wheel_index_is_sdk_entries_plus_blocks(
    full_build: FullBuild, full_sdk_index: dict[str, Any]
) -> None:
    """Code entries, env and pins are the SDK's; blocks are the block files, templates inlined."""
    index = json.loads(full_build.files[f"{FULL_PACKAGE}/index.json"])
    blocks = independent_blocks(full_build.source)
    assert [block["id"] for block in blocks] == ["acme.reply-prompt", "acme.reply-style"]
    assert "templateFile" not in blocks[0]["content"]
    assert blocks[0]["content"]["template"].startswith("You draft short replies")

    assert index["blocks"] == blocks
    for key in CODE_KEYS:
        assert index[key] == full_sdk_index[key], key
    assert {key: value for key, value in index.items() if key != "blocks"} == full_sdk_index


def test_full_wheel_index_bytes_are_canonical(
    full_build: FullBuild, full_sdk_index: dict[str, Any]
) -> None:
    """The index bytes are what Node's JSON.stringify writes for SDK entries plus blocks."""
    require_oracle()
    expected = {**full_sdk_index, "blocks": independent_blocks(full_build.source)}
    assert full_build.files[f"{FULL_PACKAGE}/index.json"] == canonical(expected)


# --- the installed wheel, served by the SDK's pack service --------------------------------


@pytest.fixture(scope="module")
def installed_full(tmp_path_factory: pytest.TempPathFactory, full_build: FullBuild) -> Installed:
    """The full pack's wheel, pip-installed into a fresh virtualenv."""
    folder = tmp_path_factory.mktemp("full-venv")
    return install_wheel(full_build.wheel, folder / "venv")


def _tool_call(tool_id: str, tool_input: object, version: str | None = None) -> dict[str, Any]:
    tool: dict[str, str] = {"id": tool_id}
    if version is not None:
        tool["version"] = version
    return {
        "v": 2,
        "kind": "invoke",
        "tool": tool,
        "input": tool_input,
        "ctx": {"tenantId": "tenant-1", "runId": "run-1"},
    }


def test_installed_wheel_serves_tools_and_checks(installed_full: Installed, tmp_path: Path) -> None:
    """`kindgi.pack serve --index <site-packages>/acme_ledger/index.json` runs the pack's code."""
    package = installed_full.site_packages / FULL_PACKAGE
    assert (package / "index.json").is_file()
    assert (package / "tools" / "_db.py").is_file()
    env = child_env({"LEDGER_DATABASE_URL": "memory://ledger-test"})
    with serve_pack(
        installed_full.python, package / "index.json", env=env, workdir=tmp_path
    ) as service:
        ready = service.get("/readyz")
        assert (ready.status, ready.body) == (200, {"status": "ready"}), service.log()
        assert service.get("/v1/info", token="not-the-token").status == 401

        info = service.get("/v1/info")
        assert info.status == 200, info.body
        assert info.body == {
            "protocol": 2,
            "packId": "acme.ledger",
            "packVersion": "1.0.0",
            "artifactVersion": "1.0.0",
            "tools": [
                {"id": "acme.ledger.record-expense", "version": "1.0.0"},
                {"id": "acme.ledger.total", "version": "1.0.0"},
            ],
            "checks": ["acme.ledger.checks.polite-tone"],
            "missingEnv": [],
        }

        recorded = service.invoke(
            _tool_call("acme.ledger.record-expense", {"vendor": "Acme", "amountCents": 1250})
        )
        assert (recorded.status, recorded.body) == (
            200,
            {"v": 2, "kind": "result", "output": {"expenseId": "exp-1"}},
        ), service.log()
        # The helper module's ledger keeps state across calls: the total sees the expense,
        # and the input schema's default currency is filled in.
        total = service.invoke(_tool_call("acme.ledger.total", {}, version="1.0.0"))
        assert (total.status, total.body) == (
            200,
            {"v": 2, "kind": "result", "output": {"totalCents": 1250, "currency": "EUR"}},
        ), service.log()

        refused = service.invoke(
            _tool_call("acme.ledger.record-expense", {"vendor": "", "amountCents": -1})
        )
        assert refused.status == 200
        assert (refused.body["kind"], refused.body["code"]) == (
            "error",
            "input-validation-failed",
        )

        trace = {"runId": "run-1", "tenantId": "tenant-1", "output": "Thanks, recorded."}
        checked = service.invoke(
            {
                "v": 2,
                "kind": "check-invoke",
                "check": {"id": "acme.ledger.checks.polite-tone"},
                "config": {"bannedWords": ["stupid"], "maxExclamations": 2},
                "trace": trace,
            }
        )
        assert (checked.status, checked.body) == (
            200,
            {"v": 2, "kind": "check-result", "result": {"passed": True}},
        ), service.log()
        bad_config = service.invoke(
            {
                "v": 2,
                "kind": "check-invoke",
                "check": {"id": "acme.ledger.checks.polite-tone"},
                "config": {"maxExclamations": -1},
                "trace": trace,
            }
        )
        assert (bad_config.body["kind"], bad_config.body["code"]) == (
            "error",
            "input-validation-failed",
        )


def test_installed_wheel_service_waits_for_required_env(
    installed_full: Installed, tmp_path: Path
) -> None:
    """Without LEDGER_DATABASE_URL (the index's env.required) the service isn't ready."""
    index = installed_full.site_packages / FULL_PACKAGE / "index.json"
    env = child_env(drop=("LEDGER_DATABASE_URL",))
    with serve_pack(installed_full.python, index, env=env, workdir=tmp_path) as service:
        ready = service.get("/readyz")
        assert (ready.status, ready.body) == (
            503,
            {"error": "missing env", "missingEnv": ["LEDGER_DATABASE_URL"]},
        )
        info = service.get("/v1/info")
        assert info.body["missingEnv"] == ["LEDGER_DATABASE_URL"]
        call = service.invoke(_tool_call("acme.ledger.total", {}))
        assert call.status == 503


def test_installed_wheel_check_refuses_a_rude_answer(
    installed_full: Installed, tmp_path: Path
) -> None:
    """The polite-tone check fails a final answer with a banned word and too many `!`."""
    index = installed_full.site_packages / FULL_PACKAGE / "index.json"
    env = child_env({"LEDGER_DATABASE_URL": "memory://ledger-test"})
    with serve_pack(installed_full.python, index, env=env, workdir=tmp_path) as service:
        checked = service.invoke(
            {
                "v": 2,
                "kind": "check-invoke",
                "check": {"id": "acme.ledger.checks.polite-tone"},
                "config": {"bannedWords": ["stupid"], "maxExclamations": 2},
                "trace": {"runId": "run-1", "tenantId": "tenant-1", "output": "Stupid!!!"},
            }
        )
        assert (checked.status, checked.body) == (
            200,
            {"v": 2, "kind": "check-result", "result": {"passed": False}},
        ), service.log()
