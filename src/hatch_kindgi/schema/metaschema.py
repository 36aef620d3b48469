"""Whether a value an entry gives as a JSON Schema is one (Draft 2020-12).

jsonschema-rs answers where it finds the schema valid (`schema.fast`); our mirror of Ajv
(`engines.ajv.values`) words every failure, so a report reads the same with or without the
fast path.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.fast import metaschema_valid
from hatch_kindgi.schema.survey import Survey


def metaschema_failures(schema: Any, surveyed: Survey | None = None) -> Iterator[tuple[str, str]]:
    """A (pointer, message) for every way `schema` fails the Draft 2020-12 metaschema, in the
    words the runtime's Ajv refuses it with when it compiles (`schema is invalid:
    data/properties/a/type must be equal to one of the allowed values`): Ajv's own set of
    errors (`engines.ajv.values`), formats not asserted, as Ajv's compile doesn't (a
    JavaScript pattern is `engines.ajv.strict`'s to judge). Raises RecursionError on a schema
    too deep. `surveyed`: `survey(schema)`, when the caller has it."""
    if metaschema_valid(schema, surveyed):
        return
    from hatch_kindgi.engines.ajv.values import words

    for failure in _metaschema_validator().iter_errors(schema):
        where = json_pointer(failure.absolute_path)
        yield where, f"{_INVALID}data{where} {words(failure)}"


_INVALID = "schema is invalid: "


def metaschema_findings(schema: Any, surveyed: Survey | None = None) -> list[tuple[str, str]]:
    """`metaschema_failures` as the runtime words them, one message for all
    (`ajv.errorsText`: `schema is invalid: ` and each error's `data<path> <message>`, joined
    by ", ", in Ajv's order, repeats kept), and placed where they are: one (pointer,
    message) for each place an error is at, in Ajv's order. The first place's message is the
    runtime's whole, so a report holds what a publish says; each other place's is its own
    errors, in the same words. Raises RecursionError on a schema too deep."""
    failures = list(metaschema_failures(schema, surveyed))
    if not failures:
        return []
    at: dict[str, list[str]] = {}
    for pointer, message in failures:
        at.setdefault(pointer, []).append(message[len(_INVALID) :])
    whole = _INVALID + ", ".join(message[len(_INVALID) :] for _, message in failures)
    return [
        (pointer, whole if index == 0 else _INVALID + ", ".join(errors))
        for index, (pointer, errors) in enumerate(at.items())
    ]


@lru_cache(maxsize=1)
def _metaschema_validator() -> Any:
    from hatch_kindgi.engines.ajv.core import extend
    from hatch_kindgi.engines.ajv.registry import metaschema
    from hatch_kindgi.engines.ajv.values import AjvValidator

    # Ajv's keywords and words, but no format asserted: Ajv's compile checks a schema against
    # the metaschema without its formats (`propertyNames: {"format": "regex"}` included: a
    # JavaScript pattern is `engines.ajv.strict`'s to judge, and Python's would misjudge it).
    unasserted = extend(AjvValidator, {"format": _no_format}, "UnassertedAjvValidator")
    return unasserted(metaschema())


def _no_format(validator: Any, name: Any, instance: Any, schema: Any) -> Iterator[Any]:
    return iter(())
