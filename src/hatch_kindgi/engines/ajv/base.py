"""The draft 2020-12 base: our validator (`engines.ajv.core`) with the keywords in the words
of jsonschema, which this project was built on (`engines.ajv.keywords`), fetching nothing and
bounded in time; the base Ajv's (`values.py`) extends, and a validator in jsonschema's words
where those are wanted.

Patterns (`pattern`, `patternProperties`, and the `additionalProperties` and
`unevaluatedProperties` that depend on them) are matched as Ajv matches them
(`vocabulary.search`) under a time limit, never with `re`. Every keyword counts against the
check's budget (`engines.budget.validation_budget`), so a schema whose `$ref`s multiply the
work (an `anyOf` of two refs to an `anyOf` of two refs ...) stops with `ValidationTimeout`
instead of running for hours; and `uniqueItems` is decided in linear time where jsonschema
compares every pair.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from hatch_kindgi.engines.ajv.core import ValidationError, Validator, extend
from hatch_kindgi.engines.ajv.keywords import KEYWORDS, equal, unbool
from hatch_kindgi.engines.ajv.vocabulary import REF_KEYWORDS, PatternSearch, pattern_search, search
from hatch_kindgi.engines.budget import tick


def searcher(validator: Any) -> PatternSearch:
    """How `validator`'s patterns match: as its class's `bounds` say (a validator class the
    hosted profile's Ajv is mirrored by has the hosted bounds), else as V8's `u` RegExp."""
    bounds = getattr(validator, "bounds", None)
    return search if bounds is None else pattern_search(bounds)


# The four keywords that match patterns, as jsonschema has them, with `search` for re.search.


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not searcher(validator)(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    matches = searcher(validator)
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if matches(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    matches = searcher(validator)
    extras = {
        key
        for key in instance
        if key not in properties and not any(matches(pattern, key) for pattern in patterns)
    }
    if validator.is_type(extra, "object"):
        for key in extras:
            yield from validator.descend(instance[key], extra, path=key)
    elif not extra and extras:
        joined = ", ".join(repr(key) for key in sorted(extras))
        if patterns:
            verb = "does" if len(extras) == 1 else "do"
            listed = ", ".join(repr(pattern) for pattern in sorted(patterns))
            yield ValidationError(f"{joined} {verb} not match any of the regexes: {listed}")
        else:
            verb = "was" if len(extras) == 1 else "were"
            yield ValidationError(
                f"Additional properties are not allowed ({joined} {verb} unexpected)"
            )


def _unevaluated_properties(
    validator: Any, unevaluated: Any, instance: Any, schema: Any
) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    evaluated = _evaluated_keys(validator, instance, schema)
    failing = [
        key
        for key in instance
        if key not in evaluated
        and next(
            iter(validator.descend(instance[key], unevaluated, path=key, schema_path=key)), None
        )
        is not None
    ]
    if not failing:
        return
    verb = "was" if len(failing) == 1 else "were"
    if unevaluated is False:
        joined = ", ".join(repr(key) for key in sorted(failing, key=str))
        yield ValidationError(
            f"Unevaluated properties are not allowed ({joined} {verb} unexpected)"
        )
    else:
        joined = ", ".join(repr(key) for key in failing)
        yield ValidationError(
            "Unevaluated properties are not valid under the given schema "
            f"({joined} {verb} unevaluated and invalid)"
        )


def _valid(errors: Iterable[Any]) -> bool:
    return next(iter(errors), None) is None


def _evaluated_keys(validator: Any, instance: Any, schema: Any) -> set[str]:
    """jsonschema's `find_evaluated_property_keys_by_schema`, matching as `searcher` says."""
    if validator.is_type(schema, "boolean"):
        return set()
    keys: set[str] = set()
    for evolved, referred in _referred(validator, schema):
        keys |= _evaluated_keys(evolved, instance, referred)
    properties = schema.get("properties")
    if validator.is_type(properties, "object"):
        keys |= properties.keys() & instance.keys()
    for keyword in ("additionalProperties", "unevaluatedProperties"):
        subschema = schema.get(keyword)
        if subschema is not None:
            keys |= {k for k, v in instance.items() if _valid(validator.descend(v, subschema))}
    for pattern in schema.get("patternProperties", {}):
        keys |= {key for key in instance if searcher(validator)(pattern, key)}
    for key, subschema in schema.get("dependentSchemas", {}).items():
        if key in instance:
            keys |= _evaluated_keys(validator, instance, subschema)
    for keyword in ("allOf", "oneOf", "anyOf"):
        for subschema in schema.get(keyword, []):
            if _valid(validator.descend(instance, subschema)):
                keys |= _evaluated_keys(validator, instance, subschema)
    if "if" in schema:
        if validator.evolve(schema=schema["if"]).is_valid(instance):
            keys |= _evaluated_keys(validator, instance, schema["if"])
            if "then" in schema:
                keys |= _evaluated_keys(validator, instance, schema["then"])
        elif "else" in schema:
            keys |= _evaluated_keys(validator, instance, schema["else"])
    return keys


evaluated_keys = _evaluated_keys
"""The keys of `instance` that `schema` evaluates (for `unevaluatedProperties`)."""


def evaluated_indexes(validator: Any, instance: Any, schema: Any) -> set[int]:
    """The indexes of `instance` that `schema` evaluates (for `unevaluatedItems`): jsonschema's
    `find_evaluated_item_indexes_by_schema`, ours so that no private module of it is imported."""
    if validator.is_type(schema, "boolean"):
        return set()
    if "items" in schema:
        return set(range(len(instance)))
    indexes: set[int] = set()
    for evolved, referred in _referred(validator, schema):
        indexes |= evaluated_indexes(evolved, instance, referred)
    if "prefixItems" in schema:
        indexes |= set(range(len(schema["prefixItems"])))
    if "if" in schema:
        if validator.evolve(schema=schema["if"]).is_valid(instance):
            indexes |= evaluated_indexes(validator, instance, schema["if"])
            if "then" in schema:
                indexes |= evaluated_indexes(validator, instance, schema["then"])
        elif "else" in schema:
            indexes |= evaluated_indexes(validator, instance, schema["else"])
    for keyword in ("contains", "unevaluatedItems"):
        if keyword in schema:
            passes = validator.evolve(schema=schema[keyword]).is_valid
            indexes |= {index for index, item in enumerate(instance) if passes(item)}
    for keyword in ("allOf", "oneOf", "anyOf"):
        for subschema in schema.get(keyword, ()):
            if _valid(validator.descend(instance, subschema)):
                indexes |= evaluated_indexes(validator, instance, subschema)
    return indexes


def _referred(
    validator: Any, schema: Any, keywords: Iterable[str] = REF_KEYWORDS
) -> Iterator[tuple[Any, Any]]:
    """For each reference `schema` makes, a validator on the schema it refers to (standing
    where the reference leads), and that schema."""
    for keyword in keywords:
        ref = schema.get(keyword)
        if ref is not None:
            yield validator.referred(ref)


# uniqueItems: jsonschema's answer (its `uniq`), in linear time where it compares every pair
# (`equal` and `unbool`: engines.ajv.keywords).

_TRUE, _FALSE = unbool(True), unbool(False)


class _Unhashable(Exception):
    pass


def _key(value: Any) -> Any:
    """A hashable key, equal for two values exactly when `_equal` holds between them."""
    if value is True or value is _TRUE:
        return (1,)
    if value is False or value is _FALSE:
        return (2,)
    if value is None:
        return (3,)
    if isinstance(value, (int, float)):  # 1 and 1.0 are equal, and so are their hashes
        return (4, value)
    if isinstance(value, str):
        return (5, value)
    if isinstance(value, Sequence):
        return (6, tuple(_key(item) for item in value))
    if isinstance(value, Mapping) and all(isinstance(key, str) for key in value):
        return (7, frozenset((key, _key(item)) for key, item in value.items()))
    raise _Unhashable


def _unique(container: Sequence[Any]) -> bool:
    """jsonschema's `uniq`: sorted neighbours when the items sort, else every pair compared
    (here: by key, in linear time; by every pair only for items no key describes)."""
    try:
        ordered = sorted(unbool(item) for item in container)
        return not any(equal(i, j) for i, j in zip(ordered, itertools.islice(ordered, 1, None)))
    except (NotImplementedError, TypeError):
        pass
    try:
        keys = [_key(unbool(item)) for item in container]
    except (_Unhashable, TypeError):
        seen: list[Any] = []
        for item in container:
            element = unbool(item)
            if any(equal(each, element) for each in seen):
                return False
            seen.append(element)
        return True
    return len(set(keys)) == len(keys)


def _unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if unique and validator.is_type(instance, "array") and not _unique(instance):
        yield ValidationError(f"{instance!r} has non-unique elements")


def _unevaluated_items(
    validator: Any, unevaluated: Any, instance: Any, schema: Any
) -> Iterator[Any]:
    if not validator.is_type(instance, "array"):
        return
    evaluated = evaluated_indexes(validator, instance, schema)
    left = [item for index, item in enumerate(instance) if index not in evaluated]
    if left:
        joined = ", ".join(repr(item) for item in left)
        verb = "was" if len(left) == 1 else "were"
        yield ValidationError(f"Unevaluated items are not allowed ({joined} {verb} unexpected)")


_Keyword = Callable[[Any, Any, Any, Any], Any]


def _counted(keyword: _Keyword) -> _Keyword:
    """`keyword`, counting one step of the check's budget each time it runs."""

    def counted(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        tick()
        return keyword(validator, value, instance, schema)

    return counted


_KEYWORDS: dict[str, _Keyword] = {
    **KEYWORDS,
    "pattern": _pattern,
    "patternProperties": _pattern_properties,
    "additionalProperties": _additional_properties,
    "unevaluatedItems": _unevaluated_items,
    "unevaluatedProperties": _unevaluated_properties,
    "uniqueItems": _unique_items,
}


class _Draft202012(Validator):
    __slots__ = ()


BoundedValidator: type[Validator] = extend(
    _Draft202012,
    {name: _counted(keyword) for name, keyword in _KEYWORDS.items()},
    "BoundedValidator",
)


def bounded_validator(schema: Any) -> Validator:
    """A Draft 2020-12 validator that fetches nothing and bounds its time."""
    return BoundedValidator(schema)
