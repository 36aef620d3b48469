"""The hook's `force_include` that computes its entries when hatchling reads it, and the
checks that hatchling did so in time and wrote them."""

from __future__ import annotations

import tarfile
import zipfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.hatch.inclusions import missing_from_artifact
from hatch_kindgi.hatch.late import ReadLate, TreeState, hooks_after
from hatch_kindgi.hatch.plugin import KindgiBuildHook

# Each way of reading the whole mapping, and what it gives as (source, target) pairs.
READS: dict[str, Callable[[dict[str, str]], set[Any]]] = {
    "items": lambda m: set(m.items()),
    "keys": lambda m: {(key, m[key]) for key in m.keys()},  # noqa: SIM118
    "values": lambda m: set(m.values()),
    "iter": lambda m: {(key, m[key]) for key in list(m)},
    "dict": lambda m: set(dict(m).items()),
    "unpack": lambda m: set({**m}.items()),
    "copy": lambda m: set(m.copy().items()),
}
COMPUTED = ("/scratch/index.json", "acme/index.json")


def _late(calls: list[int], handed: list[dict[str, str]] | None = None) -> ReadLate:
    def compute(others: Mapping[str, str]) -> dict[str, str]:
        calls.append(1)
        if handed is not None:
            handed.append(dict(others))
        return {"/scratch/index.json": "acme/index.json"}

    return ReadLate({"/earlier": "earlier"}, compute)


@pytest.mark.parametrize("how", sorted(READS))
def test_every_whole_read_computes_the_entries_once(how: str) -> None:
    """Each way of reading the whole mapping sees the computed entry beside the entries
    other hooks put in, before and after this hook; the computation runs once."""
    calls: list[int] = []
    handed: list[dict[str, str]] = []
    late = _late(calls, handed)
    late["/later"] = "later"
    read = READS[how]
    seen = read(late)
    # The computation sees the other hooks' entries (what the project ships besides its files).
    assert handed == [{"/earlier": "earlier", "/later": "later"}]
    if how == "values":
        assert seen == {"earlier", "later", COMPUTED[1]}
    else:
        assert seen == {("/earlier", "earlier"), ("/later", "later"), COMPUTED}
    assert read(late) == seen
    assert calls == [1]


def test_adding_and_asking_compute_nothing() -> None:
    """Another hook adding an entry, asking for one or testing truth before hatchling reads
    the mapping computes nothing yet."""
    calls: list[int] = []
    late = _late(calls)
    late["/later"] = "later"
    assert late["/earlier"] == "earlier"
    assert "/later" in late
    assert late.get("/missing") is None
    assert bool(late)
    assert calls == []


def test_an_artifact_built_without_reading_force_include_is_refused(tmp_path: Path) -> None:
    """Should a hatchling build the archive without reading `force_include`, the wheel would
    lack the index: finalize removes it and fails the build with a message."""
    hook = KindgiBuildHook(str(tmp_path), {}, None, None, str(tmp_path), "wheel")
    build_data: dict[str, Any] = {"force_include": {}, "artifacts": []}
    hook.initialize("standard", build_data)
    artifact = tmp_path / "acme_ledger-1.0.0-py3-none-any.whl"
    artifact.write_bytes(b"PK")
    with pytest.raises(SystemExit) as stopped:
        hook.finalize("standard", build_data, str(artifact))
    assert stopped.value.code == 1
    assert not artifact.exists()


@pytest.mark.parametrize(
    ("build_hooks", "after"),
    [
        (("kindgi",), ()),
        (("vcs", "kindgi"), ()),
        (("kindgi", "vcs", "custom"), ("vcs", "custom")),
        (("custom", "kindgi", "vcs"), ("vcs",)),
        (None, None),
        ((), None),
        (("vcs",), None),
        ("kindgi", None),
        (("kindgi", 3), None),
    ],
)
def test_hooks_after_ours(build_hooks: object, after: tuple[str, ...] | None) -> None:
    """The hooks hatchling runs after ours, from its `build_hooks`; None where it doesn't
    say (an older or other hatchling), so the hook reads late and checks."""
    assert hooks_after(build_hooks, "kindgi") == after


def test_a_change_after_the_read_is_noted() -> None:
    """Another hook's entry added or removed once hatchling read the mapping is noted (the
    read came before that hook's initialize); before the read, nothing is."""
    late = _late([])
    late["/before"] = "before"
    late.update({"/also-before": "x"})
    assert late.changed_after_read == []
    assert not late.read
    dict(late)
    assert late.read
    late["/after"] = "after"
    late.setdefault("/earlier", "ignored")  # present already: no change
    late.update({"/updated": "u"})
    del late["/before"]
    assert late.changed_after_read == ["/after", "/updated", "/before"]


def test_tree_state_names_what_was_written_or_changed(tmp_path: Path) -> None:
    """Files written or changed since the state was taken; not removed ones, nor those in
    hidden folders, caches, virtualenvs or the folders skipped."""
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "ledger.py").write_text("A = 1\n")
    (tmp_path / "gone.txt").write_text("x")
    (tmp_path / "dist").mkdir()
    (tmp_path / "venv").mkdir()
    (tmp_path / "venv" / "pyvenv.cfg").write_text("")
    state = TreeState(tmp_path, skip=[tmp_path / "dist"])
    (tmp_path / "tools" / "ledger.py").write_text("A = 22\n")
    (tmp_path / "tools" / "_version.py").write_text("V = '1'\n")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "dist" / "acme-1.0.0-py3-none-any.whl").write_text("PK")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".git" / "index").write_text("x")
    (tmp_path / "venv" / "lib.py").write_text("x")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_text("x")
    assert state.changed_since() == ["tools/_version.py", "tools/ledger.py"]


def test_files_missing_from_the_artifact(tmp_path: Path) -> None:
    """The archive paths a wheel lacks, or holds other bytes at; an sdist's under its top
    folder; an unreadable artifact lacks them all."""
    index = tmp_path / "index.json"
    index.write_bytes(b'{"v": 1}\n')
    module = tmp_path / "ledger.py"
    module.write_bytes(b"A = 1\n")
    entries = {str(index): "acme/index.json", str(module): "acme/tools/ledger.py"}
    wheel = tmp_path / "acme-1.0.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("acme/index.json", b'{"v": 1}\n')
        archive.writestr("acme/tools/ledger.py", b"A = 2\n")
    assert missing_from_artifact(wheel, entries) == ["acme/tools/ledger.py"]
    sdist = tmp_path / "acme-1.0.0.tar.gz"
    with tarfile.open(sdist, "w:gz") as archive:
        archive.add(index, "acme-1.0.0/acme/index.json")
        archive.add(module, "acme-1.0.0/acme/tools/ledger.py")
    assert missing_from_artifact(sdist, entries) == []
    broken = tmp_path / "broken.whl"
    broken.write_bytes(b"PK")
    assert missing_from_artifact(broken, entries) == ["acme/index.json", "acme/tools/ledger.py"]
