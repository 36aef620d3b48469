"""One pack as an editor sees it: the buffers open on its files, the pipeline run over them
(with what a re-run may reuse), and each file's problems, as the last run found them."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hatch_kindgi.config.options import DEFAULT_MAX_FILE_SIZE
from hatch_kindgi.config.stage import PYPROJECT
from hatch_kindgi.pipeline import PipelineCache, RunRequest, command_request, run_pipeline
from hatch_kindgi.pipeline.places import read_pack_text
from hatch_kindgi.pipeline.read import PackRead, read_pack
from hatch_kindgi.report.order import ordered
from hatch_kindgi.report.problems import Problem

_CODE_SUFFIXES = (".py", ".pyi")


def pack_root(path: Path) -> Path | None:
    """The pack a file belongs to: the nearest folder at or above it with a pyproject.toml."""
    for folder in (path, *path.parents) if path.is_dir() else path.parents:
        if (folder / PYPROJECT).is_file():
            return folder
    return None


class PackSession:
    """The pack at `root`, with the editor's unsaved buffers laid over its files.

    Code modules are indexed as saved: their buffers are kept for completion only, and the
    code stage runs again when one is saved (`saved`). `target`: the editor's setting of
    where the pack deploys (as `--target`: it wins over the hook option), None for none."""

    def __init__(
        self, root: Path, environ: Mapping[str, str] | None = None, target: str | None = None
    ) -> None:
        self.root = root
        self.target = target
        self.environ = dict(os.environ if environ is None else environ)
        self.cache = PipelineCache()
        self.buffers: dict[str, str] = {}
        self.problems: dict[str, tuple[Problem, ...]] = {}
        self._edited: set[str] = set()  # buffers changed since the last check
        # One `now` for the session: pins that fall back to it stay the same between runs.
        self._started = datetime.now(timezone.utc)
        self._max_bytes = DEFAULT_MAX_FILE_SIZE  # the pack's `max-file-size`, once checked

    def relative(self, path: Path) -> str | None:
        """`path` relative to the pack root, with `/`; None when outside it."""
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return None

    def edit(self, file: str, text: str) -> None:
        """The editor holds `text` for pack file `file` (opened or changed)."""
        self.buffers[file] = text
        self._edited.add(file)

    def close(self, file: str) -> None:
        """The editor closed `file`: the disk's again."""
        self.buffers.pop(file, None)
        self._edited.add(file)
        self.cache.forget([file])

    def saved(self, file: str) -> None:
        """`file` was saved (or changed on disk): what was made from it is made again."""
        self.cache.forget([file])

    def overlay(self) -> dict[str, bytes]:
        """The buffers the pipeline reads instead of the files (code modules: as saved)."""
        return {
            file: text.encode("utf-8", "surrogatepass")
            for file, text in self.buffers.items()
            if not file.endswith(_CODE_SUFFIXES)
        }

    def check(self) -> dict[str, tuple[Problem, ...]]:
        """Run the pipeline over the buffers; the problems of every file whose problems
        changed since the last run (an empty tuple: its problems are gone), and of every
        buffer edited since (its problems may have moved with its text)."""
        edited, self._edited = self._edited, set()
        result = run_pipeline(self.root, self.request())
        self._max_bytes = result.options.max_file_size
        by_file: dict[str, list[Problem]] = {}
        for problem in ordered(result.problems):
            by_file.setdefault(problem.file, []).append(problem)
        now = {file: tuple(problems) for file, problems in by_file.items()}
        changed = {
            file: now.get(file, ())
            for file in {*self.problems, *now}
            if self.problems.get(file, ()) != now.get(file, ()) or (file in edited and file in now)
        }
        self.problems = now
        return changed

    def text(self, file: str) -> str | None:
        """The text of pack file `file` as the editor has it (else as saved)."""
        if file in self.buffers:
            return self.buffers[file]
        # A file that is not UTF-8 still has lines to place its problems on; read as every
        # pack file is (a regular file, within the last run's `max-file-size`).
        return read_pack_text(self.root, file, self._max_bytes, errors="replace")

    def request(self) -> RunRequest:
        """The pipeline's request, made as a command makes its own (`command_request`, as
        `check --target` would, `self.target` the editor's setting), with this session's
        cache, clock and buffers."""
        asked = command_request(self.environ, target=self.target)
        return replace(asked, cache=self.cache, now=lambda: self._started, overlay=self.overlay())

    def read(self) -> PackRead:
        """The pack's config, files and blocks as the buffers have them (for completion)."""
        return read_pack(self.root, self.request())


def block_entries(read: PackRead) -> tuple[dict[str, Any], ...]:
    """The entries of the blocks that passed their checks."""
    return read.blocks.entries
