"""The edits a problem's fix makes, where the fix is certain: the word a "did you mean"
proposes put in place of the one written (a key, a kind, a filter, a parameter, a settings
block or key), the next free version for a reused one, a missing `"type"` added.

Each fix comes from the problem's own data (`Problem.suggestion`), never from its message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from hatch_kindgi.lsp.positions import Span, Text, problem_span, string_value
from hatch_kindgi.report.problems import Problem

_VERSION = "/version"
_SEARCH = 400  # how far after a problem's place the word it names may be


@dataclass(frozen=True)
class Fix:
    """A fix's title and its edits: character spans of the file's text and their new text."""

    title: str
    edits: tuple[tuple[Span, str], ...]


def fix_of(problem: Problem, text: Text) -> Fix | None:
    """The fix of `problem` in its file's `text`, None when there is no certain one."""
    if problem.suggestion is None:
        return None
    written, meant = problem.suggestion
    if problem.code == "version-reused":
        return _json_string_fix(text, _VERSION, written, meant, f"Use version {meant}")
    if not written:
        return _add_member(problem, text, meant)
    title = f'Replace "{written}" with "{meant}"'
    if problem.pointer is not None and problem.line is None and problem.inner is None:
        key = text.places.keys.get(problem.pointer)
        if key is not None and string_value(text.text, Span(*key)) == written:
            return Fix(title, ((Span(*key), json.dumps(meant, ensure_ascii=False)),))
        return _json_string_fix(text, problem.pointer, written, meant, title)
    if problem.line is None and problem.inner is None:
        return None  # no place to look from: the word could be anywhere in the file
    start = problem_span(problem, text).start
    inline = problem.line is None  # inside a JSON string: the new word escaped as there
    spelled = json.dumps(written, ensure_ascii=False)[1:-1] if inline else written
    found = text.text.find(spelled, start, start + _SEARCH + len(spelled))
    if found < 0:
        return None
    replacement = json.dumps(meant, ensure_ascii=False)[1:-1] if inline else meant
    return Fix(title, ((Span(found, found + len(spelled)), replacement),))


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
    empty = not text.text[value[0] + 1 : value[1] - 1].strip()
    member = f'"type": {json.dumps(type_name)}' + ("" if empty else ", ")
    at = value[0] + 1
    return Fix(f'Add "type": "{type_name}"', ((Span(at, at), member),))
