"""The generated Unicode property tables are the pinned Node's own: regenerated from it, they
are the file as checked in, and each table decodes to the code points V8 matches."""

from __future__ import annotations

from pathlib import Path

from hatch_kindgi.engines.javascript import unicode_properties
from tests.oracle import shipped, unicode_tables


def test_the_tables_are_node_22_12s() -> None:
    """`python -m tests.oracle.unicode_tables` writes the module byte for byte, and its
    `ranges` are V8's for every property ECMAScript's RegExp names."""
    shipped.require_oracle()
    keys = unicode_tables.property_keys()
    versions, tables = unicode_tables.v8_tables(keys)
    assert (versions["node"], versions["unicode"]) == ("22.12.0", "16.0")
    module = Path(unicode_properties.__file__).read_text(encoding="utf-8")
    assert module == unicode_tables.module_text(versions, tables)
    assert sorted(tables) == sorted(keys)
    for key in keys:
        assert unicode_properties.ranges(key) == tuple(tables[key]), key
    assert (unicode_properties.NODE, unicode_properties.UNICODE) == ("v22.12.0", "16.0")
