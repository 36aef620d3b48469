"""The wheel's layout: archive paths for the index, the pack's files and other hooks' files."""

from __future__ import annotations

from pathlib import Path

from hatch_kindgi.config.stage import DEFAULT_DISCOVERY, HookOptions, PackConfig
from hatch_kindgi.discover.shipped import ProjectWheel
from hatch_kindgi.hatch.layout import wheel_layout
from hatch_kindgi.pipeline import PipelineResult

INDEX = b"{}\n"


def _result(package: str, python_files: tuple[str, ...], **discovery: str) -> PipelineResult:
    pack = PackConfig("acme.ledger", "1.0.0", {**DEFAULT_DISCOVERY, **discovery})
    return PipelineResult(lambda: INDEX, (), HookOptions(), package, python_files, None, pack)


def _tree(root: Path, *paths: str) -> None:
    for path in paths:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("", "utf-8")


def test_python_files_and_index_go_under_the_package(tmp_path: Path) -> None:
    """The result's Python files keep their pack-relative paths under the package folder."""
    result = _result("acme_ledger", ("tools/_db.py", "tools/ledger.py"))
    layout = wheel_layout(tmp_path, result, INDEX)
    assert dict(layout.copied) == {
        "acme_ledger/tools/_db.py": "tools/_db.py",
        "acme_ledger/tools/ledger.py": "tools/ledger.py",
    }
    assert layout.written["acme_ledger/index.json"] == INDEX


def test_artifacts_under_code_folders_are_claimed(tmp_path: Path) -> None:
    """Files an artifact pattern names under a code folder (any kind of file, a test module
    too) are the pack's; the same patterns elsewhere in the project are left to hatchling."""
    _tree(
        tmp_path,
        "tools/_version.py",
        "tools/gen/schema.json",
        "tools/test_generated.py",
        "guardrails/notes.txt",
        "src/acme/_version.py",
        "blocks/generated.json",
    )
    artifacts = ("/tools/_version.py", "gen/", "test_generated.py", "_version.py", "*.json")
    layout = wheel_layout(tmp_path, _result("acme_ledger", ()), INDEX, artifacts)
    assert dict(layout.copied) == {
        "acme_ledger/tools/_version.py": "tools/_version.py",
        "acme_ledger/tools/gen/schema.json": "tools/gen/schema.json",
        "acme_ledger/tools/test_generated.py": "tools/test_generated.py",
    }


def test_code_folders_follow_the_discovery_globs(tmp_path: Path) -> None:
    """A code glob's static prefix is its folder: `src/tools/*.py` claims under src/tools."""
    _tree(tmp_path, "src/tools/_version.py", "tools/_version.py")
    result = _result("acme_ledger", (), tools="src/tools/*.py")
    layout = wheel_layout(tmp_path, result, INDEX, ("_version.py",))
    assert dict(layout.copied) == {"acme_ledger/src/tools/_version.py": "src/tools/_version.py"}


def test_package_gets_an_init_module_unless_the_pack_ships_one(tmp_path: Path) -> None:
    """The hook writes `<package>/__init__.py` (a comment, running nothing) where the pack has
    none; a pack whose code glob ships a root `__init__.py` keeps its own."""
    plain = wheel_layout(tmp_path, _result("acme_ledger", ("tools/ledger.py",)), INDEX)
    assert sorted(plain.written) == ["acme_ledger/__init__.py", "acme_ledger/index.json"]
    assert plain.written["acme_ledger/__init__.py"].startswith(b"# ")
    own = wheel_layout(tmp_path, _result("acme_ledger", ("__init__.py", "ledger.py")), INDEX)
    assert sorted(own.written) == ["acme_ledger/index.json"]
    assert own.copied["acme_ledger/__init__.py"] == "__init__.py"


def test_dotted_package_is_nested_folders_without_a_namespace_init(tmp_path: Path) -> None:
    """`acme.ledger` is `acme/ledger/`; `acme/` gets no `__init__.py` (a namespace)."""
    layout = wheel_layout(tmp_path, _result("acme.ledger", ("tools/ledger.py",)), INDEX)
    assert sorted([*layout.copied, *layout.written]) == [
        "acme/ledger/__init__.py",
        "acme/ledger/index.json",
        "acme/ledger/tools/ledger.py",
    ]


# An app the pack lives in (`kindgi init` in an existing app): what its own wheel ships.
APP = ProjectWheel(
    {
        "acme_app/__init__.py": "src/acme_app/__init__.py",
        "acme_app/text.py": "src/acme_app/text.py",
    },
    lambda path: path.removeprefix("src/"),
)
APP_CODE = ("kindgi/tools/shout.py",)


def test_the_apps_own_init_module_is_never_replaced(tmp_path: Path) -> None:
    """Where the project ships `<package>/__init__.py` the hook writes none; the pack's code
    and index go beside the app's modules, and nothing is a problem."""
    layout = wheel_layout(tmp_path, _result("acme_app", APP_CODE), INDEX, (), APP)
    assert sorted(layout.written) == ["acme_app/index.json"]
    assert dict(layout.copied) == {"acme_app/kindgi/tools/shout.py": "kindgi/tools/shout.py"}
    assert layout.problems == ()


def test_an_artifact_the_pack_claims_on_a_path_the_project_fills(tmp_path: Path) -> None:
    """An artifact under a code folder the pack claims is held to the project's paths here
    (the pipeline holds the Python files and the index); the Python files are not re-told."""
    _tree(tmp_path, "kindgi/tools/schema.json")
    project = ProjectWheel(
        {**APP.files, "acme_app/kindgi/tools/schema.json": "src/acme_app/kindgi/tools/schema.json"},
        APP.distribution_path,
    )
    result = _result("acme_app", APP_CODE, tools="kindgi/tools/**/*.py")
    layout = wheel_layout(tmp_path, result, INDEX, ("schema.json",), project)
    assert [(p.code, p.file) for p in layout.problems] == [
        ("wheel-path-taken", "kindgi/tools/schema.json")
    ]
    assert "src/acme_app/kindgi/tools/schema.json" in layout.problems[0].message
