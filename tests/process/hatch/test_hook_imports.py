"""The build hook loads, in each step of a build, only what that step needs: hatchling's
`get_requires_for_build_wheel` (the hook's `dependencies()`, a process of its own under every
PEP 517 frontend) none of the pipeline, and a blocks-only pack's build none of the runtime
dependencies it can do without."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from hatch_kindgi.schema import fast
from tests.helpers.packs import copy_pack, run_checked

_STEP = """\
import json, sys
for name in ("rfc3987", "rfc3986_validator"):
    sys.modules[name] = None  # as in a build environment, which holds neither
if sys.argv[3:] == ["no-fast"]:
    sys.modules["jsonschema_rs"] = None  # a build without the `fast` extra
from hatchling import build
step = sys.argv[1]
if step == "get_requires":
    answer = build.get_requires_for_build_wheel()
else:
    answer = build.build_wheel(sys.argv[2])
print(json.dumps([answer, sorted(name for name in sys.modules if sys.modules[name] is not None)]))
"""

JSONSCHEMA = ("jsonschema", "referencing", "attrs", "rpds", "jsonschema_specifications")
"""jsonschema and what it brings: no dependency of the build any more (our own core,
`engines.ajv.core`, checks every schema and value), so no build imports them."""

RUNTIME_DEPENDENCIES = (*JSONSCHEMA, "regex", "semantic_version", "liquid")
"""Runtime dependencies (and python-liquid and jsonschema, which are none) no blocks-only
build imports.
pathspec and re2 are not among them: hatchling imports pathspec for its own file selection,
and pathspec imports re2 where it is installed, hook or not."""

PIPELINE = (
    "hatch_kindgi.blocks.stage",
    "hatch_kindgi.pipeline.run",
    "hatch_kindgi.index.stage",
    "hatch_kindgi.checks.stage",
    "hatch_kindgi.hatch.layout",
    "hatch_kindgi.hatch.inclusions",
    "hatch_kindgi.engines.liquidjs.parse",
    "jsonschema_rs",
)
"""What `dependencies()` needs none of: the stages, the wheel's layout, the engines."""


def _step(pack: Path, step: str, out: Path, *, fast: bool = True) -> tuple[object, set[str]]:
    """Hatchling's PEP 517 `step` on `pack` in a fresh interpreter, as a frontend runs it:
    its answer and every module it loaded, top-level packages by their first part too.
    `fast=False`: as without the `fast` extra (jsonschema-rs can't be imported)."""
    command = [sys.executable, "-c", _STEP, step, str(out), *([] if fast else ["no-fast"])]
    done = run_checked(command, cwd=pack, timeout=120)
    answer, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return answer, {*modules, *(name.split(".")[0] for name in modules)}


def test_dependencies_loads_no_pipeline_and_no_runtime_dependency(tmp_path: Path) -> None:
    """`get_requires_for_build_wheel` on a blocks-only pack: no SDK asked for, and the hook
    read the config and the discovery only."""
    pack = copy_pack("blocks", tmp_path / "pack")
    answer, loaded = _step(pack, "get_requires", tmp_path / "dist")
    assert answer == []
    assert "hatch_kindgi.hatch.plugin" in loaded  # hatchling did ask the hook
    assert loaded.isdisjoint(RUNTIME_DEPENDENCIES + PIPELINE), sorted(
        loaded & {*RUNTIME_DEPENDENCIES, *PIPELINE}
    )


@pytest.mark.skipif(not fast.available(), reason="jsonschema-rs needs Python 3.10+")
def test_blocks_only_build_loads_no_runtime_dependency(tmp_path: Path) -> None:
    """`build_wheel` of a blocks-only pack (settings schemas, templates): jsonschema-rs
    answers every schema and value, so the bounded validator's patterns (regex) and the
    rest never load."""
    pack = copy_pack("blocks", tmp_path / "pack")
    (tmp_path / "dist").mkdir()
    answer, loaded = _step(pack, "build_wheel", tmp_path / "dist")
    assert isinstance(answer, str)
    assert (tmp_path / "dist" / answer).is_file()
    assert "hatch_kindgi.pipeline.run" in loaded  # the pipeline did run
    assert loaded.isdisjoint(RUNTIME_DEPENDENCIES), sorted(loaded & {*RUNTIME_DEPENDENCIES})


def test_blocks_only_build_without_the_fast_extra_loads_no_jsonschema(tmp_path: Path) -> None:
    """`build_wheel` of a blocks-only pack without jsonschema-rs: our own core checks every
    schema and value, and jsonschema, referencing, attrs and the rest never load."""
    pack = copy_pack("blocks", tmp_path / "pack")
    (tmp_path / "dist").mkdir()
    answer, loaded = _step(pack, "build_wheel", tmp_path / "dist", fast=False)
    assert isinstance(answer, str)
    assert (tmp_path / "dist" / answer).is_file()
    assert "hatch_kindgi.engines.ajv.core" in loaded  # our core did check
    assert "jsonschema_rs" not in loaded
    assert loaded.isdisjoint(JSONSCHEMA), sorted(loaded & {*JSONSCHEMA})


NOT_ON_A_CLEAN_BLOCKS_BUILD = (
    # the comparison with a reference (no `against` asked)
    "hatch_kindgi.against.reference",
    "hatch_kindgi.against.entries",
    "hatch_kindgi.against.stage",
    # code: the primitives, the modules' parses and placing
    "hatch_kindgi.primitives.modules",
    "hatch_kindgi.primitives.declarations",
    # patterns: V8's reading and RE2's (the pack's schemas have none)
    "hatch_kindgi.engines.javascript.regexp",
    "hatch_kindgi.engines.re2.program",
    "hatch_kindgi.engines.re2.syntax",
    # the report's formats and the pyproject's places (nothing to report)
    "hatch_kindgi.report.formats",
    "hatch_kindgi.report.sarif",
    "hatch_kindgi.config.toml_places",
    # the standard library's, for hints, the template helper's wire and exact multipleOf
    "difflib",
    "pickle",
    "fractions",
)
"""What a clean blocks-only build loads none of, each module kept for the run that needs it:
every one of them costs each build its import (a frozen dataclass alone about 0.6 ms)."""


def test_clean_blocks_only_build_loads_only_what_it_uses(tmp_path: Path) -> None:
    """`build_wheel` of a clean blocks-only pack (prompts, settings without patterns, no
    agents, no `against`), as an isolated build runs it (no jsonschema-rs): none of the
    modules a comparison, code, patterns or a report would need."""
    pack = copy_pack("blocks", tmp_path / "pack")
    (tmp_path / "dist").mkdir()
    answer, loaded = _step(pack, "build_wheel", tmp_path / "dist", fast=False)
    assert isinstance(answer, str)
    assert (tmp_path / "dist" / answer).is_file()
    assert "hatch_kindgi.pipeline.run" in loaded  # the pipeline did run
    assert loaded.isdisjoint(NOT_ON_A_CLEAN_BLOCKS_BUILD), sorted(
        loaded & {*NOT_ON_A_CLEAN_BLOCKS_BUILD}
    )
