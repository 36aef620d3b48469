"""The pipeline: config -> discover -> blocks + primitives -> checks -> index.

Data in, data out. The build hook and the command line are adapters over `run_pipeline`;
neither holds a rule of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.checks.stage import check_entries
from hatch_kindgi.code.stage import CodeOutcome, index_code
from hatch_kindgi.config.stage import (
    CODE_KINDS,
    PYPROJECT,
    HookOptions,
    PackConfig,
    default_package,
    hook_table,
    load_config,
    read_pyproject,
)
from hatch_kindgi.discover.links import first_link_out
from hatch_kindgi.discover.patterns import pattern_problem, static_prefix
from hatch_kindgi.discover.stage import Discovery, describe_other, discover
from hatch_kindgi.index.pins import Pins, resolve_pins
from hatch_kindgi.index.stage import build_envelope, index_bytes
from hatch_kindgi.report.formats import fails
from hatch_kindgi.report.problems import Problem, error, has_errors


@dataclass(frozen=True)
class LocalPins:
    """Pins from the command line's `index`: flags, and the `YYYYMMDD.N` fallback."""

    artifact_version: str | None
    published_at: str | None
    artifact_fallback: str


@dataclass(frozen=True)
class PipelineResult:
    """What a run gives its adapter: the index bytes (None on error) and every problem."""

    index: bytes | None
    problems: tuple[Problem, ...]
    options: HookOptions
    package: str | None = None
    python_files: tuple[str, ...] = ()
    pins: Pins | None = None
    pack: PackConfig | None = None

    @property
    def failed(self) -> bool:
        """No index, or problems that fail the build (any error; any warning when strict)."""
        return self.index is None or fails(self.problems, strict=self.options.strict)


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
) -> PipelineResult:
    """Check the pack at `root` and build its index; `hook_config` None reads it from the
    pyproject (the command line), a mapping is what Hatchling hands the hook.

    `local_pins` is the command line's `index`: its flags win over every other pin, and
    its fallback `artifactVersion` replaces the distribution version."""
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

    found = _discover_all(root, pack, problems)
    code_modules = sorted({path for kind in CODE_KINDS for path in found[kind].files})
    for path in sorted({path for kind in CODE_KINDS for path in found[kind].others}):
        what = describe_other(root, path)
        problems.append(error("module-not-file", path, f"{what}, not a Python module of the pack"))
    blocks_found = found["blocks"]
    blocks = check_blocks(
        root,
        blocks_found.files,
        static_prefix(pack.discovery["blocks"]),
        blocks_found.others,
        max_file_bytes=options.max_file_size,
    )
    problems.extend(blocks.problems)

    pin_options = options
    if local_pins is not None:
        pin_options = replace(
            options,
            artifact_version=local_pins.artifact_version or options.artifact_version,
            published_at=local_pins.published_at or options.published_at,
        )
        dist_version = local_pins.artifact_fallback
    pins, pin_problems = resolve_pins(
        root,
        pin_options,
        environ or {},
        dist_version or pack.pack_version,
        recorded=recorded_pins,
        now=now,
        local=local_pins is not None,
    )
    problems.extend(pin_problems)
    code = CodeOutcome((), (), (), (), ())
    if code_modules and pins is not None:
        code = index_code(
            root,
            code_modules,
            artifact_version=pins.artifact_version,
            published_at=pins.published_at,
            timeout=options.import_timeout,
        )
        problems.extend(code.problems)
    problems.extend(
        check_entries(code.tools, code.guardrails, code.agents, code.flows, blocks.entries)
    )

    python_files = _python_files(root, pack, code)
    if pins is None or has_errors(problems):
        return PipelineResult(None, tuple(problems), options, package, python_files, pins, pack)
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
    data, index_problems = index_bytes(envelope)
    problems.extend(index_problems)
    return PipelineResult(data, tuple(problems), options, package, python_files, pins, pack)


def has_code_modules(root: Path) -> bool:
    """Whether the pack at `root` has modules for the kindgi SDK to index (the hook asks
    before a build, to know whether the build environment needs the SDK)."""
    document, _ = read_pyproject(root)
    pack = None if document is None else load_config(document, hook_table(document)).pack
    if pack is None:
        return False
    found = _discover_all(root, pack, [])
    return any(found[kind].files for kind in CODE_KINDS)


def _discover_all(root: Path, pack: PackConfig, problems: list[Problem]) -> dict[str, Discovery]:
    found: dict[str, Discovery] = {}
    for kind, pattern in pack.discovery.items():
        reason = pattern_problem(pattern)
        if reason is not None:
            problems.append(
                error(
                    "discovery-pattern",
                    PYPROJECT,
                    f"`tool.kindgi.discovery.{kind}` {json.dumps(pattern)} can't be used: {reason}",
                )
            )
            found[kind] = Discovery((), ())
        else:
            found[kind] = discover(root, pattern, code=kind in CODE_KINDS)
    problems.extend(_links_out(found))
    return found


def _links_out(found: Mapping[str, Discovery]) -> list[Problem]:
    """One problem per folder that discovery globs start from and that leads out of the pack."""
    kinds: dict[str, list[str]] = {}
    for kind, discovery in found.items():
        if discovery.outside is not None:
            kinds.setdefault(discovery.outside, []).append(f"`tool.kindgi.discovery.{kind}`")
    return [
        error(
            "link-outside-pack",
            folder,
            "is a symbolic link that leads outside the pack, and the build reads nothing "
            f"outside the pack root: {' and '.join(globs)} find nothing under it; make it a "
            "folder of the pack (a link to a folder inside the pack is followed)",
        )
        for folder, globs in kinds.items()
    ]


def _python_files(root: Path, pack: PackConfig, code: CodeOutcome) -> tuple[str, ...]:
    """Every module the index names and every other non-test `.py` file under the code
    discovery folders (helpers such as `tools/_db.py`), sorted: never one reached through a
    link out of the pack."""
    files: set[str] = set()
    for kind in CODE_KINDS:
        pattern = pack.discovery[kind]
        if pattern_problem(pattern) is not None:
            continue
        prefix = static_prefix(pattern)
        folder_glob = f"{prefix}/**/*.py" if prefix else "**/*.py"
        files.update(discover(root, folder_glob, code=True).files)
    for entries in (code.tools, code.guardrails, code.agents, code.flows):
        for entry in entries:
            for key in ("modulePath", "checkModulePath"):
                path = entry.get(key)
                if isinstance(path, str) and _shippable_module(root, path):
                    files.add(path)
    return tuple(sorted(files, key=lambda p: p.encode("utf-16-be", "surrogatepass")))


def _shippable_module(root: Path, path: str) -> bool:
    """Whether `path`, as the index names it, is a `.py` file of the pack (every folder on the
    way and the file itself inside the pack root)."""
    return path.endswith(".py") and first_link_out(root, path) is None and (root / path).is_file()
