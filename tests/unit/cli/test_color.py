"""When the text report is coloured: `--color`, NO_COLOR (no-color.org) and FORCE_COLOR
(force-color.org), each case's answer written from those conventions, not from the code."""

from __future__ import annotations

import io

import pytest

from hatch_kindgi.cli import output


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("when", "tty", "environ", "colored"),
    [
        # auto: a terminal is coloured, a pipe is not.
        ("auto", True, {}, True),
        ("auto", False, {}, False),
        # NO_COLOR present and not empty, whatever its value, turns colour off...
        ("auto", True, {"NO_COLOR": "1"}, False),
        ("auto", True, {"NO_COLOR": "0"}, False),
        # ...and an empty one is as if it were not set.
        ("auto", True, {"NO_COLOR": ""}, True),
        # FORCE_COLOR present and not empty, whatever its value, colours a pipe too...
        ("auto", False, {"FORCE_COLOR": "1"}, True),
        ("auto", False, {"FORCE_COLOR": "0"}, True),
        ("auto", False, {"FORCE_COLOR": ""}, False),
        # ...and NO_COLOR wins when both are set.
        ("auto", False, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, False),
        # A dumb terminal gets none, unless forced.
        ("auto", True, {"TERM": "dumb"}, False),
        ("auto", False, {"TERM": "dumb", "FORCE_COLOR": "1"}, True),
        # The flag is the user's word for this run: it wins over both variables.
        ("always", False, {"NO_COLOR": "1"}, True),
        ("always", False, {}, True),
        ("never", True, {"FORCE_COLOR": "1"}, False),
        ("never", True, {}, False),
    ],
)
def test_when_to_colour(when: str, tty: bool, environ: dict[str, str], colored: bool) -> None:
    assert output.color(_Stream(tty), when, environ) is colored


def test_the_environment_is_read_when_none_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert output.color(_Stream(True)) is False
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert output.color(_Stream(False)) is True
