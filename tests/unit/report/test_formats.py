"""The report: sorted, deduplicated, one line a problem, and a summary."""

from __future__ import annotations

import io

import pytest

from hatch_kindgi.cli import output
from hatch_kindgi.report.formats import fails, format_github, format_text
from hatch_kindgi.report.problems import error, warning


def test_text_report_sorted_and_deduplicated() -> None:
    """Problems sort by file, line, column, code; duplicates print once."""
    problems = [
        warning("liquid-unknown-variable", "blocks/b.liquid", "reads `x`", line=2, column=4),
        error("settings-values", "blocks/a.json", "-1 is less than 0", pointer="/content/values/n"),
        error("block-json", "blocks/b.json", "Expecting value", line=3, column=1),
        error("block-json", "blocks/b.json", "Expecting value", line=3, column=1),
        error("config-missing", "pyproject.toml", "`tool.kindgi.pack.id` is missing"),
    ]
    assert format_text(problems) == (
        "blocks/a.json: error[settings-values]: /content/values/n: -1 is less than 0\n"
        "blocks/b.json:3:1: error[block-json]: Expecting value\n"
        "blocks/b.liquid:2:4: warning[liquid-unknown-variable]: reads `x`\n"
        "pyproject.toml: error[config-missing]: `tool.kindgi.pack.id` is missing\n"
        "3 errors, 1 warning in 4 files\n"
    )


def test_singular_summary() -> None:
    """One of each reads naturally."""
    expected = "f: error[block-json]: m\n1 error, 0 warnings in 1 file\n"
    assert format_text([error("block-json", "f", "m")]) == expected


def test_github_annotations_escape() -> None:
    """Annotation properties and data are escaped as GitHub's workflow commands require."""
    problems = [error("block-json", "blocks/a,b.json", "50% bad\nnext", line=1, column=2)]
    assert format_github(problems) == (
        "::error file=blocks/a%2Cb.json,line=1,col=2,title=kindgi block-json::50%25 bad%0Anext\n"
    )


def test_strict_fails_on_warnings() -> None:
    """Warnings alone pass unless strict."""
    only_warning = [warning("liquid-unknown-variable", "f", "m")]
    assert not fails(only_warning, strict=False)
    assert fails(only_warning, strict=True)
    assert fails([error("block-json", "f", "m")], strict=False)


def test_color_marks_place_and_severity() -> None:
    """With colour, the place is bold and the severity red (error) or yellow (warning)."""
    problems = [
        error("block-json", "a.json", "m", line=1, column=2),
        warning("sdk-warning", "b", "w"),
    ]
    assert format_text(problems, color=True) == (
        "\033[1ma.json:1:2\033[0m: \033[31merror[block-json]\033[0m: m\n"
        "\033[1mb\033[0m: \033[33mwarning[sdk-warning]\033[0m: w\n"
        "1 error, 1 warning in 2 files\n"
    )


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("tty", "no_color", "colored"),
    [(True, False, True), (True, True, False), (False, False, False)],
)
def test_color_only_on_a_terminal_without_no_color(
    monkeypatch: pytest.MonkeyPatch, tty: bool, no_color: bool, colored: bool
) -> None:
    """The command line colours a terminal, never a pipe, and never with NO_COLOR set."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    if no_color:
        monkeypatch.setenv("NO_COLOR", "")
    assert output.color(_Stream(tty)) is colored
