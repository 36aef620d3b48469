"""Where a problem's pointer is in its file's raw text, found another way than the code under
test (`pipeline.places`, which reads the block reader's and the TOML scanner's places): JSON
walked with the standard library's own scanner (`json.decoder.scanstring`,
`JSONDecoder.raw_decode`), an inline template's position counted by decoding each prefix of
the string literal, and a pyproject key found line by line with regular expressions (the
testpacks' pyprojects are plain: one key a line, arrays on one line).

The rule it applies is the one docs/command-line.md states: a scalar's value, an object's or
array's key (an array item that is an object: its bracket), the key itself for a problem
about a key, the nearest enclosing one for what the text lacks.
"""

from __future__ import annotations

import json
import re

from hatch_kindgi.report.escape import shown
from hatch_kindgi.report.problems import Problem

_KEY_CODES = {"block-unknown-key", "block-duplicate-key", "config-unknown-key"}
_SPACE = re.compile(r"[ \t\n\r]*")
_DECODER = json.JSONDecoder()
# The standard library's own string scanner (typeshed doesn't list it): (value, end index).
scanstring = json.decoder.scanstring  # type: ignore[attr-defined]

Place = tuple[int, "int | None"]  # 1-based line and column, in characters


def expected_place(problem: Problem, text: str) -> Place | None:
    """The line and column `problem` must carry in its file's `text`, or None: it has no
    place (a problem of the whole file, or found in a code module's indexed entry)."""
    if problem.file.endswith((".py", ".pyi")) or problem.file in ("", "."):
        return (problem.line, problem.column) if problem.line is not None else None
    if problem.pointer is None and problem.anchor is None:
        return (problem.line, problem.column) if problem.line is not None else None
    if problem.file == "pyproject.toml":
        if problem.pointer is None and problem.line is not None and problem.anchor is None:
            return problem.line, problem.column  # TOML's own syntax error
        return _toml_place(text, problem)
    if (
        problem.line is not None
        and problem.inner is None
        and problem.code
        in {
            "json-number",
            "block-duplicate-key",
        }
    ):
        return problem.line, problem.column  # the reader's own, at the token it read
    index = _json_index(text, problem)
    return None if index is None else _line_column(text, index)


def _line_starts(text: str) -> list[int]:
    """Where each line of `text` starts, character by character: a line ends at `\\n`,
    `\\r\\n` or a lone `\\r` (docs/command-line.md), nothing else."""
    starts = [0]
    index = 0
    while index < len(text):
        if text[index] == "\r" and text[index + 1 : index + 2] == "\n":
            index += 1
        if text[index] in "\r\n":
            starts.append(index + 1)
        index += 1
    return starts


def _line_column(text: str, index: int) -> Place:
    start = max(at for at in _line_starts(text) if at <= index)
    return _line_starts(text).index(start) + 1, index - start + 1


def _segments(pointer: str) -> list[str]:
    if not pointer:
        return []
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer[1:].split("/")]


def _json_index(text: str, problem: Problem) -> int | None:
    pointer = problem.pointer if problem.pointer is not None else problem.anchor
    assert pointer is not None
    wanted = _segments(pointer)
    # Walk down as far as the text has the pointer: (key index or None, value index).
    trail: list[tuple[int | None, int]] = [(None, _SPACE.match(text, 0).end())]  # type: ignore[union-attr]
    for segment in wanted:
        key, value = _child(text, trail[-1][1], segment)
        if value is None:
            break
        trail.append((key, value))
    found_all = len(trail) == len(wanted) + 1
    key, value = trail[-1]
    if found_all and problem.inner is not None and text[value] == '"':
        return _inside(text, value, problem.inner)
    if found_all and problem.code in _KEY_CODES and key is not None:
        return key
    if text[value] not in "{[":
        return value
    return key if key is not None else value


def _child(text: str, start: int, segment: str) -> tuple[int | None, int | None]:
    """The key's and the value's index of `segment` in the object or array at `start`."""
    if text[start] == "{":
        index = _SPACE.match(text, start + 1).end()  # type: ignore[union-attr]
        while text[index] == '"':
            key_index = index
            key, index = scanstring(text, index + 1)
            index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
            assert text[index] == ":"
            index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
            if shown(key) == segment or key == segment:
                return key_index, index
            _, index = _DECODER.raw_decode(text, index)
            index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
            if text[index] == ",":
                index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
        return None, None
    if text[start] == "[" and segment.isdigit():
        index = _SPACE.match(text, start + 1).end()  # type: ignore[union-attr]
        for _ in range(int(segment)):
            if text[index] == "]":
                return None, None
            _, index = _DECODER.raw_decode(text, index)
            index = _SPACE.match(text, index).end()  # type: ignore[union-attr]
            if text[index] == ",":
                index = _SPACE.match(text, index + 1).end()  # type: ignore[union-attr]
        return (None, index) if text[index] != "]" else (None, None)
    return None, None


def _inside(text: str, start: int, inner: tuple[int, int]) -> int:
    """The index in `text` of the template's (line, column) inside the string literal at
    `start`: the shortest prefix of the literal that decodes to the characters before it."""
    _, end = scanstring(text, start + 1)
    literal = text[start + 1 : end - 1]
    decoded = json.loads(text[start:end])
    line, column = inner
    starts = _line_starts(decoded)
    before = starts[min(line, len(starts)) - 1] + column - 1
    for cut in range(len(literal) + 1):
        try:
            prefix = json.loads('"' + literal[:cut] + '"')
        except ValueError:
            continue
        if len(prefix) == before:
            return start + 1 + cut
    raise AssertionError(f"no prefix of {literal!r} decodes to {before} characters")


_HEADER = re.compile(r"\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY_LINE = re.compile(r"([A-Za-z0-9_-]+|\"[^\"]*\")\s*=\s*(.*)$")
_ITEM = re.compile(r"\"(?:[^\"\\]|\\.)*\"|'[^']*'|[^,\[\]\s]+")


def _toml_place(text: str, problem: Problem) -> Place | None:
    anchor = problem.anchor if problem.anchor is not None else problem.pointer
    assert anchor is not None
    wanted = _segments(anchor)
    lines = text.split("\n")
    best: Place | None = None
    best_depth = -1
    table: list[str] = []
    for number, line in enumerate(lines, start=1):
        header = _HEADER.match(line)
        if header is not None:
            table = [part.strip().strip('"') for part in header.group(1).split(".")]
            # Each name of the header, as deep as it matches the anchor.
            column = line.index(header.group(1)) + 1
            for depth, part in enumerate(table, start=1):
                if depth > len(wanted) or wanted[depth - 1] != part:
                    break
                at = column + len(".".join(table[: depth - 1])) + (1 if depth > 1 else 0)
                if depth > best_depth:
                    best, best_depth = (number, at), depth
            continue
        pair = _KEY_LINE.match(line)
        if pair is None:
            continue
        key = pair.group(1).strip('"')
        path = [*table, key]
        if path != wanted[: len(path)] or len(path) <= best_depth:
            continue
        key_column = line.index(pair.group(1)) + 1
        value_column = pair.start(2) + 1
        if len(path) == len(wanted):
            on_key = problem.code in _KEY_CODES  # an array or inline table too: at the value
            best, best_depth = (number, key_column if on_key else value_column), len(path)
        elif len(path) == len(wanted) - 1 and wanted[-1].isdigit():
            items = _ITEM.findall(pair.group(2))
            item = int(wanted[-1])
            if item < len(items):
                inside = pair.group(2)
                offset = 0
                start = 0
                for _ in range(item + 1):
                    found = _ITEM.search(inside, offset)
                    assert found is not None
                    start, offset = found.start(), found.end()
                best, best_depth = (number, value_column + start), len(wanted)
        else:
            best, best_depth = (number, key_column), len(path)
    return best
