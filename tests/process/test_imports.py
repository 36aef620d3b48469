"""The command line loads only what the pack needs: no Liquid without a template, no Ajv
mirror while jsonschema-rs finds everything valid, never jsonschema (no dependency), nothing of
hatchling ever."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from hatch_kindgi.schema import fast
from tests.helpers.blocks import prompt, settings, write
from tests.helpers.packs import REPO, run_checked, scratch_pyproject

PYPROJECT = scratch_pyproject("imports-pack", "acme.imports", build_system=False, sdk=False)

_LOADED = """\
import json, sys
from hatch_kindgi.cli.main import main
code = main(["check", sys.argv[1]])
print(json.dumps([code, sorted({name.split(".")[0] for name in sys.modules})]))
"""

HEAVY = (
    "liquid",
    "jsonschema",
    "referencing",
    "attrs",
    "regex",
    "semantic_version",
    "hatchling",
    "watchfiles",
    "pygls",
    "lsprotocol",
)


def _run_check(pack: Path) -> tuple[int, list[str], str]:
    """`check` on `pack` in a fresh interpreter: its exit code, the top-level packages it
    loaded, and what it printed."""
    done = run_checked([sys.executable, "-c", _LOADED, pack], cwd=REPO, timeout=120)
    code, modules = json.loads(done.stdout.strip().splitlines()[-1])
    return code, modules, done.stdout


_MODULES = """\
import json, sys
from hatch_kindgi.cli.main import main
main(["check", sys.argv[1]])
print(json.dumps(sorted(sys.modules)))
"""


def _run_modules(pack: Path) -> set[str]:
    """Every module `check` on `pack` loaded, by its full name."""
    done = run_checked([sys.executable, "-c", _MODULES, pack], cwd=REPO, timeout=120)
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def _loaded(pack: Path) -> set[str]:
    code, modules, printed = _run_check(pack)
    assert code == 0, printed
    return {name for name in modules if name in HEAVY}


def _schema() -> dict[str, object]:
    return {"type": "object", "properties": {"limit": {"type": "integer", "minimum": 0}}}


@pytest.mark.skipif(not fast.available(), reason="jsonschema-rs needs Python 3.10+")
def test_settings_only_pack_loads_no_liquid_and_no_jsonschema(tmp_path: Path) -> None:
    """Settings blocks with valid schemas and values: jsonschema-rs answers everything, and
    not even our own validator loads."""
    write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "blocks/a.json": settings("acme.a", "1.0.0", {"limit": 5}, _schema()),
            "blocks/a2.json": settings("acme.a", "1.1.0", {"limit": 6}),
        },
    )
    code, modules, printed = _run_check(tmp_path)
    assert code == 0, printed
    assert not {name for name in modules if name in HEAVY}
    assert "hatch_kindgi.engines.ajv.core" not in _run_modules(tmp_path)


def test_prompts_load_no_liquid_and_nothing_of_hatchling(tmp_path: Path) -> None:
    """A template is parsed without python-liquid (it renders with it); the command line
    never loads hatchling.
    Without jsonschema-rs (no `fast` extra) our own validator checks the index envelope, valid or
    not, and loads nothing heavy either."""
    block = prompt(
        "acme.p", "1.0.0", template="Hi {{ name }}", parameters=[{"name": "name", "type": "string"}]
    )
    write(tmp_path, {"pyproject.toml": PYPROJECT, "blocks/p.json": block})
    assert _loaded(tmp_path) == set()


def test_invalid_values_load_our_core_and_no_jsonschema(tmp_path: Path) -> None:
    """A failure is worded by the Ajv mirror, on our own core: jsonschema, referencing and
    attrs never load."""
    write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "blocks/a.json": settings("acme.a", "1.0.0", {"limit": -5}, _schema()),
        },
    )
    code, modules, printed = _run_check(tmp_path)
    assert "must be >= 0" in printed  # Ajv's words
    assert code == 1
    assert not {"jsonschema", "referencing", "attrs"} & set(modules)
    assert "hatch_kindgi.engines.ajv.core" in _run_modules(tmp_path)
    assert "liquid" not in modules


NOT_ON_A_CLEAN_CHECK = (
    "hatch_kindgi.pipeline.fixes",  # --fix and --diff's
    "hatch_kindgi.report.sarif",  # --format sarif's
    "hatch_kindgi.against.reference",  # --against's
    "difflib",  # a hint's, and --diff's
    "importlib.resources",  # 8 ms with tempfile and zipfile: package data is read by pkgutil
)
"""What `check` of a clean pack with no flags needs none of."""


def test_clean_check_loads_only_what_it_uses(tmp_path: Path) -> None:
    """`check` of a clean pack of a prompt and a settings block, no flags: none of the
    modules a fix, a SARIF report, a comparison or a hint would need."""
    block = prompt(
        "acme.p", "1.0.0", template="Hi {{ name }}", parameters=[{"name": "name", "type": "string"}]
    )
    write(
        tmp_path,
        {
            "pyproject.toml": PYPROJECT,
            "blocks/p.json": block,
            "blocks/a.json": settings("acme.a", "1.0.0", {"limit": 5}, _schema()),
        },
    )
    loaded = _run_modules(tmp_path)
    assert "hatch_kindgi.pipeline.run" in loaded  # the check did run
    assert loaded.isdisjoint(NOT_ON_A_CLEAN_CHECK), sorted(loaded & {*NOT_ON_A_CLEAN_CHECK})
