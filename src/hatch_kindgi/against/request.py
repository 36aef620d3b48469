"""Which reference a run compares with (`choose_reference`), as the user named it
(`RefRequest`): asked once a run, by every run, so it loads nothing of the comparison."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hatch_kindgi.config.pyproject import PYPROJECT, option_anchor
from hatch_kindgi.report.problems import Problem, error

ENV_AGAINST = "KINDGI_AGAINST"
"""The environment variable naming the reference when neither `--against` nor the hook
option `against` does (for CI)."""


@dataclass(frozen=True)
class RefRequest:
    """A reference as the user named it, where (`source`), and where its problems are
    reported: `pyproject.toml` for the hook option, the pack (`.`) otherwise. A relative
    path is from `base`, or from the working folder when `base` is None."""

    text: str
    source: str
    file: str = "."
    base: Path | None = None

    @property
    def path(self) -> Path:
        """The reference read as a path."""
        return Path(self.text) if self.base is None else self.base / self.text

    def problem(self, code: str, message: str) -> Problem:
        """A problem about this reference (the hook option's: on its key)."""
        anchor = option_anchor("against") if self.file == PYPROJECT else None
        return error(code, self.file, f'{self.source} "{self.text}": {message}', anchor=anchor)


def choose_reference(
    flag: str | RefRequest | None, option: str | None, environ: Mapping[str, str], *, root: Path
) -> RefRequest | None:
    """The reference to compare with, first that applies: the command line's (`--against`,
    or a command's own as a `RefRequest`), the hook option `against` (a path in it is from
    the pack root), `KINDGI_AGAINST`. The pipeline asks it in the step that applies a run's
    overrides (`pipeline.request.apply_overrides`), once a run."""
    if isinstance(flag, RefRequest):
        return flag
    if flag:
        return RefRequest(flag, "--against")
    if option:
        return RefRequest(option, "option `against`", PYPROJECT, root)
    value = environ.get(ENV_AGAINST, "").strip()
    return RefRequest(value, ENV_AGAINST) if value else None
