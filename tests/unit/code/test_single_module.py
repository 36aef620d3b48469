"""The single-module pyproject: its discovery names exactly one module, whatever its name."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from hatch_kindgi.code.single_module import sdk_literal_glob, single_module_pyproject

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

# Names with every character the SDK's glob syntax gives a meaning to, and decoys each one
# would match if it were taken as a glob (`{slow}` is `slow`, `*` anything, `?` one character).
NAMES = (
    "tools/{slow}.py",
    "tools/slow.py",
    "tools/{a,b}.py",
    "tools/a.py",
    "tools/b.py",
    "tools/}{.py",
    "tools/[x].py",
    "tools/x.py",
    "tools/a,b.py",
    "tools/with space.py",
    "tools/{.py",
    "tools/}.py",
    "tools/{{}.py",
    "t{o}ols/x.py",
    "tools/sub dir/{x}.py",
)
POSIX_NAMES = (
    "tools/*.py",
    "tools/?.py",
    "tools/q.py",
    "tools/**.py",
    "tools/a*b?.py",
    "tools/aXbY.py",
    "tools/{*,?}.py",
)


def _names() -> tuple[str, ...]:
    # Windows refuses `*` and `?` in file names.
    return NAMES if sys.platform == "win32" else NAMES + POSIX_NAMES


@pytest.mark.sdk
def test_each_name_matches_itself_only_in_the_sdk_discovery(tmp_path: Path) -> None:
    """The SDK's own discovery, given the literal glob of a name, finds that file alone."""
    # Imported by name so mypy doesn't follow the SDK into its dependencies.
    discover = importlib.import_module("kindgi.pack.discovery").discover
    for name in _names():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("", encoding="utf-8")
    for name in _names():
        assert discover(tmp_path, sdk_literal_glob(name)) == [name], name


def test_characters_without_a_glob_meaning_stay_as_they_are() -> None:
    """Only `{`, `*` and `?` are spelled differently; the rest is the name itself."""
    assert sdk_literal_glob("tools/a,b [c]}.py") == "tools/a,b [c]}.py"
    assert sdk_literal_glob("tools/{x}*?.py") == "tools/{{}x}{*}{?}.py"


def test_single_module_pyproject_is_toml_naming_the_module() -> None:
    """The pyproject parses, and its discovery for the module's kind is the literal glob."""
    module = 'agents/"q\\{}\u00e9\U0001f600\x7f.py'
    text = single_module_pyproject({"id": "acme.x", "version": "1.0.0"}, module)
    document = tomllib.loads(text)
    discovery = document["tool"]["kindgi"]["discovery"]
    assert discovery["agents"] == sdk_literal_glob(module)
    assert discovery["tools"] == ".hatch-kindgi-none/none.py"
