"""The machinery of a Draft 2020-12 validator: failures, the keyword loop, and descending into
subschemas, offline (`registry` resolves `$ref` and `$dynamicRef`).

It keeps the semantics this project's mirror of Ajv was first built on, learnt from
jsonschema 4.26 (`validators.create`, `exceptions.ValidationError`): a schema's keywords run
in the schema's own order, each a function `(validator, value, instance, schema)` yielding
`ValidationError`s; a failure's unset fields (`validator`, `validator_value`, `instance`,
`schema`) are filled by the keyword loop that sees it, which also puts the keyword in front of
its `schema_path` (not for `if` and `$ref`, which add nothing) and `descend`'s `path` and
`schema_path` in front of both; a `false` schema fails with `validator` None; `evolve`
changes the schema and keeps the resolver, `descend` enters a subschema's `$id` (its base
URI). What the keywords say lives in `engines.ajv.base` and `engines.ajv.values`.

Cheap where it runs most: a validator is two slots, `descend` makes one and no copy.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, ClassVar

from hatch_kindgi.engines.ajv.registry import Resolver, Unresolvable, root_resolver

__all__ = [
    "Keyword",
    "UnknownType",
    "Unresolvable",
    "ValidationError",
    "Validator",
    "extend",
    "is_type",
]


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<unset>"


_UNSET: Any = _Unset()


class ValidationError(Exception):
    """One way an instance fails a schema: its `message`, the keyword that failed
    (`validator`, None for a `false` schema) and its value, the `instance` and `schema`
    it failed at, and where: `path` in the instance, `schema_path` in the schema (each
    relative to the failure that holds it in its `context`, if any)."""

    def __init__(
        self,
        message: str,
        *,
        validator: Any = _UNSET,
        validator_value: Any = _UNSET,
        instance: Any = _UNSET,
        schema: Any = _UNSET,
        context: Iterable[ValidationError] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.validator = validator
        self.validator_value = validator_value
        self.instance = instance
        self.schema = schema
        self.path: deque[Any] = deque()
        self.schema_path: deque[Any] = deque()
        self.context = list(context)
        self.parent: ValidationError | None = None
        for each in self.context:
            each.parent = self

    def __repr__(self) -> str:
        return f"<ValidationError: {self.message!r}>"

    def __str__(self) -> str:
        return self.message

    @property
    def relative_path(self) -> deque[Any]:
        return self.path

    @property
    def absolute_path(self) -> deque[Any]:
        """The failure's place in the instance, from its root."""
        if self.parent is None:
            return self.path
        path = deque(self.path)
        path.extendleft(reversed(self.parent.absolute_path))
        return path

    @property
    def absolute_schema_path(self) -> deque[Any]:
        if self.parent is None:
            return self.schema_path
        path = deque(self.schema_path)
        path.extendleft(reversed(self.parent.absolute_schema_path))
        return path

    def _fill(self, keyword: str, value: Any, instance: Any, schema: Any) -> None:
        """Set what the keyword that yielded the failure left unset."""
        if self.validator is _UNSET:
            self.validator = keyword
        if self.validator_value is _UNSET:
            self.validator_value = value
        if self.instance is _UNSET:
            self.instance = instance
        if self.schema is _UNSET:
            self.schema = schema


class UnknownType(Exception):
    """A `type` no JSON Schema type names (the metaschema refuses such a schema first)."""


Keyword = Callable[[Any, Any, Any, Any], Any]
"""A keyword: `(validator, value, instance, schema)`, yielding failures (or returning None)."""


def _integer(instance: Any) -> bool:
    if isinstance(instance, bool):
        return False
    return isinstance(instance, int) or (isinstance(instance, float) and instance.is_integer())


def _number(instance: Any) -> bool:
    return isinstance(instance, (int, float)) and not isinstance(instance, bool)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "array": lambda instance: isinstance(instance, list),
    "boolean": lambda instance: isinstance(instance, bool),
    "integer": _integer,
    "null": lambda instance: instance is None,
    "number": _number,
    "object": lambda instance: isinstance(instance, dict),
    "string": lambda instance: isinstance(instance, str),
}
"""Draft 2020-12's types of JSON data as Python holds it: a bool is no number, 1.0 is an
integer."""


def is_type(instance: Any, name: str) -> bool:
    """Whether `instance` is of the JSON type `name`."""
    check = _TYPES.get(name)
    if check is None:
        raise UnknownType(f"unknown type {name!r}")
    return check(instance)


def _false_schema(instance: Any) -> ValidationError:
    return ValidationError(
        f"False schema does not allow {instance!r}",
        validator=None,
        validator_value=None,
        instance=instance,
        schema=False,
    )


_UNPLACED = frozenset({"if", "$ref"})
"""The keywords that don't put themselves in front of their failures' `schema_path`."""


class Validator:
    """A validator of one schema (`VALIDATORS`: its class's keywords), reading its refs with
    `resolver` (by default a resolver rooted at the schema, which fetches nothing)."""

    __slots__ = ("_resolver", "schema")

    VALIDATORS: ClassVar[Mapping[str, Keyword]] = {}

    def __init__(self, schema: Any, _resolver: Resolver | None = None) -> None:
        self.schema = schema
        self._resolver = root_resolver(schema) if _resolver is None else _resolver

    def __repr__(self) -> str:
        return f"{type(self).__name__}(schema={self.schema!r})"

    @property
    def resolver(self) -> Resolver:
        """How this validator reads a reference: its base URI and dynamic scope."""
        return self._resolver

    def _with(self, schema: Any, resolver: Resolver) -> Validator:
        evolved = object.__new__(type(self))
        evolved.schema = schema
        evolved._resolver = resolver
        return evolved

    def evolve(self, *, schema: Any = _UNSET, _resolver: Resolver | None = None) -> Validator:
        """This validator's class on `schema`, with the same resolver unless another is given
        (no `$id` of `schema` entered: `descend` does that)."""
        return self._with(
            self.schema if schema is _UNSET else schema,
            self._resolver if _resolver is None else _resolver,
        )

    def is_type(self, instance: Any, name: str) -> bool:
        return is_type(instance, name)

    def is_valid(self, instance: Any) -> bool:
        return next(self.iter_errors(instance), None) is None

    def iter_errors(self, instance: Any) -> Iterator[ValidationError]:
        """Each way `instance` fails the schema, keyword by keyword in the schema's order."""
        schema = self.schema
        if schema is True:
            return iter(())
        if schema is False:
            return iter((_false_schema(instance),))
        return self._keywords(instance, schema, None, None)

    def descend(
        self,
        instance: Any,
        schema: Any,
        path: Any = None,
        schema_path: Any = None,
        resolver: Resolver | None = None,
    ) -> Iterator[ValidationError]:
        """The failures of `instance` against the subschema `schema`, placed under `path` (in
        the instance) and `schema_path` (in the schema); a `false` schema's without them.
        `resolver`: where a ref led to `schema`, else this validator's, in `schema`'s `$id`."""
        if schema is True:
            return iter(())
        if schema is False:
            return iter((_false_schema(instance),))
        if resolver is None:
            resolver = self._resolver.in_subresource(schema)
        return self._with(schema, resolver)._keywords(instance, schema, path, schema_path)

    def _keywords(
        self, instance: Any, schema: Any, path: Any, schema_path: Any
    ) -> Iterator[ValidationError]:
        known = self.VALIDATORS
        for keyword, value in schema.items():
            function = known.get(keyword)
            if function is None:
                continue
            errors = function(self, value, instance, schema)
            if errors is None:
                continue
            for error in errors:
                error._fill(keyword, value, instance, schema)
                if keyword not in _UNPLACED:
                    error.schema_path.appendleft(keyword)
                if path is not None:
                    error.path.appendleft(path)
                if schema_path is not None:
                    error.schema_path.appendleft(schema_path)
                yield error

    def validate_reference(self, ref: str, instance: Any) -> Iterator[ValidationError]:
        """The failures of `instance` against what `ref` names (`registry.Unresolvable` when it
        names nothing known)."""
        contents, resolver = self._resolver.lookup(ref)
        return self.descend(instance, contents, resolver=resolver)

    def referred(self, ref: str) -> tuple[Validator, Any]:
        """A validator on the schema `ref` names, standing where the ref leads, and that
        schema."""
        contents, resolver = self._resolver.lookup(ref)
        return self._with(contents, resolver), contents


def extend(base: type[Validator], keywords: Mapping[str, Keyword], name: str) -> type[Validator]:
    """A validator class with `base`'s keywords and `keywords` (replacing those of a name)."""
    namespace: dict[str, Any] = {
        "__slots__": (),
        "VALIDATORS": {**base.VALIDATORS, **keywords},
        "__module__": base.__module__,
        "__qualname__": name,
    }
    return type(name, (base,), namespace)
