"""What a run of the pipeline is asked (`RunRequest`), one value whichever adapter asks it
(the build hook, a command, the language server), and what the run goes by once the
request's overrides are applied to the hook options, in one step (`apply_overrides`:
`Settings`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from hatch_kindgi.against.request import RefRequest, choose_reference
from hatch_kindgi.config.sources import NO_OVERLAY, Overlay
from hatch_kindgi.config.stage import HookOptions, Runner
from hatch_kindgi.config.target import Target, target_of

if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path

    from hatch_kindgi.discover.shipped import ProjectWheel
    from hatch_kindgi.index.pins import LocalPins
    from hatch_kindgi.pipeline.cache import PipelineCache

__all__ = [
    "NO_REQUEST",
    "RunRequest",
    "Settings",
    "apply_overrides",
    "command_request",
    "runner_of",
]


@dataclass(frozen=True)
class RunRequest:
    """What a run is asked, besides the pack's root: the pack's own inputs as its adapter
    has them, and the adapter's overrides of the hook options (`against`, `strict`,
    `target`, applied by `apply_overrides`)."""

    hook_config: Mapping[str, Any] | None = None
    """The hook's options as Hatchling hands them; None: read from the pyproject (the
    command line, the editor)."""
    dist_name: str | None = None
    dist_version: str | None = None
    """The project's name and version as Hatchling has them (None: the pyproject's)."""
    environ: Mapping[str, str] = field(default_factory=dict)
    """The environment the pins, the reference and the report read."""
    recorded_pins: Mapping[str, str] | None = None
    """The pins an sdist recorded when it was built: this is an unpacked sdist, which was
    compared when it was built."""
    now: Callable[[], datetime] | None = None
    """The clock the pins fall back to (one for a session: pins stay the same between
    runs)."""
    local_pins: LocalPins | None = None
    """The command line's own pins (`index`, `diff`), which win."""
    against: str | RefRequest | None = None
    """The command line's reference to compare with (`--against`, or a command's own): it
    wins over the hook option `against` and `KINDGI_AGAINST`."""
    runner: Runner = "build"
    """Who runs the pipeline: the stages say what to install for that one."""
    cache: PipelineCache | None = None
    """What earlier runs on the same root left to reuse (`check --watch`, the editor)."""
    overlay: Overlay = field(default_factory=lambda: NO_OVERLAY)
    """An editor's unsaved buffers, read instead of the files under them (code modules are
    indexed as saved)."""
    project: ProjectWheel | None = None
    """What the project's own wheel ships (the hook asks hatchling with the build's data;
    None: asked in the run), for a pack inside an app."""
    strict: bool = False
    """Warnings fail, as the hook option `strict = true` (`--strict`); False leaves the
    option's."""
    target: str | None = None
    """Where the pack deploys, "self-hosted" or "hosted" (`--target`, the editor's setting):
    it wins over the hook option `target`; None leaves the option's."""


NO_REQUEST = RunRequest()
"""A run asked nothing but the pack: the hook options from the pyproject, as a build."""


@dataclass(frozen=True)
class Settings:
    """What a run goes by, the request's overrides applied: the hook options (their
    `target` and `strict` the request's where it sets them), the deploy target they name,
    the reference to compare with (None: none), and who runs."""

    options: HookOptions
    target: Target
    reference: RefRequest | None
    runner: Runner


def apply_overrides(root: Path, options: HookOptions, request: RunRequest) -> Settings:
    """The one step that applies `request`'s overrides to the pack's hook `options`:
    `target` and `strict` over the options', the reference (`choose_reference`: the
    request's, the option `against`, `KINDGI_AGAINST`), and the runner; the `Target` is
    computed here, once a run."""
    if request.target is not None:
        options = replace(options, target=request.target)
    if request.strict:
        options = replace(options, strict=True)
    reference = choose_reference(request.against, options.against, request.environ, root=root)
    return Settings(options, target_of(options.target), reference, request.runner)


def runner_of(environ: Mapping[str, str]) -> Runner:
    """Who runs the pipeline for a command or the editor, for what a stage says to install:
    pre-commit's hook (pre-commit sets `PRE_COMMIT=1` for the hooks it runs), else the
    command line."""
    return "pre-commit" if environ.get("PRE_COMMIT") == "1" else "command-line"


def command_request(
    environ: Mapping[str, str],
    *,
    against: str | RefRequest | None = None,
    strict: bool = False,
    target: str | None = None,
) -> RunRequest:
    """The request of a run from the command line or the editor: the hook options from the
    pyproject, `environ`, who runs as `environ` says (`runner_of`), and the overrides."""
    return RunRequest(
        environ=environ,
        against=against,
        runner=runner_of(environ),
        strict=strict,
        target=target,
    )
