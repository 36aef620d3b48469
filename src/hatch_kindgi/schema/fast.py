"""The fast path (the `fast` extra): jsonschema-rs answers "valid" where it can, offline; the
bounded validator (`engines.ajv`) answers the rest, and every message comes from it.

Only a "valid" from jsonschema-rs is taken, and only where it was shown to agree with the
bounded validator (docs/performance.md): on anything else (invalid, an exception, not
installed: a build without the `fast` extra) the caller asks the bounded validator, so reports
don't change. Nothing here fetches or opens anything: the metaschema check takes the user's
schema as data, and values validators are built with `offline=True` for schemas whose `$ref`s
all stay inside.
jsonschema-rs crashes the process on data nested some ten thousand levels deep, so nothing
nested deeper than `survey.MAX_DEPTH`, and nothing but what JSON parses to, is handed to it.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Mapping
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from hatch_kindgi.engines.ajv.vocabulary import pattern_search
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.budget import validation_budget
from hatch_kindgi.schema import DRAFT_2020_12
from hatch_kindgi.schema.refs import ref_chains
from hatch_kindgi.schema.survey import Survey, json_size, survey

MAX_WORK = 20_000_000
"""The most (schema values, refs written out) x instance values a fast values check may face:
jsonschema-rs can't be interrupted, so work past this goes to the bounded validator."""
FAST_PATTERN_BUDGET = 0.2
"""CPU seconds the fast path may spend matching patterns before it leaves the answer to the
bounded validator (which then has its own, full budget)."""


@lru_cache(maxsize=1)
def _library() -> Any:
    """jsonschema_rs, or None where it isn't installed (it needs Python 3.10+)."""
    try:
        return importlib.import_module("jsonschema_rs")
    except ImportError:
        return None


def available() -> bool:
    """Whether the fast path can run here."""
    return _library() is not None


# --- the metaschema check -------------------------------------------------------------------


@lru_cache(maxsize=1)
def _metaschema_validator() -> Any:
    library = _library()
    if library is None:
        return None
    # The metaschema is the schema and the user's schema the instance: its $schema, $id and
    # $refs are plain data, so nothing is resolved, fetched or opened. No format asserted,
    # as the bounded check (`schema.metaschema`, Ajv's compile) asserts none.
    return library.Draft202012Validator(
        {"$ref": DRAFT_2020_12}, validate_formats=False, offline=True
    )


def metaschema_valid(schema: Any, surveyed: Survey | None = None) -> bool:
    """True only when the Draft 2020-12 metaschema check (`schema.metaschema`) finds nothing
    in `schema`; False when it might find something (then ask it). `surveyed`:
    `survey(schema)`."""
    validator = _metaschema_validator()
    if validator is None or (surveyed or survey(schema)).size is None:
        return False
    try:
        return bool(validator.is_valid(schema))
    except Exception:  # a string UTF-8 can't carry: ask the bounded check
        return False


# --- values ---------------------------------------------------------------------------------

# A keyword that raises marks the value invalid to jsonschema-rs, and under `not` invalid turns
# into valid: so a keyword that can't decide (a float multipleOf, a pattern out of time) says
# so here, and the whole answer is left to the bounded validator.
_UNDECIDED: ContextVar[list[str] | None] = ContextVar("_UNDECIDED", default=None)


def _undecided(why: str) -> ValueError:
    marks = _UNDECIDED.get()
    if marks is not None:
        marks.append(why)
    return ValueError(why)


class _Pattern:
    """`pattern` as the bounded validator matches it (the `regex` module, under a time limit;
    RE2 on the hosted profile), not as jsonschema-rs would (ECMA-262, where `\\s` and `\\W`
    mean other characters). Subclassed for each profile's bounds (`_keywords`)."""

    bounds: Bounds = SELF_HOSTED_BOUNDS

    def __init__(self, parent_schema: Any, value: Any, schema_path: Any) -> None:
        self.pattern = value
        self.search = pattern_search(self.bounds)

    def validate(self, instance: Any) -> None:
        if not isinstance(instance, str):
            return
        try:
            found = self.search(self.pattern, instance)
        except Exception:  # out of time, a pattern `regex` refuses, no google-re2
            raise _undecided("pattern") from None
        if not found:
            raise ValueError("no match")


class _MultipleOf:
    """`multipleOf` where the answer is exact (an integer of an integer); any float is left
    to the bounded validator, whose float arithmetic (jsonschema's, `engines.ajv.keywords`)
    decides differently from jsonschema-rs's."""

    def __init__(self, parent_schema: Any, value: Any, schema_path: Any) -> None:
        self.divisor = value if type(value) is int and value > 0 else None

    def validate(self, instance: Any) -> None:
        if type(instance) is int and self.divisor is not None:
            if instance % self.divisor:
                raise ValueError("not a multiple")
        elif type(instance) in (int, float):
            raise _undecided("multipleOf")


class _Format:
    """`format` asserted as the runtime's ajv-formats asserts it (`engines.ajv.formats`),
    under the class's bounds."""

    bounds: Bounds = SELF_HOSTED_BOUNDS

    def __init__(self, parent_schema: Any, value: Any, schema_path: Any) -> None:
        self.name = value

    def validate(self, instance: Any) -> None:
        from hatch_kindgi.engines.ajv.formats import conforms

        try:
            valid = conforms(self.name, instance, self.bounds)
        except Exception:  # out of time (a url's backtracking): the Ajv validator decides
            raise _undecided("format") from None
        if not valid:
            raise ValueError("format")


class _FormatLimit:
    """formatMinimum and its kin, which jsonschema-rs doesn't know: on a string, the Ajv
    validator decides."""

    def __init__(self, parent_schema: Any, value: Any, schema_path: Any) -> None:
        pass

    def validate(self, instance: Any) -> None:
        if isinstance(instance, str):
            raise _undecided("format limit")


_FORMAT_LIMITS = (
    "formatMinimum",
    "formatMaximum",
    "formatExclusiveMinimum",
    "formatExclusiveMaximum",
)


class FastValues:
    """A jsonschema-rs validator for one schema, taken at its word only on "valid"."""

    def __init__(self, validator: Any, schema_cost: int, *, budget: bool) -> None:
        self._validator = validator
        self._schema_cost = schema_cost
        self._budget = budget

    def valid(self, instance: Any) -> bool:
        """True only when the bounded validator would find nothing in `instance`."""
        size = json_size(instance)
        if size is None or size * self._schema_cost > MAX_WORK:
            return False
        marks: list[str] = []
        token = _UNDECIDED.set(marks)
        try:
            if self._budget:  # patterns are matched in Python, under a budget of their own
                with validation_budget(patterns=FAST_PATTERN_BUDGET):
                    valid = bool(self._validator.is_valid(instance))
            else:
                valid = bool(self._validator.is_valid(instance))
        except Exception:  # a string UTF-8 can't carry, ...: the bounded validator decides
            return False
        finally:
            _UNDECIDED.reset(token)
        return valid and not marks


@lru_cache(maxsize=4)
def _keywords(bounds: Bounds) -> tuple[type[_Pattern], type[_Format]]:
    """The pattern and format keywords for `bounds` (jsonschema-rs builds them from a class)."""
    if bounds == SELF_HOSTED_BOUNDS:
        return _Pattern, _Format
    pattern = type(f"_Pattern_{bounds.regex}", (_Pattern,), {"bounds": bounds})
    found = type(f"_Format_{bounds.regex}", (_Format,), {"bounds": bounds})
    return pattern, found


def fast_values(
    schema: Any,
    surveyed: Survey | None = None,
    *,
    ajv: bool = False,
    bounds: Bounds = SELF_HOSTED_BOUNDS,
) -> FastValues | None:
    """A fast validator for `schema`, or None where jsonschema-rs might not agree with the
    bounded validator or might run unbounded: `$ref`s other than to `#...` pointers in the
    document, `$ref` cycles or chains that multiply the work, `$id` below the root,
    `$dynamicRef`, `patternProperties` (matched as ECMA-262, out of reach of `keywords=`).
    `surveyed`: `survey(schema)`. With `ajv`, formats are asserted as the runtime asserts
    them; where Ajv accepts what jsonschema-rs refuses (`oneOf` with three passing
    branches), the "invalid" goes to the Ajv validator, which decides. `bounds`: the profile
    patterns and formats are matched under (RE2 and the fast formats on the hosted one)."""
    library = _library()
    if library is None or not isinstance(schema, (Mapping, bool)):
        return None
    surveyed = surveyed or survey(schema)
    if surveyed.size is None or not surveyed.plain:
        return None
    expansions = 0
    if surveyed.refs:
        chains = ref_chains(schema, cap=MAX_WORK)
        if chains.cyclic:
            return None
        expansions = chains.expansions
    cost = surveyed.size * (1 + expansions)
    if cost > MAX_WORK:
        return None
    keywords: dict[str, Any] = {}
    pattern_keyword, format_keyword = _keywords(bounds)
    if surveyed.patterns:
        keywords["pattern"] = pattern_keyword
    if surveyed.multiple_of:
        keywords["multipleOf"] = _MultipleOf
    if ajv:
        keywords["format"] = format_keyword
        if surveyed.formats:
            keywords.update(dict.fromkeys(_FORMAT_LIMITS, _FormatLimit))
    try:
        validator = library.Draft202012Validator(
            schema, validate_formats=False, offline=True, keywords=keywords or None
        )
    except Exception:
        return None
    return FastValues(validator, cost, budget=surveyed.patterns)


# --- a fixed schema (the pack index) --------------------------------------------------------


class _StockPattern:
    """`pattern` as the envelope's validator (`index.envelope`) matches it: `re.search`."""

    def __init__(self, parent_schema: Any, value: Any, schema_path: Any) -> None:
        self.compiled = re.compile(value)

    def validate(self, instance: Any) -> None:
        if isinstance(instance, str) and not self.compiled.search(instance):
            raise ValueError("no match")


class FixedSchema:
    """jsonschema-rs for a schema of our own (no `patternProperties`, no `multipleOf`), its
    `pattern` matched by `re` as the envelope's validator (`index.envelope`) matches it."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        library = _library()
        self._validator: Any = None
        if library is not None:
            try:
                self._validator = library.Draft202012Validator(
                    schema,
                    validate_formats=False,
                    offline=True,
                    keywords={"pattern": _StockPattern},
                )
            except Exception:  # a jsonschema-rs that can't build it: ours checks alone
                self._validator = None

    def valid(self, instance: Any) -> bool:
        """True only when the envelope's validator would find nothing in `instance`, which must be
        JSON data nested at most `survey.MAX_DEPTH` deep (the caller's to ensure)."""
        if self._validator is None:
            return False
        try:
            return bool(self._validator.is_valid(instance))
        except Exception:
            return False
