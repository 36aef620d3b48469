"""What a page of docs/ shows, read as a test reads it: the files it shows under their paths."""

from __future__ import annotations

import re

from tests.helpers.packs import REPO

_FILE = re.compile(r"^\*\*`(?P<path>[^`]+)`\*\*\n\n```[a-z]*\n(?P<body>.*?)^```$", re.M | re.S)


def shown_files(page: str) -> dict[str, str]:
    """The files docs/`page` shows: each fenced block right below a bold `path` line, by
    that path."""
    text = (REPO / "docs" / page).read_text("utf-8")
    return {match.group("path"): match.group("body") for match in _FILE.finditer(text)}
