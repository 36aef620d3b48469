"""The SDK's outcome mapped to problems: refusals, failures and codes hatch-kindgi doesn't know.

A fake interpreter stands in for SDK versions and failures the installed kindgi can't produce:
run as our runner (`-c <runner> JOB`), it answers as scripted, once for the whole pack and once
for a single module (a `--config`), writing the result file and index the job names; and it
says that kindgi is importable when probed.
"""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.code.sdk_outcome import file_problems, read_outcome
from hatch_kindgi.code.stage import CodeOutcome, index_code
from hatch_kindgi.report.problems import error, warning
from tests.helpers import entries
from tests.helpers.entries import PING_TOOL
from tests.helpers.packs import PUBLISHED_AT

PING = {"id": "acme.scratch.ping", "modulePath": "tools/ping.py"}
INDEX = {"tools": [PING], "guardrails": [], "agents": [], "flows": []}
OK = {"kind": "ok", "value": {"fileErrors": [], "warnings": []}}

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="the fake is a #! script")

FAKE = """\
#!{python}
import json, sys
from pathlib import Path

SCRIPT = json.loads({script!r})
args = sys.argv[1:]
if len(args) == 2:
    sys.exit(0)  # the probe (`-c <probe>`): kindgi is importable
job = json.loads(Path(args[2]).read_text(encoding="utf-8"))
act = SCRIPT["alone" if job["config"] is not None else "whole"]
if act.get("index") is not None:
    Path(job["output"]).write_text(json.dumps(act["index"]), encoding="utf-8")
if act.get("outcome") is not None:
    Path(job["result"]).write_text(json.dumps(act["outcome"]), encoding="utf-8")
sys.stdout.write(act.get("stdout", ""))
sys.stderr.write(act.get("stderr", ""))
sys.exit(act.get("exit", 0))
"""


def act(
    outcome: dict[str, Any] | None = None,
    *,
    index: dict[str, Any] | None = None,
    stderr: str = "",
    exit_code: int = 0,
) -> dict[str, Any]:
    """One scripted answer of the fake: the outcome and index it writes, what it says."""
    return {"outcome": outcome, "stderr": stderr, "exit": exit_code, "index": index}


def fake_python(folder: Path, whole: dict[str, Any], alone: dict[str, Any]) -> str:
    """An executable that answers the whole pack's run with `whole`, a module's with `alone`."""
    path = folder / "fake-python"
    script = json.dumps({"whole": whole, "alone": alone})
    path.write_text(FAKE.format(python=sys.executable, script=script), encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def scratch_pack(root: Path, extra: str = "") -> Path:
    """A pack with [tool.kindgi.pack], `extra` pyproject text, a tool and an empty module."""
    return entries.scratch_pack(root, {"tools/ping.py": PING_TOOL, "tools/pong.py": ""}, extra)


def index(root: Path, modules: list[str], python: str | None = None) -> CodeOutcome:
    """index_code on `modules` of the pack at `root`, with the test pins."""
    return index_code(
        root,
        modules,
        artifact_version="1.0.0",
        published_at=PUBLISHED_AT,
        timeout=60,
        python=python,
    )


@posix_only
def test_refusal_no_module_explains_is_on_pyproject(tmp_path: Path) -> None:
    """A refusal naming no file that no module repeats alone is `indexer-refused` on the pack."""
    root = scratch_pack(tmp_path / "pack")
    refused = {"kind": "err", "error": {"code": "pack-too-big", "message": "The pack is big"}}
    python = fake_python(tmp_path, act(refused, exit_code=1), act(OK, index=INDEX))
    outcome = index(root, ["tools/ping.py"], python)
    assert outcome.problems == (
        error(
            "indexer-refused",
            "pyproject.toml",
            "the kindgi indexer refuses the pack: The pack is big (kindgi: pack-too-big)",
        ),
    )
    assert outcome.tools == (PING,)


@posix_only
def test_refusal_naming_a_file_is_on_that_file(tmp_path: Path) -> None:
    """A refusal naming a module (absolutely) is on that module; no module is run alone."""
    root = scratch_pack(tmp_path / "pack")
    refused = {
        "kind": "err",
        "error": {
            "code": "decorator-retired",
            "message": "tools/ping.py: @tool(mutating=…) is retired",
            "filePath": str(root / "tools" / "ping.py"),
        },
    }
    python = fake_python(tmp_path, act(refused, exit_code=1), act(exit_code=1))
    outcome = index(root, ["tools/ping.py", "tools/pong.py"], python)
    assert outcome.problems == (
        error(
            "indexer-refused",
            "tools/ping.py",
            "the kindgi indexer refuses the pack: @tool(mutating=…) is retired "
            "(kindgi: decorator-retired)",
        ),
    )
    assert outcome.tools == ()


@posix_only
def test_refusal_each_module_repeats_is_on_each_module(tmp_path: Path) -> None:
    """A refusal naming no file that every module repeats alone is on every module."""
    root = scratch_pack(tmp_path / "pack")
    refused = {"kind": "err", "error": {"code": "sdk-expired", "message": "This SDK expired"}}
    python = fake_python(tmp_path, act(refused, exit_code=1), act(refused, exit_code=1))
    outcome = index(root, ["tools/ping.py", "tools/pong.py"], python)
    said = "the kindgi indexer refuses the pack: This SDK expired (kindgi: sdk-expired)"
    assert outcome.problems == (
        error("indexer-refused", "tools/ping.py", said),
        error("indexer-refused", "tools/pong.py", said),
    )


@posix_only
def test_indexer_ending_with_nothing_is_indexer_failed(tmp_path: Path) -> None:
    """An indexer that prints no outcome, when every module indexes alone, is `indexer-failed`."""
    root = scratch_pack(tmp_path / "pack")
    python = fake_python(tmp_path, act(), act(OK, index=INDEX))
    outcome = index(root, ["tools/ping.py"], python)
    assert outcome.problems == (
        error(
            "indexer-failed",
            "pyproject.toml",
            "the kindgi indexer exited with code 0 without an outcome; it printed nothing",
        ),
    )
    assert outcome.tools == (PING,)


@posix_only
def test_indexer_crash_says_its_last_words(tmp_path: Path) -> None:
    """A crash without an outcome quotes the end of what the indexer wrote to stderr."""
    root = scratch_pack(tmp_path / "pack")
    crash = "Traceback (most recent call last):\n  ...\nMemoryError: out of memory\n"
    python = fake_python(tmp_path, act(stderr=crash, exit_code=1), act(OK, index=INDEX))
    outcome = index(root, ["tools/ping.py"], python)
    assert outcome.problems == (
        error(
            "indexer-failed",
            "pyproject.toml",
            "the kindgi indexer exited with code 1 without an outcome; it said: Traceback "
            "(most recent call last): | ... | MemoryError: out of memory",
        ),
    )


@posix_only
def test_success_without_an_index_is_indexer_failed(tmp_path: Path) -> None:
    """An `ok` outcome with no index.json written is `indexer-failed`, and no entries."""
    root = scratch_pack(tmp_path / "pack")
    python = fake_python(tmp_path, act(OK), act(OK, index=INDEX))
    outcome = index(root, ["tools/ping.py"], python)
    assert outcome == CodeOutcome(
        (),
        (),
        (),
        (),
        (
            error(
                "indexer-failed",
                "pyproject.toml",
                "the kindgi indexer reported success but wrote no readable index.json",
            ),
        ),
    )


@posix_only
def test_unknown_file_error_and_warning_codes_keep_their_name(tmp_path: Path) -> None:
    """fileErrors and warnings of codes we don't map are `sdk-file-error` and `sdk-warning`."""
    root = scratch_pack(tmp_path / "pack")
    report = {
        "fileErrors": [
            {
                "code": "file-too-large",
                "message": "tools/pong.py: 2 MB is over the 1 MB limit",
                "filePath": "tools/pong.py",
            },
        ],
        "warnings": [
            {
                "code": "field-deprecated",
                "message": "File tools/ping.py uses `mutating`, which is deprecated",
                "filePath": str(root / "tools" / "ping.py"),
            },
            {"code": "sdk-outdated", "message": "kindgi 0.2 is out"},
        ],
    }
    python = fake_python(tmp_path, act({"kind": "ok", "value": report}, index=INDEX), act())
    outcome = index(root, ["tools/ping.py", "tools/pong.py"], python)
    assert outcome.problems == (
        error(
            "sdk-file-error",
            "tools/pong.py",
            "2 MB is over the 1 MB limit (kindgi: file-too-large)",
        ),
        warning(
            "sdk-warning",
            "tools/ping.py",
            "the module uses `mutating`, which is deprecated (kindgi: field-deprecated)",
        ),
        warning("sdk-warning", "pyproject.toml", "kindgi 0.2 is out (kindgi: sdk-outdated)"),
    )
    assert outcome.tools == (PING,)


@pytest.mark.slow
@pytest.mark.sdk
def test_real_sdk_refusing_the_config_names_pyproject(tmp_path: Path) -> None:
    """The SDK's own env rules refuse the pack: on pyproject.toml, no absolute path said."""
    root = scratch_pack(tmp_path / "pack", '[tool.kindgi.env]\nrequired = ["KINDGI_TOKEN"]\n')
    outcome = index(root, ["tools/ping.py"])
    assert outcome.problems == (
        error(
            "indexer-refused",
            "pyproject.toml",
            'the kindgi indexer refuses the pack: "KINDGI_TOKEN" in `env.required`: '
            "`KINDGI_*` names configure Kindgi, not the pack (kindgi: config-invalid)",
        ),
    )
    assert str(tmp_path) not in outcome.problems[0].message


@pytest.mark.slow
@pytest.mark.sdk
def test_real_sdk_discovering_nothing_names_pyproject(tmp_path: Path) -> None:
    """SDK discovery that finds none of the modules given is refused on pyproject.toml."""
    root = scratch_pack(tmp_path / "pack", '[tool.kindgi.discovery]\ntools = "src/*.py"\n')
    outcome = index(root, ["tools/ping.py"])
    assert outcome.problems == (
        error(
            "indexer-refused",
            "pyproject.toml",
            "the kindgi indexer refuses the pack: Indexer discovered zero files under the pack "
            "root. Check the [tool.kindgi.discovery] patterns. (kindgi: discovery-empty)",
        ),
    )
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]


@pytest.mark.parametrize(
    "text",
    [
        "",
        '{"kind":"ok"',
        '{"kind": "maybe"}',
        '["kind", "ok"]',
        '{"kind":"ok","value":{}}\n{"kind":"ok","value":{}}',
        "[" * 100_000 + "]" * 100_000,
        '{"kind":' * 200_000,
        "\udcff",
    ],
)
def test_result_that_is_not_one_outcome_is_none(tmp_path: Path, text: str) -> None:
    """A result file that is not exactly one outcome object reads as no outcome, no exception."""
    path = tmp_path / "result.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    assert read_outcome(path) is None
    assert read_outcome(tmp_path / "missing.json") is None


def test_result_is_the_outcome_object(tmp_path: Path) -> None:
    """The one object in the result file is the outcome."""
    path = tmp_path / "result.json"
    path.write_text('{"kind": "err", "error": {}}', encoding="utf-8")
    assert read_outcome(path) == {"kind": "err", "error": {}}


def test_file_problems_skip_what_is_not_a_problem(tmp_path: Path) -> None:
    """Entries that aren't objects, and lists that aren't lists, give no problem."""
    report = {"fileErrors": ["tools/x.py", None], "warnings": {"code": "x"}}
    assert file_problems(tmp_path, report) == []


def test_refused_links_the_pack_does_not_own_are_left_to_discovery(tmp_path: Path) -> None:
    """The runner's refusal of a module outside the modules given is dropped (discovery names
    the link); on a module of the pack, and any other error, it stays."""
    refused = {"name": "LinkOutsidePack", "message": '"tools" is a symbolic link', "stack": ""}
    report = {
        "fileErrors": [
            {
                "code": "file-import-failed",
                "message": "m",
                "filePath": "tools/x.py",
                "cause": refused,
            },
            {
                "code": "file-import-failed",
                "message": "m",
                "filePath": "agents/a.py",
                "cause": refused,
            },
            {"code": "no-primitives", "message": "m", "filePath": "tools/y.py"},
        ]
    }
    assert [p.file for p in file_problems(tmp_path, report, {"agents/a.py"})] == [
        "agents/a.py",
        "tools/y.py",
    ]
    assert [p.file for p in file_problems(tmp_path, report)] == [
        "tools/x.py",
        "agents/a.py",
        "tools/y.py",
    ]
