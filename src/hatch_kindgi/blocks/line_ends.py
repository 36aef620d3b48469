"""A template file checked out with `\\r\\n` line ends: named, with the `.gitattributes` line
that makes every checkout of the commit give the same index.

Git for Windows, and Windows CI runners, check text files out with `\\r\\n`
(`core.autocrlf=true`) unless the pack's `.gitattributes` say otherwise. The build inlines a
`templateFile` as it is, so one commit gives two indexes, and a deploy of either refuses the
other's block version as changed content. Only `\\r\\n` is git's doing: a lone `\\r` is in the
commit and every checkout writes it the same.

What git does for a path is read from the `.gitattributes` files of the work tree, as
gitattributes(5) has them: from the repository's top folder (the nearest folder above the pack
with a `.git`; the pack root when there is none) down to the template's own folder, a deeper
file over a higher one, a later line over an earlier one; a pattern without a slash matches the
file's name at any depth below its file, one with a slash the path from its file's folder; a
negative pattern, and one that names only folders (`dir/`), match no file. Only the committed
files count, as they are what another checkout has: neither `.git/info/attributes` nor a user's
`core.attributesFile` is read. Nothing here runs for a template without `\\r\\n`, and nothing
spawns git. `tests/unit/blocks/test_line_ends.py` holds this reading to `git check-attr`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hatch_kindgi.blocks.json_reader import text_position
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay
from hatch_kindgi.report.problems import Problem, warning

CODE = "template-line-ends"
ATTRIBUTES = ".gitattributes"
"""Where the fix writes its line: the pack root's `.gitattributes`, inside the pack as every
file a fix writes is, and carried with the pack wherever it is copied."""

_MACROS: dict[str, tuple[str, ...]] = {"binary": ("-diff", "-merge", "-text")}
_SAFE_EXTENSION = re.compile(r"[A-Za-z0-9_+-]+")
_SAFE_PATH = re.compile(r"[A-Za-z0-9_.+/-]+")
_MAX_ATTRIBUTES_BYTES = 1 << 20


@dataclass(frozen=True)
class LineEnds:
    """What the `.gitattributes` say of a path: `text` (True set, False unset, `"auto"`,
    None unspecified) and `eol` (`"lf"`, `"crlf"`, None)."""

    text: bool | str | None = None
    eol: str | None = None

    @property
    def kept(self) -> bool:
        """Whether every checkout writes the file's bytes alike: `-text` (or `binary`) keeps
        what was committed, `eol=crlf` writes `\\r\\n` everywhere."""
        return self.text is False or self.eol == "crlf"

    @property
    def lf(self) -> bool:
        """Whether every checkout writes `\\n` (`eol=lf` on a path that is text)."""
        return self.text is not False and self.eol == "lf"


def line_ends_problem(
    root: Path,
    target: str,
    text: str,
    overlay: Overlay = NO_OVERLAY,
    attributes: GitAttributes | None = None,
) -> Problem | None:
    """The warning on template file `target` (pack-relative) whose `text` has `\\r\\n`, None
    when it has none or the `.gitattributes` keep its bytes (`-text`, `eol=crlf`).
    `attributes` reads the run's `.gitattributes` once for all its templates (else a reader
    of `root` through `overlay` is made)."""
    at = text.find("\r\n")
    if at < 0:
        return None
    if attributes is None:
        attributes = GitAttributes(root, overlay)
    said = attributes.of(target)
    if said.kept:
        return None
    line, column = text_position(text, at)
    ends = "its lines end in \\r\\n, as a Windows checkout (git's core.autocrlf) writes them"
    if said.lf:
        return warning(
            CODE,
            target,
            f"{ends}, though .gitattributes says eol=lf: it was checked out before that line, "
            "so the index differs from an LF checkout's and a deploy of one refuses the other's "
            "block version as changed content; check the file out again (delete it, then "
            "`git checkout -- <file>`)",
            line=line,
            column=column,
        )
    wanted = attributes_line(target)
    fix = wanted is not None and attributes.of(target, added=wanted).lf
    named = f'"{wanted}"' if wanted is not None else f'a line that gives "{target}" "text eol=lf"'
    return warning(
        CODE,
        target,
        f"{ends}: the index differs from an LF checkout's of the same commit, and a deploy of "
        "one refuses the other's block version as changed content; add "
        f'{named} to the pack\'s .gitattributes (or "-text" there to keep the \\r)',
        line=line,
        column=column,
        suggestion=(ATTRIBUTES, wanted) if fix and wanted is not None else None,
    )


def attributes_line(target: str) -> str | None:
    """The `.gitattributes` line that checks `target` out with `\\n`: by its extension
    (`*.liquid text eol=lf`), else by its path from the pack root; None when its name would
    need quoting."""
    name = target.rpartition("/")[2]
    stem, dot, extension = name.rpartition(".")
    if dot and stem and _SAFE_EXTENSION.fullmatch(extension):
        return f"*.{extension} text eol=lf"
    if _SAFE_PATH.fullmatch(target):
        return f"/{target} text eol=lf"
    return None


def appended(before: str | None, line: str) -> str:
    """`before` (a `.gitattributes`' text, None: there is none) with `line` added at its end:
    its bytes kept, a line end added where its last line has none, each in the file's own
    style (`\\r\\n` when its first line ends so)."""
    before = before or ""
    newline = "\r\n" if re.match(r"[^\n]*\r\n", before) else "\n"
    if before and not before.endswith("\n"):
        before += newline
    return before + line + newline


def attributes_of(root: Path, target: str, overlay: Overlay = NO_OVERLAY) -> LineEnds:
    """The `text` and `eol` attributes the work tree's `.gitattributes` give pack file
    `target`."""
    return GitAttributes(root, overlay).of(target)


_Lines = tuple[tuple[str, tuple[str, ...]], ...]


class GitAttributes:
    """The `.gitattributes` of the work tree around the pack at `root` (an editor's buffer
    from `overlay` where it has one), each file read and parsed once however many templates
    ask: one instance serves one run of the blocks stage."""

    def __init__(self, root: Path, overlay: Overlay = NO_OVERLAY) -> None:
        self.root = root
        self.overlay = overlay
        self._top: tuple[Path, str] | None = None
        self._files: dict[str, _Lines] = {}

    def of(self, target: str, *, added: str | None = None) -> LineEnds:
        """What the files say of pack file `target`; with `added`, as they would with that
        line added at the end of the pack root's file."""
        top, inside = self._where()
        path = target if inside == "." else f"{inside}/{target}"
        folders = path.split("/")[:-1]
        state: dict[str, bool | str | None] = {"text": None, "eol": None}
        macros: dict[str, tuple[str, ...]] = dict(_MACROS)
        for depth in range(len(folders) + 1):
            folder = "/".join(folders[:depth])
            relative = path[len(folder) + 1 :] if folder else path
            pack_relative = _pack_relative(folder, inside)
            lines = self._lines(top, folder, pack_relative)
            if added is not None and pack_relative == ATTRIBUTES:
                lines += tuple(_lines(added))
            for pattern, attributes in lines:
                if pattern.startswith("[attr]"):
                    if depth == 0:
                        macros[pattern[6:]] = attributes
                    continue
                if _matches(pattern, relative):
                    for attribute in attributes:
                        _apply(attribute, state, macros)
        text, eol = state["text"], state["eol"]
        return LineEnds(text, eol if isinstance(eol, str) else None)

    def _where(self) -> tuple[Path, str]:
        """The work tree's top folder, and the pack root from it (`.` when the same)."""
        if self._top is None:
            top = _top(self.root)
            self._top = (top, Path(os.path.relpath(self.root, top)).as_posix())
        return self._top

    def _lines(self, top: Path, folder: str, pack_relative: str | None) -> _Lines:
        key = f"{folder}/{ATTRIBUTES}"
        lines = self._files.get(key)
        if lines is None:
            if pack_relative is None:
                content = _read_disk(top / folder / ATTRIBUTES)
            else:
                content = _read(self.root, pack_relative, self.overlay)
            lines = self._files[key] = () if content is None else tuple(_lines(content))
        return lines


def _apply(
    attribute: str, state: dict[str, bool | str | None], macros: dict[str, tuple[str, ...]]
) -> None:
    if attribute in macros:
        for each in macros[attribute]:
            _apply(each, state, {})
        return
    value: bool | str | None
    if attribute.startswith("-"):
        name, value = attribute[1:], False
    elif attribute.startswith("!"):
        name, value = attribute[1:], None
    elif "=" in attribute:
        name, _, value = attribute.partition("=")
    else:
        name, value = attribute, True
    if name in state:
        state[name] = value


def _pack_relative(folder: str, inside: str) -> str | None:
    """The pack-relative name of `folder`'s `.gitattributes` (`folder` from the top), None
    when the folder is above the pack."""
    if inside == ".":
        return f"{folder}/{ATTRIBUTES}" if folder else ATTRIBUTES
    if folder == inside:
        return ATTRIBUTES
    if folder.startswith(inside + "/"):
        return f"{folder[len(inside) + 1 :]}/{ATTRIBUTES}"
    return None


def _top(root: Path) -> Path:
    """The work tree's top folder: the nearest folder from `root` up that holds `.git`; `root`
    itself when none does."""
    absolute = Path(os.path.normpath(root.absolute()))
    for folder in (absolute, *absolute.parents):
        if os.path.lexists(folder / ".git"):
            return folder
    return absolute


def _read(root: Path, file: str, overlay: Overlay) -> str | None:
    data = overlay.get(file)
    if data is not None:
        return data.decode("utf-8", "surrogateescape")
    return _read_disk(root / file)


def _read_disk(path: Path) -> str | None:
    try:
        with path.open("rb") as stream:
            data = stream.read(_MAX_ATTRIBUTES_BYTES)
    except OSError:
        return None
    return data.decode("utf-8", "surrogateescape")


def _lines(content: str) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each line's pattern and attributes (blank lines, comments and negative patterns
    left out)."""
    for raw in content.split("\n"):
        line = raw.rstrip("\r").lstrip(" \t")
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            pattern, rest = _quoted(line)
            if pattern is None:
                continue
        else:
            pattern, _, rest = line.replace("\t", " ").partition(" ")
        if pattern.startswith("!"):
            continue  # git: "Negative patterns are ignored in git attributes"
        yield pattern, tuple(rest.split())


_ESCAPES = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}


def _quoted(line: str) -> tuple[str | None, str]:
    """A C-quoted pattern (`"a b.liquid" text`) and the rest of its line."""
    out: list[str] = []
    index = 1
    while index < len(line):
        char = line[index]
        if char == '"':
            return "".join(out), line[index + 1 :]
        if char == "\\" and index + 1 < len(line):
            following = line[index + 1]
            octal = re.match(r"[0-7]{3}", line[index + 1 :])
            if octal:
                out.append(chr(int(octal.group(), 8)))
                index += 4
                continue
            out.append(_ESCAPES.get(following, following))
            index += 2
            continue
        out.append(char)
        index += 1
    return None, ""


def _matches(pattern: str, path: str) -> bool:
    """Whether `pattern` of a `.gitattributes` matches `path`, from that file's folder."""
    if pattern.endswith("/"):
        return False  # names folders only: never a file, nor what a folder holds
    if "/" not in pattern:
        return _regex(pattern, anchored=False).fullmatch(path.rpartition("/")[2]) is not None
    return _regex(pattern.lstrip("/"), anchored=True).fullmatch(path) is not None


_COMPILED: dict[tuple[str, bool], re.Pattern[str]] = {}


def _regex(pattern: str, *, anchored: bool) -> re.Pattern[str]:
    """`pattern` as git's wildmatch reads it with WM_PATHNAME: `*` and `?` within a folder's
    name, `**` across folders when it is a whole segment, `[...]` a class, `\\` an escape."""
    key = (pattern, anchored)
    compiled = _COMPILED.get(key)
    if compiled is not None:
        return compiled
    out: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**", index) and anchored:
            before_ok = index == 0 or pattern[index - 1] == "/"
            after = index + 2
            if before_ok and after == len(pattern):
                out.append(".*")
                index = after
                continue
            if before_ok and pattern.startswith("/", after):
                out.append("(?:.*/)?")
                index = after + 1
                continue
            out.append("[^/]*")
            index = after
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "\\" and index + 1 < len(pattern):
            index += 1
            out.append(re.escape(pattern[index]))
        elif char == "[":
            end, klass = _class(pattern, index)
            if klass is None:
                out.append(re.escape(char))
            else:
                out.append(klass)
                index = end
                continue
        else:
            out.append(re.escape(char))
        index += 1
    compiled = _COMPILED[key] = re.compile("".join(out), re.DOTALL)
    return compiled


def _class(pattern: str, start: int) -> tuple[int, str | None]:
    """The bracket expression at `start` as a regex class, and the index after it (None: not
    one, a `[` taken as itself)."""
    index = start + 1
    negated = index < len(pattern) and pattern[index] in "!^"
    if negated:
        index += 1
    members: list[str] = []
    first = True
    while index < len(pattern):
        char = pattern[index]
        if char == "]" and not first:
            body = "".join(members)
            return index + 1, f"(?!/)[{'^' if negated else ''}{body}]"
        if char == "\\" and index + 1 < len(pattern):
            index += 1
            char = pattern[index]
        if (
            pattern.startswith("-", index + 1)
            and index + 2 < len(pattern)
            and pattern[index + 2] != "]"
        ):
            members.append(f"{re.escape(char)}-{re.escape(pattern[index + 2])}")
            index += 3
        else:
            members.append(re.escape(char))
            index += 1
        first = False
    return start, None
