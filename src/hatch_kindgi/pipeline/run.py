"""A run of the whole pipeline: the pack read, checked across its entries, compared with an
earlier release when one is named, and its index made (`run_pipeline`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hatch_kindgi.against.reference import RefRequest, choose_reference
from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.code.outcome import NO_CODE, CodeOutcome
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay
from hatch_kindgi.config.stage import HookOptions, PackConfig, Runner, package_folder, package_name
from hatch_kindgi.config.target import target_of
from hatch_kindgi.discover.shipped import ProjectWheel, import_roots, paths_taken, project_wheel
from hatch_kindgi.discover.stage import code_files, misnamed_problem
from hatch_kindgi.index.pins import LocalPins, Pins, resolve_pins
from hatch_kindgi.index.stage import INDEX_FILE, build_envelope, index_problems, serialized
from hatch_kindgi.pipeline.entries import entries_at, pack_entries_of
from hatch_kindgi.pipeline.places import pack_text, place_problems
from hatch_kindgi.pipeline.read import pack_code, read_pack
from hatch_kindgi.report.formats import fails
from hatch_kindgi.report.problems import Problem, has_errors

if TYPE_CHECKING:
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
    overlay: Overlay = NO_OVERLAY,
    project: ProjectWheel | None = None,
    strict: bool = False,
    target: str | None = None,
) -> PipelineResult:
    """Check the pack at `root` and build its index; `hook_config` None reads it from the
    pyproject (the command line), a mapping is what Hatchling hands the hook.

    `local_pins` are the command line's pins (`index`, `diff`). `against` is the command
    line's reference to compare with; it wins over the hook option and the environment
    (`recorded_pins` says this is an unpacked sdist, which compared when it was built).
    `runner` is who runs it, the build hook or the command line: the stages say what to
    install for that one. A `cache` kept from earlier runs on `root` spares the work on what
    didn't change since. `overlay` holds an editor's unsaved buffers (`hatch-kindgi lsp`),
    read instead of the files under them; code modules are indexed as saved. `project` is
    what the project's own wheel ships (the hook asks hatchling with the build's data; None:
    asked here), for a pack inside an app: its packages import while the pack is indexed, and
    the pack takes none of its paths. `strict` makes warnings fail, as the hook option
    `strict = true` does (the command line's `--strict`). `target`: where the pack deploys,
    "self-hosted" or "hosted" (`--target`; it wins over the hook option).

    Every problem comes placed in its file's text where it has a place (`pipeline.places`):
    its line, column and end."""
    environ = environ or {}
    read = read_pack(
        root,
        hook_config,
        cache=None if cache is None else cache.blocks,
        overlay=overlay,
        target=target,
    )
    options, pack = read.options, read.pack
    if strict:
        options = replace(options, strict=True)
    package = package_name(options, dist_name or (pack.project_name if pack else None))
    found = [path for discovery in read.found.by_kind.values() for path in discovery.files]
    place = partial(
        place_problems,
        read_text=pack_text(root, overlay, found),
        known=None if cache is None else cache.places,
    )
    if pack is None:
        return PipelineResult(None, place(read.problems), options, package)
    problems = [*read.problems, *read.found.not_modules(root)]
    pins, pin_problems = resolve_pins(
        root,
        options,
        environ,
        dist_version or pack.pack_version,
        recorded=recorded_pins,
        now=now,
        local=local_pins,
        builds=runner == "build",
    )
    problems.extend(pin_problems)
    if project is None:
        project = project_wheel(root)
    code = (
        NO_CODE
        if pins is None
        else pack_code(
            root, read, pins, runner=runner, cache=cache, import_roots=import_roots(project)
        )
    )
    problems.extend(code.problems)
    modules = _declaring_modules(root, code)
    problems.extend(_primitive_problems(root, code, options, cache, modules))
    problems.extend(
        check_entries(
            code.tools,
            code.guardrails,
            code.agents,
            code.flows,
            read.blocks.entries,
            erred_blocks=read.blocks.erred,
            place=None if modules is None else modules.place,
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
                read_text=pack_text(root, overlay),
            )
        )
    comparison: Comparison | None = None
    notes: tuple[str, ...] = ()
    request = choose_reference(against, options.against, environ, root=root)
    if request is not None and recorded_pins is not None:
        notes = (f"an unpacked sdist: it was compared with {request.text} when it was built",)
    elif request is not None:
        now_entries = pack_entries_of(pack, read.blocks, code)
        comparison, problems = _compared(
            request,
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
        folder = package_folder(package)
        placed = {f"{folder}/{path}": path for path in python.files}
        problems.extend(paths_taken(project, placed, (f"{folder}/{INDEX_FILE}",), folder))
    result = partial(
        PipelineResult,
        options=options,
        package=package,
        python_files=python.files,
        pins=pins,
        pack=pack,
        comparison=comparison,
        notes=notes,
    )
    if pins is None or has_errors(problems):
        return result(None, place(problems))
    envelope = build_envelope(pack, pins, code.lists(), read.blocks.entries)
    faults = index_problems(envelope, None if cache is None else cache.index)
    problems.extend(faults)
    return result(None if faults else partial(serialized, envelope), place(problems))


def _declaring_modules(root: Path, code: CodeOutcome) -> DeclaringModules | None:
    """The pack's modules, read and parsed once this run (each on first use) to place the
    problems of the entries they declare, for the primitives and the checks stages alike;
    None when the code stage gave no entries (the module loads only when there are)."""
    if not any(code.lists().values()):
        return None
    from hatch_kindgi.primitives.modules import DeclaringModules

    return DeclaringModules(root)


def _primitive_problems(
    root: Path,
    code: CodeOutcome,
    options: HookOptions,
    cache: PipelineCache | None,
    modules: DeclaringModules | None,
) -> tuple[Problem, ...]:
    """The primitives stage on the code stage's entries (its modules load only when there
    are entries), placing in `modules`; with a `cache`, kept while the code stage's outcome
    is the same."""
    if modules is None:
        return ()

    target = target_of(options.target)

    def check() -> tuple[Problem, ...]:
        from hatch_kindgi.primitives.stage import check_primitives

        return check_primitives(
            root, code.lists(), strict=options.strict, target=target, modules=modules
        )

    if cache is None:
        return check()
    return cache.primitives(code, (options.strict, target), check)


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
