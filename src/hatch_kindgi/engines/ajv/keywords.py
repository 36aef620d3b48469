"""Draft 2020-12's keywords as the validator this project was built on decides and words
them (learnt from jsonschema 4.26's `_keywords.py`; none of its code): the verdicts
`engines.ajv.values` keeps and rewords in Ajv's words, and the base validator's own words
(`engines.ajv.base`, which replaces the pattern keywords and `uniqueItems`).

`format` asserts nothing here (a validator without a format checker); `equal` tells `True`
from `1` and `False` from `0`, at any depth; `multipleOf` by a float divides in floats, exactly
by fractions when the quotient overflows.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from hatch_kindgi.engines.ajv.core import Keyword, ValidationError

__all__ = ["KEYWORDS", "equal", "unbool"]

_Errors = Iterator[ValidationError]

_TRUE, _FALSE = object(), object()


def unbool(element: Any) -> Any:
    """`element`, with True and False made unequal to 1 and 0."""
    if element is True:
        return _TRUE
    if element is False:
        return _FALSE
    return element


def equal(one: Any, two: Any) -> bool:
    """JSON equality: a bool equals only itself, 1 equals 1.0, containers item by item."""
    if one is two:
        return True
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, Sequence) and isinstance(two, Sequence):
        return len(one) == len(two) and all(equal(i, j) for i, j in zip(one, two))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return len(one) == len(two) and all(
            key in two and equal(value, two[key]) for key, value in one.items()
        )
    return bool(unbool(one) == unbool(two))


def ref(validator: Any, ref: Any, instance: Any, schema: Any) -> _Errors:
    yield from validator.validate_reference(ref, instance)


def type_(validator: Any, types: Any, instance: Any, schema: Any) -> _Errors:
    listed = [types] if isinstance(types, str) else types
    if not any(validator.is_type(instance, each) for each in listed):
        yield ValidationError(f"{instance!r} is not of type {', '.join(repr(t) for t in listed)}")


def properties(validator: Any, properties: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "object"):
        return
    for name, subschema in properties.items():
        if name in instance:
            yield from validator.descend(instance[name], subschema, path=name, schema_path=name)


def property_names(validator: Any, names: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "object"):
        return
    for key in instance:
        yield from validator.descend(key, names)


def items(validator: Any, items: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "array"):
        return
    prefix = len(schema.get("prefixItems", []))
    extra = len(instance) - prefix
    if extra <= 0:
        return
    if items is False:
        rest = instance[prefix:] if extra != 1 else instance[prefix]
        noun = "items" if prefix != 1 else "item"
        yield ValidationError(f"Expected at most {prefix} {noun} but found {extra} extra: {rest!r}")
        return
    for index in range(prefix, len(instance)):
        yield from validator.descend(instance[index], items, path=index)


def prefix_items(validator: Any, prefix: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "array"):
        return
    for (index, item), subschema in zip(enumerate(instance), prefix):
        yield from validator.descend(item, subschema, path=index, schema_path=index)


def const(validator: Any, const: Any, instance: Any, schema: Any) -> _Errors:
    if not equal(instance, const):
        yield ValidationError(f"{const!r} was expected")


def enum(validator: Any, enums: Any, instance: Any, schema: Any) -> _Errors:
    if all(not equal(each, instance) for each in enums):
        yield ValidationError(f"{instance!r} is not one of {enums!r}")


def contains(validator: Any, contains: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "array"):
        return
    matches = 0
    low = schema.get("minContains", 1)
    high = schema.get("maxContains", len(instance))
    passes = validator.evolve(schema=contains).is_valid
    for each in instance:
        if passes(each):
            matches += 1
            if matches > high:
                yield ValidationError(
                    f"Too many items match the given schema (expected at most {high})",
                    validator="maxContains",
                    validator_value=high,
                )
                return
    if matches < low:
        if not matches:
            yield ValidationError(f"{instance!r} does not contain items matching the given schema")
        else:
            yield ValidationError(
                f"Too few items match the given schema (expected at least {low} but only "
                f"{matches} matched)",
                validator="minContains",
                validator_value=low,
            )


def exclusive_minimum(validator: Any, minimum: Any, instance: Any, schema: Any) -> _Errors:
    if validator.is_type(instance, "number") and instance <= minimum:
        yield ValidationError(f"{instance!r} is less than or equal to the minimum of {minimum!r}")


def exclusive_maximum(validator: Any, maximum: Any, instance: Any, schema: Any) -> _Errors:
    if validator.is_type(instance, "number") and instance >= maximum:
        yield ValidationError(
            f"{instance!r} is greater than or equal to the maximum of {maximum!r}"
        )


def minimum(validator: Any, minimum: Any, instance: Any, schema: Any) -> _Errors:
    if validator.is_type(instance, "number") and instance < minimum:
        yield ValidationError(f"{instance!r} is less than the minimum of {minimum!r}")


def maximum(validator: Any, maximum: Any, instance: Any, schema: Any) -> _Errors:
    if validator.is_type(instance, "number") and instance > maximum:
        yield ValidationError(f"{instance!r} is greater than the maximum of {maximum!r}")


def multiple_of(validator: Any, divisor: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "number"):
        return
    failed: Any
    if isinstance(divisor, float):
        quotient = instance / divisor
        try:
            failed = int(quotient) != quotient
        except OverflowError:  # a huge quotient is inf in floats: decide exactly
            from fractions import Fraction  # (and load fractions, with decimal, only then)

            failed = (Fraction(instance) / Fraction(divisor)).denominator != 1
    else:
        failed = instance % divisor
    if failed:
        yield ValidationError(f"{instance!r} is not a multiple of {divisor}")


def _too_few(count: int, least: Any, fewer: str) -> str | None:
    if count >= least:
        return None
    return "should be non-empty" if least == 1 else fewer


def _too_many(count: int, most: Any, more: str) -> str | None:
    if count <= most:
        return None
    return "is expected to be empty" if most == 0 else more


def _size_limit(kind: str, least: bool, words: str) -> Keyword:
    """minItems and its kin: the length of an instance of JSON type `kind` held to the
    keyword's bound, at least (`least`) or at most, failing in `words`."""
    judged = _too_few if least else _too_many

    def limit(validator: Any, bound: Any, instance: Any, schema: Any) -> _Errors:
        if validator.is_type(instance, kind):
            found = judged(len(instance), bound, words)
            if found:
                yield ValidationError(f"{instance!r} {found}")

    return limit


min_items = _size_limit("array", True, "is too short")
max_items = _size_limit("array", False, "is too long")
min_length = _size_limit("string", True, "is too short")
max_length = _size_limit("string", False, "is too long")
min_properties = _size_limit("object", True, "does not have enough properties")
max_properties = _size_limit("object", False, "has too many properties")


def required(validator: Any, required: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "object"):
        return
    for name in required:
        if name not in instance:
            yield ValidationError(f"{name!r} is a required property")


def dependent_required(validator: Any, dependent: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "object"):
        return
    for name, needed in dependent.items():
        if name not in instance:
            continue
        for each in needed:
            if each not in instance:
                yield ValidationError(f"{each!r} is a dependency of {name!r}")


def dependent_schemas(validator: Any, dependent: Any, instance: Any, schema: Any) -> _Errors:
    if not validator.is_type(instance, "object"):
        return
    for name, subschema in dependent.items():
        if name in instance:
            yield from validator.descend(instance, subschema, schema_path=name)


def all_of(validator: Any, branches: Any, instance: Any, schema: Any) -> _Errors:
    for index, branch in enumerate(branches):
        yield from validator.descend(instance, branch, schema_path=index)


def any_of(validator: Any, branches: Any, instance: Any, schema: Any) -> _Errors:
    collected: list[ValidationError] = []
    for index, branch in enumerate(branches):
        failures = list(validator.descend(instance, branch, schema_path=index))
        if not failures:
            return
        collected.extend(failures)
    yield ValidationError(
        f"{instance!r} is not valid under any of the given schemas", context=collected
    )


def one_of(validator: Any, branches: Any, instance: Any, schema: Any) -> _Errors:
    remaining = enumerate(branches)
    collected: list[ValidationError] = []
    first: Any = None
    for index, branch in remaining:
        failures = list(validator.descend(instance, branch, schema_path=index))
        if not failures:
            first = branch
            break
        collected.extend(failures)
    else:
        yield ValidationError(
            f"{instance!r} is not valid under any of the given schemas", context=collected
        )
    more = [each for _, each in remaining if validator.evolve(schema=each).is_valid(instance)]
    if more:
        more.append(first)
        reprs = ", ".join(repr(each) for each in more)
        yield ValidationError(f"{instance!r} is valid under each of {reprs}")


def not_(validator: Any, forbidden: Any, instance: Any, schema: Any) -> _Errors:
    if validator.evolve(schema=forbidden).is_valid(instance):
        yield ValidationError(f"{instance!r} should not be valid under {forbidden!r}")


def if_(validator: Any, condition: Any, instance: Any, schema: Any) -> _Errors:
    if validator.evolve(schema=condition).is_valid(instance):
        if "then" in schema:
            yield from validator.descend(instance, schema["then"], schema_path="then")
    elif "else" in schema:
        yield from validator.descend(instance, schema["else"], schema_path="else")


def format_(validator: Any, name: Any, instance: Any, schema: Any) -> _Errors:
    return iter(())


KEYWORDS: dict[str, Keyword] = {
    "$dynamicRef": ref,
    "$ref": ref,
    "allOf": all_of,
    "anyOf": any_of,
    "const": const,
    "contains": contains,
    "dependentRequired": dependent_required,
    "dependentSchemas": dependent_schemas,
    "enum": enum,
    "exclusiveMaximum": exclusive_maximum,
    "exclusiveMinimum": exclusive_minimum,
    "format": format_,
    "if": if_,
    "items": items,
    "maxItems": max_items,
    "maxLength": max_length,
    "maxProperties": max_properties,
    "maximum": maximum,
    "minItems": min_items,
    "minLength": min_length,
    "minProperties": min_properties,
    "minimum": minimum,
    "multipleOf": multiple_of,
    "not": not_,
    "oneOf": one_of,
    "prefixItems": prefix_items,
    "properties": properties,
    "propertyNames": property_names,
    "required": required,
    "type": type_,
}
"""Draft 2020-12's keywords but those that match patterns, `uniqueItems` and the
`unevaluated*` (`engines.ajv.base` has them, in these words)."""
