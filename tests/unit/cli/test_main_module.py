"""`python -m hatch_kindgi` in a pack folder that holds modules named like ours or our
dependencies': the pack's own `re2.py` or `jsonschema.py` is never imported in their place."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.helpers.blocks import settings, write
from tests.helpers.packs import run_captured, scratch_pyproject

PYPROJECT = scratch_pyproject("shadow-pack", "acme.shadow", build_system=False, sdk=False)

_SHADOW = 'raise SystemExit("the pack\'s own {name}.py was imported")\n'

_SCHEMA = {"type": "object", "properties": {"code": {"type": "string", "pattern": "^[A-Z]+$"}}}


def _pack(root: Path, *shadows: str) -> None:
    """A pack whose one block's value fails a pattern (so the check loads RE2 for the hosted
    profile and the Ajv mirror's jsonschema for the message), beside modules shadowing them."""
    write(
        root,
        {
            "pyproject.toml": PYPROJECT,
            "blocks/a.json": settings("acme.a", "1.0.0", {"code": "abc"}, _SCHEMA),
        },
    )
    for name in shadows:
        (root / f"{name}.py").write_text(_SHADOW.format(name=name), "utf-8")


def test_python_m_ignores_the_working_folder_s_modules(tmp_path: Path) -> None:
    """`re2.py` and `jsonschema.py` in the working folder: the check runs on the real ones."""
    _pack(tmp_path, "re2", "jsonschema", "regex", "liquid")
    run = run_captured([sys.executable, "-m", "hatch_kindgi", "check"], cwd=tmp_path, timeout=120)
    assert (run.returncode, run.stderr) == (1, "")
    assert run.stdout.endswith("1 error, 0 warnings in 1 file\n"), run.stdout
    assert "must match pattern" in run.stdout


def test_a_hatch_kindgi_py_leaves_the_command_alone(tmp_path: Path) -> None:
    """A `hatch_kindgi.py` there too: `python -m` would run it (Python's rule, before any of
    ours runs), so the command `hatch-kindgi` and `python -P -m` are the ways, and both give
    the report."""
    _pack(tmp_path, "re2", "jsonschema", "hatch_kindgi")
    command = Path(sys.executable).with_name("hatch-kindgi")
    runs = [run_captured([command, "check"], cwd=tmp_path, timeout=120)]
    if sys.version_info >= (3, 11):
        safe = [sys.executable, "-P", "-m", "hatch_kindgi", "check"]
        runs.append(run_captured(safe, cwd=tmp_path, timeout=120))
    for run in runs:
        assert (run.returncode, run.stderr) == (1, ""), run.stdout
        assert "must match pattern" in run.stdout
