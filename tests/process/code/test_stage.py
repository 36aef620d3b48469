"""The code stage: the pack's own kindgi SDK indexes its modules in a bounded child process."""

from __future__ import annotations

import json
import re
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.code.stage import CodeOutcome, index_code
from hatch_kindgi.config.stage import Runner
from hatch_kindgi.report.problems import error
from tests.helpers.entries import PING_TOOL, scratch_pack
from tests.helpers.packs import CODE_FOLDERS, PUBLISHED_AT, TESTPACKS
from tests.helpers.processes import alive, daemon_module, left_alive, linux_only
from tests.helpers.sdk_index import sdk_index

# Runs the kindgi SDK's indexer throughout.
pytestmark = pytest.mark.sdk

TEST_FILE = re.compile(r"(?:^|/)(?:test_[^/]*|[^/]*_test|conftest)\.py$")

# An agent the SDK refuses with the whole pack, naming no file.
CLOSER = """\
    from kindgi import Agent

    closer = Agent(
        id="acme.scratch.closer",
        version="1.0.0",
        name="Closer",
        instructions="Hi.",
        conversation_policy={"autoCloseAfterInactiveSeconds": 60},
    )
    """


def code_modules(root: Path) -> list[str]:
    """The pack's code modules under the default discovery globs, tests skipped, sorted."""
    found = [
        path.relative_to(root).as_posix()
        for folder in CODE_FOLDERS
        for path in (root / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    ]
    return sorted(module for module in found if not TEST_FILE.search(module))


def block_entries(root: Path) -> list[dict[str, Any]]:
    """Each blocks/**/*.json file as declared plus its modulePath (the test packs' are valid)."""
    entries = []
    for path in sorted((root / "blocks").rglob("*.json")):
        entry = json.loads(path.read_text(encoding="utf-8"))
        entry["modulePath"] = path.relative_to(root).as_posix()
        entries.append(entry)
    return entries


def index(root: Path, timeout: float = 60.0, python: str | None = None) -> CodeOutcome:
    """index_code on every code module of the pack at `root`, with the test pins."""
    return index_code(
        root,
        code_modules(root),
        artifact_version="1.0.0",
        published_at=PUBLISHED_AT,
        timeout=timeout,
        python=python,
    )


def tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` with its bytes."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def own_tempdir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The temp folder index_code uses, empty, so a test can see what it leaves behind."""
    folder = tmp_path / "temp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_no_modules_runs_nothing() -> None:
    """Without code modules nothing runs, not even a missing interpreter."""
    outcome = index_code(
        Path("/nonexistent"),
        [],
        artifact_version="1",
        published_at=PUBLISHED_AT,
        timeout=1,
        python="/nonexistent/python",
    )
    assert outcome == CodeOutcome((), (), (), (), ())


@pytest.mark.slow
def test_entries_equal_what_the_sdk_writes(tmp_path: Path, own_tempdir: Path) -> None:
    """The code-only pack's entries are exactly those `python -m kindgi.pack index` writes."""
    root = TESTPACKS / "code-only"
    before = tree(root)
    outcome = index(root)
    output = tmp_path / "reference" / "index.json"
    reference = json.loads(sdk_index(root, output, "1.0.0", PUBLISHED_AT))
    assert outcome.problems == ()
    assert [len(outcome.tools), len(outcome.guardrails)] == [2, 1]
    assert [len(outcome.agents), len(outcome.flows)] == [1, 1]
    for kind in CODE_FOLDERS:
        assert json.dumps(list(getattr(outcome, kind))) == json.dumps(reference[kind])
    assert tree(root) == before
    assert list(own_tempdir.iterdir()) == []


@pytest.mark.slow
def test_full_pack_indexes_without_problems() -> None:
    """The full pack (helper module, pydantic models, blocks) indexes and checks clean."""
    root = TESTPACKS / "full"
    outcome = index(root)
    assert outcome.problems == ()
    assert [entry["id"] for entry in outcome.tools] == [
        "acme.ledger.record-expense",
        "acme.ledger.total",
    ]
    assert "tools/test_ledger.py" not in code_modules(root)
    checked = check_entries(
        outcome.tools, outcome.guardrails, outcome.agents, outcome.flows, block_entries(root)
    )
    assert checked == ()


@pytest.mark.slow
def test_hang_is_killed_with_its_children(tmp_path: Path, own_tempdir: Path) -> None:
    """A module that waits forever is killed at the timeout, its own children too."""
    pids = tmp_path / "pids"
    root = scratch_pack(
        tmp_path / "pack",
        {
            "tools/ping.py": PING_TOOL,
            "tools/sleepy.py": f"""\
                import os, subprocess, sys, time

                child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
                with open({str(pids)!r}, "a") as out:
                    out.write(f"{{os.getpid()}} {{child.pid}}\\n")
                time.sleep(600)
                """,
        },
    )
    started = time.monotonic()
    outcome = index(root, timeout=8)
    elapsed = time.monotonic() - started
    assert outcome.problems == (
        error(
            "import-timeout",
            "tools/sleepy.py",
            "importing this module took longer than import-timeout (8 s) and was stopped: it "
            "may loop or wait at import. If it is only slow, raise `import-timeout` under "
            "[tool.hatch.build.hooks.kindgi]",
        ),
    )
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]
    assert elapsed < 20
    recorded = [int(pid) for pid in pids.read_text().split()]
    assert len(recorded) == 4  # the whole pack's run, then the module's own run
    time.sleep(0.2)
    assert [pid for pid in recorded if alive(pid)] == []
    assert list(own_tempdir.iterdir()) == []


@pytest.mark.slow
def test_megabyte_at_import_does_not_confuse(tmp_path: Path) -> None:
    """A module that prints a megabyte (and a fake outcome, no newline) still indexes."""
    root = scratch_pack(
        tmp_path / "pack",
        {
            "tools/ping.py": textwrap.dedent(PING_TOOL)
            + "sys.stdout.write('x' * 1_048_576)\n"
            + 'sys.stdout.write(\'{"kind": "err", "error": {}}\')\n'
            + "sys.stderr.write('y' * 1_048_576)\n",
        },
    )
    outcome = index(root)
    assert outcome.problems == ()
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("runner", "advice"),
    [
        (
            "build",
            'add "kindgi" to [build-system] requires (or build with isolation, where the hook '
            "asks for it), or run `pip install kindgi` in that environment",
        ),
        (
            "command-line",
            "install the command line with the SDK: pip install 'hatch-kindgi[sdk]' "
            "(kindgi needs Python 3.11 or later)",
        ),
    ],
)
def test_interpreter_without_kindgi(
    tmp_path: Path, bare_python: Path, runner: Runner, advice: str
) -> None:
    """An interpreter that cannot import kindgi gives one problem saying what to install,
    for a build or for the command line, as the caller says it runs."""
    bare = bare_python
    root = scratch_pack(tmp_path / "pack", {"tools/ping.py": PING_TOOL})
    outcome = index_code(
        root,
        code_modules(root),
        artifact_version="1.0.0",
        published_at=PUBLISHED_AT,
        timeout=60.0,
        python=str(bare),
        runner=runner,
    )
    assert len(outcome.problems) == 1
    problem = outcome.problems[0]
    assert (problem.severity, problem.code, problem.file) == (
        "error",
        "sdk-missing",
        "pyproject.toml",
    )
    environment = "the build environment's Python" if runner == "build" else "this Python"
    assert problem.message == (
        f"the pack has code modules (tools/ping.py) but {environment} ({bare}) cannot import "
        f"`kindgi`, whose indexer indexes them: {advice}"
    )
    assert outcome.tools == ()


@pytest.mark.slow
def test_refusal_without_a_file_is_traced_to_its_module(tmp_path: Path) -> None:
    """The SDK's pack-wide refusal names the module at fault; other modules keep their entries."""
    root = scratch_pack(
        tmp_path / "pack",
        {
            "tools/ping.py": PING_TOOL,
            "agents/closer.py": CLOSER,
        },
    )
    outcome = index(root)
    assert [(p.code, p.file, p.pointer) for p in outcome.problems] == [
        (
            "primitive-invalid",
            "agents/closer.py",
            "/conversationPolicy/autoCloseAfterInactiveSeconds",
        )
    ]
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]


@pytest.mark.slow
def test_sdk_warnings_and_file_errors_name_their_module(tmp_path: Path) -> None:
    """fileErrors become errors and warnings become warnings, each on its module, with a line."""
    root = scratch_pack(
        tmp_path / "pack",
        {
            "tools/ping.py": PING_TOOL,
            "tools/broken.py": "\n\nraise RuntimeError('boom')\n",
            "guardrails/loose.py": """\
                from kindgi import guardrail


                @guardrail(id="other.loose", on_violation="halt")
                def loose(config: dict, trace: dict) -> bool:
                    return True
                """,
        },
    )
    outcome = index(root)
    assert [(p.severity, p.code, p.file, p.line) for p in outcome.problems] == [
        ("error", "module-import", "tools/broken.py", 3),
        ("warning", "check-id-unprefixed", "guardrails/loose.py", None),
    ]
    assert outcome.problems[0].message == "import failed: RuntimeError: boom"


# --- what pack code prints is text, never our protocol ---

FORGED_OK = '{"kind":"ok","value":{"fileErrors":[],"warnings":[]}}'
PRINTED = {
    "forged-ok": f"'\\n{FORGED_OK}\\n'",
    "deep": "'{\"kind\":' * 200_000",
    "quadratic": "'{\"kind\":1}x' * 1_000_000",
}


def _printing(payload: str, then: str = "") -> str:
    """A helper module printing `payload` at import and at exit, on stdout and stderr."""
    return f"""\
        import atexit, os, sys

        TEXT = {payload}
        sys.stdout.write(TEXT)
        sys.stderr.write(TEXT)
        sys.stdout.flush()
        atexit.register(lambda: (sys.stdout.write(TEXT), os.write(1, TEXT.encode())))
        {then}
        """


@pytest.mark.slow
@pytest.mark.parametrize("printed", sorted(PRINTED))
def test_printed_outcome_lookalikes_are_only_text(tmp_path: Path, printed: str) -> None:
    """A forged `ok` line, 200,000 `{"kind":` and `{"kind":1}x` a million times, printed at
    import and at exit, change nothing: the module that fails to import is still named."""
    root = scratch_pack(
        tmp_path / "pack",
        {
            "tools/ping.py": PING_TOOL,
            "tools/broken.py": "\n\nraise RuntimeError('boom')\n",
            "tools/_noise.py": _printing(PRINTED[printed]),
        },
    )
    started = time.monotonic()
    outcome = index(root)
    assert time.monotonic() - started < 60  # a parse of the output that grows with its square
    assert [(p.code, p.file, p.line, p.message) for p in outcome.problems] == [
        ("module-import", "tools/broken.py", 3, "import failed: RuntimeError: boom")
    ]
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]


@pytest.mark.slow
@pytest.mark.parametrize("printed", sorted(PRINTED))
def test_what_a_crashing_module_printed_is_quoted_short(tmp_path: Path, printed: str) -> None:
    """A module that prints the lookalikes and exits is named with a bounded quote of them."""
    root = scratch_pack(
        tmp_path / "pack",
        {"tools/ping.py": PING_TOOL, "tools/_noise.py": _printing(PRINTED[printed], "os._exit(5)")},
    )
    outcome = index(root)
    assert [(p.code, p.file) for p in outcome.problems] == [("module-import", "tools/_noise.py")]
    message = outcome.problems[0].message
    assert message.startswith(
        "the kindgi indexer exited with code 5 while importing this module; it said: "
    )
    assert len(message) < 800
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]


# --- nothing pack code starts outlives the code stage ---

AFTER = {
    "returns": "",
    "raises": "raise RuntimeError('after the daemon')",
    "exits": "os._exit(3)",
    "hangs": "time.sleep(600)",
}


@linux_only
@pytest.mark.slow
@pytest.mark.parametrize("after", sorted(AFTER))
def test_daemon_started_at_import_is_gone_after_the_stage(
    tmp_path: Path, own_tempdir: Path, after: str
) -> None:
    """A double-forked, setsid daemon a module starts is killed whatever the module does next:
    return, raise, exit the indexer, or hang past the time limit."""
    pids = tmp_path / "pids"
    root = scratch_pack(
        tmp_path / "pack",
        {"tools/ping.py": PING_TOOL, "tools/_daemon.py": daemon_module(pids, AFTER[after])},
    )
    outcome = index(root, timeout=8)
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]
    assert [p.file for p in outcome.problems] == (
        [] if after == "returns" else ["tools/_daemon.py"]
    )
    assert left_alive(pids) == []
    assert list(own_tempdir.iterdir()) == []


@linux_only
@pytest.mark.slow
def test_daemons_of_the_one_at_a_time_runs_are_gone(tmp_path: Path) -> None:
    """When the whole pack is refused, every module runs alone: no daemon of any run is left."""
    pids = tmp_path / "pids"
    root = scratch_pack(
        tmp_path / "pack",
        {
            "tools/ping.py": textwrap.dedent(PING_TOOL) + "from . import _daemon\n",
            "agents/closer.py": CLOSER,
            "tools/_daemon.py": daemon_module(pids),
        },
    )
    outcome = index(root)
    assert [(p.code, p.file) for p in outcome.problems] == [
        ("primitive-invalid", "agents/closer.py")
    ]
    # The whole pack's run, then the runs of tools/_daemon.py and of tools/ping.py alone.
    assert len(pids.read_text().split()) == 3
    assert left_alive(pids) == []


@pytest.mark.slow
def test_environment_folder_inside_the_pack_may_link_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder on sys.path inside the pack (a virtualenv's site-packages) is the environment's:
    its packages may be links out of the pack (uv links them from its cache)."""
    outside = tmp_path / "cache" / "extpkg"
    outside.mkdir(parents=True)
    (outside / "__init__.py").write_text("NAME = 'ext'\n", encoding="utf-8")
    root = scratch_pack(
        tmp_path / "pack", {"tools/ping.py": textwrap.dedent(PING_TOOL) + "import extpkg\n"}
    )
    site = root / ".venv" / "lib" / "site-packages"
    site.mkdir(parents=True)
    (site / "extpkg").symlink_to(outside, target_is_directory=True)
    monkeypatch.setenv("PYTHONPATH", str(site))
    outcome = index(root)
    assert outcome.problems == ()
    assert [entry["id"] for entry in outcome.tools] == ["acme.scratch.ping"]
