"""What every job reads of a pack first: its config, what its discovery globs match and its
blocks (`read_pack`), then, with the pins the job resolves, its code (`pack_code`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hatch_kindgi.blocks.stage import BlocksCache, BlocksOutcome, check_blocks
from hatch_kindgi.code.outcome import NO_CODE, CodeOutcome
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay
from hatch_kindgi.config.stage import HookOptions, PackConfig, Runner, read_config
from hatch_kindgi.config.target import target_of
from hatch_kindgi.discover.patterns import static_prefix
from hatch_kindgi.discover.stage import PackFiles, discover_pack
from hatch_kindgi.report.problems import Problem

if TYPE_CHECKING:
    from pathlib import Path

    from hatch_kindgi.index.pins import Pins
    from hatch_kindgi.pipeline.cache import PipelineCache

_NOTHING_FOUND = PackFiles({}, ())
_NO_BLOCKS = BlocksOutcome((), ())


@dataclass(frozen=True)
class PackRead:
    """A pack's hook options and config, what its discovery globs match, its blocks, and
    every problem found on the way. With `pack` None the config can't be used, and nothing
    else was read."""

    options: HookOptions
    pack: PackConfig | None
    found: PackFiles
    blocks: BlocksOutcome
    problems: tuple[Problem, ...]


def read_pack(
    root: Path,
    hook_config: Mapping[str, Any] | None = None,
    *,
    cache: BlocksCache | None = None,
    overlay: Overlay = NO_OVERLAY,
    target: str | None = None,
) -> PackRead:
    """Config, discovery and blocks of the pack at `root`. `hook_config` is the hook's options
    as Hatchling hands them (None: read from the pyproject); a `cache` from earlier runs spares
    checking the block files that didn't change; `overlay` holds an editor's unsaved buffers,
    read instead of the files under them; `target` (`--target`, an editor's setting) wins
    over the hook option's."""
    config = read_config(root, hook_config, overlay)
    pack, options = config.pack, config.options
    if target is not None:
        options = replace(options, target=target)
    if pack is None:
        return PackRead(options, None, _NOTHING_FOUND, _NO_BLOCKS, config.problems)
    found = discover_pack(root, pack.discovery)
    blocks = check_blocks(
        root,
        found.by_kind["blocks"].files,
        static_prefix(pack.discovery["blocks"]),
        found.by_kind["blocks"].others,
        max_file_bytes=options.max_file_size,
        cache=cache,
        overlay=overlay,
        target=target_of(options.target),
    )
    problems = (*config.problems, *found.problems, *blocks.problems)
    return PackRead(options, pack, found, blocks, problems)


def pack_code(
    root: Path,
    read: PackRead,
    pins: Pins,
    *,
    runner: Runner,
    cache: PipelineCache | None = None,
    import_roots: Sequence[str] | None = None,
) -> CodeOutcome:
    """The code stage on the pack's code modules, with `pins`; nothing runs, and the SDK
    runner's modules don't load, for a pack without code. `runner` says who runs it (what to
    install is said for that one); a `cache` keeps the outcome while nothing it read changed;
    `import_roots` are the folders the project's packages import from (None: asked of
    hatchling here)."""
    modules = read.found.code_modules()
    if not modules:
        return NO_CODE
    timeout = read.options.import_timeout

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
    before a build, to know whether the build environment needs the SDK)."""
    pack = read_config(root).pack
    return pack is not None and bool(discover_pack(root, pack.discovery).code_modules())
