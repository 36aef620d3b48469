"""Why a hosted pattern can't be matched here: what `program` raises and the schema check
catches, apart from `program` so that catching them loads neither RE2 nor re2js's reading
(a pack with no pattern for the hosted profile never needs them)."""

from __future__ import annotations

INSTALL = "pip install google-re2"


class Re2Unavailable(Exception):
    """google-re2 can't be imported here: the hosted profile's patterns can't be matched."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(f"google-re2 can't be imported ({cause}): {INSTALL}")
        self.cause = cause


class TooLargeToCheck(Exception):
    """A pattern re2js takes that we can't match exactly (see `program`'s docstring)."""
