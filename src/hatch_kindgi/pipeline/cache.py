"""What `check --watch` keeps from one run of the pipeline to the next on the same pack."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING

from hatch_kindgi.blocks.cache import fingerprint
from hatch_kindgi.blocks.stage import BlocksCache
from hatch_kindgi.config.stage import PYPROJECT
from hatch_kindgi.index.stage import pack_index_schema

if TYPE_CHECKING:
    from pathlib import Path

    from hatch_kindgi.against.stage import Revisions
    from hatch_kindgi.code.outcome import CodeOutcome
    from hatch_kindgi.index.pins import Pins
    from hatch_kindgi.pipeline.places import Text
    from hatch_kindgi.primitives.modules import ModuleParses
    from hatch_kindgi.report.problems import Problem


class PipelineCache:
    """What a run may reuse from the runs before it on the same pack (`check --watch`): each
    block file's own checks while the file is unchanged, the code stage's outcome until a
    code module, another Python file or pyproject.toml changes, which entries passed the
    index checks, the entries of a git revision compared with (`--against`), by commit,
    where the keys and values of each file a problem was placed in are, while its text is
    the same, and each pack module's parse, while its text is the same.
    The rules across files and entries always run again, so the problems are those of a fresh
    run."""

    def __init__(self) -> None:
        from hatch_kindgi.index.cache import IndexChecks  # the Ajv mirror: only a watch needs it

        self.blocks = BlocksCache()
        self.index = IndexChecks(pack_index_schema())
        self._code: tuple[Hashable, CodeOutcome] | None = None
        self._primitives: tuple[CodeOutcome, Hashable, tuple[Problem, ...]] | None = None
        self.revisions: Revisions = {}
        self.places: dict[str, Text] = {}
        """Each placed file's text and where its keys and values are (`pipeline.places`)."""
        self._parses: ModuleParses | None = None

    def forget(self, paths: Iterable[str]) -> None:
        """Drop what was made from `paths` (pack-relative), which a watcher saw change."""
        changed = list(paths)
        self.blocks.files.forget(changed)
        if any(path.endswith((".py", ".pyi")) or path == PYPROJECT for path in changed):
            self._code = None

    def module_parses(self) -> ModuleParses:
        """The parses of the pack's modules a run shares (`primitives.modules.ModuleParses`):
        those of the run before it, for the texts that are the same."""
        from hatch_kindgi.primitives.modules import ModuleParses

        self._parses = ModuleParses() if self._parses is None else self._parses.next_run()
        return self._parses

    def primitives(
        self, code: CodeOutcome, key: Hashable, check: Callable[[], tuple[Problem, ...]]
    ) -> tuple[Problem, ...]:
        """The primitives stage's problems kept for the same code stage outcome (the same
        object: the modules and the entries it read are unchanged) and the same `key` (the
        options they were checked under), else `check()`, kept."""
        if (
            self._primitives is None
            or self._primitives[0] is not code
            or self._primitives[1] != key
        ):
            self._primitives = (code, key, check())
        return self._primitives[2]

    def code(
        self,
        root: Path,
        modules: Sequence[str],
        pins: Pins,
        timeout: float,
        index: Callable[[], CodeOutcome],
    ) -> CodeOutcome:
        """The code stage's outcome kept for the same pyproject.toml, `modules`, `pins` and
        `timeout`, else `index()`, kept."""
        # The modules' fingerprints too, so an edit is seen even without a watcher's word.
        sources = tuple((path, fingerprint(root / path)) for path in (PYPROJECT, *modules))
        key = (sources, pins.artifact_version, pins.published_at, timeout)
        if self._code is None or self._code[0] != key:
            self._code = (key, index())
        return self._code[1]
