"""`build_data["force_include"]` read late (`ReadLate`): the hook's entries computed when
hatchling first reads the mapping as a whole, after every build hook's `initialize`.

This leans on when hatchling reads `force_include` (once every hook has initialized, before
it writes the archive); the hook's `finalize` refuses an artifact built without reading it,
so a hatchling that reads it otherwise fails the build rather than ship a wheel without the
index.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

__all__ = ["ReadLate"]


class ReadLate(dict):  # type: ignore[type-arg]
    """`build_data["force_include"]`, whose own entries are computed when hatchling first
    reads it as a whole (after every hook's `initialize`), not when this hook initializes.

    Entries other hooks put in stay (and are handed to the computation, as what the project
    ships besides its own files); adding one, asking for one or testing truth computes
    nothing. Every way to read the whole mapping (items, keys, values, iteration, copy,
    `dict(...)`, `{**...}`) computes the entries first, once.
    """

    def __init__(
        self,
        existing: Mapping[str, str],
        compute: Callable[[Mapping[str, str]], dict[str, str]],
    ) -> None:
        super().__init__(existing)
        self._compute: Callable[[Mapping[str, str]], dict[str, str]] | None = compute

    def _settle(self) -> None:
        compute, self._compute = self._compute, None
        if compute is not None:
            for source, target in compute(dict(super().items())).items():
                super().__setitem__(source, target)

    def items(self) -> Any:
        self._settle()
        return super().items()

    def keys(self) -> Any:
        self._settle()
        return super().keys()

    def values(self) -> Any:
        self._settle()
        return super().values()

    def __iter__(self) -> Iterator[str]:
        self._settle()
        return super().__iter__()

    def copy(self) -> dict[str, str]:
        self._settle()
        return dict(super().items())
