"""Where the build hook writes its report, and in which format: the hook's `report-file` and
`report-format` options, or the environment of this build."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hatch_kindgi.config.options import HookOptions
from hatch_kindgi.config.pyproject import PYPROJECT
from hatch_kindgi.report.problems import Problem, error
from hatch_kindgi.report.styles import REPORT_FORMATS, format_for_file

ENV_REPORT_FILE = "KINDGI_REPORT_FILE"
ENV_REPORT_FORMAT = "KINDGI_REPORT_FORMAT"


@dataclass(frozen=True)
class ReportFile:
    """The file the hook writes the report to (a relative name is joined to the pack folder),
    and the report format."""

    path: Path
    style: str


def report_file(
    root: Path, options: HookOptions, environ: Mapping[str, str]
) -> tuple[ReportFile | None, list[Problem]]:
    """The report file of this build, None when neither the environment nor the options ask
    for one.

    The environment wins over the options, unlike the pins: where a run keeps its files is
    the run's business (a CI job's), not the pack's. The format is the first given of
    `KINDGI_REPORT_FORMAT`, the option `report-format`, and what the file name says
    (`.sarif` SARIF, `.json` JSON, anything else text)."""
    problems: list[Problem] = []
    style = environ.get(ENV_REPORT_FORMAT, "").strip() or None
    if style is not None and style not in REPORT_FORMATS:
        problems.append(
            error(
                "config-value",
                PYPROJECT,
                f"{ENV_REPORT_FORMAT}: {json.dumps(style)} is not a report format; use one of "
                f"{', '.join(REPORT_FORMATS)}",
            )
        )
        style = None
    name = environ.get(ENV_REPORT_FILE, "").strip() or options.report_file
    if name is None:
        return None, problems
    path = Path(name)
    style = style or options.report_format or format_for_file(path.name)
    return ReportFile(path if path.is_absolute() else root / path, style), problems
