"""templateFile: inside the blocks folder, case-exact by listings, a regular UTF-8 file."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.blocks.template_file import read_template_file
from hatch_kindgi.report.problems import error
from tests.helpers.blocks import block_paths, prompt, write

POINTER = "/content/templateFile"


def _read(root: Path, value: str, block_file: str = "blocks/p.json", **kwargs: object) -> object:
    return read_template_file(root, block_file, value, "blocks", max_bytes=1000, **kwargs)  # type: ignore[arg-type]


def test_subfolder_and_dot_segments_resolve(tmp_path: Path) -> None:
    """`./prompts/../prompts/r.liquid` from blocks/x/ finds blocks/x/prompts/r.liquid."""
    write(tmp_path, {"blocks/x/prompts/r.liquid": "Hi"})
    found = read_template_file(
        tmp_path, "blocks/x/p.json", "./prompts/../prompts/r.liquid", "blocks", max_bytes=100
    )
    assert (found.path, found.text, found.problems) == ("blocks/x/prompts/r.liquid", "Hi", ())


def test_case_near_miss_names_the_file_on_disk(tmp_path: Path) -> None:
    """On any file system, Reply.liquid for reply.liquid fails naming reply.liquid."""
    write(tmp_path, {"blocks/reply.liquid": "Hi"})
    found = read_template_file(tmp_path, "blocks/p.json", "Reply.liquid", "blocks", max_bytes=100)
    assert found.problems == (
        error(
            "template-case",
            "blocks/p.json",
            'templateFile "Reply.liquid" not found; "reply.liquid" differs only in case',
            pointer=POINTER,
        ),
    )


def test_case_insensitive_file_system_fake(tmp_path: Path) -> None:
    """With a listing that keeps the case a case-insensitive disk stored, the lookup still fails.

    The fake stands in for macOS or Windows: the file on disk is `Reply.liquid` (the listing
    says so), and opening `reply.liquid` would work there. The check goes by the listing only.
    """
    write(tmp_path, {"blocks/reply.liquid": "Hi"})
    calls: list[str] = []

    def listing_as_stored(folder: str) -> Iterable[str]:
        calls.append(Path(folder).relative_to(tmp_path).as_posix())
        return [
            name.capitalize() if name == "reply.liquid" else name
            for name in (path.name for path in Path(folder).iterdir())
        ]

    found = read_template_file(
        tmp_path,
        "blocks/p.json",
        "reply.liquid",
        "blocks",
        max_bytes=100,
        list_dir=listing_as_stored,
    )
    assert [p.message for p in found.problems] == [
        'templateFile "reply.liquid" not found; "Reply.liquid" differs only in case'
    ]
    assert calls == [".", "blocks"]


def test_case_near_miss_in_a_folder_segment(tmp_path: Path) -> None:
    """A folder that differs only in case is named too."""
    write(tmp_path, {"blocks/prompts/r.liquid": "Hi"})
    found = read_template_file(tmp_path, "blocks/p.json", "Prompts/r.liquid", "blocks", max_bytes=9)
    assert [p.message for p in found.problems] == [
        'templateFile "Prompts/r.liquid" not found; "prompts" differs only in case'
    ]


NFC = "caf\u00e9.liquid"  # é as one code point, as most keyboards type it
NFD = "cafe\u0301.liquid"  # e and a combining acute, as macOS file systems have written it


@pytest.mark.parametrize(
    ("on_disk", "typed", "forms"),
    [
        (NFD, NFC, "the file's name is NFD, the templateFile's NFC"),
        (NFC, NFD, "the file's name is NFC, the templateFile's NFD"),
    ],
)
def test_normalization_near_miss(tmp_path: Path, on_disk: str, typed: str, forms: str) -> None:
    """A name that differs from the file on disk only in Unicode normalization gets the hint a
    case near miss gets (macOS finds either form; Linux only the exact one)."""
    write(tmp_path, {f"blocks/{on_disk}": "Hi"})
    found = read_template_file(tmp_path, "blocks/p.json", typed, "blocks", max_bytes=100)
    assert found.problems == (
        error(
            "template-normalization",
            "blocks/p.json",
            f'templateFile "{typed}" not found; "{on_disk}" differs only in Unicode '
            f"normalization ({forms})",
            pointer=POINTER,
        ),
    )


def test_normalization_near_miss_in_a_folder(tmp_path: Path) -> None:
    """A folder segment is compared the same way."""
    write(tmp_path, {"blocks/re\u0301sume\u0301/a.liquid": "Hi"})
    found = read_template_file(
        tmp_path, "blocks/p.json", "r\u00e9sum\u00e9/a.liquid", "blocks", max_bytes=9
    )
    assert [(p.code, p.message) for p in found.problems] == [
        (
            "template-normalization",
            'templateFile "r\u00e9sum\u00e9/a.liquid" not found; "re\u0301sume\u0301" differs only '
            "in Unicode normalization (the file's name is NFD, the templateFile's NFC)",
        )
    ]


def test_case_and_normalization_near_miss(tmp_path: Path) -> None:
    """A name that differs in both is a case near miss that says so."""
    write(tmp_path, {f"blocks/{NFD}": "Hi"})
    found = read_template_file(tmp_path, "blocks/p.json", NFC.upper(), "blocks", max_bytes=100)
    assert [(p.code, p.message) for p in found.problems] == [
        (
            "template-case",
            f'templateFile "{NFC.upper()}" not found; "{NFD}" differs only in case and Unicode '
            "normalization (the file's name is NFD, the templateFile's NFC)",
        )
    ]


def test_template_file_that_is_not_valid_unicode(tmp_path: Path) -> None:
    """A lone surrogate in templateFile (legal JSON) names no file of a UTF-8 index: refused,
    even where a file whose name is not UTF-8 would match it."""
    (tmp_path / "blocks").mkdir()
    (tmp_path / "blocks" / os.fsdecode(b"bad\xff.liquid")).write_text("Hi", encoding="utf-8")
    found = read_template_file(tmp_path, "blocks/p.json", "bad\udcff.liquid", "blocks", max_bytes=9)
    assert found.problems == (
        error(
            "template-file",
            "blocks/p.json",
            'templateFile "bad\\udcff.liquid" holds a lone surrogate (\\udcff), which is not '
            "Unicode; no file of the pack can have that name",
            pointer=POINTER,
        ),
    )


def test_check_blocks_takes_the_listing_seam(tmp_path: Path) -> None:
    """check_blocks passes its list_dir down, so the whole stage can run on the fake."""
    write(
        tmp_path,
        {
            "blocks/p.json": prompt("acme.p", "1.0.0", templateFile="r.liquid"),
            "blocks/r.liquid": "x",
        },
    )
    outcome = check_blocks(
        tmp_path,
        ["blocks/p.json"],
        "blocks",
        list_dir=lambda folder: [path.name.upper() for path in Path(folder).iterdir()],
    )
    assert [p.code for p in outcome.problems] == ["template-case"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "/etc/passwd",
            'templateFile "/etc/passwd" is absolute; give a path from the block file\'s folder',
        ),
        (
            "C:/x.liquid",
            'templateFile "C:/x.liquid" is absolute; give a path from the block file\'s folder',
        ),
        ("a\\b.liquid", 'templateFile "a\\b.liquid" holds a backslash; separate folders with "/"'),
        ("../top.liquid", 'templateFile "../top.liquid" leads outside the blocks folder "blocks"'),
        ("../../../x", 'templateFile "../../../x" leads outside the blocks folder "blocks"'),
        ("..", 'templateFile ".." leads outside the blocks folder "blocks"'),
        (
            "missing.liquid",
            'templateFile "missing.liquid" not found (looked for "blocks/missing.liquid")',
        ),
        (
            "top.liquid/x",
            'templateFile "top.liquid/x" not found (looked for "blocks/top.liquid/x")',
        ),
        ("sub", 'templateFile "sub" is a folder, not a file'),
    ],
)
def test_path_problems(tmp_path: Path, value: str, message: str) -> None:
    """Each bad path is one template-file problem on the block file, at /content/templateFile."""
    write(tmp_path, {"top.liquid": "x", "blocks/top.liquid": "x", "blocks/sub/a.liquid": "x"})
    found = read_template_file(tmp_path, "blocks/p.json", value, "blocks", max_bytes=100)
    assert found.problems == (error("template-file", "blocks/p.json", message, pointer=POINTER),)


def test_symlink_inside_the_folder_is_followed(tmp_path: Path) -> None:
    """A link to a file inside the blocks folder is fine."""
    write(tmp_path, {"blocks/real/r.liquid": "Hi"})
    (tmp_path / "blocks/link.liquid").symlink_to("real/r.liquid")
    found = read_template_file(tmp_path, "blocks/p.json", "link.liquid", "blocks", max_bytes=100)
    assert (found.text, found.problems) == ("Hi", ())


def test_symlink_escape_loop_and_broken(tmp_path: Path) -> None:
    """A link out of the folder, a link loop and a broken link are each a problem, no exception."""
    write(tmp_path, {"secret.liquid": "outside"})
    blocks = tmp_path / "blocks"
    blocks.mkdir()
    (blocks / "out.liquid").symlink_to("../secret.liquid")
    (blocks / "loop.liquid").symlink_to("loop.liquid")
    (blocks / "gone.liquid").symlink_to("nowhere.liquid")
    messages = [
        read_template_file(tmp_path, "blocks/p.json", name, "blocks", max_bytes=100)
        .problems[0]
        .message
        for name in ("out.liquid", "loop.liquid", "gone.liquid")
    ]
    assert (
        messages[0]
        == 'templateFile "out.liquid" leads outside the blocks folder through a symbolic link'
    )
    assert messages[1] == 'templateFile "loop.liquid" is a symbolic link loop'
    assert messages[2].startswith('templateFile "gone.liquid" ')
    assert all(str(tmp_path) not in message for message in messages)


def test_blocks_folder_linked_out_of_the_pack_reads_nothing(tmp_path: Path) -> None:
    """A blocks folder that is a link out of the pack: no template under it is read."""
    write(tmp_path, {"outside/t.liquid": "secret", "pack/pyproject.toml": ""})
    pack = tmp_path / "pack"
    (pack / "blocks").symlink_to("../outside", target_is_directory=True)
    found = read_template_file(pack, "blocks/p.json", "t.liquid", "blocks", max_bytes=100)
    assert (found.path, found.text) == (None, None)
    assert found.problems == (
        error(
            "template-file",
            "blocks/p.json",
            'templateFile "t.liquid" leads outside the pack through the symbolic link "blocks"',
            pointer=POINTER,
        ),
    )


def test_folder_on_the_way_linked_out_of_the_pack(tmp_path: Path) -> None:
    """A folder between the blocks folder and the template that leads outside is refused,
    even where the file it reaches is a link back into the blocks folder."""
    write(tmp_path, {"outside/t.liquid": "secret", "pack/blocks/real.liquid": "Hi"})
    pack = tmp_path / "pack"
    (pack / "blocks/sub").symlink_to("../../outside", target_is_directory=True)
    (tmp_path / "outside/back.liquid").symlink_to(pack / "blocks/real.liquid")
    for name in ("sub/t.liquid", "sub/back.liquid"):
        found = read_template_file(pack, "blocks/p.json", name, "blocks", max_bytes=100)
        assert found.text is None
        assert found.problems[0].message == (
            f'templateFile "{name}" leads outside the pack through the symbolic link "blocks/sub"'
        )


def test_blocks_folder_linked_inside_the_pack_is_followed(tmp_path: Path) -> None:
    """A blocks folder that is a link to a folder of the pack is read as the blocks folder."""
    write(tmp_path, {"src/blocks/t.liquid": "Hi"})
    (tmp_path / "blocks").symlink_to("src/blocks", target_is_directory=True)
    found = read_template_file(tmp_path, "blocks/p.json", "t.liquid", "blocks", max_bytes=100)
    assert (found.path, found.text, found.problems) == ("blocks/t.liquid", "Hi", ())


def test_text_faults_point_into_the_template(tmp_path: Path) -> None:
    """Invalid UTF-8 and NUL are placed by line and column in the template file itself."""
    write(tmp_path, {"blocks/a.liquid": b"ok\nab\xfe", "blocks/b.liquid": "ok\n\x00"})
    bad = read_template_file(tmp_path, "blocks/p.json", "a.liquid", "blocks", max_bytes=100)
    nul = read_template_file(tmp_path, "blocks/p.json", "b.liquid", "blocks", max_bytes=100)
    assert [(p.file, p.line, p.column) for p in (*bad.problems, *nul.problems)] == [
        ("blocks/a.liquid", 2, 3),
        ("blocks/b.liquid", 2, 1),
    ]


def test_template_too_large(tmp_path: Path) -> None:
    """A template over the size limit is a problem on the template, and isn't read."""
    write(tmp_path, {"blocks/big.liquid": "x" * 101})
    found = read_template_file(tmp_path, "blocks/p.json", "big.liquid", "blocks", max_bytes=100)
    assert [(p.file, p.message) for p in found.problems] == [
        (
            "blocks/big.liquid",
            "the template is 101 bytes, more than the limit of 100 (hook option `max-file-size`)",
        )
    ]


def test_block_files_that_are_not_files(tmp_path: Path) -> None:
    """A folder, a link loop and a broken link matched as block files: one problem each."""
    (tmp_path / "blocks/dir.json").mkdir(parents=True)
    (tmp_path / "blocks/loop.json").symlink_to("loop.json")
    (tmp_path / "blocks/gone.json").symlink_to("nowhere.json")
    files, others = block_paths(tmp_path)
    assert files == []
    outcome = check_blocks(tmp_path, files, "blocks", others)
    assert [(p.file, p.code, p.message) for p in outcome.problems] == [
        (
            "blocks/dir.json",
            "block-not-file",
            "is a folder named like a block file; a block is one JSON file",
        ),
        (
            "blocks/gone.json",
            "block-not-file",
            "is a symbolic link to nothing (broken), not a block file",
        ),
        ("blocks/loop.json", "block-not-file", "is a symbolic link loop, not a block file"),
    ]
    # Given as files (a discovery that can't tell), the same problems come out.
    assert check_blocks(tmp_path, others, "blocks").problems == outcome.problems


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_unreadable_block_file(tmp_path: Path) -> None:
    """A block file the build can't read is a block-read problem without the absolute path."""
    write(tmp_path, {"blocks/secret.json": "{}"})
    (tmp_path / "blocks/secret.json").chmod(0)
    try:
        problems = check_blocks(tmp_path, ["blocks/secret.json"], "blocks").problems
    finally:
        (tmp_path / "blocks/secret.json").chmod(0o644)
    assert [(p.code, p.message) for p in problems] == [
        ("block-read", "cannot be read: permission denied")
    ]


def test_read_error_names_no_absolute_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An OS error while reading is a block-read problem with the OS's reason, not its path."""
    write(tmp_path, {"blocks/a.json": "{}"})

    opened = os.open

    def refuse(path: str | Path, flags: int, *args: int) -> int:
        if str(path).endswith("a.json"):
            raise PermissionError(13, "Permission denied", str(path))
        return opened(path, flags, *args)

    monkeypatch.setattr(os, "open", refuse)  # the one read of pack files opens with it
    problems = check_blocks(tmp_path, ["blocks/a.json"], "blocks").problems
    assert [(p.code, p.message) for p in problems] == [
        ("block-read", "cannot be read: permission denied")
    ]
