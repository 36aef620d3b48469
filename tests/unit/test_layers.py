"""The import layers of docs/architecture.md hold, and a backwards import breaks them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from tests.helpers.packs import REPO, run_captured

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")

CONTRACTS: list[str] = [
    contract["name"]
    for contract in tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["tool"][
        "importlinter"
    ]["contracts"]
]
"""The names of pyproject's import contracts, in its order."""

PIPELINE = "Imports go down the pipeline's layers"
ENGINES = "The engines' modules import downwards"
PYTHON_LIQUID = "Nothing imports python-liquid"
JSONSCHEMA = "Nothing imports jsonschema, referencing or attrs"
NO_SERVER = "The build hook never imports the language server"
ADAPTER = "The Hatchling adapter's modules import downwards"

VIOLATIONS: list[tuple[str, str, str, str]] = [
    # (contract, module under src/hatch_kindgi/ given the import, imported, the chain printed)
    # The report layer importing the pipeline (upwards).
    (
        PIPELINE,
        "report/problems.py",
        "hatch_kindgi.pipeline",
        "hatch_kindgi.report.problems -> hatch_kindgi.pipeline",
    ),
    # The engines know no pack: Ajv's mirror importing the schema stage.
    (
        PIPELINE,
        "engines/ajv/vocabulary.py",
        "hatch_kindgi.schema.refs",
        "hatch_kindgi.engines.ajv.vocabulary -> hatch_kindgi.schema.refs",
    ),
    # Inside the engines, the budget importing the RegExp mirror: the circle the two once made.
    (
        ENGINES,
        "engines/budget.py",
        "hatch_kindgi.engines.javascript.regexp",
        "hatch_kindgi.engines.budget -> hatch_kindgi.engines.javascript.regexp",
    ),
    # Render reaches Liquid only through the liquidjs mirror, never python-liquid itself.
    (
        PYTHON_LIQUID,
        "render/strict.py",
        "liquid.exceptions",
        "hatch_kindgi.render.strict -> liquid",
    ),
    # The Ajv mirror runs on our own core, never on jsonschema's machinery.
    (
        JSONSCHEMA,
        "engines/ajv/core.py",
        "referencing.exceptions",
        "hatch_kindgi.engines.ajv.core -> referencing",
    ),
    # The build hook loading the language server (a downward import, so only this contract).
    (
        NO_SERVER,
        "hatch/layout.py",
        "hatch_kindgi.lsp",
        "hatch_kindgi.hatch.layout -> hatch_kindgi.lsp",
    ),
    # Inside the Hatchling adapter, `layout` importing `plugin` (upwards).
    (
        ADAPTER,
        "hatch/layout.py",
        "hatch_kindgi.hatch.plugin",
        "hatch_kindgi.hatch.layout -> hatch_kindgi.hatch.plugin",
    ),
]
"""One deliberate backwards import for each contract (two for the pipeline's, one at each end
of it), all in one copy of the tree."""


def _sections(printed: str) -> dict[str, list[str]]:
    """The chains lint-imports printed under each broken contract's heading (its lines that
    start with `-`, line numbers cut), by contract name."""
    broken = printed.split("Broken contracts", 1)[1] if "Broken contracts" in printed else ""
    lines = broken.splitlines()
    sections: dict[str, list[str]] = {}
    current: list[str] = []
    for line, under in zip(lines, [*lines[1:], ""]):
        if line in CONTRACTS and under.startswith("---"):
            current = sections.setdefault(line, [])
        elif line.startswith("-") and not line.startswith("--"):
            current.append(line.lstrip("- ").split(" (l.")[0])
    return sections


@pytest.fixture(scope="module")
def linted(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    """`lint-imports` run once, with pyproject's contracts, on one copy of `src/` that carries
    every deliberate import of `VIOLATIONS`."""
    tree = tmp_path_factory.mktemp("layers") / "tree"
    shutil.copytree(REPO / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tree / "pyproject.toml")
    for _, module, imported, _ in VIOLATIONS:
        source = tree / "src" / "hatch_kindgi" / module
        source.write_text(
            source.read_text("utf-8") + f"\nimport {imported}  # noqa: E402\n", "utf-8"
        )
    # No colour: some import-linter releases (the one Python 3.9 gets) colour their report
    # even into a pipe, and its escapes would split the words the tests look for.
    environment = {**os.environ, "PYTHONPATH": str(tree / "src"), "NO_COLOR": "1", "TERM": "dumb"}
    environment.pop("FORCE_COLOR", None)
    done = run_captured([LINT_IMPORTS, "--no-cache"], cwd=tree, env=environment, timeout=120)
    return subprocess.CompletedProcess(
        done.args, done.returncode, _ANSI.sub("", done.stdout), _ANSI.sub("", done.stderr)
    )


def test_every_contract_has_a_deliberate_violation() -> None:
    """A contract added to pyproject gets its backwards import here, or this test fails."""
    assert sorted({contract for contract, *_ in VIOLATIONS}) == sorted(CONTRACTS)


def test_each_backwards_import_breaks_its_contract(
    linted: subprocess.CompletedProcess[str],
) -> None:
    """Every contract is broken, each by the imports made to break it, named by both ends."""
    assert linted.returncode == 1, linted.stdout + linted.stderr
    for contract in CONTRACTS:
        assert f"{contract} BROKEN" in linted.stdout
    assert f"0 kept, {len(CONTRACTS)} broken" in linted.stdout
    sections = _sections(linted.stdout)
    for contract, _, _, chain in VIOLATIONS:
        assert chain in sections.get(contract, []), (contract, linted.stdout)


def test_the_tree_keeps_its_layers(linted: subprocess.CompletedProcess[str]) -> None:
    """The sources as they are keep every contract: the one run prints no broken import but
    the deliberate ones (one may show under another contract too, through the others)."""
    deliberate = {chain for *_, chain in VIOLATIONS}
    printed = {chain for chains in _sections(linted.stdout).values() for chain in chains}
    assert printed - deliberate == set(), linted.stdout


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected sets of more than one module of `graph` (Tarjan's, iterative):
    each is an import circle, lazy imports and type-checking ones included."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, following = work[-1]
            step = next(following, None)
            if step is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == module:
                            break
                    if len(members) > 1:
                        found.append(sorted(members))
            elif step not in index:
                index[step] = low[step] = len(index)
                stack.append(step)
                on_stack.add(step)
                work.append((step, iter(sorted(graph.find_modules_directly_imported_by(step)))))
            elif step in on_stack:
                low[module] = min(low[module], index[step])
    return found


def test_no_import_circle_under_src() -> None:
    """No module of the package imports itself round a circle of modules, however lazily (the
    layers' contracts see only imports between layers; `schema/js_regex.py` and
    `schema/patterns.py` once imported each other within one)."""
    assert _circles(grimp.build_graph("hatch_kindgi", cache_dir=None)) == []


def test_a_circle_is_found(tmp_path: Path) -> None:
    """The search finds a circle where there is one: two modules importing each other."""
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("", "utf-8")
    (package / "one.py").write_text("def f():\n    from circled import two\n", "utf-8")
    (package / "two.py").write_text("from circled import one\n", "utf-8")
    (package / "three.py").write_text("from circled import one\n", "utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        graph = grimp.build_graph("circled", cache_dir=None)
    finally:
        sys.path.remove(str(tmp_path))
    assert _circles(graph) == [["circled.one", "circled.two"]]
