"""Values checked as the runtime's Ajv checks them, failing in Ajv's words.

The runtime validates values (a settings block's, against its schema) with Ajv2020
(`allErrors: true`) and reports each error as `/content/values<instancePath>: <message>`
(`@kindgi/agents/src/blocks.ts` in kindgi-cli). This module extends the bounded
validator (`engines.ajv.base`) so that it yields the errors Ajv yields, each with
Ajv's message and at Ajv's instance path: the words and parameters of each keyword come from
ajv 8's `dist/vocabularies/**` (`must be >= 0`, `must have required property 'x'`, `must NOT
have additional properties` once per extra property at the object, `must match a schema in
anyOf` after every branch's errors, `must match "then" schema` after the clause's,
`uniqueItems`' `items ## j and i`, ...), and where Ajv's verdict differs from the
specification's it is Ajv's that is kept: `format` as ajv-formats asserts it
(`engines.ajv.formats`), `oneOf` valid on an odd number of passing branches (Ajv's toggle),
`contains` with the errors of the items that fail it. Where the self-hosted Ajv throws, the
error says so: `uniqueItems` over objects with their own `valueOf` or `toString` key, which
fast-deep-equal calls (`_deep_equal`; the hosted profile's linear `uniqueItems` compares them by
their keys).

The tests hold it to the real Ajv through the runtime oracle: the JSON-Schema-Test-Suite's
object cases and a corpus of realistic settings blocks (`tests/unit/engines/ajv/
test_values.py`), the same verdict and the same (path, message) set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from hatch_kindgi.engines.ajv.base import (
    BoundedValidator,
    evaluated_indexes,
    evaluated_keys,
    searcher,
)
from hatch_kindgi.engines.ajv.core import ValidationError, Validator, extend
from hatch_kindgi.engines.ajv.formats import compare, conforms
from hatch_kindgi.engines.bounds import HOSTED_BOUNDS, SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.engines.budget import tick
from hatch_kindgi.engines.javascript.numbers import number_to_string
from hatch_kindgi.engines.javascript.values import object_keys

__all__ = ["AjvValidator", "HostedAjvValidator", "ajv_validator", "holds_called_key", "words"]

_Keyword = Callable[[Any, Any, Any, Any], Iterator[ValidationError]]
_FALSE_SCHEMA = "boolean schema is false"


def words(error: ValidationError) -> str:
    """Ajv's words for an error of `AjvValidator` (a `false` schema's included)."""
    if error.validator is None:
        return _FALSE_SCHEMA
    return str(error.message)


def _within(
    validator: Any, instance: Any, schema: Any, path: Any = None, schema_path: Any = None
) -> Iterator[ValidationError]:
    """`validator.descend`, a `false` schema's error placed at the instance it refused
    (the core's `descend` leaves out its path, as jsonschema's did; Ajv reports it there).
    Every keyword below that descends into a subschema goes through it."""
    if schema is False:
        error = ValidationError(_FALSE_SCHEMA, validator=None, instance=instance, schema=schema)
        if path is not None:
            error.path.appendleft(path)
        if schema_path is not None:
            error.schema_path.appendleft(schema_path)
        return iter((error,))
    return validator.descend(instance, schema, path=path, schema_path=schema_path)  # type: ignore[no-any-return]


def _counted(keyword: _Keyword) -> _Keyword:
    def counted(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        tick()
        return keyword(validator, value, instance, schema)

    return counted


def _reworded(keyword: str, message: Callable[[Any], str]) -> _Keyword:
    """The bounded validator's `keyword`, its verdict kept and its failure in Ajv's words."""
    original = BoundedValidator.VALIDATORS[keyword]

    def reworded(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[Any]:
        for _ in original(validator, value, instance, schema):
            yield ValidationError(message(value))
            return

    return reworded


def _limit(op: str) -> Callable[[Any], str]:
    return lambda value: f"must be {op} {number_to_string(value)}"


def _count(more: bool, what: str) -> Callable[[Any], str]:
    comparison = "more" if more else "fewer"
    return lambda value: f"must NOT have {comparison} than {number_to_string(value)} {what}"


def _type(validator: Any, types: Any, instance: Any, schema: Any) -> Iterator[Any]:
    """Ajv's `type`, with its `nullable` (`getSchemaTypes`): `"nullable": true` beside a
    type takes null too; its message names the types written, null not added."""
    listed = [types] if isinstance(types, str) else list(types)
    if instance is None and schema.get("nullable") is True:
        return
    if not any(validator.is_type(instance, each) for each in listed):
        yield ValidationError(f"must be {','.join(listed)}")


def _required(validator: Any, required: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for name in required:
        if name not in instance:
            yield ValidationError(f"must have required property '{name}'")


def _dependent_required(validator: Any, dependent: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    for name, needed in dependent.items():
        if name not in instance or not needed:
            continue
        noun = "property" if len(needed) == 1 else "properties"
        message = f"must have {noun} {', '.join(needed)} when property {name} is present"
        for each in needed:
            if each not in instance:
                yield ValidationError(message)


def _format(validator: Any, name: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not conforms(name, instance, validator.bounds):
        yield ValidationError(f'must match format "{name}"')


_LIMITS: dict[str, tuple[str, Callable[[float], bool]]] = {
    "formatMaximum": ("<=", lambda found: found > 0),
    "formatMinimum": (">=", lambda found: found < 0),
    "formatExclusiveMaximum": ("<", lambda found: found >= 0),
    "formatExclusiveMinimum": (">", lambda found: found <= 0),
}
"""ajv-formats' `limit.js`: each keyword's comparison as its message writes it, and when the
format's `compare` fails it."""


def _format_limit(keyword: str) -> _Keyword:
    """formatMinimum and its kin, as ajv-formats' full mode adds them (the fast mode, the
    hosted profile's, has none: a schema with one doesn't compile there)."""
    written, fails = _LIMITS[keyword]

    def limit(validator: Any, bound: Any, instance: Any, schema: Any) -> Iterator[Any]:
        name = schema.get("format")
        if not isinstance(instance, str) or not isinstance(bound, str) or not isinstance(name, str):
            return
        found = compare(name, instance, bound)
        if found is not None and fails(found):
            yield ValidationError(f"should be {written} {bound}")

    return limit


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if validator.is_type(instance, "string") and not searcher(validator)(pattern, instance):
        yield ValidationError(f'must match pattern "{pattern}"')


def _additional_properties(validator: Any, extra: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    properties = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    matches = searcher(validator)
    for key in instance:
        if key in properties or any(matches(pattern, key) for pattern in patterns):
            continue
        if extra is False:
            yield ValidationError("must NOT have additional properties")
        else:
            yield from _within(validator, instance[key], extra, path=key)


def _property_names(validator: Any, names: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for key in instance:
        failures = list(_within(validator, key, names))
        if failures:
            yield from failures
            yield ValidationError("property name must be valid")


def _any_of(validator: Any, branches: Any, instance: Any, schema: Any) -> Iterator[Any]:
    collected: list[ValidationError] = []
    for index, branch in enumerate(branches):
        failures = list(_within(validator, instance, branch, schema_path=index))
        if not failures:
            return
        collected.extend(failures)
    yield from collected
    yield ValidationError("must match a schema in anyOf")


def _one_of(validator: Any, branches: Any, instance: Any, schema: Any) -> Iterator[Any]:
    collected: list[ValidationError] = []
    valid = False
    for index, branch in enumerate(branches):
        failures = list(_within(validator, instance, branch, schema_path=index))
        if failures:
            collected.extend(failures)
        else:
            valid = not valid  # Ajv's toggle: a third passing branch makes it valid again
    if not valid:
        yield from collected
        yield ValidationError("must match exactly one schema in oneOf")


def _if(validator: Any, condition: Any, instance: Any, schema: Any) -> Iterator[Any]:
    clause = "then" if validator.evolve(schema=condition).is_valid(instance) else "else"
    if clause not in schema:
        return
    failures = list(_within(validator, instance, schema[clause], schema_path=clause))
    if failures:
        yield from failures
        yield ValidationError(f'must match "{clause}" schema')


def _items(validator: Any, items: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "array"):
        return
    prefix = len(schema.get("prefixItems", ()))
    if items is False and "prefixItems" in schema:
        if len(instance) > prefix:
            yield ValidationError(f"must NOT have more than {prefix} items")
        return
    for index in range(prefix, len(instance)):
        yield from _within(validator, instance[index], items, path=index)


def _contains(validator: Any, contains: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "array"):
        return
    low = schema.get("minContains", 1)
    high = schema.get("maxContains")
    bounds = f"at least {number_to_string(low)}"
    if high is not None:
        bounds += f" and no more than {number_to_string(high)}"
    message = f"must contain {bounds} valid item(s)"
    if high is None and low == 0:
        return  # Ajv ignores the keyword
    if high is not None and low > high:
        yield ValidationError(message)
        return
    collected: list[ValidationError] = []
    count = 0
    valid = low == 0
    for index, item in enumerate(instance):
        failures = list(_within(validator, item, contains, path=index))
        if failures:
            collected.extend(failures)
            continue
        count += 1
        if high is None and count >= low:
            return
        if high is not None and count > high:
            valid = False
            break
        if count >= low:
            valid = True
    if not valid:
        yield from collected
        yield ValidationError(message)


def _js_key(item: Any) -> tuple[str, Any]:
    """An item as a key that tells apart what JavaScript's `===` tells apart."""
    if isinstance(item, bool):
        return ("boolean", item)
    if isinstance(item, (int, float)):
        return ("number", item)
    if item is None:
        return ("null", None)
    return ("string", item)


def _js_equal(one: Any, two: Any) -> bool:
    """fast-deep-equal, as Ajv compares items."""
    if isinstance(one, dict) and isinstance(two, dict):
        return one.keys() == two.keys() and all(_js_equal(one[k], two[k]) for k in one)
    if isinstance(one, list) and isinstance(two, list):
        return len(one) == len(two) and all(_js_equal(a, b) for a, b in zip(one, two))
    if isinstance(one, (dict, list)) or isinstance(two, (dict, list)):
        return False
    return _js_key(one) == _js_key(two)


def _unique_items(validator: Any, unique: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if unique is not True or not validator.is_type(instance, "array") or len(instance) < 2:
        return
    items = schema.get("items")
    declared = items.get("type") if isinstance(items, dict) else None
    types = [declared] if isinstance(declared, str) else list(declared or ())
    duplicate: tuple[int, int] | None = None
    if types and not any(each in ("object", "array") for each in types):
        # Ajv's one pass from the end, items of other types skipped
        seen: dict[tuple[str, Any], int] = {}
        for index in range(len(instance) - 1, -1, -1):
            item = instance[index]
            if not any(validator.is_type(item, each) for each in types):
                continue
            if item == "__proto__" and len(types) == 1:
                # `indices["__proto__"]` reads Object.prototype, no number, and assigning it
                # a number does nothing: Ajv never finds it repeated (two types append "_")
                continue
            key = _js_key(item)
            if key in seen:
                duplicate = (seen[key], index)  # Ajv words it "## later and earlier"
                break
            seen[key] = index
    elif not _bounds_of(validator).on_re2 and holds_called_key(instance):
        # Ajv's own loop, with fast-deep-equal, which throws where it calls an own key.
        try:
            duplicate = _pairwise(instance)
        except _Thrown as thrown:
            yield ValidationError(_thrown_words(thrown.key))
            return
    else:
        duplicate = _first_equal_pair(instance)
    if duplicate is not None:
        first, second = duplicate
        yield ValidationError(
            f"must NOT have duplicate items (items ## {first} and {second} are identical)"
        )


def _bounds_of(validator: Any) -> Bounds:
    """The profile a validator checks under: its class's (the base's has none:
    self-hosted's, Ajv's own keyword)."""
    bounds: Bounds = getattr(validator, "bounds", SELF_HOSTED_BOUNDS)
    return bounds


_CALLED_KEYS = ("valueOf", "toString")
"""What fast-deep-equal reads off an object `a`, in its order, and calls when it isn't
`Object.prototype`'s: `a.valueOf() === b.valueOf()`, then the same for `toString`. A JSON
object's own key of that name is no function: the call throws."""


def holds_called_key(value: Any) -> bool:
    """Whether `value` holds, at any depth, an object with an own key fast-deep-equal calls
    (`valueOf`, `toString`): where the self-hosted Ajv's `uniqueItems` may throw."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if any(key in item for key in _CALLED_KEYS):
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class _Thrown(Exception):
    """fast-deep-equal's TypeError: `a.<key> is not a function`."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _thrown_words(key: str) -> str:
    return (
        f"TypeError: a.{key} is not a function: the runtime's Ajv throws this comparing the "
        f"items (fast-deep-equal calls an object's {key}, and here it is the value's own key "
        f'"{key}"), so the check itself fails: rename the key, or drop uniqueItems'
    )


def _pairwise(instance: list[Any]) -> tuple[int, int] | None:
    """Ajv's `uniqueItems` loop over items of any type (`for (; i--;) for (j = i; j--;) if
    (equal(data[i], data[j]))`), with fast-deep-equal: the first pair found, worded
    `(j, i)`, or None; `_Thrown` where it throws. An item that holds no called key is
    compared by its JSON (`_hashable`, as `_first_equal_pair`): fast-deep-equal's `a` comes
    from the later item, so only an item that holds one can throw, and an item that holds
    none equals no item that does."""
    nearest: list[int | None] = []
    last: dict[Any, int] = {}
    for index, item in enumerate(instance):
        key = _hashable(item)
        nearest.append(last.get(key))
        last[key] = index
    for i in range(len(instance) - 1, 0, -1):
        if not holds_called_key(instance[i]):
            earlier = nearest[i]
            if earlier is not None:
                return earlier, i
            continue
        for j in range(i - 1, -1, -1):
            if _deep_equal(instance[i], instance[j]):
                return j, i
    return None


_OBJECT, _ARRAY = object(), object()
"""`Object` and `Array`, as `a.constructor` reads on a JSON object or array without an own
`constructor` key."""


def _constructor(value: dict[str, Any] | list[Any]) -> Any:
    if isinstance(value, list):
        return _ARRAY
    return value.get("constructor", _OBJECT)


def _same(one: Any, two: Any) -> bool:
    """`one === two`: `Object`, `Array` and a container only themselves, a scalar by its
    JavaScript value."""
    if any(
        isinstance(each, (dict, list)) or each is _OBJECT or each is _ARRAY for each in (one, two)
    ):
        return one is two
    return _js_key(one) == _js_key(two)


def _deep_equal(a: Any, b: Any) -> bool:
    """fast-deep-equal's `equal(a, b)` on JSON values, step for step (arrays' items and
    objects' keys compared from the last), raising `_Thrown` where it throws."""
    tick()
    if _same(a, b):
        return True
    if not isinstance(a, (dict, list)) or not isinstance(b, (dict, list)):
        return False  # JSON has no NaN: `a !== a && b !== b` is false
    if not _same(_constructor(a), _constructor(b)):
        return False
    if isinstance(a, list):  # and so is b: the same constructor
        return len(a) == len(b) and all(_deep_equal(a[k], b[k]) for k in range(len(a) - 1, -1, -1))
    for called in _CALLED_KEYS:
        if called in a:
            raise _Thrown(called)
    keys = list(object_keys(a))
    if not isinstance(b, dict) or len(keys) != len(b) or any(k not in b for k in reversed(keys)):
        return False
    return all(_deep_equal(a[key], b[key]) for key in reversed(keys))


def _first_equal_pair(instance: list[Any]) -> tuple[int, int] | None:
    """Ajv's pairwise search from the end (the last item with an equal before it, and the
    nearest such), in linear time."""
    where: dict[Any, list[int]] = {}
    for index, item in enumerate(instance):
        where.setdefault(_hashable(item), []).append(index)
    pairs = [(places[-2], places[-1]) for places in where.values() if len(places) > 1]
    return max(pairs, key=lambda pair: pair[1]) if pairs else None


def _hashable(item: Any) -> Any:
    """A key two JSON items share exactly when fast-deep-equal finds them equal (its
    `valueOf`/`toString` calls aside: `_pairwise`): an object whose own `constructor` key
    holds an object or array equals only itself (`a.constructor !== b.constructor`), as the
    hosted `lastRepeat` (`@kindgi/schema/src/unique-items.ts`) keys it too."""
    if isinstance(item, dict):
        fields = frozenset((key, _hashable(value)) for key, value in item.items())
        constructor = item.get("constructor")
        if isinstance(constructor, (dict, list)):
            return ("object", fields, id(constructor))
        return ("object", fields)
    if isinstance(item, list):
        return ("array", tuple(_hashable(value) for value in item))
    return _js_key(item)


def _unevaluated_properties(validator: Any, unevaluated: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    evaluated = evaluated_keys(validator, instance, schema)
    for key in instance:
        if key in evaluated:
            continue
        if unevaluated is False:
            yield ValidationError("must NOT have unevaluated properties")
        else:
            yield from _within(validator, instance[key], unevaluated, path=key)


def _unevaluated_items(validator: Any, unevaluated: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "array"):
        return
    evaluated = evaluated_indexes(validator, instance, schema)
    first = 0
    while first in evaluated:
        first += 1
    if unevaluated is False:
        if any(index not in evaluated for index in range(len(instance))):
            yield ValidationError(f"must NOT have more than {first} items")
        return
    for index, item in enumerate(instance):
        if index not in evaluated:
            yield from _within(validator, item, unevaluated, path=index)


# jsonschema's own applicators, as it writes them, each subschema entered through `_within`.


def _properties(validator: Any, properties: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "object"):
        return
    for key, subschema in properties.items():
        if key in instance:
            yield from _within(validator, instance[key], subschema, path=key, schema_path=key)


def _pattern_properties(validator: Any, patterns: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    matches = searcher(validator)
    for pattern, subschema in patterns.items():
        for key, value in instance.items():
            if matches(pattern, key):
                yield from _within(validator, value, subschema, path=key, schema_path=pattern)


def _prefix_items(validator: Any, prefix: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if not validator.is_type(instance, "array"):
        return
    for (index, item), subschema in zip(enumerate(instance), prefix):
        yield from _within(validator, item, subschema, path=index, schema_path=index)


def _all_of(validator: Any, branches: Any, instance: Any, schema: Any) -> Iterator[Any]:
    for index, branch in enumerate(branches):
        yield from _within(validator, instance, branch, schema_path=index)


def _dependent_schemas(validator: Any, dependent: Any, instance: Any, schema: Any) -> Any:
    if not validator.is_type(instance, "object"):
        return
    for key, subschema in dependent.items():
        if key in instance:
            yield from _within(validator, instance, subschema, schema_path=key)


def _nothing(validator: Any, value: Any, instance: Any, schema: Any) -> Iterator[Any]:
    return iter(())


_KEYWORDS: dict[str, _Keyword] = {
    "type": _type,
    "required": _required,
    "dependentRequired": _dependent_required,
    "format": _format,
    "pattern": _pattern,
    "properties": _properties,
    "patternProperties": _pattern_properties,
    "additionalProperties": _additional_properties,
    "prefixItems": _prefix_items,
    "allOf": _all_of,
    "dependentSchemas": _dependent_schemas,
    "propertyNames": _property_names,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "if": _if,
    "items": _items,
    "contains": _contains,
    "minContains": _nothing,
    "maxContains": _nothing,
    "uniqueItems": _unique_items,
    "unevaluatedProperties": _unevaluated_properties,
    "unevaluatedItems": _unevaluated_items,
    "minimum": _reworded("minimum", _limit(">=")),
    "maximum": _reworded("maximum", _limit("<=")),
    "exclusiveMinimum": _reworded("exclusiveMinimum", _limit(">")),
    "exclusiveMaximum": _reworded("exclusiveMaximum", _limit("<")),
    "minLength": _reworded("minLength", _count(False, "characters")),
    "maxLength": _reworded("maxLength", _count(True, "characters")),
    "minItems": _reworded("minItems", _count(False, "items")),
    "maxItems": _reworded("maxItems", _count(True, "items")),
    "minProperties": _reworded("minProperties", _count(False, "properties")),
    "maxProperties": _reworded("maxProperties", _count(True, "properties")),
    "multipleOf": _reworded(
        "multipleOf", lambda value: f"must be multiple of {number_to_string(value)}"
    ),
    "const": _reworded("const", lambda value: "must be equal to constant"),
    "enum": _reworded("enum", lambda value: "must be equal to one of the allowed values"),
    "not": _reworded("not", lambda value: "must NOT be valid"),
    **{keyword: _format_limit(keyword) for keyword in _LIMITS},
}

AjvValidator: type[Any] = extend(
    BoundedValidator,
    {name: _counted(keyword) for name, keyword in _KEYWORDS.items()},
    "AjvValidator",
)
"""The self-hosted profile's Ajv. Every subschema, whatever its `$schema`, is checked by the
same class: the runtime ignores `$schema` (Ajv2020 for every schema)."""
AjvValidator.bounds = SELF_HOSTED_BOUNDS

HostedAjvValidator: type[Any] = extend(AjvValidator, {}, "HostedAjvValidator")
"""The hosted profile's Ajv: patterns on RE2, the fast formats (the class's `bounds`)."""
HostedAjvValidator.bounds = HOSTED_BOUNDS


def ajv_validator(schema: Any, bounds: Bounds = SELF_HOSTED_BOUNDS) -> Any:
    """A validator that fails `schema`'s values as the runtime's Ajv does under `bounds`,
    fetching nothing and bounded in time as `engines.ajv.base`'s."""
    cls = HostedAjvValidator if bounds.on_re2 else AjvValidator
    if bounds != cls.bounds:
        raise ValueError(f"no Ajv mirrored for the bounds of {bounds.profile!r}")
    validator: Validator = cls(schema)
    return validator
