# pytest's types are skipped for the 3.9 target (pyproject), so its decorators come as Any.
# mypy: disallow-untyped-decorators=False
"""Discovery: which files a discovery glob matches under a pack root."""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.discover.patterns import (
    MAX_PATTERN_LENGTH,
    MAX_SPELLINGS,
    expand_braces,
    pattern_problem,
    static_prefix,
)
from hatch_kindgi.discover.stage import (
    SKIPPED_DIRS,
    Discovery,
    OtherMatch,
    discover,
    is_test_module,
    other_match,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

DEFAULT_GLOBS = {
    "tools": "tools/**/*.py",
    "guardrails": "guardrails/**/*.py",
    "agents": "agents/**/*.py",
    "flows": "flows/**/*.py",
    "blocks": "blocks/**/*.json",
}


def make_tree(root: Path, *paths: str) -> None:
    """Create empty files, and folders for the paths that end with `/`."""
    for path in paths:
        target = root / path
        if path.endswith("/"):
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("", encoding="utf-8")


def symlink(link: Path, target: str, *, folder: bool = False) -> None:
    """Create `link` pointing at `target`, or skip where symlinks can't be made."""
    link.parent.mkdir(parents=True, exist_ok=True)
    try:
        link.symlink_to(target, target_is_directory=folder)
    except (OSError, NotImplementedError) as error:  # Windows without the privilege
        pytest.skip(f"symlinks not available: {error}")


def files(root: Path, pattern: str, *, code: bool = False) -> list[str]:
    """The regular files `pattern` matches, as a list."""
    return list(discover(root, pattern, code=code).files)


def utf16_sorted(paths: list[str]) -> list[str]:
    """`paths` in UTF-16 code-unit order."""
    return sorted(paths, key=lambda path: path.encode("utf-16-be", "surrogatepass"))


# --- matching ---


def test_double_star_matches_zero_and_several_folders(tmp_path: Path) -> None:
    """`blocks/**/*.json` matches directly in blocks/ and at any depth below it."""
    make_tree(tmp_path, "blocks/a.json", "blocks/x/b.json", "blocks/x/y/z/c.json", "blocks/x/d.txt")
    assert files(tmp_path, "blocks/**/*.json") == [
        "blocks/a.json",
        "blocks/x/b.json",
        "blocks/x/y/z/c.json",
    ]


def test_leading_double_star_matches_from_the_root(tmp_path: Path) -> None:
    """`**/*.json` matches at the root and in every folder."""
    make_tree(tmp_path, "a.json", "x/b.json", "x/y/c.json", "x/y/d.py")
    assert files(tmp_path, "**/*.json") == ["a.json", "x/b.json", "x/y/c.json"]


def test_double_star_in_the_middle_matches_zero_folders(tmp_path: Path) -> None:
    """`a/**/b/*.py` matches `a/b/x.py` as well as `a/m/n/b/x.py`."""
    make_tree(tmp_path, "a/b/x.py", "a/m/n/b/y.py", "a/m/x.py", "a/bb/z.py")
    assert files(tmp_path, "a/**/b/*.py") == ["a/b/x.py", "a/m/n/b/y.py"]


def test_trailing_double_star_matches_every_file_beneath(tmp_path: Path) -> None:
    """`blocks/**` matches every file under blocks/, at any depth, and no folder."""
    make_tree(
        tmp_path, "blocks/a.json", "blocks/x/b.txt", "blocks/x/y/c", "blocks/empty/", "z.json"
    )
    assert discover(tmp_path, "blocks/**") == Discovery(
        ("blocks/a.json", "blocks/x/b.txt", "blocks/x/y/c"), ()
    )


def test_star_stays_within_one_segment(tmp_path: Path) -> None:
    """`tools/*.py` matches files directly in tools/ only."""
    make_tree(tmp_path, "tools/a.py", "tools/sub/b.py", "tools/sub/deep/c.py", "tools/d.pyc")
    assert files(tmp_path, "tools/*.py") == ["tools/a.py"]


def test_star_in_a_folder_segment(tmp_path: Path) -> None:
    """`*/x.py` matches one folder level, and `*` inside a name matches part of it."""
    make_tree(tmp_path, "a/x.py", "b/x.py", "a/b/x.py", "x.py", "tool-a/y.py", "tool/y.py")
    assert files(tmp_path, "*/x.py") == ["a/x.py", "b/x.py"]
    assert files(tmp_path, "tool-*/y.py") == ["tool-a/y.py"]


def test_question_mark_matches_one_character_not_a_slash(tmp_path: Path) -> None:
    """`?` matches exactly one character, and never `/`."""
    make_tree(tmp_path, "v1.json", "v22.json", "v.json", "v/x.json", "va.json")
    assert files(tmp_path, "v?.json") == ["v1.json", "va.json"]
    assert files(tmp_path, "v?x.json") == []


def test_brace_alternation_of_extensions(tmp_path: Path) -> None:
    """`blocks/*.{json,block}` matches either extension and nothing else."""
    make_tree(tmp_path, "blocks/a.json", "blocks/b.block", "blocks/c.txt", "blocks/d.jsonblock")
    assert files(tmp_path, "blocks/*.{json,block}") == ["blocks/a.json", "blocks/b.block"]


def test_brace_alternation_of_folders(tmp_path: Path) -> None:
    """`prompts/{a,b}/*.json` matches in prompts/a and prompts/b only."""
    make_tree(
        tmp_path, "prompts/a/x.json", "prompts/b/y.json", "prompts/c/z.json", "prompts/w.json"
    )
    assert files(tmp_path, "prompts/{a,b}/*.json") == ["prompts/a/x.json", "prompts/b/y.json"]


def test_nested_and_repeated_braces(tmp_path: Path) -> None:
    """Nested groups and several groups in one pattern all expand."""
    make_tree(
        tmp_path,
        "p/a/x1.json",
        "p/bc/x2.json",
        "p/bd/x1.json",
        "p/b/x1.json",
        "p/a/x3.json",
        "p/e/x1.json",
    )
    assert files(tmp_path, "p/{a,b{c,d}}/x{1,2}.json") == [
        "p/a/x1.json",
        "p/bc/x2.json",
        "p/bd/x1.json",
    ]


def test_brace_option_holding_a_slash(tmp_path: Path) -> None:
    """An option may name several segments: `blocks/{a,n/z}.json`."""
    make_tree(tmp_path, "blocks/a.json", "blocks/n/z.json", "blocks/z.json", "blocks/n/a.json")
    assert files(tmp_path, "blocks/{a,n/z}.json") == ["blocks/a.json", "blocks/n/z.json"]


def test_pattern_without_slash_matches_only_at_the_root(tmp_path: Path) -> None:
    """`*.json` is anchored at the pack root, unlike a .gitignore line."""
    make_tree(tmp_path, "a.json", "b.json", "x/c.json", "x/y/a.json")
    assert files(tmp_path, "*.json") == ["a.json", "b.json"]
    assert files(tmp_path, "a.json") == ["a.json"]


def test_literal_pattern_matches_that_file_only(tmp_path: Path) -> None:
    """A pattern without glob characters names one file, at that path."""
    make_tree(tmp_path, "prompts/x.json", "prompts/sub/x.json", "x.json")
    assert files(tmp_path, "prompts/x.json") == ["prompts/x.json"]


def test_file_beneath_a_folder_named_like_a_match_is_not_matched(tmp_path: Path) -> None:
    """A folder matching the pattern doesn't make everything inside it match (unlike gitignore)."""
    make_tree(tmp_path, "blocks/x.json/inner.txt", "blocks/x.json/y.json")
    assert discover(tmp_path, "blocks/*.json") == Discovery((), ("blocks/x.json",))
    assert discover(tmp_path, "blocks/**/*.json") == Discovery(
        ("blocks/x.json/y.json",), ("blocks/x.json",)
    )


def test_gitignore_specials_are_ordinary_characters(tmp_path: Path) -> None:
    """`[`, `!`, `#` and a trailing space mean themselves, as in the kindgi SDK."""
    make_tree(tmp_path, "[a].json", "a.json", "!x.json", "#y.json", "z .json", "z.json ", "z.json")
    assert files(tmp_path, "[a].json") == ["[a].json"]
    assert files(tmp_path, "!x.json") == ["!x.json"]
    assert files(tmp_path, "#*.json") == ["#y.json"]
    assert files(tmp_path, "z.json ") == ["z.json "]


def test_matching_is_case_sensitive(tmp_path: Path) -> None:
    """`blocks/*.json` doesn't match `blocks/A.JSON`."""
    make_tree(tmp_path, "blocks/a.json", "blocks/A.JSON")
    assert files(tmp_path, "blocks/*.json") == ["blocks/a.json"]


# --- what is never walked ---


def test_hidden_files_and_folders_are_never_matched(tmp_path: Path) -> None:
    """Names starting with `.` are skipped at every level, even when the pattern names them."""
    make_tree(
        tmp_path,
        "tools/a.py",
        "tools/.b.py",
        "tools/.hidden/c.py",
        "tools/x/.git/d.py",
        ".e.py",
        "f.py",
    )
    assert files(tmp_path, "tools/**/*.py") == ["tools/a.py"]
    assert files(tmp_path, "*.py") == ["f.py"]
    assert files(tmp_path, "tools/.b.py") == []


@pytest.mark.parametrize("skipped", sorted(SKIPPED_DIRS))
def test_skipped_folders_are_never_walked(tmp_path: Path, skipped: str) -> None:
    """`__pycache__`, `node_modules`, `venv` and `site-packages` are skipped at any depth."""
    make_tree(tmp_path, "tools/a.py", f"tools/{skipped}/b.py", f"tools/x/{skipped}/y/c.py")
    assert files(tmp_path, "tools/**/*.py") == ["tools/a.py"]
    assert files(tmp_path, "tools/*/*.py") == []


def test_skipped_dirs_are_the_documented_ones() -> None:
    """SKIPPED_DIRS is exactly the design's list."""
    assert frozenset({"__pycache__", "node_modules", "venv", "site-packages"}) == SKIPPED_DIRS


def test_static_prefix_is_walked_as_written(tmp_path: Path) -> None:
    """Folders the pattern spells out are entered even when hidden or skipped, as in the SDK."""
    make_tree(tmp_path, ".kindgi/blocks/a.json", ".kindgi/blocks/.b.json", "venv/x/c.py")
    assert files(tmp_path, ".kindgi/blocks/*.json") == [".kindgi/blocks/a.json"]
    assert files(tmp_path, "venv/x/*.py") == ["venv/x/c.py"]


# --- test modules ---


def test_test_modules_are_skipped_for_code(tmp_path: Path) -> None:
    """With code=True, `test_*.py`, `*_test.py` and `conftest.py` are left out."""
    make_tree(
        tmp_path,
        "tools/a.py",
        "tools/test_a.py",
        "tools/a_test.py",
        "tools/conftest.py",
        "tools/sub/test_b.py",
        "tools/testing.py",
        "tools/latest.py",
    )
    assert files(tmp_path, "tools/**/*.py", code=True) == [
        "tools/a.py",
        "tools/latest.py",
        "tools/testing.py",
    ]


def test_test_modules_are_kept_without_code(tmp_path: Path) -> None:
    """Without code=True, test-module names are ordinary matches."""
    make_tree(tmp_path, "data/a.py", "data/test_a.py", "data/a_test.py", "data/conftest.py")
    assert files(tmp_path, "data/*.py") == [
        "data/a.py",
        "data/a_test.py",
        "data/conftest.py",
        "data/test_a.py",
    ]


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("test_a.py", True),
        ("tools/test_a.py", True),
        ("tools/a_test.py", True),
        ("tools/conftest.py", True),
        ("test_.py", True),
        ("_test.py", True),
        ("tools/a.py", False),
        ("tools/testing.py", False),
        ("tools/contest.py", False),
        ("tools/test_a.json", False),
        ("tools/Test_a.py", False),
        ("test_dir/a.py", False),
        ("tools/conftest.pyc", False),
    ],
)
def test_is_test_module(path: str, expected: bool) -> None:
    """Test modules are recognised by their file name only."""
    assert is_test_module(path) is expected


# --- static prefix and walking ---


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("blocks/**/*.json", "blocks"),
        ("*.json", ""),
        ("prompts/x.json", "prompts"),
        ("x.json", ""),
        ("a/b/c/*.py", "a/b/c"),
        ("a/b?/c/*.py", "a"),
        ("a/{b,c}/*.py", "a"),
        ("{a,b}/x.py", ""),
        ("a/[b]/x.py", "a"),
        ("**/x.py", ""),
        ("a/b{c,d/e}/f", "a"),
    ],
)
def test_static_prefix(pattern: str, expected: str) -> None:
    """The static prefix is the leading folders without glob characters."""
    assert static_prefix(pattern) == expected


@pytest.fixture
def scanned(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The folders discovery lists, pack-relative order of scanning."""
    seen: list[str] = []
    real_scandir = os.scandir

    def spy(path: str) -> Iterator[os.DirEntry[str]]:
        seen.append(os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", spy)
    return seen


def test_walk_starts_at_the_static_prefix(tmp_path: Path, scanned: list[str]) -> None:
    """Only the static prefix and folders beneath it are listed."""
    make_tree(tmp_path, "tools/a.py", "tools/sub/b.py", "app/big/c.py", "other/d.py")
    assert files(tmp_path, "tools/**/*.py") == ["tools/a.py", "tools/sub/b.py"]
    assert sorted(scanned) == [str(tmp_path / "tools"), str(tmp_path / "tools" / "sub")]


def test_walk_stops_at_the_deepest_possible_match(tmp_path: Path, scanned: list[str]) -> None:
    """Without `**`, folders deeper than the pattern are never listed."""
    make_tree(tmp_path, "prompts/x.json", "prompts/a/y.json", "prompts/a/b/c/z.json")
    assert files(tmp_path, "prompts/*/*.json") == ["prompts/a/y.json"]
    assert sorted(scanned) == [str(tmp_path / "prompts"), str(tmp_path / "prompts" / "a")]


def test_missing_static_prefix_finds_nothing(tmp_path: Path) -> None:
    """A static prefix that doesn't exist, or is a file, gives an empty result."""
    make_tree(tmp_path, "blocks")
    assert discover(tmp_path, "tools/**/*.py") == Discovery((), ())
    assert discover(tmp_path, "blocks/**/*.json") == Discovery((), ())


# --- others: matches that are not regular files ---


def test_folder_named_like_a_match_is_in_others(tmp_path: Path) -> None:
    """A folder `blocks/x.json` is reported in others and still walked into."""
    make_tree(tmp_path, "blocks/a.json", "blocks/x.json/b.json", "blocks/x.json/c.txt")
    assert discover(tmp_path, "blocks/**/*.json") == Discovery(
        ("blocks/a.json", "blocks/x.json/b.json"), ("blocks/x.json",)
    )


def test_folders_under_a_wildcard_last_segment_are_not_in_others(tmp_path: Path) -> None:
    """`tools/*` and `tools/**` name the files in tools/, not its sub-folders."""
    make_tree(tmp_path, "tools/a.py", "tools/sub/b.py")
    assert discover(tmp_path, "tools/*") == Discovery(("tools/a.py",), ())
    assert discover(tmp_path, "tools/**") == Discovery(("tools/a.py", "tools/sub/b.py"), ())


def test_broken_symlink_and_loop_are_in_others(tmp_path: Path) -> None:
    """A dangling symlink and a symlink loop are matches that are not files."""
    make_tree(tmp_path, "blocks/a.json")
    symlink(tmp_path / "blocks/broken.json", "missing.json")
    symlink(tmp_path / "blocks/loop.json", "loop.json")
    symlink(tmp_path / "blocks/ping.json", "pong.json")
    symlink(tmp_path / "blocks/pong.json", "ping.json")
    assert discover(tmp_path, "blocks/**/*.json") == Discovery(
        ("blocks/a.json",),
        ("blocks/broken.json", "blocks/loop.json", "blocks/ping.json", "blocks/pong.json"),
    )


def test_symlink_to_a_file_is_a_file(tmp_path: Path) -> None:
    """A symlink to a regular file counts as a file."""
    make_tree(tmp_path, "shared/a.json")
    symlink(tmp_path / "blocks/a.json", "../shared/a.json")
    assert discover(tmp_path, "blocks/*.json") == Discovery(("blocks/a.json",), ())


def test_folder_symlink_is_not_followed(tmp_path: Path) -> None:
    """Files reached only through a folder symlink are not matched; a loop doesn't hang."""
    make_tree(tmp_path, "tools/a.py", "shared/b.py")
    symlink(tmp_path / "tools/lib", "../shared", folder=True)
    symlink(tmp_path / "tools/self", ".", folder=True)
    symlink(tmp_path / "tools/up", "..", folder=True)
    assert discover(tmp_path, "tools/**/*.py") == Discovery(("tools/a.py",), ())


def test_folder_symlink_named_like_a_match_is_in_others(tmp_path: Path) -> None:
    """A folder symlink whose own path matches is reported in others, not walked."""
    make_tree(tmp_path, "shared/c.json")
    symlink(tmp_path / "blocks/x.json", "../shared", folder=True)
    assert discover(tmp_path, "blocks/**/*.json") == Discovery((), ("blocks/x.json",))


def test_static_prefix_folder_linked_out_of_the_pack_is_not_walked(tmp_path: Path) -> None:
    """A folder the pattern starts from that leads outside the pack is named, never walked."""
    pack = tmp_path / "pack"
    make_tree(tmp_path, "outside/a.py", "outside/_secret.py", "outside/sub/b.py", "pack/lib/c.py")
    symlink(pack / "tools", "../outside", folder=True)
    assert discover(pack, "tools/**/*.py") == Discovery((), (), outside="tools")
    assert discover(pack, "tools/a.py") == Discovery((), (), outside="tools")
    assert discover(pack, "tools/sub/*.py", code=True) == Discovery((), (), outside="tools")


def test_every_folder_of_the_static_prefix_is_checked(tmp_path: Path) -> None:
    """The first folder of the prefix that leads outside is named, however deep it is."""
    pack = tmp_path / "pack"
    make_tree(tmp_path, "outside/tools/a.py", "pack/src/x.py")
    symlink(pack / "src/kindgi", "../../outside", folder=True)
    assert discover(pack, "src/kindgi/tools/*.py") == Discovery((), (), outside="src/kindgi")
    symlink(pack / "up", "..", folder=True)
    assert discover(pack, "up/outside/tools/*.py") == Discovery((), (), outside="up")


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="no /proc/self")
def test_static_prefix_linked_to_proc_self_reads_nothing(tmp_path: Path) -> None:
    """`blocks -> /proc/self` (the hook's own environment) is outside the pack."""
    symlink(tmp_path / "blocks", "/proc/self", folder=True)
    assert discover(tmp_path, "blocks/*") == Discovery((), (), outside="blocks")


def test_static_prefix_linked_inside_the_pack_is_followed(tmp_path: Path) -> None:
    """A prefix folder that is a link to a folder of the pack is walked, under its own name."""
    make_tree(tmp_path, "src/tools/a.py", "src/tools/sub/b.py")
    symlink(tmp_path / "tools", "src/tools", folder=True)
    symlink(tmp_path / "here", ".", folder=True)
    assert discover(tmp_path, "tools/**/*.py") == Discovery(("tools/a.py", "tools/sub/b.py"), ())
    assert discover(tmp_path, "here/src/tools/*.py") == Discovery(("here/src/tools/a.py",), ())


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no fifos on this system")
def test_fifo_is_in_others(tmp_path: Path) -> None:
    """A fifo is a match that is not a regular file (and is never opened)."""
    make_tree(tmp_path, "blocks/a.json")
    os.mkfifo(tmp_path / "blocks/pipe.json")
    assert discover(tmp_path, "blocks/*.json") == Discovery(
        ("blocks/a.json",), ("blocks/pipe.json",)
    )


def _undecodable(root: Path, *raw: bytes) -> list[str]:
    """Create files whose names hold bytes that are not UTF-8; their names as Python has them."""
    names = []
    for path in raw:
        target = root / os.fsdecode(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            target.write_bytes(b"")
        except OSError:  # pragma: no cover (macOS refuses such names)
            pytest.skip("this file system refuses names that are not UTF-8")
        names.append(os.fsdecode(path))
    return names


def test_names_that_are_not_utf8_are_misnamed(tmp_path: Path) -> None:
    """A match whose path (file or folder) is not UTF-8 is neither a file nor another match:
    the index, UTF-8 JSON, can't name it."""
    make_tree(tmp_path, "blocks/ok.json", "tools/ok.py")
    misnamed = _undecodable(
        tmp_path, b"blocks/bad\xff.json", b"blocks/sub\xfe/inner.json", b"tools/\xe9t\xe9.py"
    )
    assert discover(tmp_path, "blocks/**/*.json") == Discovery(
        ("blocks/ok.json",), (), (misnamed[0], misnamed[1])
    )
    assert discover(tmp_path, "tools/*.py", code=True) == Discovery(
        ("tools/ok.py",), (), (misnamed[2],)
    )


def test_test_module_named_folder_is_skipped_for_code(tmp_path: Path) -> None:
    """With code=True, a folder named like a test module is not reported."""
    make_tree(tmp_path, "tools/test_x.py/a.py")
    assert discover(tmp_path, "tools/**/*.py", code=True) == Discovery(
        ("tools/test_x.py/a.py",), ()
    )
    assert discover(tmp_path, "tools/**/*.py") == Discovery(
        ("tools/test_x.py/a.py",), ("tools/test_x.py",)
    )


# --- order ---


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS may normalize file names")
def test_results_are_in_utf16_code_unit_order(tmp_path: Path) -> None:
    """Paths sort by UTF-16 code units: an astral character before U+FF5A, unlike code points."""
    e_acute, emoji, fullwidth_z = "\u00e9", "\U0001f600", "\uff5a"
    names = ["z", e_acute, fullwidth_z, emoji, "Z", "a-b", "a", "a/b"]
    make_tree(tmp_path, *(f"blocks/{name}.json" for name in names))
    expected = [
        "blocks/Z.json",
        "blocks/a-b.json",
        "blocks/a.json",
        "blocks/a/b.json",
        "blocks/z.json",
        f"blocks/{e_acute}.json",
        f"blocks/{emoji}.json",
        f"blocks/{fullwidth_z}.json",
    ]
    assert files(tmp_path, "blocks/**/*.json") == expected
    assert expected == utf16_sorted(expected)
    assert sorted(expected) != expected


# --- braces ---


@pytest.mark.parametrize(
    ("pattern", "expected"),
    [
        ("a/b.json", ["a/b.json"]),
        ("*.{json,block}", ["*.json", "*.block"]),
        ("{a,b}/{1,2}", ["a/1", "a/2", "b/1", "b/2"]),
        ("x{a,b{c,d}}y", ["xay", "xbcy", "xbdy"]),
        ("{a,{b,{c,d}}}", ["a", "b", "c", "d"]),
        ("{a}", ["a"]),
        ("x{,y}", ["x", "xy"]),
        ("{a,a}", ["a"]),
        ("{a/b,c}/d", ["a/b/d", "c/d"]),
        ("a,b", ["a,b"]),
        ("{a", ["{a"]),
        ("a}", ["a}"]),
        ("{a}{b", ["a{b"]),
    ],
)
def test_expand_braces(pattern: str, expected: list[str]) -> None:
    """Brace groups expand left to right, nested and repeated, without duplicates."""
    assert expand_braces(pattern) == expected


# --- pattern problems ---


@pytest.mark.parametrize(
    "pattern",
    [
        "tools/**/*.py",
        "*.json",
        "**",
        "**/*.py",
        "blocks/{a,b{c,d}}/*.json",
        "a b/c d.json",
        ".kindgi/blocks/*.json",
        "[a].json",
        "a..b/c.json",
        "!x.json",
    ],
)
def test_usable_patterns_have_no_problem(pattern: str) -> None:
    """Ordinary patterns are accepted."""
    assert pattern_problem(pattern) is None


@pytest.mark.parametrize(
    ("pattern", "fragment"),
    [
        ("", "empty"),
        ("/tools/*.py", "absolute"),
        ("C:/tools/*.py", "absolute"),
        ("c:tools/*.py", "absolute"),
        ("tools\\*.py", "backslash"),
        ("../tools/*.py", '".."'),
        ("tools/../../x/*.py", '".."'),
        ("tools/..", '".."'),
        ("{..,tools}/*.py", '"../*.py"'),
        ("{/etc,tools}/*.py", "absolute"),
        ("{a,}/x.py", "absolute"),
        ("tools/{a,b", "never closed (character 7)"),
        ("tools/a}", 'no "{" before it (character 8)'),
        ("{a}}", 'no "{" before it (character 4)'),
        ("./tools/*.py", '"."'),
        ("tools//*.py", "empty segment"),
        ("tools/", "empty segment"),
        ("tools/**.py", '"**" must be a whole segment'),
        ("a**/b.py", '"**" must be a whole segment'),
        ("tools/\x00.py", "NUL"),
    ],
)
def test_pattern_problems(pattern: str, fragment: str) -> None:
    """Unusable patterns are refused with a reason."""
    problem = pattern_problem(pattern)
    assert problem is not None
    assert fragment in problem


def test_discover_refuses_a_pattern_with_a_problem(tmp_path: Path) -> None:
    """Calling discover with an unusable pattern is a bug in the caller: ValueError."""
    with pytest.raises(ValueError, match=r"leaves the pack root"):
        discover(tmp_path, "../x/*.py")


# --- the kindgi SDK as reference ---


def sdk_regular_files(root: Path, pattern: str) -> list[str]:
    """The SDK's matches that are regular files (it also lists broken symlinks), UTF-16 sorted."""
    # Imported by name so mypy doesn't follow the SDK into its dependencies.
    sdk = importlib.import_module("kindgi.pack.discovery")
    matches: list[str] = sdk.discover(root, pattern)
    return utf16_sorted([path for path in matches if (root / path).is_file()])


def build_reference_pack(root: Path) -> None:
    """A pack with nested code, tests, helpers, hidden and skipped folders, and symlinks."""
    make_tree(
        root,
        "tools/ledger.py",
        "tools/_db.py",
        "tools/test_ledger.py",
        "tools/ledger_test.py",
        "tools/conftest.py",
        "tools/notes.txt",
        "tools/sub/deep/more.py",
        "tools/sub/__init__.py",
        "tools/__pycache__/ledger.cpython-311.py",
        "tools/.cache/x.py",
        "tools/.hidden.py",
        "tools/node_modules/m.py",
        "tools/venv/lib/site-packages/v.py",
        "guardrails/tone.py",
        "guardrails/checks/policy.py",
        "agents/drafter.py",
        "agents/Ünïcode.py",
        "flows/record.py",
        "flows/x.py/inner.py",
        "blocks/reply-prompt.json",
        "blocks/reply-prompt.liquid",
        "blocks/nested/reply-style.json",
        "blocks/x.json/y.json",
        "elsewhere/tools/stray.py",
        "top.py",
    )
    symlink(root / "tools/alias.py", "ledger.py")
    symlink(root / "tools/broken.py", "missing.py")
    symlink(root / "tools/linked", "../elsewhere/tools", folder=True)


@pytest.mark.sdk
@pytest.mark.parametrize("kind", sorted(DEFAULT_GLOBS))
def test_default_globs_match_the_kindgi_sdk(tmp_path: Path, kind: str) -> None:
    """On the default globs, the regular files found equal the SDK's."""
    build_reference_pack(tmp_path)
    pattern = DEFAULT_GLOBS[kind]
    ours = discover(tmp_path, pattern, code=kind != "blocks")
    assert list(ours.files) == sdk_regular_files(tmp_path, pattern)
    assert ours.files  # the comparison is not vacuous


@pytest.fixture(scope="module")
def property_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fixed tree of short names at several depths for the property test."""
    root: Path = tmp_path_factory.mktemp("pack")
    names = ["a.py", "b.py", "ab.py", "a.json", "test_a.py", "x", ".h.py"]
    folders = ["", "a/", "b/", "ab/", "a/b/", "a/ab/", "a/b/a/", "ab/b.json/", ".h/", "venv/"]
    make_tree(root, *(folder + name for folder in folders for name in names))
    return root


_SEGMENTS = st.sampled_from(
    [
        "a",
        "b",
        "ab",
        "a.py",
        "b.json",
        "x",
        "*",
        "**",
        "?",
        "*.py",
        "a*",
        "*b",
        "?.py",
        "??.py",
        "{a,b}",
        "{a.py,a.json}",
        "*.{py,json}",
        "{a,a/b}",
    ]
)


@pytest.mark.sdk
@settings(max_examples=300, deadline=None)
@given(segments=st.lists(_SEGMENTS, min_size=1, max_size=4))
def test_any_pattern_matches_like_the_kindgi_sdk(property_root: Path, segments: list[str]) -> None:
    """For generated patterns, the regular files found equal the SDK's."""
    pattern = "/".join(segments)
    assert pattern_problem(pattern) is None
    ours = discover(property_root, pattern, code=True)
    assert list(ours.files) == sdk_regular_files(property_root, pattern)


# --- bounds: patterns whose braces would spell too much ---

TWENTY_ONE_GROUPS = "tools/" + "{a,b}" * 21 + "/*.py"


def test_brace_groups_beyond_the_bound_are_refused() -> None:
    """21 `{a,b}` groups spell 2^21 patterns: refused at once, naming the bound, not expanded."""
    assert pattern_problem(TWENTY_ONE_GROUPS) == (
        f"the pattern's {{…}} groups spell more than {MAX_SPELLINGS} patterns; use fewer groups, "
        'or a wildcard ("*", "**") that matches the same files'
    )
    with pytest.raises(ValueError, match="more than"):
        expand_braces(TWENTY_ONE_GROUPS)


def test_spellings_up_to_the_bound_are_kept() -> None:
    """Exactly MAX_SPELLINGS spellings is fine (8 groups of 2), one group more is not."""
    eight = "{a,b}" * 8
    assert MAX_SPELLINGS == 2**8
    assert pattern_problem(eight) is None
    assert len(expand_braces(eight)) == MAX_SPELLINGS
    assert expand_braces(eight)[:3] == ["aaaaaaaa", "aaaaaaab", "aaaaaaba"]
    assert pattern_problem(eight + "{a,b}") is not None


def test_repeats_count_once_towards_the_bound() -> None:
    """`x{,}` repeated 30 times spells one pattern, `x`: not refused."""
    assert expand_braces("x" + "{,}" * 30) == ["x"]
    assert pattern_problem("x" + "{,}" * 30) is None


def test_deep_nesting_within_the_length_bound_expands_without_recursion(tmp_path: Path) -> None:
    """2,000 nested one-option groups are `a`, and deeper than Python's recursion limit."""
    pattern = "{" * 2000 + "tools" + "}" * 2000 + "/*.py"
    assert len(pattern) <= MAX_PATTERN_LENGTH
    assert pattern_problem(pattern) is None
    assert expand_braces(pattern) == ["tools/*.py"]
    make_tree(tmp_path, "tools/a.py", "b.py")
    assert files(tmp_path, pattern) == ["tools/a.py"]


def test_deep_two_option_nesting_keeps_its_order() -> None:
    """`{a,{b,{c,…}}}` 255 levels deep spells 256 patterns, outermost option first."""
    pattern = "".join(f"{{x{i}," for i in range(255)) + "y" + "}" * 255
    spelled = expand_braces(pattern)
    assert spelled == [f"x{i}" for i in range(255)] + ["y"]


@pytest.mark.parametrize(
    "pattern",
    ["{" * 3000 + "a" + "}" * 3000, "tools/" + "x" * 5000 + ".py", "{" * 100_000],
)
def test_patterns_beyond_the_length_bound_are_refused(pattern: str) -> None:
    """A pattern longer than MAX_PATTERN_LENGTH is refused by its length, before any parse."""
    assert pattern_problem(pattern) == (
        f"the pattern is {len(pattern)} characters long; a discovery glob may be at most "
        f"{MAX_PATTERN_LENGTH}"
    )


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab{},", max_size=24))
def test_brace_expansion_matches_the_recursive_definition(pattern: str) -> None:
    """On any mix of braces and commas, the bounded expansion spells what the textbook
    recursive one does (first matched group, its top-level options, then the rest)."""
    expected = list(dict.fromkeys(_reference_expansion(pattern)))
    if len(expected) > MAX_SPELLINGS:
        return
    assert expand_braces(pattern) == expected


def _reference_expansion(text: str) -> list[str]:
    """The shell's left-to-right brace expansion, written the obvious recursive way."""
    for start, char in enumerate(text):
        if char != "{":
            continue
        depth = 0
        for end in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                options, level, begin = [], 0, start + 1
                for index in range(start + 1, end):
                    level += {"{": 1, "}": -1}.get(text[index], 0)
                    if text[index] == "," and level == 0:
                        options.append(text[begin:index])
                        begin = index + 1
                options.append(text[begin:end])
                tails = _reference_expansion(text[end + 1 :])
                return [
                    text[:start] + alternative + tail
                    for option in options
                    for alternative in _reference_expansion(option)
                    for tail in tails
                ]
    return [text]


def test_what_a_match_that_is_not_a_file_is(tmp_path: Path) -> None:
    """A match that is not a file of the pack says what it is as data (`kind`), beside the
    words a message gives it."""
    (tmp_path / "dir.json").mkdir()
    (tmp_path / "loop.json").symlink_to("loop.json")
    (tmp_path / "gone.json").symlink_to("nowhere.json")
    (tmp_path / "up.json").symlink_to(tmp_path.parent)
    assert [other_match(tmp_path, name) for name in ("dir.json", "loop.json", "gone.json")] == [
        OtherMatch("folder", "is a folder named like a match"),
        OtherMatch("link-loop", "is a symbolic link loop"),
        OtherMatch("broken-link", "is a symbolic link to nothing (broken)"),
    ]
    assert other_match(tmp_path, "up.json").kind == "link-out"
