"""Where each problem is in its file's text, found once for every adapter: the report's
`file:line:col`, JSON's `line`/`column`, GitHub's `line=`/`col=`, SARIF's region and the
language server's range all come from here.

A problem with a JSON pointer (or, for `pyproject.toml`, an `anchor`, the pointer of the TOML
key it is about) is placed on that key or value: on the value where it is a scalar, on its key
where the value is an object or an array (whose text may be long), on the key for a problem
about the key itself (`KEY_CODES`), and on the nearest enclosing key or value when the pointer
names what the text lacks (a missing key: the object that should hold it). A problem inside a
string (an inline template's own line and column, `Problem.inner`) is placed at that
character of the string, its escapes counted as the characters they make. A problem on a
code module whose pointer leads into an entry the SDK indexed from it (`Problem.declared`:
the primitives' and the checks' problems) is placed at the argument of the entry's
declaration the pointer leads to (`ModulePlaces`, `primitives.modules.DeclaringModules`). A
problem whose stage gave it a line and column keeps them. `place_problems` is the one step
that places them all, after the stages.

Lines and columns are 1-based and count characters (Unicode code points), as the text report,
JSON, GitHub annotations and SARIF (`columnKind: unicodeCodePoints`) show them
(`report.lines.Lines`); the language server converts them to its UTF-16 units. A place is a
span: `line` and `column` its start, `Problem.end` just after its last character.

Where a key or value is comes from the readers of the files: the block reader's
`blocks.json_reader.json_places`, the pyproject's `config.toml_places.toml_places`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, MutableMapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from hatch_kindgi.blocks.json_reader import json_places, string_indexes
from hatch_kindgi.config.options import DEFAULT_MAX_FILE_SIZE
from hatch_kindgi.config.pyproject import PYPROJECT
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay, Unread, read_pack_file
from hatch_kindgi.report.lines import Lines
from hatch_kindgi.report.problems import Declared, Problem

_WORD = re.compile(r"[\w.-]+")
_CODE_SUFFIXES = (".py", ".pyi")
"""A code module's problems point into the entry the SDK indexes from it, not its text: they
are placed at the entry's declaration in the module (`ModulePlaces`)."""

KEY_CODES = frozenset({"block-unknown-key", "block-duplicate-key", "config-unknown-key"})
"""Problems about a key itself, not its value: they land on the key."""


class ModulePlaces(Protocol):
    """Where a pointer into an entry the SDK indexed is in the module that declares it
    (`primitives.modules.DeclaringModules`)."""

    def place(self, file: str, declared: Declared, pointer: str) -> tuple[int, int] | None:
        """The 1-based line and column in module `file` of `pointer` into the entry
        `declared` names, None when it can't be told."""
        ...


class Places(Protocol):
    """Where each key and value of a document's text is, by JSON pointer: `(start, end)`
    character indexes (`blocks.json_reader.JsonPlaces`, `config.toml_places.TomlPlaces`)."""

    @property
    def values(self) -> dict[str, tuple[int, int]]: ...

    @property
    def keys(self) -> dict[str, tuple[int, int]]: ...


@dataclass(frozen=True)
class Span:
    """Character indexes `start` to `end` of a text."""

    start: int
    end: int


class Text(Lines):
    """One file's text: its lines and columns (`report.lines.Lines`), and where the keys and
    values of its document are (`toml`: the text is TOML, else JSON)."""

    def __init__(self, text: str, *, toml: bool = False) -> None:
        super().__init__(text)
        self.toml = toml
        self._places: Places | None = None

    @property
    def places(self) -> Places:
        """Where each key and value is, by pointer (read on first use)."""
        if self._places is None and self.toml:
            # TOML's places load with the first problem on the pyproject, not with every run.
            from hatch_kindgi.config.toml_places import toml_places

            self._places = toml_places(self.text)
        elif self._places is None:
            self._places = json_places(self.text)
        return self._places


def placeable(file: str) -> bool:
    """Whether a pointer into pack file `file`'s document is a place in its text (a block
    file's JSON, the pyproject's TOML), not into an entry the SDK indexes from code."""
    return file not in ("", ".") and not file.endswith(_CODE_SUFFIXES)


def problem_span(problem: Problem, text: Text) -> Span | None:
    """Where `problem` is in its file's `text`: from its line and column (to its `end`, else
    the word there), on the key or value its pointer or anchor names (inside a string, at its
    own position); None when it has no place (a problem of the whole file)."""
    if problem.line is not None:
        start = text.index(problem.line, problem.column or 1)
        if problem.end is not None:
            return Span(start, max(start, text.index(*problem.end)))
        return _word_at(text.text, start)
    pointer = problem.pointer if problem.pointer is not None else problem.anchor
    if pointer is None or not placeable(problem.file):
        return None
    on_key = problem.code in KEY_CODES
    return pointer_span(text, pointer, inner=problem.inner, on_key=on_key)


def pointer_span(
    text: Text, pointer: str, *, inner: tuple[int, int] | None = None, on_key: bool = False
) -> Span | None:
    """The key (`on_key`, or for a JSON object or array value, whose text may be long) or the
    value at `pointer` (a TOML array or inline table after its key: the value, its first
    line); with `inner`, the word at that line and column of the string there. The nearest
    enclosing key or value when the pointer names what the text lacks."""
    places = text.places
    value = places.values.get(pointer)
    if value is not None and inner is not None and text.text[value[0]] == '"' and not text.toml:
        return _inside_string(text.text, value[0], inner)
    key = places.keys.get(pointer)
    if on_key and key is not None:
        return Span(*key)
    while True:
        value = places.values.get(pointer)
        key = places.keys.get(pointer)
        if value is not None and text.text[value[0]] not in "{[":
            return Span(*value)
        if value is not None and key is not None and text.toml and key[1] <= value[0]:
            return _opening(text.text, value)  # `key = [...]`, `key = { ... }`: the value
        if key is not None:
            return Span(*key)
        if value is not None:  # the document itself, or an array's item: its opening bracket
            return Span(value[0], value[0] + 1)
        if not pointer:
            return None
        pointer = pointer.rpartition("/")[0]


def _opening(text: str, value: tuple[int, int]) -> Span:
    """A TOML array or inline table written after its key: all of it when on one line,
    else its first line."""
    start, end = value
    line_end = text.find("\n", start, end)
    return Span(start, end if line_end < 0 else line_end)


def place_problems(
    problems: Iterable[Problem],
    read_text: Callable[[str], str | None],
    known: MutableMapping[str, Text] | None = None,
    modules: ModulePlaces | None = None,
) -> tuple[Problem, ...]:
    """`problems`, each with its line, column and end in its file's text where it has a
    place: the one placement step of a run, for every kind of file. `read_text` gives a
    pack file's text (None: unreadable, or not UTF-8); each file is read, and its document's
    places found, once. `known` keeps each file's `Text` from run to run
    (`PipelineCache.places`): a file whose text is the same is not read again.

    A problem naming the entry its pointer leads into (`Problem.declared`: the primitives'
    and the checks' problems on a code module) is placed at that entry's declaration in
    `modules` (None: left without a line); once placed, one equal to an earlier such
    problem is left out, as two problems at one place are one."""
    texts: dict[str, Text | None] = {}
    placed = []
    declared: set[Problem] = set()
    for unplaced in problems:
        problem = unplaced
        if problem.declared is not None:
            problem = _in_module(problem, problem.declared, modules)
            if problem in declared:
                continue
            declared.add(problem)
        if problem.end is not None or not placeable(problem.file):
            placed.append(problem)
            continue
        if problem.line is None and problem.pointer is None and problem.anchor is None:
            placed.append(problem)
            continue
        if problem.file not in texts:
            texts[problem.file] = _text(problem.file, read_text(problem.file), known)
        text = texts[problem.file]
        span = None if text is None else problem_span(problem, text)
        if text is None or span is None:
            placed.append(problem)
            continue
        end = text.line_column(span.end)
        if problem.line is not None:  # the stage's own place stays, as it counted it
            placed.append(replace(problem, end=end))
            continue
        line, column = text.line_column(span.start)
        placed.append(replace(problem, line=line, column=column, end=end))
    return tuple(placed)


def _in_module(problem: Problem, declared: Declared, modules: ModulePlaces | None) -> Problem:
    if modules is None or problem.line is not None or problem.pointer is None:
        return problem
    at = modules.place(problem.file, declared, problem.pointer)
    return problem if at is None else replace(problem, line=at[0], column=at[1])


def _text(file: str, content: str | None, known: MutableMapping[str, Text] | None) -> Text | None:
    if content is None:
        return None
    kept = None if known is None else known.get(file)
    if kept is not None and kept.text == content:
        return kept
    text = Text(content, toml=file == PYPROJECT)
    if known is not None:
        known[file] = text
    return text


MODULE_MAX_BYTES = 16 * 1024 * 1024
"""The most of a code module read to place its problems: no option bounds a module (the
pack's SDK reads it, not the readers of `max-file-size`), so its bound is fixed, far above
any module written by hand."""


def pack_text(
    root: Path, overlay: Overlay = NO_OVERLAY, max_bytes: int = DEFAULT_MAX_FILE_SIZE
) -> Callable[[str], str | None]:
    """A reader of the pack at `root`'s files as the pipeline read them (an editor's buffer
    from `overlay` where it has one), by the name a problem keeps (as on disk): a file's
    text, None when it can't be read or is not UTF-8 (a problem found in bytes was placed by
    its stage). Read as every pack file is (`read_pack_text`), within `max_bytes` (the
    pack's `max-file-size`; a code module's, `MODULE_MAX_BYTES`)."""

    def read_text(file: str) -> str | None:
        return read_pack_text(root, file, max_bytes, overlay)

    return read_text


def read_pack_text(
    root: Path,
    file: str,
    max_bytes: int = DEFAULT_MAX_FILE_SIZE,
    overlay: Overlay = NO_OVERLAY,
    errors: str = "strict",
) -> str | None:
    """The text of pack file `file` (an editor's buffer from `overlay` where it has one),
    read through `config.sources.read_pack_file`: a regular file only, at most `max_bytes`
    of it (`MODULE_MAX_BYTES` for a code module); None when it isn't one, is larger, can't
    be read or (`errors="strict"`) is not UTF-8."""
    bound = max(max_bytes, MODULE_MAX_BYTES) if file.endswith(_CODE_SUFFIXES) else max_bytes
    data = read_pack_file(root / file, bound, overlay.get(file))
    if isinstance(data, Unread):
        return None
    try:
        return data.decode("utf-8", errors)
    except ValueError:
        return None


def string_value(text: str, span: Span) -> str | None:
    """The string a JSON string literal spells, None when it is not one."""
    try:
        value = json.loads(text[span.start : span.end])
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _inside_string(text: str, start: int, inner: tuple[int, int]) -> Span:
    indexes = string_indexes(text, start)
    decoded = string_value(text, Span(start, indexes[-1] + 1)) or ""
    # The template's own line and column, counted as its stage counted them (`Lines`).
    lines = Lines(decoded)
    line, column = inner
    start = lines.line_start(min(max(line, 1), lines.line_count) - 1)
    at = min(start + column - 1, len(decoded))
    word = _WORD.match(decoded, at)
    end = word.end() if word else at + 1
    return Span(indexes[min(at, len(indexes) - 1)], indexes[min(end, len(indexes) - 1)])


def _word_at(text: str, start: int) -> Span:
    word = _WORD.match(text, start)
    if word is not None:
        return Span(start, word.end())
    return Span(start, min(start + 1, len(text)))
