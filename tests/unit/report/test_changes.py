"""What `check --watch` prints after a re-check: the problems that came and went, a status."""

from __future__ import annotations

from hatch_kindgi.report.changes import compare, format_changes, status_line
from hatch_kindgi.report.problems import error, warning

A = error("block-json", "blocks/a.json", "not JSON", line=1, column=2)
B = warning("liquid-unknown-filter", "blocks/b.liquid", 'unknown filter "x"', line=3, column=4)
C = error("block-id", "blocks/c.json", "bad id", pointer="/id")


def test_compare_and_format() -> None:
    """Appeared first, then gone, each in report order; what stayed is not repeated."""
    changes = compare([C, A], [B, A])
    assert (changes.appeared, changes.gone) == ((B,), (C,))
    assert format_changes(changes) == (
        '+ blocks/b.liquid:3:4: warning[liquid-unknown-filter]: unknown filter "x"\n'
        "- blocks/c.json: error[block-id]: /id: bad id\n"
    )
    assert format_changes(compare([A], [A])) == ""


def test_status_line() -> None:
    """The summary, what changed and how long the check took, on one line."""
    assert status_line([], None, clock="09:08:07", seconds=1.234) == (
        "[09:08:07] no problems, checked in 1.2 s\n"
    )
    changes = compare([C], [A, B])
    assert status_line(
        [A, B], changes, clock="09:08:07", seconds=0.0456, changed=["blocks/a.json", "x"]
    ) == (
        "[09:08:07] blocks/a.json and 1 more changed: 1 error, 1 warning in 2 files (+2 -1), "
        "checked in 46 ms\n"
    )
