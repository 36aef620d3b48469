"""Whether a value an entry gives as a JSON Schema is one (Draft 2020-12).

jsonschema-rs answers where it finds the schema valid (`schema.fast`); jsonschema words every
failure, so a report reads the same with or without the fast path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.text import first_line, shown
from hatch_kindgi.schema.fast import metaschema_valid
from hatch_kindgi.schema.survey import Survey

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


def schema_problem(
    file: str, code: str, pointer: str, schema: object, surveyed: Survey | None = None
) -> Problem | None:
    """A problem when `schema` is not a valid Draft 2020-12 JSON Schema (the first failure
    jsonschema finds). `surveyed`: `survey(schema)`, when the caller has it."""
    if not isinstance(schema, (Mapping, bool)):
        return error(
            code,
            file,
            f"must be a JSON Schema (an object or a boolean), not {shown(schema)}",
            pointer=pointer,
        )
    if metaschema_valid(schema, surveyed):
        return None
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError

    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as cause:
        return error(
            code,
            file,
            f"not a valid JSON Schema (Draft 2020-12): {cause.message}",
            pointer=pointer + json_pointer(cause.absolute_path),
        )
    except (Exception, RecursionError) as cause:  # a schema too deep for the metaschema check
        return error(
            code,
            file,
            f"not a usable JSON Schema: {type(cause).__name__}: {first_line(cause)}",
            pointer=pointer,
        )
    return None


def metaschema_failures(schema: Any, surveyed: Survey | None = None) -> Iterator[tuple[str, str]]:
    """A (pointer, message) for every way `schema` fails the Draft 2020-12 metaschema (its
    formats not asserted, as Ajv's compile doesn't), each
    worded by jsonschema's `best_match` (raises RecursionError on a schema too deep).
    `surveyed`: `survey(schema)`, when the caller has it."""
    if metaschema_valid(schema, surveyed):
        return
    from jsonschema.exceptions import best_match

    for failure in _metaschema_validator().iter_errors(schema):
        best = best_match([failure])
        assert best is not None
        yield json_pointer(best.absolute_path), best.message


@lru_cache(maxsize=1)
def _metaschema_validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    # No format asserted: Ajv checks a schema against its metaschema without (a JavaScript
    # pattern is `schema.ajv_strict`'s to judge, and Python's "regex" would misjudge it).
    return Draft202012Validator(Draft202012Validator.META_SCHEMA)
