"""The tests' oracle: the Kindgi runtime's own shipped functions (kindgi-cli's packages on the
Node it pins), asked through one front end, `shipped.py`; the generators of the tables the
mirrors read from it (`unicode_tables.py`, `re2js_tables.py`). The suites measured against it
are in `tests/runtime_agreement/`."""
