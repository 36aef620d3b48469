"""Symlinks in a pack: loops, broken links and links out of the pack are problems, never read."""

from __future__ import annotations

import json
import os
import shutil
import textwrap
from pathlib import Path

import pytest

from hatch_kindgi.discover.stage import discover
from tests.helpers.entries import PING_TOOL
from tests.helpers.golden import GOLDEN_ENV, tree_digest
from tests.helpers.packs import (
    build_env,
    copy_pack,
    edit_text,
    report_of,
    run_build,
    scratch_pyproject,
    wheel_files,
)

SECRET = "s3cr3t-value-that-must-not-ship"
SECRET_BLOCK = {
    "id": "acme.secret",
    "version": "1.0.0",
    "kind": "settings",
    "content": {"values": {"token": SECRET}},
}


def _linked_pack(tmp_path: Path) -> Path:
    """The blocks testpack plus bad links in blocks/ and tools/, and a secret outside it."""
    pack = copy_pack("blocks", tmp_path / "work")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.json").write_text(json.dumps(SECRET_BLOCK), "utf-8")
    (outside / "helper.py").write_text(f"TOKEN = {SECRET!r}\n", "utf-8")
    blocks = pack / "blocks"
    (blocks / "loop.json").symlink_to("loop.json")
    (blocks / "dangling.json").symlink_to("missing.json")
    (blocks / "secret.json").symlink_to(outside / "secret.json")
    (blocks / "inside.json").symlink_to("greeting.json")
    (pack / "tools").mkdir()
    (pack / "tools" / "helper.py").symlink_to(outside / "helper.py")
    return pack


EXPECTED = "".join(
    line + "\n"
    for line in (
        "blocks/dangling.json: error[block-not-file]: "
        "is a symbolic link to nothing (broken), not a block file",
        "blocks/inside.json:3:14: error[block-duplicate]: "
        "/version: acme.greeting 1.0.0 is also declared in blocks/greeting.json; "
        "a version of a block is one file (give this one a new version)",
        "blocks/loop.json: error[block-not-file]: is a symbolic link loop, not a block file",
        "blocks/secret.json: error[block-not-file]: "
        "is a symbolic link that leads outside the pack, not a block file",
        "tools/helper.py: error[module-not-file]: "
        "is a symbolic link that leads outside the pack, not a Python module of the pack",
        "5 errors, 0 warnings in 5 files",
    )
)


def test_discovery_keeps_links_out_of_the_pack_apart(tmp_path: Path) -> None:
    """A link to a file inside the pack is a file; one leading outside is not."""
    pack = _linked_pack(tmp_path)
    found = discover(pack, "blocks/**/*.json")
    assert "blocks/inside.json" in found.files
    assert sorted(found.others) == [
        "blocks/dangling.json",
        "blocks/loop.json",
        "blocks/secret.json",
    ]


@pytest.mark.slow
def test_build_refuses_links_and_reads_nothing_outside(tmp_path: Path) -> None:
    """The build names every bad link, no traceback, no artifact, the secret nowhere."""
    pack = _linked_pack(tmp_path)
    before = tree_digest(pack)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode != 0
    assert "Traceback" not in run.stderr + run.stdout
    assert SECRET not in run.stderr + run.stdout
    assert os.fspath(tmp_path) not in report_of(run.stderr)
    assert report_of(run.stderr) == EXPECTED
    assert run.artifacts == []
    assert tree_digest(pack) == before


# --- folders linked out of the pack: code, blocks, and what pack code imports ---

GUARD = """\
from kindgi import guardrail


@guardrail(id="acme.linked.calm", on_violation="halt")
def calm(config: dict, trace: dict) -> bool:
    return True
"""


def _tool(tool_id: str, description: str, *, head: str = "") -> str:
    """A tool module whose tool's description is `description`."""
    return (
        textwrap.dedent(PING_TOOL)
        .replace('"acme.scratch.ping"', json.dumps(tool_id))
        .replace('"""Answers with the text it got."""', json.dumps(description))
        .replace("import sys\n", "import sys\n" + head)
    )


def _outside(tmp_path: Path) -> Path:
    """A folder beside the pack holding code and a block that carry the secret, and code that
    leaves a mark when it is imported."""
    outside = tmp_path / "outside"
    outside.mkdir()
    marker = tmp_path / "imported-from-outside"
    mark = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    (outside / "_secret.py").write_text(f"TOKEN = {SECRET!r}\n{mark}", "utf-8")
    (outside / "notes.py").write_text(_tool("acme.linked.leak", SECRET, head=mark), "utf-8")
    (outside / "secret.json").write_text(json.dumps(SECRET_BLOCK), "utf-8")
    return outside


def _pack(tmp_path: Path, files: dict[str, str]) -> Path:
    """A pack with a guardrail (so the SDK runs) and `files`."""
    pack = tmp_path / "pack"
    pyproject = scratch_pyproject("acme-linked", "acme.linked")
    for name, text in {"pyproject.toml": pyproject, "guardrails/calm.py": GUARD, **files}.items():
        path = pack / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return pack


def _failed_without_secret(tmp_path: Path, pack: Path, env: dict[str, str] | None = None) -> str:
    """Build `pack`: it fails, with no traceback, no artifact, no secret, nothing imported
    from outside, the tree untouched; the report."""
    before = tree_digest(pack)
    run = run_build(
        pack, tmp_path / "dist", isolated=False, env=build_env({**GOLDEN_ENV, **(env or {})})
    )
    output = run.stderr + run.stdout
    assert run.returncode != 0, output
    assert "Traceback" not in output
    assert SECRET not in output
    assert os.fspath(tmp_path) not in report_of(run.stderr)
    assert run.artifacts == []
    assert not (tmp_path / "imported-from-outside").exists()
    assert tree_digest(pack) == before
    return report_of(run.stderr)


FOLDER_LINK = (
    "error[link-outside-pack]: is a symbolic link that leads outside the pack, and the build "
    "reads nothing outside the pack root: {globs} find nothing under it; make it a folder of "
    "the pack (a link to a folder inside the pack is followed)"
)


@pytest.mark.slow
@pytest.mark.sdk
def test_build_refuses_a_code_folder_linked_out_of_the_pack(tmp_path: Path) -> None:
    """`tools -> ../outside`: named, and nothing under it is read, imported or shipped."""
    outside = _outside(tmp_path)
    pack = _pack(tmp_path, {})
    (pack / "tools").symlink_to(outside, target_is_directory=True)
    assert _failed_without_secret(tmp_path, pack) == (
        "tools: " + FOLDER_LINK.format(globs="`tool.kindgi.discovery.tools`") + "\n"
        "1 error, 0 warnings in 1 file\n"
    )


@pytest.mark.slow
def test_build_refuses_a_blocks_folder_linked_out_of_the_pack(tmp_path: Path) -> None:
    """`blocks -> ../outside`: named, and no block from outside reaches the index."""
    outside = _outside(tmp_path)
    pack = copy_pack("blocks", tmp_path / "work")
    shutil.rmtree(pack / "blocks")
    (pack / "blocks").symlink_to(os.path.relpath(outside, pack), target_is_directory=True)
    assert _failed_without_secret(tmp_path, pack) == (
        "blocks: " + FOLDER_LINK.format(globs="`tool.kindgi.discovery.blocks`") + "\n"
        "1 error, 0 warnings in 1 file\n"
    )


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc/self")
def test_build_refuses_blocks_linked_to_proc_self(tmp_path: Path) -> None:
    """`blocks -> /proc/self` with a `**` glob: the hook's own environment is never read."""
    pack = copy_pack("blocks", tmp_path / "work")
    shutil.rmtree(pack / "blocks")
    (pack / "blocks").symlink_to("/proc/self", target_is_directory=True)
    edit_text(
        pack / "pyproject.toml",
        "[tool.kindgi.pack]",
        '[tool.kindgi.discovery]\nblocks = "blocks/**"\n\n[tool.kindgi.pack]',
    )
    report = _failed_without_secret(tmp_path, pack, {"ACME_SECRET": SECRET})
    assert report == (
        "blocks: " + FOLDER_LINK.format(globs="`tool.kindgi.discovery.blocks`") + "\n"
        "1 error, 0 warnings in 1 file\n"
    )


# How `lib/_secret.py` leads out: what links, and what the import names.
IMPORT_LINKS = {
    "folder": ("lib", "outside", '"lib" is a symbolic link that leads outside the pack'),
    "file": (
        "lib/_secret.py",
        "outside/_secret.py",
        '"lib/_secret.py" is a symbolic link that leads outside the pack',
    ),
    "package": (
        "lib",
        "outside",
        '"lib/__init__.py" is reached through the symbolic link "lib", which leads outside the '
        "pack",
    ),
}


@pytest.mark.slow
@pytest.mark.sdk
@pytest.mark.parametrize("how", sorted(IMPORT_LINKS))
def test_build_refuses_code_importing_through_a_link_out_of_the_pack(
    tmp_path: Path, how: str
) -> None:
    """A tool module importing `lib/_secret.py` through a link out of the pack fails to import;
    the outside module never runs and its secret reaches no index."""
    outside = _outside(tmp_path)
    if how == "package":
        (outside / "__init__.py").write_text("", "utf-8")
    pack = _pack(
        tmp_path,
        {
            "tools/ping.py": _tool(
                "acme.linked.ping", "Pings.", head="from lib._secret import TOKEN\n"
            )
        },
    )
    link, target, said = IMPORT_LINKS[how]
    (pack / link).parent.mkdir(parents=True, exist_ok=True)
    (pack / link).symlink_to(tmp_path / target)
    assert _failed_without_secret(tmp_path, pack) == (
        f"tools/ping.py:4: error[module-import]: import failed: LinkOutsidePack: {said}; the "
        "build imports nothing from outside the pack root\n"
        "1 error, 0 warnings in 1 file\n"
    )


@pytest.mark.slow
@pytest.mark.sdk
def test_folders_linked_inside_the_pack_are_followed(tmp_path: Path) -> None:
    """`tools -> src/tools` and `blocks -> data/blocks` build: the wheel ships the modules and
    blocks under the names the globs give them."""
    pack = _pack(
        tmp_path,
        {
            "src/tools/ping.py": _tool("acme.linked.ping", "Pings."),
            "src/tools/_helper.py": "X = 1\n",
            "data/blocks/style.json": json.dumps(
                {
                    "id": "acme.style",
                    "version": "1.0.0",
                    "kind": "settings",
                    "content": {"values": {"tone": "calm"}},
                }
            ),
        },
    )
    (pack / "tools").symlink_to("src/tools", target_is_directory=True)
    (pack / "blocks").symlink_to("data/blocks", target_is_directory=True)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=build_env(GOLDEN_ENV))
    assert run.returncode == 0, run.stderr
    files = wheel_files(run.wheels[0])
    assert sorted(name for name in files if name.startswith("acme_linked/")) == [
        "acme_linked/__init__.py",
        "acme_linked/guardrails/calm.py",
        "acme_linked/index.json",
        "acme_linked/tools/_helper.py",
        "acme_linked/tools/ping.py",
    ]
    index = json.loads(files["acme_linked/index.json"])
    assert [entry["modulePath"] for entry in index["tools"]] == ["tools/ping.py"]
    assert [entry["modulePath"] for entry in index["blocks"]] == ["blocks/style.json"]
