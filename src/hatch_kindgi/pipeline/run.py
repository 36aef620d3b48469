"""A run of the whole pipeline: the pack read, checked across its entries, compared with an
earlier release when one is named, and its index made (`run_pipeline`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING

from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.code.outcome import NO_CODE, CodeOutcome
from hatch_kindgi.config.stage import HookOptions, PackConfig, package_name
from hatch_kindgi.discover.shipped import import_roots, project_wheel
from hatch_kindgi.discover.stage import code_files, misnamed_problem
from hatch_kindgi.index.pins import Pins, resolve_pins
from hatch_kindgi.index.stage import INDEX_FILE, build_envelope, index_problems, serialized
from hatch_kindgi.pipeline.entries import entries_at, pack_entries_of
from hatch_kindgi.pipeline.places import pack_text, place_problems
from hatch_kindgi.pipeline.read import pack_code, read_pack
from hatch_kindgi.pipeline.request import NO_REQUEST, RunRequest, Settings
from hatch_kindgi.pipeline.wheel import wheel_paths
from hatch_kindgi.report.order import fails
from hatch_kindgi.report.problems import Problem, has_errors

if TYPE_CHECKING:
    from hatch_kindgi.against.request import RefRequest
    from hatch_kindgi.against.stage import Comparison, PackEntries, Revisions
    from hatch_kindgi.pipeline.cache import PipelineCache
    from hatch_kindgi.primitives.modules import DeclaringModules


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
    config_refused: bool = False
    """The config (`[tool.kindgi]`, the hook's options) has errors of its own: a build and
    `check` refuse the pack for them whatever else is found, and so does a command that
    reads the pack rather than checking it (`diff`, as `render`)."""

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


def run_pipeline(root: Path, request: RunRequest = NO_REQUEST) -> PipelineResult:
    """Check the pack at `root` and build its index, as `request` asks (`RunRequest`: the
    hook's options as Hatchling hands them or None to read the pyproject, the pins, the
    adapter's overrides, who runs, a cache, an editor's buffers, what the project's own
    wheel ships).

    Every problem comes placed in its file's text where it has a place (`pipeline.places`):
    its line, column and end."""
    cache, overlay = request.cache, request.overlay
    read = read_pack(root, request)
    settings, pack = read.settings, read.pack
    options = settings.options
    package = package_name(options, request.dist_name or (pack.project_name if pack else None))
    place = partial(
        place_problems,
        read_text=pack_text(root, overlay, options.max_file_size),
        known=None if cache is None else cache.places,
    )
    config_refused = has_errors(read.config_problems)
    if pack is None:
        return PipelineResult(
            None, place(read.problems), options, package, config_refused=config_refused
        )
    problems = [*read.problems, *read.found.not_modules(root)]
    pins, pin_problems = resolve_pins(
        root,
        options,
        request.environ,
        request.dist_version or pack.pack_version,
        recorded=request.recorded_pins,
        now=request.now,
        local=request.local_pins,
        builds=settings.runner == "build",
    )
    problems.extend(pin_problems)
    project = project_wheel(root) if request.project is None else request.project
    code = (
        NO_CODE
        if pins is None
        else pack_code(root, read, pins, cache=cache, import_roots=import_roots(project))
    )
    problems.extend(code.problems)
    modules = _declaring_modules(root, code, cache)
    problems.extend(_primitive_problems(code, settings, cache, modules))
    problems.extend(
        check_entries(
            code.tools,
            code.guardrails,
            code.agents,
            code.flows,
            read.blocks.entries,
            erred_blocks=read.blocks.erred,
        )
    )
    if modules is not None:  # what the code reads: only a pack with code entries pays for it
        from hatch_kindgi.checks.reads import read_problems

        problems.extend(
            read_problems(
                code.tools,
                code.guardrails,
                code.agents,
                code.flows,
                read.blocks.entries,
                env_required=pack.env_required,
                env_optional=pack.env_optional,
                read_text=pack_text(root, overlay, options.max_file_size),
                parses=modules.parses,
                erred_blocks=read.blocks.erred,
            )
        )
    comparison: Comparison | None = None
    notes: tuple[str, ...] = ()
    reference = settings.reference
    if reference is not None and request.recorded_pins is not None:
        notes = (f"an unpacked sdist: it was compared with {reference.text} when it was built",)
    elif reference is not None:
        now_entries = pack_entries_of(pack, read.blocks, code)
        comparison, problems = _compared(
            reference,
            root,
            now_entries,
            problems,
            package=package,
            revisions=None if cache is None else cache.revisions,
        )
        if comparison is not None:
            notes = comparison.diff.notes

    python = code_files(root, pack.discovery, code.module_paths())
    misnamed = {*read.found.misnamed(), *python.misnamed}
    problems.extend(misnamed_problem(path) for path in sorted(misnamed))
    if package is not None:
        problems.extend(wheel_paths(package, python.files, project, (INDEX_FILE,)).taken)
    result = partial(
        PipelineResult,
        options=options,
        package=package,
        python_files=python.files,
        pins=pins,
        pack=pack,
        comparison=comparison,
        notes=notes,
        config_refused=config_refused,
    )
    if pins is None or has_errors(problems):
        return result(None, place(problems, modules=modules))
    envelope = build_envelope(pack, pins, code.lists(), read.blocks.entries)
    faults = index_problems(envelope, None if cache is None else cache.index)
    problems.extend(faults)
    return result(
        None if faults else partial(serialized, envelope), place(problems, modules=modules)
    )


def _declaring_modules(
    root: Path, code: CodeOutcome, cache: PipelineCache | None
) -> DeclaringModules | None:
    """The pack's modules, read and parsed once this run (each on first use) to place the
    problems of the entries they declare, for the primitives and the checks stages alike,
    their parses shared with the check of what the code reads (and kept by a `cache` for the
    next run); None when the code stage gave no entries (the module loads only when there
    are)."""
    if not any(code.lists().values()):
        return None
    from hatch_kindgi.primitives.modules import DeclaringModules

    return DeclaringModules(root, None if cache is None else cache.module_parses())


def _primitive_problems(
    code: CodeOutcome,
    settings: Settings,
    cache: PipelineCache | None,
    modules: DeclaringModules | None,
) -> tuple[Problem, ...]:
    """The primitives stage on the code stage's entries (its modules load only when there
    are entries, `modules`) under the run's `settings` (strict, the target), unplaced; with a
    `cache`, kept while the code stage's outcome and those settings are the same."""
    if modules is None:
        return ()
    strict, target = settings.options.strict, settings.target

    def check() -> tuple[Problem, ...]:
        from hatch_kindgi.primitives.stage import check_primitives

        return check_primitives(code.lists(), strict=strict, target=target)

    if cache is None:
        return check()
    # Target is frozen data (its bounds too): the key compares them by value.
    return cache.primitives(code, (strict, target), check)


def _compared(
    request: RefRequest,
    root: Path,
    now: PackEntries,
    problems: list[Problem],
    *,
    package: str | None,
    revisions: Revisions | None,
) -> tuple[Comparison | None, list[Problem]]:
    """The comparison of the pack's entries `now` with the reference `request` names, and
    `problems` with the comparison's own (a git revision's entries kept in `revisions`)."""
    # The comparison's modules load only when there is something to compare with.
    from hatch_kindgi.against.stage import compare_with_reference, superseded

    comparison, against_problems = compare_with_reference(
        request, root, now, package=package, entries_at=entries_at, revisions=revisions
    )
    problems = [*problems, *against_problems]
    if comparison is not None:
        problems = [*superseded(problems, comparison.problems), *comparison.problems]
    return comparison, problems
