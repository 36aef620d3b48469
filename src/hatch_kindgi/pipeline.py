"""The pipeline: config -> discover -> blocks + primitives -> checks -> index.

Data in, data out. The build hook and the command line are adapters over `run_pipeline`;
neither holds a rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hatch_kindgi.against.reference import RefRequest, choose_reference
from hatch_kindgi.blocks.cache import fingerprint
from hatch_kindgi.blocks.stage import BlocksCache, BlocksOutcome, check_blocks
from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.code.outcome import CodeOutcome
from hatch_kindgi.config.stage import (
    PYPROJECT,
    HookOptions,
    PackConfig,
    Runner,
    default_package,
    hook_table,
    load_config,
    read_pyproject,
)
from hatch_kindgi.discover.patterns import static_prefix
from hatch_kindgi.discover.stage import PackFiles, code_files, discover_pack, misnamed_problem
from hatch_kindgi.index.pins import LocalPins, Pins, resolve_pins
from hatch_kindgi.index.stage import build_envelope, index_problems, pack_index_schema, serialized
from hatch_kindgi.report.formats import fails
from hatch_kindgi.report.problems import Problem, has_errors

if TYPE_CHECKING:
    from hatch_kindgi.against.stage import Comparison, PackEntries


@dataclass(frozen=True)
class PipelineResult:
    """What a run gives its adapter: the index bytes (None on error) and every problem."""

    serialize: Callable[[], bytes] | None  # the index's bytes, when there is an index
    problems: tuple[Problem, ...]
    options: HookOptions
    package: str | None = None
    python_files: tuple[str, ...] = ()
    pins: Pins | None = None
    pack: PackConfig | None = None
    comparison: Comparison | None = None
    notes: tuple[str, ...] = ()

    @cached_property
    def index(self) -> bytes | None:
        """The index bytes, None on error; written on first use, so a run that only reports
        (`check --watch`) doesn't pay for them."""
        return None if self.serialize is None else self.serialize()

    @property
    def failed(self) -> bool:
        """No index, or problems that fail the build (any error; any warning when strict).
        Asks whether there is an index, not for its bytes: `check` never writes them."""
        return self.serialize is None or fails(self.problems, strict=self.options.strict)


class PipelineCache:
    """What a run may reuse from the runs before it on the same pack (`check --watch`): each
    block file's own checks while the file is unchanged, the code stage's outcome until a
    code module, another Python file or pyproject.toml changes, and which entries passed the
    index checks. The rules across files and entries always run again, so the problems are
    those of a fresh run."""

    def __init__(self) -> None:
        from hatch_kindgi.index.cache import IndexChecks  # jsonschema: only a watch needs it

        self.blocks = BlocksCache()
        self.index = IndexChecks(pack_index_schema())
        self._code: tuple[Hashable, CodeOutcome] | None = None

    def forget(self, paths: Iterable[str]) -> None:
        """Drop what was made from `paths` (pack-relative), which a watcher saw change."""
        changed = list(paths)
        self.blocks.files.forget(changed)
        if any(path.endswith((".py", ".pyi")) or path == PYPROJECT for path in changed):
            self._code = None

    def code(self, key: Hashable, index: Callable[[], CodeOutcome]) -> CodeOutcome:
        """The code stage's outcome for `key`: the one kept, else `index()` kept."""
        if self._code is None or self._code[0] != key:
            self._code = (key, index())
        return self._code[1]


@dataclass(frozen=True)
class LoadedEntries:
    """A pack's entries, for a command that reads them rather than building (`render`):
    its blocks, its agents (None when its code was not indexed), and every problem found on
    the way (config, discovery, blocks, code)."""

    blocks: BlocksOutcome
    agents: tuple[dict[str, Any], ...] | None
    problems: tuple[Problem, ...]


def run_pipeline(
    root: Path,
    hook_config: Mapping[str, Any] | None = None,
    *,
    dist_name: str | None = None,
    dist_version: str | None = None,
    environ: Mapping[str, str] | None = None,
    recorded_pins: Mapping[str, str] | None = None,
    now: Callable[[], datetime] | None = None,
    local_pins: LocalPins | None = None,
    against: str | RefRequest | None = None,
    runner: Runner = "build",
    cache: PipelineCache | None = None,
) -> PipelineResult:
    """Check the pack at `root` and build its index; `hook_config` None reads it from the
    pyproject (the command line), a mapping is what Hatchling hands the hook.

    `local_pins` is the command line's `index`: its flags win over every other pin, and
    its fallback `artifactVersion` replaces the distribution version. `against` is the
    command line's reference to compare with; it wins over the hook option and the
    environment (`recorded_pins` says this is an unpacked sdist, which compared when it was
    built). `runner` is who runs it, the build hook or the command line: the stages say what
    to install for that one. A `cache` kept from earlier runs on `root` spares the work on
    what didn't change since."""
    document, problems = read_pyproject(root)
    if document is None:
        return PipelineResult(None, tuple(problems), HookOptions())
    config = load_config(document, hook_table(document) if hook_config is None else hook_config)
    problems.extend(config.problems)
    pack, options = config.pack, config.options
    package = options.package or (default_package(dist_name) if dist_name else None)
    if pack is None:
        return PipelineResult(None, tuple(problems), options, package)
    if package is None and pack.project_name:
        package = default_package(pack.project_name)

    found = discover_pack(root, pack.discovery)
    problems.extend(found.problems)
    problems.extend(found.not_modules(root))
    code_modules = found.code_modules()
    blocks = _check_blocks(root, pack, options, found, None if cache is None else cache.blocks)
    problems.extend(blocks.problems)

    pins, pin_problems = resolve_pins(
        root,
        options,
        environ or {},
        dist_version or pack.pack_version,
        recorded=recorded_pins,
        now=now,
        local=local_pins,
    )
    problems.extend(pin_problems)
    code = CodeOutcome((), (), (), (), ())
    if code_modules and pins is not None:
        code = _index_code(root, code_modules, pins, options, cache, runner=runner)
        problems.extend(code.problems)
    problems.extend(
        check_entries(code.tools, code.guardrails, code.agents, code.flows, blocks.entries)
    )
    comparison: Comparison | None = None
    notes: tuple[str, ...] = ()
    request = choose_reference(against, options.against, environ or {}, root=root)
    if request is not None and recorded_pins is not None:
        notes = (f"an unpacked sdist: it was compared with {request.text} when it was built",)
    elif request is not None:
        # The comparison's modules load only when there is something to compare with.
        from hatch_kindgi.against.stage import compare_with_reference, superseded

        comparison, against_problems = compare_with_reference(
            request,
            root,
            _entries_of(pack, blocks, code),
            package=package,
            entries_at=_entries_at,
        )
        problems.extend(against_problems)
        if comparison is not None:
            problems = superseded(problems, comparison.problems)
            problems.extend(comparison.problems)
            notes = comparison.diff.notes

    named = (
        entry.get(key)
        for entries in code.lists().values()
        for entry in entries
        for key in ("modulePath", "checkModulePath")
    )
    python = code_files(root, pack.discovery, (path for path in named if isinstance(path, str)))
    python_files = python.files
    problems.extend(
        misnamed_problem(path) for path in sorted({*found.misnamed(), *python.misnamed})
    )
    if pins is None or has_errors(problems):
        return PipelineResult(
            None, tuple(problems), options, package, python_files, pins, pack, comparison, notes
        )
    envelope = build_envelope(
        pack,
        pins,
        {
            "tools": code.tools,
            "guardrails": code.guardrails,
            "agents": code.agents,
            "flows": code.flows,
        },
        blocks.entries,
    )
    faults = index_problems(envelope, None if cache is None else cache.index)
    problems.extend(faults)
    serialize = None if faults else partial(serialized, envelope)
    return PipelineResult(
        serialize, tuple(problems), options, package, python_files, pins, pack, comparison, notes
    )


def load_entries(
    root: Path,
    environ: Mapping[str, str],
    *,
    needs_code: Callable[[BlocksOutcome], bool],
) -> LoadedEntries:
    """The entries of the pack at `root` without checks across them or an index: its blocks,
    and its agents when `needs_code` says, given the blocks, that they are needed."""
    document, problems = read_pyproject(root)
    config = None if document is None else load_config(document, hook_table(document))
    if config is not None:
        problems.extend(config.problems)
    if config is None or config.pack is None:
        return LoadedEntries(BlocksOutcome((), ()), None, tuple(problems))
    pack, options = config.pack, config.options
    found = discover_pack(root, pack.discovery)
    problems.extend(found.problems)
    blocks = _check_blocks(root, pack, options, found)
    problems.extend(blocks.problems)
    if not needs_code(blocks):
        return LoadedEntries(blocks, None, tuple(problems))
    local = LocalPins(None, None, pack.pack_version)
    pins, pin_problems = resolve_pins(root, options, environ, pack.pack_version, local=local)
    problems.extend(pin_problems)
    code = CodeOutcome((), (), (), (), ())
    code_modules = found.code_modules()
    if code_modules and pins is not None:
        code = _index_code(root, code_modules, pins, options, None, runner="command-line")
        problems.extend(code.problems)
    return LoadedEntries(blocks, code.agents, tuple(problems))


def has_code_modules(root: Path) -> bool:
    """Whether the pack at `root` has modules for the kindgi SDK to index (the hook asks
    before a build, to know whether the build environment needs the SDK)."""
    document, _ = read_pyproject(root)
    pack = None if document is None else load_config(document, hook_table(document)).pack
    if pack is None:
        return False
    return bool(discover_pack(root, pack.discovery).code_modules())


def _check_blocks(
    root: Path,
    pack: PackConfig,
    options: HookOptions,
    found: PackFiles,
    cache: BlocksCache | None = None,
) -> BlocksOutcome:
    return check_blocks(
        root,
        found.by_kind["blocks"].files,
        static_prefix(pack.discovery["blocks"]),
        found.by_kind["blocks"].others,
        max_file_bytes=options.max_file_size,
        cache=cache,
    )


def index_code(root: Path, modules: Sequence[str], **options: Any) -> CodeOutcome:
    """The code stage (`code.stage.index_code`); the SDK runner's modules load on the first
    call, so a pack without code never loads them."""
    from hatch_kindgi.code.stage import index_code as run

    return run(root, modules, **options)


def _index_code(
    root: Path,
    code_modules: list[str],
    pins: Pins,
    options: HookOptions,
    cache: PipelineCache | None,
    *,
    runner: Runner,
) -> CodeOutcome:
    def index() -> CodeOutcome:
        return index_code(
            root,
            code_modules,
            artifact_version=pins.artifact_version,
            published_at=pins.published_at,
            timeout=options.import_timeout,
            runner=runner,
        )

    if cache is None:
        return index()
    # The modules' fingerprints too, so an edit is seen even without a watcher's word.
    sources = tuple((path, fingerprint(root / path)) for path in (PYPROJECT, *code_modules))
    key = (sources, pins.artifact_version, pins.published_at, options.import_timeout)
    return cache.code(key, index)


def _entries_of(pack: PackConfig, blocks: BlocksOutcome, code: CodeOutcome) -> PackEntries:
    from hatch_kindgi.against.stage import pack_entries

    return pack_entries(
        {
            "tools": code.tools,
            "guardrails": code.guardrails,
            "agents": code.agents,
            "flows": code.flows,
            "blocks": blocks.entries,
        },
        env_required=pack.env_required,
        env_optional=pack.env_optional,
        pack_version=pack.pack_version,
    )


_REFERENCE_PINS = ("0", "1970-01-01T00:00:00.000Z")
"""The pins the code stage gets at a reference: no entry carries them."""


def _entries_at(root: Path, ref: str) -> tuple[PackEntries | None, list[str]]:
    """The entries of the pack copied out of `ref` into `root`, by the same stages; the
    code stage runs (in its bounded child) only when the kindgi SDK is here."""
    document, _ = read_pyproject(root)
    config = None if document is None else load_config(document, hook_table(document))
    if config is None or config.pack is None:
        return None, [
            f"the pyproject.toml at {ref} has no usable [tool.kindgi]: nothing to compare with"
        ]
    pack, options = config.pack, config.options
    found = discover_pack(root, pack.discovery)
    problems = [*config.problems, *found.problems]
    blocks = _check_blocks(root, pack, options, found)
    code = index_code(
        root,
        found.code_modules(),
        artifact_version=_REFERENCE_PINS[0],
        published_at=_REFERENCE_PINS[1],
        timeout=options.import_timeout,
    )
    notes = []
    if any(problem.code == "sdk-missing" for problem in code.problems):
        notes.append(
            f"the kindgi SDK is not installed here, so the code at {ref} was not indexed: "
            "only blocks are compared"
        )
    elif has_errors([*problems, *blocks.problems, *code.problems]):
        notes.append(
            f"the pack at {ref} has errors of its own: its entries with errors are left out"
        )
    return _entries_of(pack, blocks, code), notes
