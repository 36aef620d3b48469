"""The highest of some versions, and the next version free to give a change."""

from __future__ import annotations

from collections.abc import Collection

from hatch_kindgi.checks.versions import semver, version_key


def highest(versions: Collection[str]) -> str | None:
    """The highest of `versions` in semver order, or None for none."""
    return max(versions, key=version_key) if versions else None


def next_free(after: str, used: Collection[str]) -> str | None:
    """The lowest patch release above `after` that is not in `used` (1.0.0 -> 1.0.1, or
    1.0.2 when 1.0.1 is taken); None when `after` is not semver."""
    parsed = semver(after)
    if parsed is None:
        return None
    taken = set(used)
    patch = parsed.patch + 1
    while f"{parsed.major}.{parsed.minor}.{patch}" in taken:
        patch += 1
    return f"{parsed.major}.{parsed.minor}.{patch}"
