"""Where links lead: `first_link_out` agrees with resolving every leading part in full."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hatch_kindgi.discover.links import first_link_out


def _by_realpath(root: Path, rel: str) -> str | None:
    """The definition, spelled out: the first leading part whose real path leaves the root."""
    folder = os.path.realpath(root)
    segments = rel.split("/")
    for end in range(1, len(segments) + 1):
        real = os.path.realpath(root.joinpath(*segments[:end]))
        if real != folder and not real.startswith(folder + os.sep):
            return "/".join(segments[:end])
    return None


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A pack beside an outside folder, with links of every kind between them."""
    outside = tmp_path / "outside"
    (outside / "deep").mkdir(parents=True)
    (outside / "deep/x.liquid").write_text("x")
    root = tmp_path / "pack"
    (root / "blocks/prompts").mkdir(parents=True)
    (root / "blocks/prompts/a.liquid").write_text("a")
    (root / "shared").mkdir()
    (root / "shared/b.liquid").write_text("b")
    links = {
        "blocks/in": "../shared",  # a folder of the pack: fine
        "blocks/out": "../../outside",  # out of the pack
        "blocks/abs": str(outside),  # out, absolute
        "blocks/back": "../../outside/../pack/shared",  # out by name, back in by its end
        "blocks/chain": "in",  # a link to a link inside
        "blocks/chain-out": "out",  # a link to a link out
        "blocks/file.liquid": "prompts/a.liquid",  # a file link inside
        "blocks/leak.liquid": "../../outside/deep/x.liquid",  # a file link out
        "blocks/dangling": "../missing",  # leads nowhere, inside
        "blocks/dangling-out": "../../missing",  # leads nowhere, outside
        "blocks/loop": "loop",  # resolves to itself
    }
    try:
        for link, target in links.items():
            (root / link).symlink_to(target)
    except OSError as error:  # pragma: no cover - platforms without symlinks
        pytest.skip(f"symlinks not available: {error}")
    return root


@pytest.mark.parametrize(
    "rel",
    [
        "blocks/prompts/a.liquid",
        "blocks/in/b.liquid",
        "blocks/out/deep/x.liquid",
        "blocks/abs/deep/x.liquid",
        "blocks/back/b.liquid",
        "blocks/chain/b.liquid",
        "blocks/chain-out/deep/x.liquid",
        "blocks/file.liquid",
        "blocks/leak.liquid",
        "blocks/dangling/c.liquid",
        "blocks/dangling-out/c.liquid",
        "blocks/loop/c.liquid",
        "blocks/absent/c.liquid",
        "blocks/prompts/a.liquid/under-a-file",
        "blocks/../shared/b.liquid",
        "blocks/./prompts/a.liquid",
        "blocks/../../outside/deep/x.liquid",
    ],
)
def test_agrees_with_a_realpath_of_every_part(tree: Path, rel: str) -> None:
    expected = _by_realpath(tree, rel)
    assert first_link_out(tree, rel) == expected
    assert first_link_out(tree, rel, inside=os.path.realpath(tree)) == expected


def test_the_outside_cases_are_outside(tree: Path) -> None:
    """The oracle itself sees the links out (so the agreement above means something)."""
    assert first_link_out(tree, "blocks/out/deep/x.liquid") == "blocks/out"
    assert first_link_out(tree, "blocks/chain-out/deep/x.liquid") == "blocks/chain-out"
    assert first_link_out(tree, "blocks/leak.liquid") == "blocks/leak.liquid"
    assert first_link_out(tree, "blocks/back/b.liquid") is None


def test_a_root_reached_through_a_link(tree: Path, tmp_path: Path) -> None:
    """The root given by a link of its own: parts are judged against its real path."""
    alias = tmp_path / "alias"
    alias.symlink_to(tree)
    assert first_link_out(alias, "blocks/in/b.liquid") is None
    assert first_link_out(alias, "blocks/out/deep") == _by_realpath(alias, "blocks/out/deep")
    assert first_link_out(alias, "blocks/out/deep") == "blocks/out"
