"""The import layers of docs/architecture.md hold, and a backwards import breaks them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp

from tests.helpers.packs import REPO, run_captured

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` with the contract of `tree`'s pyproject, on `tree`'s sources."""
    environment = {**os.environ, "PYTHONPATH": str(tree / "src")}
    return run_captured([LINT_IMPORTS, "--no-cache"], cwd=tree, env=environment, timeout=120)


def _copy(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(REPO / "src", tree / "src", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", tree / "pyproject.toml")
    return tree


def test_the_tree_keeps_its_layers(tmp_path: Path) -> None:
    """The sources as they are keep the contract."""
    result = _lint_imports(_copy(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


def _lint_with_import(tmp_path: Path, module: str, imported: str) -> str:
    """`lint-imports` (which must fail) on a copy of the tree in which `module` (a path under
    `src/hatch_kindgi/`) also imports `imported`; what it printed."""
    tree = _copy(tmp_path)
    source = tree / "src" / "hatch_kindgi" / module
    source.write_text(source.read_text("utf-8") + f"\nimport {imported}  # noqa: E402\n", "utf-8")
    result = _lint_imports(tree)
    assert result.returncode == 1, result.stdout + result.stderr
    return result.stdout


def test_a_backwards_import_breaks_the_contract(tmp_path: Path) -> None:
    """The report layer importing the pipeline (upwards) fails lint-imports, naming both."""
    printed = _lint_with_import(tmp_path, "report/problems.py", "hatch_kindgi.pipeline")
    assert "4 kept, 1 broken" in printed
    assert "hatch_kindgi.report.problems -> hatch_kindgi.pipeline" in printed


def test_the_wheel_layout_importing_the_hook_breaks_the_adapter_contract(tmp_path: Path) -> None:
    """Inside the Hatchling adapter, `layout` importing `plugin` (upwards) fails lint-imports;
    the pipeline's contract still holds."""
    printed = _lint_with_import(tmp_path, "hatch/layout.py", "hatch_kindgi.hatch.plugin")
    assert "4 kept, 1 broken" in printed
    assert "hatch_kindgi.hatch.layout -> hatch_kindgi.hatch.plugin" in printed


def test_the_budget_importing_a_javascript_mirror_breaks_the_engines_contract(
    tmp_path: Path,
) -> None:
    """Inside the engines, the budget importing the RegExp mirror (upwards) fails
    lint-imports: the circle the two once made can't come back."""
    printed = _lint_with_import(
        tmp_path, "engines/budget.py", "hatch_kindgi.engines.javascript.regexp"
    )
    assert "4 kept, 1 broken" in printed
    assert "hatch_kindgi.engines.budget -> hatch_kindgi.engines.javascript.regexp" in printed


def test_an_engine_importing_a_stage_breaks_the_contract(tmp_path: Path) -> None:
    """The engines know no pack: Ajv's mirror importing the schema stage fails lint-imports."""
    printed = _lint_with_import(tmp_path, "engines/ajv/vocabulary.py", "hatch_kindgi.schema.refs")
    assert "4 kept, 1 broken" in printed
    assert "hatch_kindgi.engines.ajv.vocabulary -> hatch_kindgi.schema.refs" in printed


def test_render_importing_python_liquid_breaks_the_contract(tmp_path: Path) -> None:
    """Render renders on the liquidjs mirror, and nothing of the package imports
    python-liquid: render importing it fails lint-imports."""
    printed = _lint_with_import(tmp_path, "render/strict.py", "liquid.exceptions")
    assert "4 kept, 1 broken" in printed
    assert "hatch_kindgi.render.strict -> liquid" in printed


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
