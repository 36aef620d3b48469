"""Discovery globs: their brace expansions, their static prefix, and whether one can be used.

Glob syntax is the kindgi SDK's: patterns are relative to the pack root and anchored there,
`**` is any depth (including none), `*` and `?` stay within one path segment, `{a,b}` is
alternation, and `[` is an ordinary character.
"""

from __future__ import annotations

import re

__all__ = ["END", "expand_braces", "pattern_problem", "static_prefix"]

_GLOB_CHARS = re.compile(r"[*?{\[]")
_DRIVE = re.compile(r"[A-Za-z]:")

# Appended to every compiled pattern and to every candidate path. gitignore patterns also
# match everything beneath a matching folder (`blocks/*.json` matches `blocks/x.json/y.txt`);
# a pattern ending in NUL can only match where the candidate ends, because NUL is the one
# character no file name on any system holds.
END = "\x00"


def expand_braces(pattern: str) -> list[str]:
    """Every pattern the `{a,b}` groups of `pattern` spell, nested and repeated groups included.

    Left to right, as a shell expands them (`{a,b}{1,2}` is `a1 a2 b1 b2`), without repeats. A
    one-option group is its option (`{a}` is `a`, as in the kindgi SDK); an unmatched `{` or `}`
    stays as it is (`pattern_problem` refuses such patterns).
    """
    return list(dict.fromkeys(_expand(pattern)))


def _expand(text: str) -> list[str]:
    group = _first_group(text)
    if group is None:
        return [text]
    start, end = group
    head, tail = text[:start], _expand(text[end + 1 :])
    return [
        head + alternative + rest
        for option in _split_options(text[start + 1 : end])
        for alternative in _expand(option)
        for rest in tail
    ]


def _first_group(text: str) -> tuple[int, int] | None:
    """Index of the first `{` that has a matching `}`, and of that `}`."""
    for start, char in enumerate(text):
        if char != "{":
            continue
        depth = 0
        for end in range(start, len(text)):
            if text[end] == "{":
                depth += 1
            elif text[end] == "}":
                depth -= 1
                if depth == 0:
                    return start, end
    return None


def _split_options(body: str) -> list[str]:
    """The options of a group's body, split at its top-level commas."""
    options: list[str] = []
    depth = 0
    current = 0
    for index, char in enumerate(body):
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == "," and depth == 0:
            options.append(body[current:index])
            current = index + 1
    options.append(body[current:])
    return options


def static_prefix(pattern: str) -> str:
    """The leading folders of `pattern` that hold no glob character (`* ? { [`).

    `blocks/**/*.json` -> `blocks`; `*.json` -> ``; `prompts/x.json` -> `prompts` (the last
    segment names files, never a folder to start from).
    """
    segments = pattern.split("/")
    folders: list[str] = []
    for segment in segments[:-1]:
        if _GLOB_CHARS.search(segment):
            break
        if segment not in ("", "."):
            folders.append(segment)
    return "/".join(folders)


def pattern_problem(pattern: str) -> str | None:
    """Why `pattern` can't be used as a discovery glob, or None when it can."""
    if not pattern:
        return 'the pattern is empty; write a glob relative to the pack root, like "tools/**/*.py"'
    if "\\" in pattern:
        return 'the pattern holds a backslash; separate folders with "/"'
    if END in pattern:
        return "the pattern holds a NUL character, which no file name can"
    brace = _unbalanced_brace(pattern)
    if brace is not None:
        return brace
    for expansion in expand_braces(pattern):
        problem = _expansion_problem(expansion)
        if problem is not None:
            if expansion == pattern:
                return f"the pattern {problem}"
            return f'the pattern spells "{expansion}", which {problem}'
    return None


def _unbalanced_brace(pattern: str) -> str | None:
    opened: list[int] = []
    for index, char in enumerate(pattern):
        if char == "{":
            opened.append(index)
        elif char == "}":
            if not opened:
                return f'the pattern has a "}}" with no "{{" before it (character {index + 1})'
            opened.pop()
    if opened:
        return f'the pattern has a "{{" that is never closed (character {opened[0] + 1})'
    return None


def _expansion_problem(expansion: str) -> str | None:
    if not expansion:
        return "is empty"
    if expansion.startswith("/") or _DRIVE.match(expansion):
        return "is absolute; write it relative to the pack root"
    segments = expansion.split("/")
    if ".." in segments:
        return 'has a ".." segment, which leaves the pack root'
    if "." in segments:
        return 'has a "." segment; leave it out ("./tools/*.py" is "tools/*.py")'
    if "" in segments:
        return 'has an empty segment ("//", or a "/" at the end)'
    if any("**" in segment and segment != "**" for segment in segments):
        return 'has a "**" inside a segment; "**" must be a whole segment, as in "tools/**/*.py"'
    return None
