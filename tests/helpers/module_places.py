"""Where a pointer into an entry the kindgi SDK indexed from a module is in that module's raw
text, found another way than the code under test (`primitives.declarations`, which reads the
module with `ast`): the module's tokens (the standard library's `tokenize`, columns counted in
characters as it reads them), each call of a kindgi declarer found among them, its keyword
arguments and the dict, list and tuple literals they hold walked bracket by bracket.

The rule it applies is the one docs/primitives.md states: the keyword argument the pointer's
first segment names (the entry's camelCase field is the declarer's snake_case keyword), then
as deep into the literals as the pointer goes; the declaration itself (its declarer's name, a
decorator's after its `@`) when the call has no such keyword. What it can't tell (a pydantic
model's field, a decorated function's docstring, a call with positional arguments, a keyword
the SDK names otherwise) is None: the place there is the stage's own.

A module may declare several entries; the entry a problem is about is not in the report, so
this gives the place in each declaration: the problem's must be one of them (which one, a
unit test with the place written by hand holds: tests/unit/checks/test_places.py).
"""

from __future__ import annotations

import ast
import io
import re
import token
import tokenize
from dataclasses import dataclass, field

Place = tuple[int, int]  # 1-based line and column, in characters

_DECLARERS = frozenset({"tool", "http_tool", "guardrail", "Tool", "Guardrail", "Agent", "Flow"})
_RENAMED = {"check": "check_id", "checkId": "check_id"}
"""A guardrail's fields its declarers name otherwise (the kindgi SDK's `guardrail()`)."""
_MODELS = frozenset({"input", "output", "configSchema"})
_SKIPPED = frozenset({token.NL, token.NEWLINE, token.COMMENT, token.INDENT, token.DEDENT})
_OPENING = {"(": ")", "[": "]", "{": "}"}


@dataclass
class _Node:
    """A value's first character, and what a literal holds: a dict's values by string key,
    a list's or tuple's items."""

    start: Place
    keys: dict[str, _Node] | None = None
    items: list[_Node] | None = None


@dataclass
class _Call:
    start: Place
    keywords: dict[str, _Node] = field(default_factory=dict)
    positional: int = 0
    decorator: bool = False


def module_places(text: str, pointer: str) -> set[Place] | None:
    """Where `pointer` is in each declaration of the module `text`, None when some
    declaration's place can't be told this way (or the module's tokens can't be read)."""
    try:
        tokens = [
            each
            for each in tokenize.generate_tokens(io.StringIO(text).readline)
            if each.type not in _SKIPPED
        ]
    except (tokenize.TokenError, SyntaxError):
        return None
    steps = [
        part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:] if pointer
    ]
    places: set[Place] = set()
    for call in _calls(tokens):
        place = _place(call, steps)
        if place is None:
            return None
        places.add(place)
    return places


def _calls(tokens: list[tokenize.TokenInfo]) -> list[_Call]:
    calls = []
    for index, each in enumerate(tokens[:-1]):
        if each.type != token.NAME or each.string not in _DECLARERS:
            continue
        if tokens[index + 1].string != "(":
            continue
        first = index
        while (
            first >= 2 and tokens[first - 1].string == "." and tokens[first - 2].type == token.NAME
        ):
            first -= 2
        call = _Call(_at(tokens[first]), decorator=first > 0 and tokens[first - 1].string == "@")
        _arguments(tokens, index + 1, call)
        calls.append(call)
    return calls


def _at(each: tokenize.TokenInfo) -> Place:
    return each.start[0], each.start[1] + 1


def _arguments(tokens: list[tokenize.TokenInfo], opening: int, call: _Call) -> None:
    index = opening + 1
    while tokens[index].string != ")":
        name = tokens[index]
        if name.type == token.NAME and tokens[index + 1].string == "=":
            node, index = _value(tokens, index + 2)
            call.keywords[name.string] = node
        else:
            _, index = _value(tokens, index + (tokens[index].string in ("*", "**")))
            call.positional += 1
        if tokens[index].string == ",":
            index += 1


def _value(tokens: list[tokenize.TokenInfo], index: int, *, key: bool = False) -> tuple[_Node, int]:
    """The value starting at `index` and the index just after it (at a `,`, a closing
    bracket of the brackets around it, or a dict key's `:`)."""
    node = _Node(_at(tokens[index]))
    opening = tokens[index].string
    if opening in _OPENING:
        end = _matching(tokens, index)
        if tokens[end + 1].string in (",", ")", "]", "}", ":"):  # the literal is the whole value
            if opening == "{":
                node.keys = _dict(tokens, index)
            elif not (opening == "(" and _is_group(tokens, index, end)):
                node.items = _items(tokens, index, end)
            return node, end + 1
    depth = 0
    stops = (",", ")", "]", "}", ":") if key else (",", ")", "]", "}")
    start = index
    while True:
        text = tokens[index].string
        if depth == 0 and text in stops and index > start:
            return node, index
        if text in _OPENING:
            depth += 1
        elif text in (")", "]", "}"):
            depth -= 1
        index += 1


def _matching(tokens: list[tokenize.TokenInfo], index: int) -> int:
    depth = 0
    while True:
        text = tokens[index].string
        if text in _OPENING:
            depth += 1
        elif text in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                return index
        index += 1


def _is_group(tokens: list[tokenize.TokenInfo], index: int, end: int) -> bool:
    """A parenthesis that groups one value, not a tuple (no comma at its top level)."""
    depth = 0
    for each in tokens[index + 1 : end]:
        if each.string in _OPENING:
            depth += 1
        elif each.string in (")", "]", "}"):
            depth -= 1
        elif depth == 0 and each.string == ",":
            return False
    return True


def _dict(tokens: list[tokenize.TokenInfo], opening: int) -> dict[str, _Node] | None:
    """A dict literal's values by string key; None for a set or a comprehension."""
    found: dict[str, _Node] = {}
    index = opening + 1
    while tokens[index].string != "}":
        if tokens[index].string == "**":
            _, index = _value(tokens, index + 1)
        else:
            key = index
            _, index = _value(tokens, index, key=True)
            if tokens[index].string != ":":
                return None
            node, index = _value(tokens, index + 1)
            if tokens[index].string not in (",", "}"):
                return None
            if tokens[key].type == token.STRING and _after(tokens, key) == ":":
                named = ast.literal_eval(tokens[key].string)
                if isinstance(named, str):
                    found.setdefault(named, node)
        if tokens[index].string == ",":
            index += 1
    return found


def _after(tokens: list[tokenize.TokenInfo], index: int) -> str:
    return tokens[index + 1].string


def _items(tokens: list[tokenize.TokenInfo], opening: int, end: int) -> list[_Node]:
    found = []
    index = opening + 1
    while index < end:
        node, index = _value(tokens, index)
        found.append(node)
        if tokens[index].string == ",":
            index += 1
    return found


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower().replace("-", "_")


def _place(call: _Call, steps: list[str]) -> Place | None:
    if not steps:
        return call.start
    first, rest = steps[0], steps[1:]
    if first in ("spec", "action") and len(steps) > 1 and first not in call.keywords:
        first, rest = steps[1], steps[2:]
    keyword = _RENAMED.get(first, _snake(first))
    node = call.keywords.get(keyword)
    if node is None:
        if call.positional or first in _MODELS or (first == "description" and call.decorator):
            return None
        return call.start
    for step in rest:
        if node.keys is not None and step in node.keys:
            node = node.keys[step]
        elif node.items is not None and step.isdigit() and int(step) < len(node.items):
            node = node.items[int(step)]
        else:
            break
    return node.start
