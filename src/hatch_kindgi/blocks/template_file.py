"""Resolving a prompt's `templateFile`: inside the blocks folder, exact, UTF-8 text.

Names are compared with directory listings, one path segment at a time, never with
`exists()` or `open()`: on a case-insensitive file system those find `reply.liquid` for
`Reply.liquid`, and macOS finds `café.liquid` whichever Unicode normalization (NFC, NFD) each
side has; the pack would then break on Linux. The listing function is a parameter so a test
can stand in for such a file system.
"""

from __future__ import annotations

import os
import posixpath
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from hatch_kindgi.blocks.json_reader import byte_position, text_position
from hatch_kindgi.blocks.line_ends import GitAttributes
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay, Unread, read_pack_file
from hatch_kindgi.discover.links import joined, walk_inside
from hatch_kindgi.report.problems import Problem, error

ListDir = Callable[[str], Iterable[str]]
"""Names in a folder, given its path: `os.listdir` unless a test fakes one."""

POINTER = "/content/templateFile"
_DRIVE = re.compile(r"[A-Za-z]:")
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class TemplateFile:
    """The template's pack-relative path and text, each None when it can't be had."""

    path: str | None
    text: str | None
    problems: tuple[Problem, ...]


class Listings:
    """Folder listings and real paths, each taken once however many templates ask.

    One instance serves one run of the blocks stage: a pack of thousands of templates in one
    folder would otherwise list that folder once per template, which grows with the square
    of the pack.
    """

    def __init__(self, list_dir: ListDir = os.listdir, overlay: Overlay = NO_OVERLAY) -> None:
        self._list_dir = list_dir
        self.overlay = overlay
        """Editors' buffers of the run's files, read instead of the files under them."""
        self.attributes: GitAttributes | None = None
        """The `.gitattributes` around the pack, read once a run when a template asks."""
        self._names: dict[str, frozenset[str]] = {}
        self._real: dict[str, str] = {}

    def names(self, folder: str) -> frozenset[str]:
        """The names in `folder` (none when it can't be listed)."""
        names = self._names.get(folder)
        if names is None:
            try:
                names = frozenset(self._list_dir(folder))
            except OSError:
                names = frozenset()
            self._names[folder] = names
        return names

    def real_folder(self, folder: Path) -> str:
        """`os.path.realpath` of `folder`."""
        key = str(folder)
        real = self._real.get(key)
        if real is None:
            real = self._real[key] = os.path.realpath(folder)
        return real


def read_template_file(
    root: Path,
    block_file: str,
    value: str,
    blocks_folder: str,
    *,
    max_bytes: int,
    list_dir: ListDir = os.listdir,
    listings: Listings | None = None,
) -> TemplateFile:
    """Find and read `value`, the templateFile of pack file `block_file`.

    `listings` shares folder listings across the templates of one run (else `list_dir` is
    asked afresh).
    """
    if listings is None:
        listings = Listings(list_dir)
    named = f'templateFile "{value}"'

    def refuse(code: str, message: str) -> TemplateFile:
        return TemplateFile(None, None, (error(code, block_file, message, pointer=POINTER),))

    if "\\" in value:
        return refuse("template-file", f'{named} holds a backslash; separate folders with "/"')
    if value.startswith("/") or _DRIVE.match(value):
        return refuse(
            "template-file", f"{named} is absolute; give a path from the block file's folder"
        )
    if "\x00" in value:
        return refuse("template-file", f"{named} holds a NUL character, which no file name can")
    surrogate = _SURROGATE.search(value)
    if surrogate is not None:
        # Python would find a file whose name is not UTF-8 by it (surrogateescape).
        return refuse(
            "template-file",
            f"{named} holds a lone surrogate ({surrogate.group()}), which is not Unicode; "
            "no file of the pack can have that name",
        )
    target = _join(posixpath.dirname(block_file), value)
    folder = blocks_folder.strip("/")
    if target is None or (folder and not target.startswith(folder + "/")):
        where = f'the blocks folder "{folder}"' if folder else "the pack"
        return refuse("template-file", f"{named} leads outside {where}")
    current = os.fspath(root)  # strings, not Paths: this runs for every template of a pack
    for segment in target.split("/"):
        names = listings.names(current)
        if segment not in names:
            near = _near_miss(segment, names)
            if near is not None:
                return refuse(near[0], f"{named} not found; {near[1]}")
            return refuse("template-file", f'{named} not found (looked for "{target}")')
        current = joined(current, segment)
    # Every folder on the way, the blocks folder's own included: a link out of the pack
    # is never followed, even where what it reaches links back in.
    outside, real = walk_inside(root, target, inside=listings.real_folder(root))
    if outside is not None:
        return refuse(
            "template-file",
            f'{named} leads outside the pack through the symbolic link "{outside}"',
        )
    return _read(
        real_folder=listings.real_folder(root / folder if folder else root),
        path=current,
        real=real,
        target=target,
        block_file=block_file,
        named=named,
        max_bytes=max_bytes,
        buffer=listings.overlay.get(target),
    )


def _near_miss(segment: str, names: Iterable[str]) -> tuple[str, str] | None:
    """The code and hint for the names on disk that differ from `segment` only in letter case,
    in Unicode normalization, or both; None when there are none."""
    wanted = _fold(segment)
    near = sorted(name for name in names if _fold(name) == wanted)
    if not near:
        return None
    in_case = any(_nfc(name) != _nfc(segment) for name in near)
    in_form = any(name.casefold() != segment.casefold() for name in near)
    listed = " or ".join(f'"{name}"' for name in near)
    verb = "differs" if len(near) == 1 else "differ"
    if not in_form:
        return "template-case", f"{listed} {verb} only in case"
    forms = f"the file's name is {_form(near[0])}, the templateFile's {_form(segment)}"
    if in_case:
        return "template-case", f"{listed} {verb} only in case and Unicode normalization ({forms})"
    return "template-normalization", f"{listed} {verb} only in Unicode normalization ({forms})"


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _fold(text: str) -> str:
    """`text` for a comparison blind to case and normalization (Unicode's canonical caseless
    match: NFD, then case folded, then normalized again)."""
    return _nfc(unicodedata.normalize("NFD", text).casefold())


def _form(text: str) -> str:
    if unicodedata.is_normalized("NFC", text):
        return "NFC"
    if unicodedata.is_normalized("NFD", text):
        return "NFD"
    return "neither NFC nor NFD"


def _join(folder: str, value: str) -> str | None:
    """`value` taken from `folder`, `.` and `..` resolved; None when it climbs out of the pack."""
    segments = folder.split("/") if folder else []
    for segment in value.split("/"):
        if segment in ("", "."):
            continue
        if segment == "..":
            if not segments:
                return None
            segments.pop()
        else:
            segments.append(segment)
    return "/".join(segments) if segments else None


def _read(
    *,
    real_folder: str,
    path: str,
    real: str,
    target: str,
    block_file: str,
    named: str,
    max_bytes: int,
    buffer: bytes | None,
) -> TemplateFile:
    def refuse(message: str, at: tuple[str, int, int] | None = None) -> TemplateFile:
        if at is None:
            problem = error("template-file", block_file, message, pointer=POINTER)
        else:
            problem = error("template-file", at[0], message, line=at[1], column=at[2])
        return TemplateFile(None, None, (problem,))

    if not real.startswith(real_folder + os.sep):
        return refuse(f"{named} leads outside the blocks folder through a symbolic link")
    read = read_pack_file(path, max_bytes, buffer)
    if isinstance(read, Unread):
        said = {
            "missing": f"{named} cannot be read: no such file or directory",
            "loop": f"{named} is a symbolic link loop",
            "folder": f"{named} is a folder, not a file",
            "not-regular": f"{named} is not a regular file",
            "error": f"{named} cannot be read: {read.reason}",
        }
        if read.why == "too-large":
            return refuse(
                f"the template is {read.size} bytes, more than the limit of {max_bytes} "
                "(hook option `max-file-size`)",
                (target, 1, 1),
            )
        return refuse(said[read.why])
    data = read
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = byte_position(data, exc.start)
        return refuse(
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); a template is UTF-8 text",
            (target, line, column),
        )
    if "\x00" in text:
        line, column = text_position(text, text.index("\x00"))
        return refuse(
            "holds a NUL character; a template is text, not binary data", (target, line, column)
        )
    return TemplateFile(target, text, ())
