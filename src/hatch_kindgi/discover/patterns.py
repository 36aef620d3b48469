"""Discovery globs: their brace expansions, their static prefix, and whether one can be used.

Glob syntax is the kindgi SDK's: patterns are relative to the pack root and anchored there,
`**` is any depth (including none), `*` and `?` stay within one path segment, `{a,b}` is
alternation, and `[` is an ordinary character.
"""

from __future__ import annotations

import re

__all__ = [
    "END",
    "MAX_PATTERN_LENGTH",
    "MAX_SPELLINGS",
    "expand_braces",
    "pattern_problem",
    "static_prefix",
]

_GLOB_CHARS = re.compile(r"[*?{\[]")
_DRIVE = re.compile(r"[A-Za-z]:")

# Appended to every compiled pattern and to every candidate path. gitignore patterns also
# match everything beneath a matching folder (`blocks/*.json` matches `blocks/x.json/y.txt`);
# a pattern ending in NUL can only match where the candidate ends, because NUL is the one
# character no file name on any system holds.
END = "\x00"


MAX_SPELLINGS = 256
"""The most patterns one discovery glob's `{a,b}` groups may spell. Each spelling is matched
against every path walked, and groups multiply (21 `{a,b}` groups spell 2,097,152): a bound
keeps discovery fast, and real globs spell a handful."""

MAX_PATTERN_LENGTH = 4096
"""The longest discovery glob, in characters (PATH_MAX on Linux): with `MAX_SPELLINGS`, it
bounds what expanding a pattern can cost."""

_TOO_MANY = (
    f"the pattern's {{…}} groups spell more than {MAX_SPELLINGS} patterns; use fewer groups, "
    'or a wildcard ("*", "**") that matches the same files'
)


def expand_braces(pattern: str) -> list[str]:
    """Every pattern the `{a,b}` groups of `pattern` spell, nested and repeated groups included.

    Left to right, as a shell expands them (`{a,b}{1,2}` is `a1 a2 b1 b2`), without repeats. A
    one-option group is its option (`{a}` is `a`, as in the kindgi SDK); an unmatched `{` or `}`
    stays as it is (`pattern_problem` refuses such patterns). More than `MAX_SPELLINGS`
    spellings raise ValueError (`pattern_problem` refuses those too).
    """
    spellings = _spellings(pattern)
    if spellings is None:
        raise ValueError(f"discovery pattern {pattern[:80]!r}…: {_TOO_MANY}")
    return spellings


def _spellings(pattern: str) -> list[str] | None:
    """`expand_braces`, or None past `MAX_SPELLINGS`.

    One pass over the pattern with a stack of the groups open at that point, never recursion
    (3,000 nested groups are a pattern too): each level holds the spellings of what it has read
    so far, and a group's spellings are joined onto its level's when it closes. Every list
    stays within the bound or the pass stops, so time and memory are bounded by the pattern's
    length times `MAX_SPELLINGS`.
    """
    closing = _matched_braces(pattern)
    closers = set(closing.values())
    # One entry per open group: the spellings read before it, and its options' spellings.
    open_groups: list[tuple[list[str], dict[str, None]]] = []
    current = [""]
    literal_start = 0

    def flush(end: int) -> None:
        nonlocal current
        if end > literal_start:
            text = pattern[literal_start:end]
            current = [spelled + text for spelled in current]

    for index, char in enumerate(pattern):
        if char == "{" and index in closing:
            flush(index)
            open_groups.append((current, {}))
            current = [""]
        elif char == "," and open_groups:
            flush(index)
            options = open_groups[-1][1]
            options.update(dict.fromkeys(current))
            if len(options) > MAX_SPELLINGS:
                return None
            current = [""]
        elif char == "}" and index in closers:
            flush(index)
            before, options = open_groups.pop()
            options.update(dict.fromkeys(current))
            joined = _joined(before, list(options))
            if joined is None:
                return None
            current = joined
        else:
            continue
        literal_start = index + 1
    flush(len(pattern))
    return current


def _joined(heads: list[str], tails: list[str]) -> list[str] | None:
    """Each head followed by each tail, without repeats; None past `MAX_SPELLINGS`.

    Repeats dropped here, group by group, leave what dropping them at the end would (the
    first time a spelling appears, its head and tail appear for the first time too), and
    keep the bound about distinct patterns."""
    joined: dict[str, None] = {}
    for head in heads:
        for tail in tails:
            joined[head + tail] = None
            if len(joined) > MAX_SPELLINGS:
                return None
    return list(joined)


def _matched_braces(pattern: str) -> dict[int, int]:
    """Each `{` that has a matching `}`, by index, with that `}`'s index (a stack, so nesting
    costs no recursion). Unmatched braces are ordinary characters."""
    pairs: dict[int, int] = {}
    opened: list[int] = []
    for index, char in enumerate(pattern):
        if char == "{":
            opened.append(index)
        elif char == "}" and opened:
            pairs[opened.pop()] = index
    return pairs


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
    if len(pattern) > MAX_PATTERN_LENGTH:
        return (
            f"the pattern is {len(pattern)} characters long; a discovery glob may be at most "
            f"{MAX_PATTERN_LENGTH}"
        )
    if END in pattern:
        return "the pattern holds a NUL character, which no file name can"
    brace = _unbalanced_brace(pattern)
    if brace is not None:
        return brace
    spellings = _spellings(pattern)
    if spellings is None:
        return _TOO_MANY
    for expansion in spellings:
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
