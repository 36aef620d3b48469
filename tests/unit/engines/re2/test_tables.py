"""`engines/re2/unicode.json` is the shipped re2js's own tables: a kindgi-cli whose re2js
has other tables (another Unicode) fails here until `python -m tests.oracle.re2js_tables`
writes the file again."""

from __future__ import annotations

import json

from hatch_kindgi.engines.re2.unicode import orbit, re2js_version, unicode_class
from tests.oracle import shipped
from tests.oracle.re2js_tables import DATA, dumped


def test_the_tables_are_the_shipped_re2js() -> None:
    """The file holds exactly what the shipped re2js's tables write."""
    shipped.require_oracle()
    assert DATA.read_text(encoding="utf-8") == dumped()
    assert re2js_version() == shipped.about()["versions"]["re2js"]


def test_the_tables_read_back() -> None:
    """What the module reads from the file: a Unicode 17 letter, a negated table, an orbit."""
    letters = unicode_class("L", negated=False, fold=False)
    assert letters is not None
    assert any(lo <= 0xA7CE <= hi for lo, hi in letters)  # new in Unicode 17
    assigned = unicode_class("Assigned", negated=False, fold=False)
    assert assigned is not None
    assert not any(lo <= 0x0378 <= hi for lo, hi in assigned)  # unassigned
    assert sorted(orbit(ord("k"))) == [ord("K"), ord("k"), 0x212A]
    assert unicode_class("Letter", negated=False, fold=False) is None
    assert json.loads(DATA.read_text(encoding="utf-8"))["re2js"] == "2.9.0"
