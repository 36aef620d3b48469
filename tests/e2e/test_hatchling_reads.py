"""The hook against hatchlings that read `build_data["force_include"]` otherwise than the one
installed: a right wheel, or a clear problem and no wheel, never a wrong wheel.

hatchling has no upper bound in our requirements, and a future release may read the mapping
at another time or in another way. Each stand-in below is the installed hatchling, run in
process, with one thing changed where it reads the mapping (`BuilderConfig.set_build_data`, or
after each hook's `initialize`): it reads it after every hook (stock), before the hooks after
ours have run (early), never, or at the C level (`dict.items`, which no subclass sees). The
pack is the minimal one plus a build hook of the project's own (`custom`, hatch_build.py)
that writes a block file into `blocks/` as it initializes (as hatch-vcs writes its version
file), configured after kindgi's hook or before it.

The right index is the one `hatch-kindgi index` writes for the pack with that block already
on disk: no build, no hook order, no hatchling involved.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hatchling.builders.config import BuilderConfig
from hatchling.builders.plugin.interface import BuilderInterface
from hatchling.builders.utils import normalize_inclusion_map
from hatchling.builders.wheel import WheelBuilder

from tests.helpers.packs import copy_pack, run_checked, wheel_files

pytestmark = pytest.mark.slow

BLOCK = {
    "id": "acme.late",
    "version": "1.0.0",
    "kind": "settings",
    "content": {"values": {"tone": "plain"}},
}
HOOK_SOURCE = f'''
import json
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class WritesABlock(BuildHookInterface):
    """Writes blocks/late.json as it initializes."""

    def initialize(self, version, build_data):
        folder = Path(self.root) / "blocks"
        folder.mkdir(exist_ok=True)
        (folder / "late.json").write_text(json.dumps({BLOCK!r}), "utf-8")
'''
KINDGI_TABLE = "[tool.hatch.build.hooks.kindgi]\n"
CUSTOM_TABLE = "[tool.hatch.build.hooks.custom]\n"
INDEX = "acme_minimal/index.json"


def _pack(folder: Path, kindgi_last: bool) -> Path:
    """The minimal pack with the custom hook, before or after kindgi's."""
    pack = copy_pack("minimal", folder)
    (pack / "hatch_build.py").write_text(HOOK_SOURCE, "utf-8")
    pyproject = pack / "pyproject.toml"
    text = pyproject.read_text("utf-8")
    start = text.index(KINDGI_TABLE)
    kindgi = text[start:]
    text = text[:start] + (
        f"{CUSTOM_TABLE}\n{kindgi}" if kindgi_last else f"{kindgi}\n{CUSTOM_TABLE}"
    )
    # The project ships nothing of its own (hatchling refuses a wheel of nothing, so a
    # hatchling that drops the hook's entries still builds one, for the hook to judge).
    text += '\n[tool.hatch.build.targets.wheel]\nonly-include = ["hatch_build.py"]\n'
    pyproject.write_text(text, "utf-8")
    return pack


@pytest.fixture(scope="module")
def right_index(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """`hatch-kindgi index` of the pack with the custom hook's block already written."""
    folder = tmp_path_factory.mktemp("reference")
    pack = copy_pack("minimal", folder)
    (pack / "blocks").mkdir()
    (pack / "blocks" / "late.json").write_text(json.dumps(BLOCK), "utf-8")
    out = folder / "index.json"
    command = [
        sys.executable,
        "-m",
        "hatch_kindgi",
        "index",
        "-q",
        "--artifact-version",
        "1.0.0",
        "-o",
        str(out),
        str(pack),
    ]
    run_checked(command, cwd=folder)
    written = out.read_bytes()
    assert [block["id"] for block in json.loads(written)["blocks"]] == ["acme.late"]
    return written


def _early(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads the mapping as a whole after each hook's initialize, as set_build_data does
    (and again once they have all run)."""
    original = BuilderInterface.get_build_hooks

    def hooks(self: BuilderInterface, directory: str) -> dict[str, Any]:  # type: ignore[type-arg]
        found = original(self, directory)
        for hook in found.values():
            initialize = hook.initialize

            def read_after(
                version: str,
                build_data: dict[str, Any],
                initialize: Callable[[str, dict[str, Any]], None] = initialize,
                root: str = self.root,
            ) -> None:
                initialize(version, build_data)
                normalize_inclusion_map(build_data["force_include"], root)

            hook.initialize = read_after  # type: ignore[method-assign]
        return found

    monkeypatch.setattr(BuilderInterface, "get_build_hooks", hooks)


def _reading(monkeypatch: pytest.MonkeyPatch, read: Callable[[Any], dict[str, str]]) -> None:
    """set_build_data handed the mapping as `read` gives it."""
    original = BuilderConfig.set_build_data

    @contextmanager
    def set_build_data(self: BuilderConfig, build_data: dict[str, Any]) -> Iterator[None]:
        with original(self, {**build_data, "force_include": read(build_data["force_include"])}):
            yield

    monkeypatch.setattr(BuilderConfig, "set_build_data", set_build_data)


def _never(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never reads the mapping: the hooks' force_include is left out."""
    _reading(monkeypatch, lambda mapping: {})


def _c_level(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads the mapping as a plain dict's items, which no subclass of dict sees."""
    _reading(monkeypatch, lambda mapping: dict(dict.items(mapping)))


STAND_INS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "stock": lambda monkeypatch: None,
    "early": _early,
    "never": _never,
    "c-level": _c_level,
}

# What each stand-in gives, kindgi's hook last or before the custom one: the right wheel, or
# no wheel and a message with these words.
EXPECTED: dict[tuple[str, bool], str | None] = {
    ("stock", True): None,
    ("stock", False): None,
    ("early", True): None,
    ("early", False): "before the build hooks after kindgi (custom) had run, and they changed "
    "blocks/late.json after the pack was checked",
    ("never", True): "did not write the build_data['force_include'] entries",
    ("never", False): "was built without the pack's index and files",
    ("c-level", True): None,
    ("c-level", False): "was built without the pack's index and files",
}


@pytest.mark.parametrize(
    ("reads", "kindgi_last"),
    sorted(EXPECTED),
    ids=[
        f"{reads}-{'kindgi-last' if last else 'kindgi-first'}" for reads, last in sorted(EXPECTED)
    ],
)
def test_a_right_wheel_or_a_clear_problem(  # noqa: PLR0917 (pytest's fixtures)
    reads: str,
    kindgi_last: bool,
    right_index: bytes,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A real wheel build of the pack, in process, on the stand-in hatchling."""
    pack = _pack(tmp_path, kindgi_last)
    out = tmp_path / "dist"
    STAND_INS[reads](monkeypatch)
    expected = EXPECTED[(reads, kindgi_last)]
    builder = WheelBuilder(str(pack))
    if expected is None:
        (wheel,) = list(builder.build(directory=str(out), versions=["standard"]))
        assert wheel_files(Path(wheel))[INDEX] == right_index
        return
    with pytest.raises(SystemExit) as stopped:
        list(builder.build(directory=str(out), versions=["standard"]))
    assert stopped.value.code == 1
    said = capsys.readouterr().err
    assert expected in said, said
    assert "it was removed" in said or "so it was removed" in said
    assert not list(out.glob("*.whl")), "a wheel was left behind"
