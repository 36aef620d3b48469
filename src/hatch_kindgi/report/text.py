"""What the cross-entry checks say about an entry: the file that declares it, values as shown."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def file_of(entry: Mapping[str, Any], key: str) -> str:
    """The pack-relative file declaring `entry`: its `key`, else its `modulePath`, else "."."""
    file = entry.get(key, entry.get("modulePath"))
    return file if isinstance(file, str) else "."


def quoted(value: object) -> str:
    """A string in double quotes, anything else as its repr."""
    return f'"{value}"' if isinstance(value, str) else repr(value)


def shown(value: object) -> str:
    """A value as JSON, or its repr when it has no JSON form."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def first_line(cause: BaseException) -> str:
    """The first line of an exception's text, for a one-line message."""
    text = str(cause).strip()
    return text.splitlines()[0] if text else ""
