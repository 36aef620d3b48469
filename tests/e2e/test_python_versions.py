"""The same pack gives the same index bytes on every Python: a real isolated `python -m build`
(pip the installer) of a pack with code and of a hosted pack with patterns, on this
interpreter, against the bytes another Python's build of the same packs gave.

The other Python's bytes come from `python -m tests.helpers.python_versions OUT` run there, OUT
named by HATCH_KINDGI_OTHER_PYTHON_INDEXES; without it the test skips. CI (.ci/run) builds them
on 3.11 and runs this on 3.15 in the Debian sid chroot (.ci/sid), which has no compiler: a
dependency without a wheel for the newest Python fails the build here as in a pack's CI; and
on 3.10, where the pack with code skips (its build needs the kindgi SDK, 3.11+).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.helpers.python_versions import PACKS, built_index, make_pack

_OTHER = os.environ.get("HATCH_KINDGI_OTHER_PYTHON_INDEXES", "")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not _OTHER, reason="HATCH_KINDGI_OTHER_PYTHON_INDEXES names no folder"),
]


@pytest.mark.parametrize(
    "name",
    [pytest.param(name, marks=[pytest.mark.sdk]) if name == "full" else name for name in PACKS],
)
def test_index_bytes_are_the_other_pythons(
    name: str, tmp_path: Path, isolated_env: dict[str, str]
) -> None:
    other = Path(_OTHER)
    version = (other / "python.txt").read_text("utf-8")
    assert version.rsplit(".", 1)[0] != f"{sys.version_info[0]}.{sys.version_info[1]}", (
        f"the reference was built on this Python ({version}): nothing would be compared"
    )
    expected = (other / f"{name}.index.json").read_bytes()
    pack = make_pack(name, tmp_path / "pack")
    assert built_index(pack, tmp_path / "dist", isolated_env) == expected
