"""Validating an instance against a schema: jsonschema-rs says "valid" where it can, the
bounded validator (`engines.ajv.base`, or Ajv's mirror `engines.ajv.values`) gives every
failure otherwise (`Validator`);
and a check within its budget that says why it stopped, when it did (`validate`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from hatch_kindgi.engines.ajv.registry import Unresolvable
from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.budget import PatternTimeout, ValidationTimeout, validation_budget
from hatch_kindgi.engines.re2.errors import TooLargeToCheck
from hatch_kindgi.schema.fast import FastValues, fast_values
from hatch_kindgi.schema.patterns import pattern_pointer, string_pointers
from hatch_kindgi.schema.refs import ref_chains
from hatch_kindgi.schema.survey import Survey, survey

if TYPE_CHECKING:
    from hatch_kindgi.engines.ajv.core import ValidationError
    from hatch_kindgi.engines.ajv.core import Validator as Bounded


class Validator:
    """One schema's validator, built once and used for every instance checked against it.

    Call `iter_errors` inside `engines.budget.validation_budget()`: the bounded validator raises
    PatternTimeout or ValidationTimeout when the budget is spent. With `ajv`, values fail as
    the runtime's Ajv fails them under `bounds`, in its words (`engines.ajv.values`, formats
    asserted; on the hosted profile patterns on RE2, the fast formats).
    """

    def __init__(
        self,
        schema: Any,
        surveyed: Survey | None = None,
        *,
        ajv: bool = False,
        bounds: Bounds = SELF_HOSTED_BOUNDS,
    ) -> None:
        self.schema = schema
        self._ajv = ajv
        self._bounds = bounds
        self._fast: FastValues | None = fast_values(schema, surveyed, ajv=ajv, bounds=bounds)
        self._bounded: Bounded | None = None
        # Where the self-hosted Ajv's `uniqueItems` may throw (fast-deep-equal calling an own
        # `valueOf` or `toString` key), jsonschema-rs, which doesn't, can't vouch.
        self._may_throw = (
            self._fast is not None
            and ajv
            and not bounds.on_re2
            and (surveyed or survey(schema)).unique_items
        )

    def surely_valid(self, instance: Any) -> bool:
        """Whether jsonschema-rs vouches for `instance` (False: it may be valid or not).
        Its own pattern matching is bounded: no budget is needed around this call."""
        if self._fast is None:
            return False
        if self._may_throw:
            from hatch_kindgi.engines.ajv.values import holds_called_key

            if holds_called_key(instance):
                return False
        return self._fast.valid(instance)

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        """Each way `instance` fails the schema (in Ajv's words with `ajv`)."""
        if self.surely_valid(instance):
            return iter(())
        return self.bounded_errors(instance)

    def bounded_errors(self, instance: Any) -> Iterator[ValidationError]:
        """`iter_errors` without asking jsonschema-rs first."""
        if self._bounded is None and self._ajv:
            from hatch_kindgi.engines.ajv.values import ajv_validator

            self._bounded = ajv_validator(self.schema, self._bounds)
        elif self._bounded is None:
            from hatch_kindgi.engines.ajv.base import bounded_validator

            self._bounded = bounded_validator(self.schema)
        return self._bounded.iter_errors(instance)


@dataclass(frozen=True)
class Stopped:
    """Why a check stopped before its end, for the caller to word as its own problem.

    `pattern-timeout`: a pattern took too long (`text` says which, on which string, as a
    sentence; `pointer` is its place in the schema). `timeout` and `recursion`: `text` ends a
    sentence about the check ("took longer than …", "recursed without end …"). `unresolvable`:
    a `$ref` the validator could not resolve (`cause`: its `engines.ajv.core.Unresolvable`).
    `re2`: a hosted pattern can't be matched here (`text`: why).
    """

    kind: Literal["pattern-timeout", "timeout", "recursion", "unresolvable", "re2"]
    text: str
    pointer: str = ""
    cause: BaseException | None = None


def validate(
    validator: Validator, instance: Any, path: tuple[object, ...]
) -> tuple[list[ValidationError], Stopped | None]:
    """Each way `instance` (at `path` in its file's document) fails the validator's schema,
    within the budget of one check (`engines.budget.validation_budget`): the failures found, and
    why the check stopped before its end, if it did."""
    if validator.surely_valid(instance):
        return [], None  # most values: no budget to set up (it reads the CPU clock)
    failures: list[ValidationError] = []
    try:
        with validation_budget():
            failures.extend(validator.bounded_errors(instance))
    except PatternTimeout as slow:
        at = next(string_pointers(instance, slow.subject, path), None)
        where = pattern_pointer(validator.schema, slow.pattern)
        return failures, Stopped("pattern-timeout", slow.explained(at), where)
    except ValidationTimeout as slow:
        return failures, Stopped("timeout", _timeout_explained(slow))
    except RecursionError:
        return failures, Stopped("recursion", _recursion_explained(validator.schema))
    except Unresolvable as cause:
        return failures, Stopped("unresolvable", cause.ref, cause=cause)
    except TooLargeToCheck as cause:
        return failures, Stopped("re2", str(cause), cause=cause)
    return failures, None


def _recursion_explained(schema: Any) -> str:
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


def _timeout_explained(timeout: ValidationTimeout) -> str:
    """What took too long, as the end of a sentence."""
    return (
        f"took longer than {timeout.seconds:g} s of CPU (its pattern matching aside): the "
        "schema makes the check do too much work, such as $refs that multiply it (an anyOf "
        "of refs to anyOfs of refs); simplify the schema"
    )
