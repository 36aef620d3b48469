"""Validating an instance against a schema: jsonschema-rs says "valid" where it can, the
bounded jsonschema validator (`schema.bounded`) gives every failure otherwise; and what to say
when the check recursed too deep or ran out of time."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from hatch_kindgi.schema.fast import FastValues, fast_values
from hatch_kindgi.schema.patterns import ValidationTimeout
from hatch_kindgi.schema.refs import ref_chains
from hatch_kindgi.schema.survey import Survey

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError


class Validator:
    """One schema's validator, built once and used for every instance checked against it.

    Call `iter_errors` inside `patterns.validation_budget()`: the bounded validator raises
    PatternTimeout or ValidationTimeout when the budget is spent.
    """

    def __init__(self, schema: Any, surveyed: Survey | None = None) -> None:
        self.schema = schema
        self._fast: FastValues | None = fast_values(schema, surveyed)
        self._bounded: Draft202012Validator | None = None

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        """Each way `instance` fails the schema, as jsonschema words it."""
        if self._fast is not None and self._fast.valid(instance):
            return iter(())
        if self._bounded is None:
            from hatch_kindgi.schema.bounded import bounded_validator

            self._bounded = bounded_validator(self.schema)
        return self._bounded.iter_errors(instance)


def recursion_explained(schema: Any) -> str:
    """Why checking against `schema` recursed too deep, as the end of a sentence."""
    chains = ref_chains(schema)
    if chains.cyclic:
        return "recursed without end (a $ref that refers back to itself?)"
    if chains.longest:
        return (
            f"follows a chain of {chains.longest} $refs, each to a schema holding the next: "
            "deeper than can be followed; shorten the chain (write some of them out in place)"
        )
    return "nests too deeply to check"


def timeout_explained(timeout: ValidationTimeout) -> str:
    """What took too long, as the end of a sentence."""
    return (
        f"took longer than {timeout.seconds:g} s of CPU (its pattern matching aside): the "
        "schema makes the check do too much work, such as $refs that multiply it (an anyOf "
        "of refs to anyOfs of refs); simplify the schema"
    )
