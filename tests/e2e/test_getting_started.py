"""docs/getting-started.md, the page an author reads first, held to what it shows: every file
it shows is `testpacks/getting-started/`'s, byte for byte; each command prints what the page
says it prints; the CI workflow is a valid GitHub Actions workflow (SchemaStore's schema, as
check-jsonschema vendors it) whose hatch-kindgi steps pass on the pack; the pre-commit config
is one pre-commit takes (tests/e2e/test_pre_commit.py runs it)."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from jsonschema import Draft7Validator

from tests.helpers.cli import run_cli
from tests.helpers.docs import shown_files
from tests.helpers.external import pypi_sdist
from tests.helpers.packs import REPO, TESTPACKS, build_env, copy_pack, edit_text, run_build

yaml = pytest.importorskip("yaml")

pytestmark = [pytest.mark.slow, pytest.mark.sdk]

PAGE = REPO / "docs" / "getting-started.md"
PACK = TESTPACKS / "getting-started"
_CONSOLE = re.compile(r"^```console\n(?P<body>.*?)^```$", re.M | re.S)


def _consoles() -> list[list[tuple[str, str]]]:
    """Each console block of the page: its commands, each with what the page shows it print."""
    blocks = []
    for match in _CONSOLE.finditer(PAGE.read_text("utf-8")):
        commands: list[tuple[str, str]] = []
        for line in match.group("body").splitlines(keepends=True):
            if line.startswith("$ "):
                commands.append((line[2:].strip(), ""))
            else:
                command, output = commands[-1]
                commands[-1] = (command, output + line)
        blocks.append(commands)
    return blocks


def test_the_page_shows_the_packs_files_as_they_are() -> None:
    shown = {
        path: body
        for path, body in shown_files("getting-started.md").items()
        if not path.startswith(".")
    }
    on_disk = sorted(p.relative_to(PACK).as_posix() for p in PACK.rglob("*") if p.is_file())
    assert sorted(shown) == on_disk
    for path, body in shown.items():
        assert body == (PACK / path).read_text("utf-8"), path


def _hatch_kindgi(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    words = shlex.split(command)
    assert words[0] == "hatch-kindgi", command
    return run_cli(*words[1:], cwd=cwd)


def test_the_commands_print_what_the_page_says(tmp_path: Path) -> None:
    """The check and render of the pack, then the check after the page's mistake."""
    pack = copy_pack("getting-started", tmp_path)
    ran = [block for block in _consoles() if block[0][0].startswith("hatch-kindgi")]
    clean, mistake = ran
    for command, output in clean:
        run = _hatch_kindgi(command, pack)
        assert (run.returncode, run.stdout, run.stderr) == (0, output, ""), command
    edit_text(pack / "blocks" / "reply-style.json", '"refundLimit": 50', '"refundLimit": -5')
    ((command, output),) = mistake
    run = _hatch_kindgi(command, pack)
    assert (run.returncode, run.stdout, run.stderr) == (1, output, "")


def test_the_wheel_holds_what_the_page_says(tmp_path: Path) -> None:
    built = run_build(PACK, tmp_path, isolated=False, env=build_env({"SOURCE_DATE_EPOCH": "0"}))
    assert built.returncode == 0, built.stderr
    (wheel,) = built.wheels
    with zipfile.ZipFile(wheel) as archive:
        index = json.loads(archive.read("acme_replies/index.json"))
        names = set(archive.namelist())
    assert index["packId"] == "acme.replies"
    assert [agent["id"] for agent in index["agents"]] == ["acme.replies.reply-drafter"]
    assert [block["id"] for block in index["blocks"]] == ["acme.reply-prompt", "acme.reply-style"]
    assert {"acme_replies/agents/reply_drafter.py", "acme_replies/tools/refund_check.py"} <= names


def test_the_ci_workflow_is_valid_and_its_checks_pass(tmp_path: Path) -> None:
    """The workflow against SchemaStore's schema for GitHub workflows; its hatch-kindgi
    steps run as written on the pack: annotations (none), and a SARIF log with no result."""
    workflow = yaml.safe_load(shown_files("getting-started.md")[".github/workflows/kindgi.yml"])
    vendor = pypi_sdist("check-jsonschema", "0.39.0") / "src/check_jsonschema/builtin_schemas"
    schema = json.loads((vendor / "vendor" / "github-workflows.json").read_text("utf-8"))
    # YAML 1.1 reads the key `on` as true; GitHub reads it as "on".
    workflow["on"] = workflow.pop(True)
    assert list(Draft7Validator(schema).iter_errors(workflow)) == []
    pack = copy_pack("getting-started", tmp_path)
    steps = [step["run"] for step in workflow["jobs"]["check"]["steps"] if "run" in step]
    checks = [run for run in steps if run.startswith("hatch-kindgi")]
    assert len(checks) == 2
    bin_folder = str(Path(sys.executable).parent)
    env = build_env({"PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}"})
    for command in checks:
        run = subprocess.run(
            command, shell=True, cwd=pack, env=env, capture_output=True, text=True, check=False
        )
        assert (run.returncode, run.stderr) == (0, ""), command
    assert (pack / "kindgi.sarif").is_file()
    log = json.loads((pack / "kindgi.sarif").read_text("utf-8"))
    assert log["runs"][0]["results"] == []


def test_the_pre_commit_config_is_one_pre_commit_takes(tmp_path: Path) -> None:
    config = tmp_path / ".pre-commit-config.yaml"
    config.write_text(shown_files("getting-started.md")[".pre-commit-config.yaml"], "utf-8")
    pre_commit = Path(sys.executable).with_name("pre-commit")
    run = subprocess.run(
        [str(pre_commit), "validate-config", str(config)],
        capture_output=True,
        text=True,
        check=False,
        env=build_env(),
    )
    assert run.returncode == 0, run.stdout + run.stderr
    (hook,) = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text("utf-8"))
    (entry,) = yaml.safe_load(config.read_text("utf-8"))["repos"][0]["hooks"]
    assert entry["id"] == hook["id"]
    assert hook["additional_dependencies"][0].partition(";")[0] in entry["additional_dependencies"]
