"""What every job reads of a pack first: its config, what its discovery globs match and its
blocks (`read_pack`), then, with the pins the job resolves, its code (`pack_code`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hatch_kindgi.discover.patterns import static_prefix
from hatch_kindgi.discover.stage import PackFiles, discover_pack

# What a job needs beside discovery loads in `read_pack` and `pack_code`, not with this
# module: `has_code_modules`, all a build's `dependencies()` asks, needs none of it.
if TYPE_CHECKING:
    from pathlib import Path

    from hatch_kindgi.blocks.stage import BlocksOutcome
    from hatch_kindgi.code.outcome import CodeOutcome
    from hatch_kindgi.config.stage import HookOptions, PackConfig
    from hatch_kindgi.config.target import Target
    from hatch_kindgi.index.pins import Pins
    from hatch_kindgi.pipeline.cache import PipelineCache
    from hatch_kindgi.pipeline.request import RunRequest, Settings
    from hatch_kindgi.report.problems import Problem

_NOTHING_FOUND = PackFiles({}, ())


@dataclass(frozen=True)
class PackRead:
    """A pack's settings (its hook options with the run's overrides, the deploy target),
    its config, what its discovery globs match, its blocks, and every problem found on the
    way (`config_problems`: the config's own, first among them). With `pack` None the config
    can't be used, and nothing else was read; nor was it when `read_pack` was asked to read
    the config first and the config has errors."""

    settings: Settings
    pack: PackConfig | None
    found: PackFiles
    blocks: BlocksOutcome
    problems: tuple[Problem, ...]
    config_problems: tuple[Problem, ...] = ()

    @property
    def options(self) -> HookOptions:
        """The hook options, the run's overrides applied."""
        return self.settings.options

    @property
    def target(self) -> Target:
        """Where the pack deploys: the bounds every check is given, and the warned ones."""
        return self.settings.target


def read_pack(
    root: Path, request: RunRequest | None = None, *, config_first: bool = False
) -> PackRead:
    """Config, discovery and blocks of the pack at `root`, as `request` asks: its hook
    options as Hatchling hands them (None: read from the pyproject), its overrides (applied
    here, once: `apply_overrides`), a cache from earlier runs that spares checking the block
    files that didn't change, an overlay of an editor's unsaved buffers, read instead of
    the files under them (None: a build's request, every option from the pyproject). With
    `config_first`, a config with errors is all that is read (a job that refuses such a
    config, as `render` does, has no use for the rest); without, every problem is found
    (`check` reports the blocks' beside the config's)."""
    from hatch_kindgi.blocks.stage import BlocksOutcome, check_blocks
    from hatch_kindgi.config.stage import read_config
    from hatch_kindgi.pipeline.request import NO_REQUEST, apply_overrides
    from hatch_kindgi.report.problems import has_errors

    request = NO_REQUEST if request is None else request
    overlay = request.overlay
    config = read_config(root, request.hook_config, overlay)
    pack = config.pack
    settings = apply_overrides(root, config.options, request)
    if pack is None or (config_first and has_errors(config.problems)):
        return PackRead(
            settings,
            pack,
            _NOTHING_FOUND,
            BlocksOutcome((), ()),
            config.problems,
            config.problems,
        )
    found = discover_pack(root, pack.discovery)
    blocks = check_blocks(
        root,
        found.by_kind["blocks"].files,
        static_prefix(pack.discovery["blocks"]),
        found.by_kind["blocks"].others,
        max_file_bytes=settings.options.max_file_size,
        cache=None if request.cache is None else request.cache.blocks,
        overlay=overlay,
        target=settings.target,
    )
    problems = (*config.problems, *found.problems, *blocks.problems)
    return PackRead(settings, pack, found, blocks, problems, config.problems)


def pack_code(
    root: Path,
    read: PackRead,
    pins: Pins,
    *,
    cache: PipelineCache | None = None,
    import_roots: Sequence[str] | None = None,
) -> CodeOutcome:
    """The code stage on the pack's code modules, with `pins`; nothing runs, and the SDK
    runner's modules don't load, for a pack without code. The read's runner says who runs
    it (what to install is said for that one); a `cache` keeps the outcome while nothing it
    read changed;
    `import_roots` are the folders the project's packages import from (None: asked of
    hatchling here)."""
    from hatch_kindgi.code.outcome import NO_CODE

    modules = read.found.code_modules()
    if not modules:
        return NO_CODE
    timeout = read.options.import_timeout
    runner = read.settings.runner

    def index() -> CodeOutcome:
        from hatch_kindgi.code.stage import index_code
        from hatch_kindgi.discover.shipped import import_roots as roots_of
        from hatch_kindgi.discover.shipped import project_wheel

        return index_code(
            root,
            modules,
            artifact_version=pins.artifact_version,
            published_at=pins.published_at,
            timeout=timeout,
            runner=runner,
            # The app a pack lives in: its packages import as hatchling's wheel ships them.
            import_roots=(roots_of(project_wheel(root)) if import_roots is None else import_roots),
        )

    return index() if cache is None else cache.code(root, modules, pins, timeout, index)


def has_code_modules(root: Path) -> bool:
    """Whether the pack at `root` has modules for the kindgi SDK to index (the hook asks
    before a build, to know whether the build environment needs the SDK). The config read
    as `read_config` reads it, but its pack part alone (the hook's options don't decide what
    `[tool.kindgi]` says), and only the code kinds' globs walked."""
    from hatch_kindgi.config.pack import CODE_KINDS, pack_config
    from hatch_kindgi.config.pyproject import read_pyproject

    document, _ = read_pyproject(root)
    pack = None if document is None else pack_config(document, [])
    if pack is None:
        return False
    code_globs = {kind: pack.discovery[kind] for kind in CODE_KINDS}
    return bool(discover_pack(root, code_globs).code_modules())
