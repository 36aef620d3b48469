"""Whether a value an entry gives as a JSON Schema is one (Draft 2020-12)."""

from __future__ import annotations

from collections.abc import Mapping

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.text import first_line, shown


def schema_problem(file: str, code: str, pointer: str, schema: object) -> Problem | None:
    """A problem when `schema` is not a valid Draft 2020-12 JSON Schema."""
    if not isinstance(schema, (Mapping, bool)):
        return error(
            code,
            file,
            f"must be a JSON Schema (an object or a boolean), not {shown(schema)}",
            pointer=pointer,
        )
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
