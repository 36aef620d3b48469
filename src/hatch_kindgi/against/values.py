"""JSON values compared as JavaScript sees them, and shown short in a message."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.report.problems import json_pointer

SHOWN_CHARS = 40
"""How much of a value a message shows; a longer one is cut, around where the two differ."""

_CONTEXT_CHARS = 12
"""How much of two strings before their first differing character is shown."""


class _Absent:
    """The side of a difference where the key or item is not there at all."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


@dataclass(frozen=True)
class Difference:
    """Where two JSON values first differ (an RFC 6901 pointer), and what each side has
    there (`ABSENT` where one side has nothing)."""

    pointer: str
    old: Any
    new: Any


def first_difference(old: object, new: object) -> Difference | None:
    """The first place, in canonical order (keys sorted as the index sorts them, then items
    in order), where `old` and `new` differ as JSON; None when they are the same JSON.

    `true` and `1` differ; `1` and `1.0` are one JavaScript number, so they don't."""
    return _difference(old, new, [])


def _difference(old: object, new: object, path: list[object]) -> Difference | None:
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        before = cast("Mapping[str, Any]", old)
        after = cast("Mapping[str, Any]", new)
        for key in sorted({*before, *after}, key=code_unit_key):
            if key not in before or key not in after:
                return Difference(
                    json_pointer([*path, key]), before.get(key, ABSENT), after.get(key, ABSENT)
                )
            found = _difference(before[key], after[key], [*path, key])
            if found is not None:
                return found
        return None
    if _is_list(old) and _is_list(new):
        items_before = cast("Sequence[Any]", old)
        items_after = cast("Sequence[Any]", new)
        for number, (item_before, item_after) in enumerate(zip(items_before, items_after)):
            found = _difference(item_before, item_after, [*path, number])
            if found is not None:
                return found
        if len(items_before) == len(items_after):
            return None
        number = min(len(items_before), len(items_after))
        return Difference(
            json_pointer([*path, number]),
            items_before[number] if number < len(items_before) else ABSENT,
            items_after[number] if number < len(items_after) else ABSENT,
        )
    if _same_scalar(old, new):
        return None
    return Difference(json_pointer(path), old, new)


def _is_list(value: object) -> bool:
    return isinstance(value, (list, tuple))


def _same_scalar(old: object, new: object) -> bool:
    if isinstance(old, bool) or isinstance(new, bool):
        return isinstance(old, bool) and isinstance(new, bool) and old == new
    if isinstance(old, (int, float)) and isinstance(new, (int, float)):
        return old == new
    if isinstance(old, (Mapping, list, tuple)) or isinstance(new, (Mapping, list, tuple)):
        return False
    return type(old) is type(new) and old == new


def short_json_pair(old: object, new: object) -> tuple[str, str]:
    """Both sides of a difference as short JSON text; two long strings are cut around the
    first character where they differ, so what differs is what is shown."""
    if isinstance(old, str) and isinstance(new, str):
        common = 0
        for char_before, char_after in zip(old, new):
            if char_before != char_after:
                break
            common += 1
        start = max(0, common - _CONTEXT_CHARS)
        return _window(old, start), _window(new, start)
    return short_json(old), short_json(new)


def short_json(value: object) -> str:
    """A value as short JSON text (`absent` for `ABSENT`), cut with `…` past SHOWN_CHARS."""
    if value is ABSENT:
        return "absent"
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 1] + "…"


def _window(text: str, start: int) -> str:
    piece = text[start : start + SHOWN_CHARS]
    body = json.dumps(piece, ensure_ascii=False)[1:-1]
    before = "…" if start > 0 else ""
    after = "…" if start + SHOWN_CHARS < len(text) else ""
    return f'"{before}{body}{after}"'
