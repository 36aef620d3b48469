"""`build_data["force_include"]` read late (`ReadLate`): the hook's entries computed when
hatchling first reads the mapping as a whole, after every build hook's `initialize`; and what
a build hook after ours changed once they were (`TreeState`, `ReadLate.changed_after_read`).

The hook needs this only when build hooks are configured after its own (`hooks_after`): as the
last hook it computes its entries in its own `initialize`, when every other hook has run, and
no longer depends on when, or how, hatchling reads the mapping. Before other hooks, it leans
on hatchling reading `force_include` once every hook has initialized, before it writes the
archive, and checks that it did: a hook after ours that changed the mapping, the artifacts or
the tree after the entries were computed means hatchling read it early, and the build fails
rather than ship an index made before that hook ran.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

__all__ = ["ReadLate", "TreeState", "hooks_after"]


def hooks_after(build_hooks: object, name: str) -> tuple[str, ...] | None:
    """The build hooks hatchling runs after the hook `name`, from `build_data["build_hooks"]`
    (hatchling's configured hooks, in the order they initialize); None when hatchling doesn't
    say, or doesn't list `name`."""
    if not isinstance(build_hooks, (tuple, list)) or not all(
        isinstance(hook, str) for hook in build_hooks
    ):
        return None
    if name not in build_hooks:
        return None
    return tuple(build_hooks[len(build_hooks) - build_hooks[::-1].index(name) :])


class ReadLate(dict):  # type: ignore[type-arg]
    """`build_data["force_include"]`, whose own entries are computed when hatchling first
    reads it as a whole (after every hook's `initialize`), not when this hook initializes.

    Entries other hooks put in stay (and are handed to the computation, as what the project
    ships besides its own files); adding one, asking for one or testing truth computes
    nothing. Every way to read the whole mapping (items, keys, values, iteration, copy,
    `dict(...)`, `{**...}`) computes the entries first, once. A change after that (another
    hook's entry added or removed once hatchling had read it) is noted in
    `changed_after_read`: that hook initialized after the read, so the entries were computed
    too early.
    """

    def __init__(
        self,
        existing: Mapping[str, str],
        compute: Callable[[Mapping[str, str]], dict[str, str]],
    ) -> None:
        super().__init__(existing)
        self._compute: Callable[[Mapping[str, str]], dict[str, str]] | None = compute
        self.changed_after_read: list[str] = []

    @property
    def read(self) -> bool:
        """Whether the entries were computed (the mapping was read as a whole)."""
        return self._compute is None

    def _settle(self) -> None:
        compute, self._compute = self._compute, None
        if compute is not None:
            for source, target in compute(dict(super().items())).items():
                super().__setitem__(source, target)

    def _changing(self, keys: Iterable[object]) -> None:
        if self._compute is None:
            self.changed_after_read.extend(str(key) for key in keys)

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

    def __setitem__(self, key: str, value: str) -> None:
        self._changing([key])
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        self._changing([key])
        super().__delitem__(key)

    def update(self, *args: Any, **kwargs: Any) -> None:
        added = dict(*args, **kwargs)
        self._changing(added)
        super().update(added)

    def setdefault(self, key: str, default: Any = None) -> Any:
        if not super().__contains__(key):
            self._changing([key])
        return super().setdefault(key, default)

    def pop(self, key: str, *default: Any) -> Any:
        if super().__contains__(key):
            self._changing([key])
        return super().pop(key, *default)

    def popitem(self) -> tuple[str, str]:
        key, value = super().popitem()
        self._changing([key])
        return key, value

    def clear(self) -> None:
        self._changing(super().keys())
        super().clear()

    def __ior__(self, other: Any) -> ReadLate:  # type: ignore[misc]
        self.update(other)
        return self


_NEVER_WALKED = frozenset({"__pycache__", "node_modules", "site-packages"})


class TreeState:
    """The files under a project root as a build left them, each by its size and time of
    change: taken when the hook computes its entries, and again once the artifact is built,
    to tell what a build hook after ours wrote in between. Hidden folders, caches,
    virtualenvs and the build's own output folders are not walked."""

    def __init__(self, root: Path, skip: Sequence[Path] = ()) -> None:
        self.root = root
        self._given = tuple(skip)
        self._skip = {os.path.realpath(path) for path in skip}
        self.files = self._walk()

    def _walk(self) -> dict[str, tuple[int, int]]:
        files: dict[str, tuple[int, int]] = {}
        pending = [str(self.root)]
        while pending:
            folder = pending.pop()
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                try:
                    if entry.is_dir(follow_symlinks=False):
                        if not self._walked(entry):
                            continue
                        pending.append(entry.path)
                    elif entry.is_file():
                        stat = entry.stat()
                        relative = os.path.relpath(entry.path, self.root).replace(os.sep, "/")
                        files[relative] = (stat.st_size, stat.st_mtime_ns)
                except OSError:
                    continue
        return files

    def _walked(self, entry: os.DirEntry[str]) -> bool:
        if entry.name.startswith(".") or entry.name in _NEVER_WALKED:
            return False
        if (Path(entry.path) / "pyvenv.cfg").is_file():
            return False
        return os.path.realpath(entry.path) not in self._skip

    def changed_since(self) -> list[str]:
        """The files written or changed since this state was taken, sorted (a file removed
        since is not counted: a hook before ours may clean up what it made)."""
        now = TreeState(self.root, self._given)
        return sorted(path for path, state in now.files.items() if self.files.get(path) != state)
