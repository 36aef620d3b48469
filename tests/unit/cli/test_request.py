"""Every command asks the pipeline the same way: its request made from its flags by one
function (`output.run_request`), who runs it said by the environment alike (pre-commit's
hook sets `PRE_COMMIT=1`), `check --watch` included."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.against.reference import RefRequest
from hatch_kindgi.cli.main import main
from hatch_kindgi.config.stage import HookOptions, Runner
from hatch_kindgi.pipeline import PipelineResult, RunRequest
from hatch_kindgi.pipeline.fixes import FixRun
from tests.helpers.packs import TESTPACKS

PACK = TESTPACKS / "minimal"


def _asked(monkeypatch: pytest.MonkeyPatch) -> list[RunRequest]:
    """The requests the commands hand the pipeline, each answered with an empty failure."""
    asked: list[RunRequest] = []

    def run(root: Path, request: RunRequest) -> PipelineResult:
        asked.append(request)
        return PipelineResult(None, (), HookOptions())

    def fix(root: Path, request: RunRequest) -> FixRun:
        return FixRun(run(root, request), (), ())

    def watch(packs: Any, out: Any, request: RunRequest, **_: Any) -> int:
        asked.append(request)
        return 0

    for module in ("check", "index", "diff"):
        monkeypatch.setattr(f"hatch_kindgi.cli.{module}.run_pipeline", run)
    monkeypatch.setattr("hatch_kindgi.pipeline.fixes.fix_pack", fix)  # cli.fix imports it per run
    monkeypatch.setattr("hatch_kindgi.cli.watch.watch", watch)
    return asked


@pytest.mark.parametrize("pre_commit", [False, True], ids=["command-line", "pre-commit"])
def test_every_command_makes_its_request_the_same_way(
    monkeypatch: pytest.MonkeyPatch, pre_commit: bool
) -> None:
    """check, check --fix, check --watch and index with the same flags ask the same
    request, the runner the environment's; diff adds its REF and its pins."""
    if pre_commit:
        monkeypatch.setenv("PRE_COMMIT", "1")
    else:
        monkeypatch.delenv("PRE_COMMIT", raising=False)
    asked = _asked(monkeypatch)
    flags = ["--strict", "--target", "hosted", "--against", "HEAD", "-q"]
    for command in (["check"], ["check", "--fix"], ["check", "--watch"], ["index"]):
        main([*command, str(PACK), *flags])
    main(["diff", "HEAD~1", str(PACK)])
    runner: Runner = "pre-commit" if pre_commit else "command-line"
    same = RunRequest(
        environ=os.environ, against="HEAD", runner=runner, strict=True, target="hosted"
    )
    check, fix, watch, index, diff = asked
    assert check == fix == watch == same
    assert index.local_pins is not None
    assert index == RunRequest(**{**vars(same), "local_pins": index.local_pins})
    assert diff.against == RefRequest("HEAD~1", "REF")
    assert (diff.runner, diff.strict, diff.target) == (runner, False, None)
