"""The indexer child: the kindgi SDK's indexer run in this process, its outcome written to a file
that only this script writes, never printed.

Run as `python -B -c <this file's text> JOB` by `sdk_run`, with the pack root as the working
folder; JOB is a JSON file naming the pack, the pins, the `--config` to read instead of the
pack's own (or null), the folders the project's packages import from, the index to write
and the result file. It calls the SDK's own
`kindgi.pack.index.run_indexer`, the function `python -m kindgi.pack index --json` calls, so the
entries are the SDK's byte for byte; but where that command prints its outcome on stdout, among
whatever pack code prints, this script writes it to the result file, then ends at once (no exit
handler of pack code runs after it). What pack code prints goes to stdout and stderr, which the
parent keeps as bounded text for its messages and never parses.

While it runs, no module is imported from a file that a symbolic link takes out of the pack: an
import finder placed first refuses such a module (`LinkOutsidePack`, an ImportError), whether
the SDK's own discovery found it or pack code imports it.

Self-contained (standard library and kindgi only): the interpreter may be one without
hatch-kindgi.
"""

from __future__ import annotations

import sys

# `-c` puts the working folder (the pack root) first on sys.path: the standard library this
# script imports must not be shadowed by a pack's `json.py`. The SDK mounts the pack itself.
if sys.path and sys.path[0] == "":
    del sys.path[0]

import contextlib
import importlib
import json
import os
from pathlib import Path
from typing import Any


class LinkOutsidePack(ImportError):
    """A module of the pack is reached through a symbolic link that leads outside it."""


class PackGuard:
    """A meta path finder that asks the others and refuses what they find outside the pack.

    It answers exactly as the finders after it would, so imports resolve as they always do.
    """

    def __init__(self, root: str, project_roots: tuple[str, ...] = ()) -> None:
        self._root = root
        self._prefix = root.rstrip(os.sep) + os.sep
        self._project = {str(Path(entry).absolute()) + os.sep for entry in project_roots}

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        """The spec the other finders give, once every location it names is the pack's."""
        for finder in list(sys.meta_path):
            find = getattr(finder, "find_spec", None)
            if finder is self or find is None:
                continue
            spec = find(name, path, target)
            if spec is not None:
                self._check(spec)
                return spec
        return None

    def _check(self, spec: Any) -> None:
        locations = list(getattr(spec, "submodule_search_locations", None) or [])
        if getattr(spec, "has_location", False) and isinstance(spec.origin, str):
            locations.insert(0, spec.origin)
        # A folder of sys.path inside the pack is an environment's (a virtualenv in the pack
        # folder, whose installed packages may be links out of it), not the pack's code; the
        # folders the project's wheel ships packages from (`src/`) are the project's code.
        installed = tuple(
            folder
            for folder in (str(Path(entry).absolute()) + os.sep for entry in sys.path if entry)
            if folder.startswith(self._prefix)
            and folder != self._prefix
            and folder not in self._project
        )
        for location in locations:
            if not location.startswith(self._prefix) or location.startswith(installed):
                continue
            rel = location[len(self._prefix) :].replace(os.sep, "/")
            outside = first_link_out(self._root, rel)
            if outside is None:
                continue
            how = (
                "is a symbolic link that leads outside the pack"
                if outside == rel
                else f'is reached through the symbolic link "{outside}", which leads outside '
                "the pack"
            )
            raise LinkOutsidePack(
                f'"{rel}" {how}; the build imports nothing from outside the pack root'
            )


def first_link_out(root: str, rel: str) -> str | None:
    """The first leading part of `rel` whose real path is not under `root` (a real path).

    The rule of `hatch_kindgi.discover.links`, restated: this script imports nothing of ours.
    """
    segments = rel.split("/")
    for end in range(1, len(segments) + 1):
        real = os.path.realpath(Path(root).joinpath(*segments[:end]))
        if real != root and not real.startswith(root.rstrip(os.sep) + os.sep):
            return "/".join(segments[:end])
    return None


def main(argv: list[str]) -> int:
    """Index the pack JOB names, write the outcome to its result file, and end at once."""
    job = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
    del sys.argv[1:]
    # Opened before any pack code runs, and only ever written here.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    result = os.open(job["result"], flags, 0o600)
    pack_dir = Path(job["packDir"])
    # The project's own packages (an app the pack lives in) import as its wheel ships them,
    # ahead of anything installed; the SDK then puts the pack root before them.
    project_roots = tuple(job.get("importRoots") or ())
    sys.path[0:0] = list(project_roots)
    sys.meta_path.insert(0, PackGuard(os.path.realpath(pack_dir), project_roots))
    indexer = importlib.import_module("kindgi.pack.index")
    outcome = indexer.run_indexer(
        pack_dir,
        config_path=Path(job["config"]) if job["config"] is not None else None,
        output_path=Path(job["output"]),
        artifact_version=job["artifactVersion"],
        published_at=job["publishedAt"],
    )
    data = json.dumps(outcome, separators=(",", ":")).encode("utf-8")
    while data:
        data = data[os.write(result, data) :]
    os.close(result)
    for stream in (sys.stdout, sys.stderr):
        # Pack code may have closed or replaced them.
        with contextlib.suppress(Exception):
            stream.flush()
    # Pack code's exit handlers and threads must not run on after the outcome is written.
    os._exit(0)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
