"""docs/architecture.md's map of the tree matches the tree.

The rule the map keeps (its section "The tree", both of its tables): a row's first cell is a
folder under `src/hatch_kindgi/` (`` `cli/` ``, `` `engines/ajv/` ``) or one module
(`` `__main__.py` ``, `` `engines/budget.py` ``). A module is named either by a row of its own
or, by its bare file name (`` `side_by_side.py` ``), in its folder's row. A bare file name in a
folder's row is a module of that folder (but `__init__.py`, every package's); a path with a
slash anywhere in the rows is a module under `src/hatch_kindgi/` or a file of the repository.
The rows of each import contract's container run in that contract's order
(`[tool.importlinter]` in pyproject.toml).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "src" / "hatch_kindgi"
DOC = REPO / "docs" / "architecture.md"

# Modules on their way to another folder: the map names them where they go. An entry does
# nothing once its module has moved, and can then go.
_MOVING = {
    "pipeline/side_by_side.py": "cli/side_by_side.py",
    "discover/packs.py": "cli/found_packs.py",
}

_NAMED = re.compile(r"`([^`]+)`")
_BARE_MODULE = re.compile(r"\w+\.py")


def _modules() -> set[str]:
    """Every module under src/hatch_kindgi/ but the packages' `__init__.py`, as a path
    relative to it (`cli/check.py`)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py" or "__pycache__" in path.parts:
            continue
        relative = path.relative_to(PACKAGE).as_posix()
        found.add(_MOVING.get(relative, relative))
    return found


def _folders(modules: set[str]) -> set[str]:
    """The folders that hold `modules`, and theirs, as `engines/ajv/`."""
    folders = set()
    for module in modules:
        parts = module.split("/")[:-1]
        folders |= {"/".join(parts[: end + 1]) + "/" for end in range(len(parts))}
    return folders


def _rows() -> list[tuple[str, list[str]]]:
    """The map's rows: each first cell, and every name in backquotes in the rest."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("\n## The tree\n")
    end = text.find("\n## ", start + 1)
    rows = []
    for line in text[start : end if end != -1 else None].splitlines():
        if not line.startswith("| `"):
            continue
        first, rest = line[2:].split(" | ", 1)
        rows.append((first.strip().strip("`"), _NAMED.findall(rest)))
    return rows


def test_every_module_is_on_the_map() -> None:
    """Each module of the package is named by a row of its own or in its folder's row."""
    named = set()
    for entry, names in _rows():
        if entry.endswith(".py"):
            named.add(entry)
        else:
            named |= {entry + name for name in names if _BARE_MODULE.fullmatch(name)}
    missing = sorted(_modules() - named)
    assert not missing, f"docs/architecture.md's tree names no row for {missing}"


def test_the_map_names_only_what_is_there() -> None:
    """Every row's entry, every bare module in a folder's row, and every path the rows give
    exists."""
    modules = _modules()
    folders = _folders(modules)
    wrong = []
    for entry, names in _rows():
        if entry not in modules and entry not in folders:
            wrong.append(entry)
        for name in names:
            if entry.endswith("/") and _BARE_MODULE.fullmatch(name):
                if entry + name not in modules and name != "__init__.py":
                    wrong.append(f"{name} (in the row of {entry})")
            elif (
                "/" in name
                and name.endswith(".py")
                and name not in modules
                and not (REPO / name).is_file()
            ):
                wrong.append(f"{name} (in the row of {entry})")
    assert not wrong, f"docs/architecture.md's tree names what isn't there: {wrong}"


def _layers_contracts() -> list[tuple[str, list[set[str]]]]:
    """Each `layers` contract: its container as a folder prefix (`""`, `"engines/"`), and its
    layers from the top, each the set of names side by side."""
    config: Any = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = []
    for contract in config["tool"]["importlinter"]["contracts"]:
        if contract["type"] != "layers":
            continue
        for container in contract["containers"]:
            parts = container.split(".")[1:]
            prefix = "".join(part + "/" for part in parts)
            layers = [{name.strip() for name in layer.split("|")} for layer in contract["layers"]]
            contracts.append((prefix, layers))
    return contracts


def _child(entry: str, prefix: str) -> str | None:
    """The name of the container's child a row is about (`cli/` -> `cli`,
    `engines/budget.py` -> `budget`), or None when the row is about no child of it."""
    if not entry.startswith(prefix):
        return None
    rest = entry[len(prefix) :]
    name = rest[:-1] if rest.endswith("/") else rest[: -len(".py")]
    return name if name and "/" not in name else None


def test_the_rows_follow_the_import_contracts() -> None:
    """Where the map has rows for a contract's layers, it has one for each, top to bottom in
    the contract's order."""
    entries = [entry for entry, _ in _rows()]
    checked = 0
    for prefix, layers in _layers_contracts():
        level = {name: index for index, layer in enumerate(layers) for name in layer}
        children = [_child(entry, prefix) for entry in entries]
        order = [name for name in children if name is not None and name in level]
        if not order:
            continue  # the contract's layers are modules named inside one row (`hatch/`)
        checked += 1
        assert sorted(order) == sorted(level), (prefix, order)
        levels = [level[name] for name in order]
        assert levels == sorted(levels), f"rows under {prefix or 'the package'}: {order}"
    assert checked == 2  # the package's layers and the engines'
