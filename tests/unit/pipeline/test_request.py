"""A run's overrides applied in one step (`apply_overrides`): the request's target and strict
over the hook options', its reference over the option's and the environment's, the deploy
target made once a run."""

from __future__ import annotations

from pathlib import Path

import pytest

from hatch_kindgi.against.reference import ENV_AGAINST, RefRequest
from hatch_kindgi.config.pyproject import PYPROJECT
from hatch_kindgi.config.stage import HookOptions
from hatch_kindgi.config.target import DEFAULT_TARGET, Target, target_of
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS
from hatch_kindgi.pipeline import RunRequest, run_pipeline
from hatch_kindgi.pipeline.request import apply_overrides, command_request, runner_of
from tests.helpers.packs import TESTPACKS

ROOT = Path("pack")


def test_no_override_leaves_the_options() -> None:
    """Nothing asked: the options as they are, no target's verdicts (hosted warned of)."""
    options = HookOptions(strict=True, target=None, against="v1.0.0")
    settings = apply_overrides(ROOT, options, RunRequest())
    assert settings.options == options
    assert settings.target == DEFAULT_TARGET
    assert settings.reference == RefRequest("v1.0.0", "option `against`", PYPROJECT, ROOT)
    assert settings.runner == "build"


def test_the_request_wins_over_the_options() -> None:
    """`--target`, `--strict` and `--against` over the hook options' own."""
    options = HookOptions(strict=False, target="self-hosted", against="v1.0.0")
    request = RunRequest(target="hosted", strict=True, against="HEAD", runner="command-line")
    settings = apply_overrides(ROOT, options, request)
    assert (settings.options.target, settings.options.strict) == ("hosted", True)
    assert settings.target == target_of("hosted")
    assert settings.target.bounds == HOSTED_BOUNDS
    assert settings.target.warn is None
    assert settings.reference == RefRequest("HEAD", "--against")
    assert settings.runner == "command-line"


def test_strict_false_leaves_the_option_strict() -> None:
    """`strict` only turns warnings into failures; False is not an override."""
    options = HookOptions(strict=True, target="self-hosted")
    settings = apply_overrides(ROOT, options, RunRequest(strict=False))
    assert settings.options.strict
    assert settings.target.bounds == SELF_HOSTED_BOUNDS


def test_the_environment_names_the_reference_last() -> None:
    """No flag, no option: `KINDGI_AGAINST`."""
    request = RunRequest(environ={ENV_AGAINST: " origin/main "})
    settings = apply_overrides(ROOT, HookOptions(), request)
    assert settings.reference == RefRequest("origin/main", ENV_AGAINST)


def test_who_runs_is_the_environments() -> None:
    """pre-commit's hook sets PRE_COMMIT=1; anything else is the command line."""
    assert runner_of({"PRE_COMMIT": "1"}) == "pre-commit"
    assert runner_of({"PRE_COMMIT": "0"}) == runner_of({}) == "command-line"
    assert command_request({"PRE_COMMIT": "1"}, target="hosted").runner == "pre-commit"


def test_a_run_makes_its_target_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deploy target is made once, where the options are read, and carried from there
    to the blocks and primitives stages."""
    made: list[str | None] = []

    def counting(name: str | None) -> Target:
        made.append(name)
        return target_of(name)

    monkeypatch.setattr("hatch_kindgi.pipeline.request.target_of", counting)
    result = run_pipeline(TESTPACKS / "blocks", RunRequest(environ={}, target="hosted"))
    assert made == ["hosted"]
    assert result.options.target == "hosted"
