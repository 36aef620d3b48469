"""Real builds with discovery globs past the bounds: a problem naming the key, at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV, expected_report, tree_digest
from tests.helpers.packs import (
    BROKEN,
    build_env,
    copy_pack,
    edit_text,
    report_of,
    run_build,
    wheel_files,
)

pytestmark = pytest.mark.slow

# A regression would expand 2^21 patterns (about 1 GB, minutes): fail instead of waiting.
_HANG_GUARD_SECONDS = 300


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_too_many_spellings_fail_with_the_golden_report(
    tmp_path: Path, isolated: bool, isolated_env: dict[str, str]
) -> None:
    """21 and 9 `{a,b}` groups: the golden report, also where the hook's `dependencies()`
    discovers code before the build (isolated)."""
    pack = tmp_path / "pack"
    shutil.copytree(BROKEN / "discovery-pattern-bounds", pack)
    before = tree_digest(pack)
    run = run_build(
        pack,
        tmp_path / "dist",
        isolated=isolated,
        env={**isolated_env, **GOLDEN_ENV},
        timeout=_HANG_GUARD_SECONDS,
    )
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    assert report_of(run.stderr) == expected_report("discovery-pattern-bounds")
    assert run.artifacts == []
    assert tree_digest(pack) == before


def _set_discovery(pack: Path, kind: str, pattern: str) -> None:
    edit_text(
        pack / "pyproject.toml",
        "[tool.kindgi.pack]",
        f"[tool.kindgi.discovery]\n{kind} = {pattern!r}\n\n[tool.kindgi.pack]",
    )


def test_three_thousand_nested_braces_fail_naming_the_key(tmp_path: Path) -> None:
    """3,000 nested groups: a discovery-pattern problem naming the key, no RecursionError."""
    pack = copy_pack("blocks", tmp_path)
    pattern = "{" * 3000 + "blocks" + "}" * 3000 + "/*.json"
    _set_discovery(pack, "blocks", pattern)
    run = run_build(
        pack, tmp_path / "dist", isolated=False, env=build_env(), timeout=_HANG_GUARD_SECONDS
    )
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    (line, summary) = report_of(run.stderr).splitlines()
    assert line.startswith(  # on line 10, `blocks = '{{{…`, its value from column 10
        "pyproject.toml:10:10: error[discovery-pattern]: `tool.kindgi.discovery.blocks` "
    )
    assert line.endswith(
        f"can't be used: the pattern is {len(pattern)} characters long; a discovery glob may be "
        "at most 4096"
    )
    assert summary == "1 error, 0 warnings in 1 file"


def test_deep_nesting_within_the_bounds_builds(tmp_path: Path) -> None:
    """900 nested one-option groups around `blocks` (deeper than Python's recursion limit
    once expanded recursively) are `blocks`: the wheel holds the same index as the default."""
    reference = copy_pack("blocks", tmp_path / "reference")
    nested = copy_pack("blocks", tmp_path / "nested")
    _set_discovery(nested, "blocks", "{" * 900 + "blocks" + "}" * 900 + "/**/*.json")
    runs = [
        run_build(pack, pack.parent / "dist", isolated=False, timeout=_HANG_GUARD_SECONDS)
        for pack in (reference, nested)
    ]
    for run in runs:
        assert run.returncode == 0, run.stderr
    indexes = [wheel_files(run.wheels[0])["acme_blocks/index.json"] for run in runs]
    assert b'"blocks": [' in indexes[0]
    assert indexes[0] == indexes[1]
