"""The hook option `package`: a dotted import name is laid out as Python imports it.

`package = "acme.ledger"` puts the pack at `acme/ledger/` (`acme` a namespace package that
other packs of the vendor can share), and the SDK's pack service runs it from there.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.packs import WheelCache, run_captured, wheel_files
from tests.helpers.service import Installed, child_env, install_wheel, serve_pack

pytestmark = [pytest.mark.slow, pytest.mark.sdk]

DIST_INFO = "acme_ledger-1.0.0.dist-info"


@pytest.fixture(scope="module")
def dotted_wheel(good_wheels: WheelCache) -> Path:
    """The full pack's wheel with `package = "acme.ledger"`."""
    return good_wheels["full-dotted"]


def test_dotted_package_is_nested_folders(dotted_wheel: Path) -> None:
    """Everything the hook adds is under acme/ledger/, nothing in a folder named
    `acme.ledger`, and `acme` itself holds no `__init__.py` (a namespace package)."""
    names = set(wheel_files(dotted_wheel))
    added = {name for name in names if not name.startswith(f"{DIST_INFO}/")}
    assert "acme/ledger/index.json" in added
    assert "acme/ledger/tools/ledger.py" in added
    assert "acme/ledger/tools/_db.py" in added
    assert all(name.startswith("acme/ledger/") for name in added), sorted(added)
    assert "acme/__init__.py" not in added


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory, dotted_wheel: Path) -> Installed:
    """The dotted wheel, pip-installed into a fresh virtualenv."""
    return install_wheel(dotted_wheel, tmp_path_factory.mktemp("dotted-venv") / "venv")


def test_installed_dotted_pack_is_served_and_imported(installed: Installed, tmp_path: Path) -> None:
    """`kindgi.pack serve --index <site-packages>/acme/ledger/index.json` finds and runs the
    pack's modules, and `acme.ledger.tools.ledger` imports by its dotted name."""
    index = installed.site_packages / "acme" / "ledger" / "index.json"
    env = child_env({"LEDGER_DATABASE_URL": "memory://ledger-test"})
    with serve_pack(installed.python, index, env=env, workdir=tmp_path) as service:
        ready = service.get("/readyz")
        assert (ready.status, ready.body) == (200, {"status": "ready"}), service.log()
        recorded = service.invoke(
            {
                "v": 2,
                "kind": "invoke",
                "tool": {"id": "acme.ledger.record-expense"},
                "input": {"vendor": "Acme", "amountCents": 1250},
                "ctx": {"tenantId": "tenant-1", "runId": "run-1"},
            }
        )
        assert (recorded.status, recorded.body) == (
            200,
            {"v": 2, "kind": "result", "output": {"expenseId": "exp-1"}},
        ), service.log()
    imported = run_captured(
        [installed.python, "-c", "import acme.ledger.tools.ledger as m; print(m.__file__)"],
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert imported.returncode == 0, imported.stderr
    assert Path(imported.stdout.strip()) == installed.site_packages / "acme/ledger/tools/ledger.py"
