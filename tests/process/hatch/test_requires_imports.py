"""hatchling's `get_requires_for_build_wheel`, a process of its own under every frontend, loads
of ours only what the hook's `dependencies()` needs for its answer: `[tool.kindgi]` read
(`config/pack.py`, not the hook options' rules), the code kinds' globs walked, and for a pack
with code the SDK's requirement (`code/requirements.py`), none of the code stage."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.helpers.packs import copy_pack, run_checked

_STEP = """\
import json, sys
from hatchling import build
answer = build.get_requires_for_build_wheel()
print(json.dumps([answer, sorted(name for name in sys.modules if sys.modules[name] is not None)]))
"""

ONLY_A_BUILD_NEEDS = (
    "hatch_kindgi.config.options",  # the hook's options: read where the pipeline runs
    "hatch_kindgi.config.stage",
    "hatch_kindgi.config.target",
    "hatch_kindgi.config.timestamps",
    "hatch_kindgi.report.styles",
    "hatch_kindgi.report.formats",
    "hatch_kindgi.report.suggest",  # "did you mean": only for a misspelt key
    "hatch_kindgi.pipeline.request",
    "hatch_kindgi.against",
    "hatch_kindgi.code.outcome",
    "hatch_kindgi.code.stage",
    "hatch_kindgi.code.sdk_run",
    "hatch_kindgi.blocks",
    "hatch_kindgi.index",
    "hatch_kindgi.schema",
)
"""Modules of ours a build loads and `dependencies()` needs none of."""


@pytest.mark.parametrize(
    ("pack", "answer"),
    [("blocks", []), ("code-only", ["kindgi<0.2,>=0.1.10"])],
)
def test_get_requires_loads_only_the_answers_modules(
    tmp_path: Path, pack: str, answer: list[str]
) -> None:
    root = copy_pack(pack, tmp_path / "pack")
    done = run_checked([sys.executable, "-c", _STEP], cwd=root, timeout=120)
    asked, modules = json.loads(done.stdout.strip().splitlines()[-1])
    loaded = {*modules, *(name.rsplit(".", 1)[0] for name in modules)}
    assert asked == answer
    assert {"hatch_kindgi.pipeline.read", "hatch_kindgi.discover.stage"} <= loaded
    assert ("hatch_kindgi.code.requirements" in loaded) is bool(answer)
    assert loaded.isdisjoint(ONLY_A_BUILD_NEEDS), sorted(loaded & set(ONLY_A_BUILD_NEEDS))
