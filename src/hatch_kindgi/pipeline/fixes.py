"""The edits a problem's fix makes, where the fix is certain: the word a "did you mean"
proposes put in place of the one written (a key, a kind, a filter, a parameter, a settings
block or key), the next free version for a reused one, a missing `"type"` added, the
`.gitattributes` line that checks a template out with `\\n` (in that file, made when there
is none). The language server offers them as quick fixes, `check --fix` applies them: one
implementation.

Each fix comes from the problem's own data (`Problem.suggestion`), never from its message,
and checks the text still says what the problem saw: a fix whose word is gone is none. A
fix's edits change only their own characters, so a file keeps its formatting.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from hatch_kindgi.blocks import line_ends
from hatch_kindgi.config.pyproject import PYPROJECT
from hatch_kindgi.pipeline.cache import PipelineCache
from hatch_kindgi.pipeline.places import (
    Span,
    Text,
    pack_text,
    placeable,
    problem_span,
    string_value,
)
from hatch_kindgi.pipeline.request import RunRequest
from hatch_kindgi.pipeline.run import PipelineResult, run_pipeline
from hatch_kindgi.report.lines import LINE_END
from hatch_kindgi.report.order import ordered
from hatch_kindgi.report.problems import Problem

MAX_PASSES = 5
"""How many times a pack is fixed and checked again at most: a fix can bring a problem whose
fix is certain too (a block kind spelt right makes its keys known), and none loops forever."""

_VERSION = "/version"
_SEARCH = 400  # how far after a problem's place the word it names may be


@dataclass(frozen=True)
class Fix:
    """A fix's title and its edits: character spans of the file's text and their new text.

    `file` is the pack file the edits are in when it is not the problem's own (a template
    checked out with `\\r\\n` is fixed in `.gitattributes`), `create` whether that file is
    made (there is none)."""

    title: str
    edits: tuple[tuple[Span, str], ...]
    file: str | None = None
    create: bool = False


def fix_of(problem: Problem, text: Text) -> Fix | None:
    """The fix of `problem` in its file's `text`, None when there is no certain one (nor
    any in a code module at a pointer into an entry the SDK indexed from it)."""
    if problem.suggestion is None or not fixable(problem) or fix_file(problem) != problem.file:
        return None
    written, meant = problem.suggestion
    if problem.code == "version-reused":
        return _json_string_fix(text, _VERSION, written, meant, f"Use version {meant}")
    if not written:
        return _add_member(problem, text, meant)
    title = f'Replace "{written}" with "{meant}"'
    if problem.pointer is not None and problem.inner is None:
        key = text.places.keys.get(problem.pointer)
        if key is not None and string_value(text.text, Span(*key)) == written:
            sibling = problem.pointer.rpartition("/")[0] + "/" + _escaped(meant)
            if sibling in text.places.keys:  # the key meant is there too: renaming loses one
                return None
            return Fix(title, ((Span(*key), json.dumps(meant, ensure_ascii=False)),))
        return _json_string_fix(text, problem.pointer, written, meant, title)
    if problem.anchor is not None and problem.anchor in text.places.keys:  # a TOML key
        sibling = problem.anchor.rpartition("/")[0] + "/" + _escaped(meant)
        if sibling in text.places.keys:  # the key meant is there too: renaming breaks it
            return None
    span = problem_span(problem, text)
    if span is None:
        return None
    start = span.start
    inline = problem.inner is not None  # inside a JSON string: the new word escaped as there
    spelled = json.dumps(written, ensure_ascii=False)[1:-1] if inline else written
    found = text.text.find(spelled, start, start + _SEARCH + len(spelled))
    if found < 0:
        return None
    replacement = json.dumps(meant, ensure_ascii=False)[1:-1] if inline else meant
    return Fix(title, ((Span(found, found + len(spelled)), replacement),))


def elsewhere_fix(problem: Problem, before: str | None) -> Fix | None:
    """The fix of `problem` in another pack file than its own (`before`, that file's text,
    None when there is none), None when it has no such fix: the line `blocks.line_ends` names
    for a template checked out with `\\r\\n`, added at the end of the pack's
    `.gitattributes` (its bytes kept; made when there is none)."""
    if problem.code != line_ends.CODE or problem.suggestion is None:
        return None
    file, line = problem.suggestion
    after = line_ends.appended(before, line)
    at = len(before or "")
    return Fix(
        f'Add "{line}" to {file}',
        ((Span(at, at), after[at:]),),
        file=file,
        create=before is None,
    )


def fix_file(problem: Problem) -> str:
    """The pack file `problem`'s fix edits."""
    if problem.code == line_ends.CODE and problem.suggestion is not None:
        return problem.suggestion[0]
    return problem.file


def fixable(problem: Problem) -> bool:
    """Whether a fix of `problem` is an edit of its file's text: a block file's or the
    pyproject's, or a code module's at the place a problem on its text has (a read of a
    settings key, say), never at a pointer into what the SDK indexed."""
    if placeable(problem.file):
        return True
    return problem.file not in ("", ".") and problem.line is not None and problem.pointer is None


def _escaped(key: str) -> str:
    """A key as a JSON pointer's segment."""
    return key.replace("~", "~0").replace("/", "~1")


def _json_string_fix(text: Text, pointer: str, written: str, meant: str, title: str) -> Fix | None:
    value = text.places.values.get(pointer)
    if value is None or string_value(text.text, Span(*value)) != written:
        return None
    return Fix(title, ((Span(*value), json.dumps(meant, ensure_ascii=False)),))


def _add_member(problem: Problem, text: Text, type_name: str) -> Fix | None:
    """`"type": <type_name>` added to the schema object holding the keyword the problem's
    pointer names (a problem that names a type to add and nothing written: Ajv strict
    mode's missing type for that keyword); none where that object has a `"type"`."""
    if not problem.pointer:
        return None
    pointer = problem.pointer.rpartition("/")[0]
    value = text.places.values.get(pointer)
    if value is None or text.text[value[0]] != "{" or f"{pointer}/type" in text.places.keys:
        return None
    member = f'"type": {json.dumps(type_name)}'
    inside = text.text[value[0] + 1 : value[1] - 1]
    at = value[0] + 1
    if inside.strip():
        # Before the first member, laid out as it is: on a line of its own, indented as
        # that member, when the object's members are one a line (its line end the file's
        # own, `\r\n` or a lone `\r` too).
        at += len(inside) - len(inside.lstrip())
        gap = inside[: len(inside) - len(inside.lstrip())]
        ends = list(LINE_END.finditer(gap))
        member += f",{ends[-1].group()}{gap[ends[-1].end() :]}" if ends else ", "
    return Fix(f'Add "type": "{type_name}"', ((Span(at, at), member),))


def fixed_text(text: Text, fixes: Sequence[Fix]) -> tuple[str, tuple[Fix, ...]]:
    """`text` with `fixes` applied, and those applied: in order, each one whose edits touch
    no character an earlier one's edits changed (the same edit twice is made once)."""
    taken: dict[tuple[int, int], str] = {}
    applied: list[Fix] = []
    for fix in fixes:
        edits = {(span.start, span.end): new for span, new in fix.edits}
        if all(taken.get(at, new) == new for at, new in edits.items()) and not any(
            _overlap(at, other) for at in edits for other in taken if at != other
        ):
            taken.update(edits)
            applied.append(fix)
    result = text.text
    for (start, end), new in sorted(taken.items(), reverse=True):
        result = result[:start] + new + result[end:]
    return result, tuple(applied)


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether two edits' spans share a character, or are one insertion at the same place."""
    if a[0] == a[1] and b[0] == b[1]:
        return a[0] == b[0]
    return a[0] < b[1] and b[0] < a[1]


@dataclass(frozen=True)
class Fixed:
    """A problem a fix resolved (at its place in the text it was found in), and the fix's
    title."""

    problem: Problem
    title: str


@dataclass(frozen=True)
class FileFix:
    """One file's text before its fixes (as read) and after them."""

    file: str
    before: str
    after: str
    created: bool = False
    """Whether the file is made (there was none: `before` is empty)."""


@dataclass(frozen=True)
class FixRun:
    """What fixing a pack gives: the pipeline's result on the fixed texts (what is left),
    the files the fixes change, and the problems they resolved, in report order."""

    result: PipelineResult
    files: tuple[FileFix, ...]
    fixed: tuple[Fixed, ...]

    def overlay(self) -> dict[str, bytes]:
        """The fixed files' new bytes, by pack-relative path."""
        return {fix.file: fix.after.encode("utf-8") for fix in self.files}


def file_fixes(
    problems: Iterable[Problem],
    read_text: Callable[[str], str | None],
    exists: Callable[[str], bool] = lambda _: True,
) -> tuple[dict[str, str], tuple[Fixed, ...]]:
    """Every file's text with the certain fixes of its `problems` applied (only the files
    they change), and what they fixed. A file `read_text` can't give (not UTF-8) is left,
    unless `exists` says there is none and a fix makes it."""
    by_file: dict[str, list[Problem]] = {}
    for problem in ordered(problems):
        if problem.suggestion is not None and fixable(problem):
            by_file.setdefault(fix_file(problem), []).append(problem)
    texts: dict[str, str] = {}
    fixed: list[Fixed] = []
    for file, listed in by_file.items():
        content = read_text(file)
        if content is None and exists(file):
            continue
        if any(fix_file(problem) != problem.file for problem in listed):
            offered = [(problem, elsewhere_fix(problem, content)) for problem in listed]
            content = content or ""
            text = Text(content)
        else:
            text = Text(content or "", toml=file == PYPROJECT)
            offered = [(problem, fix_of(problem, text)) for problem in listed]
        fixes = [(problem, fix) for problem, fix in offered if fix is not None]
        after, applied = fixed_text(text, [fix for _, fix in fixes])
        if after == content:
            continue
        texts[file] = after
        fixed.extend(Fixed(problem, fix.title) for problem, fix in fixes if fix in applied)
    return texts, tuple(fixed)


def fix_pack(root: Path, request: RunRequest) -> FixRun:
    """The pack at `root` with its certain fixes applied, in the pipeline's view only
    (nothing is written: the fixed texts are laid over the files, `config.sources`):
    checked, fixed, checked again, until nothing more is fixed or `MAX_PASSES`. `request`
    is the run's, its cache and overlay this function's own."""
    cache = PipelineCache()
    originals: dict[str, str] = {}
    overlay: dict[str, bytes] = {}
    fixed: list[Fixed] = []
    created: set[str] = set()
    result = run_pipeline(root, replace(request, cache=cache, overlay=overlay))
    for _ in range(MAX_PASSES):
        read = pack_text(root, overlay, result.options.max_file_size)

        def exists(file: str) -> bool:
            return file in overlay or os.path.lexists(root / file)

        texts, resolved = file_fixes(result.problems, read, exists)
        if not texts:
            break
        for file, text in texts.items():
            if file not in originals:
                if not exists(file):
                    created.add(file)
                originals[file] = read(file) or ""
            overlay[file] = text.encode("utf-8")
        cache.forget(texts)
        fixed.extend(resolved)
        result = run_pipeline(root, replace(request, cache=cache, overlay=dict(overlay)))
    files = tuple(
        FileFix(file, originals[file], overlay[file].decode("utf-8"), file in created)
        for file in sorted(overlay)
        if overlay[file] != originals[file].encode("utf-8")
    )
    return FixRun(result, files, tuple(fixed))
