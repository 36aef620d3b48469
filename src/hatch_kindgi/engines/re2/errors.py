"""Why a hosted pattern can't be matched here: what `program` raises and the schema check
catches, apart from `program` so that catching it loads neither the matchers nor re2js's
reading (a pack with no pattern for the hosted profile never needs them)."""

from __future__ import annotations


class TooLargeToCheck(Exception):
    """A pattern re2js takes whose automaton would be too large to build here
    (`engines.re2.automaton.MAX_WRITTEN`), refused with google-re2 or without."""
