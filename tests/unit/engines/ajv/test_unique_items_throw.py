"""`uniqueItems` over objects holding their own `valueOf` or `toString` key: fast-deep-equal,
which the self-hosted Ajv compares such items with, calls that key and throws, so the
runtime's `validateBlock` (a publish) fails; the build refuses the block in the runtime's
words. The hosted profile's linear `uniqueItems` compares them by their keys. Each case is
held to the shipped `validateBlock` on a runtime under each profile (`tests/oracle/shipped.py`),
through the whole check a build makes (`SchemaChecks`: the fast path, then Ajv's)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from hatch_kindgi.blocks.settings import SchemaChecks
from hatch_kindgi.engines.bounds import Profile, bounds_named
from tests.oracle import shipped

_THROWN = re.compile(r"TypeError: a\.(\w+) is not a function")
_CASES: list[list[Any]] = [
    [{"toString": 1}, {"toString": 2}],
    [{"valueOf": "x"}, {"valueOf": "x"}],
    [{"valueOf": 1, "toString": 1}, {"a": 1}],  # the later item is fast-deep-equal's `a`
    [{"a": 1}, {"valueOf": 1}],
    [{"a": {"toString": 1}}, {"a": {"toString": 2}}],
    [{"a": {"toString": 1}}, {"b": {"toString": 2}}],  # keys differ first: never called
    [{"toString": 1}],  # one item: nothing compared
    [[{"toString": 1}], [{"toString": 1}, 2]],  # lengths differ first
    [[{"toString": 1}], [{"toString": 1}]],  # into arrays
    [1, 1, {"toString": 1}],  # against a number: no call
    [{"toString": 1}, 1, 1],
    [{"toString": 1}, [1]],  # Object and Array: constructors differ
    [{"x": 1, "toString": 1}, {"x": 2, "toString": 1}],  # called before the keys compare
    [{"toString": 1, "constructor": 1}, {"constructor": 2}],  # constructors differ first
    [{"toString": 1, "constructor": 1}, {"constructor": 1}],
    [{"toString": 1, "constructor": {}}, {"constructor": {}}],  # an object: only itself
    [{"b": 1, "a": {"toString": 1}}, {"b": 2, "a": {"toString": 1}}],  # "b" compared first
    [{"a": {"toString": 1}, "b": 1}, {"a": {"toString": 1}, "b": 2}],
    [{"1": {"toString": 1}, "0": 2}, {"1": {"toString": 1}, "0": 3}],  # Object.keys' order
    [{"k": 1}, {"k": 1}, {"toString": 1}, {"k": 2}],  # a pair found before any call?
    [{"toString": 1}, {"k": 1}, {"k": 1}],  # the later pair first
    [{"toString": None}, "x", "x", {"toString": None}],
    [{"id": 1}, {"id": 2}, {"id": 1, "meta": {"valueOf": 0}}],
]


def _block(values: list[Any], items: Any = None) -> dict[str, Any]:
    array: dict[str, Any] = {"type": "array", "uniqueItems": True}
    if items is not None:
        array["items"] = items
    schema = {"type": "object", "properties": {"l": array}}
    content = {"schema": schema, "values": {"l": values}}
    return {"id": "acme.u", "version": "1.0.0", "kind": "settings", "content": content}


def _ours(block: dict[str, Any], profile: Profile) -> list[str]:
    """What the build says of the values: each message, the thrown key for a throw."""
    content = block["content"]
    checks = SchemaChecks(bounds_named(profile))
    problems = checks.value_problems("f.json", content["values"], content["schema"])
    out = []
    for problem in problems:
        thrown = _THROWN.match(problem.message)
        out.append(f"throws {thrown[1]}" if thrown else problem.message)
    return out


def _theirs(block: dict[str, Any], profile: Profile) -> list[str]:
    try:
        result = shipped.validate_block(block, profile=profile)
    except RuntimeError as error:
        thrown = _THROWN.search(str(error))
        if thrown is None:
            raise
        return [f"throws {thrown[1]}"]
    if result["kind"] == "ok":
        return []
    return [issue["message"] for issue in result["error"]["issues"]]


@pytest.mark.parametrize("values", _CASES, ids=[str(n) for n in range(len(_CASES))])
@pytest.mark.parametrize("profile", ["self-hosted", "hosted"])
def test_the_throw_is_the_runtimes(values: list[Any], profile: Profile) -> None:
    """Where the shipped validateBlock throws, and on which key, the build refuses; where it
    doesn't, the build says what it says (a duplicate pair, or nothing)."""
    shipped.require_oracle()
    block = _block(values)
    assert _ours(block, profile) == _theirs(block, profile)


@pytest.mark.parametrize("items", [{"type": ["string", "object"]}, {"type": "string"}, {}])
def test_declared_item_types(items: Any) -> None:
    """Items declared scalar only: Ajv compares them by a key and skips objects, so nothing
    throws; an item type of `object`, or none, compares pair by pair."""
    shipped.require_oracle()
    block = _block([{"toString": 1}, {"toString": 2}], items)
    for profile in ("self-hosted", "hosted"):
        assert _ours(block, profile) == _theirs(block, profile)


def test_the_refusal_reads() -> None:
    """The message: the runtime's TypeError, why, and what to do (written by hand)."""
    content = _block([{"toString": 1}, {"toString": 2}])["content"]
    problems = SchemaChecks().value_problems("f.json", content["values"], content["schema"])
    assert [(p.code, p.pointer, p.message) for p in problems] == [
        (
            "settings-values",
            "/content/values/l",
            "TypeError: a.toString is not a function: the runtime's Ajv throws this comparing "
            "the items (fast-deep-equal calls an object's toString, and here it is the value's "
            'own key "toString"), so the check itself fails: rename the key, or drop '
            "uniqueItems",
        )
    ]


_CONSTRUCTOR_CASES: list[list[Any]] = [
    [{"constructor": {}}, {"constructor": {}}],  # an object: `!==` to any other
    [{"constructor": []}, {"constructor": []}],
    [{"constructor": 1}, {"constructor": 1}],  # a scalar: `===` by its value
    [{"a": {"constructor": {"b": 1}}}, {"a": {"constructor": {"b": 1}}}],
    [[{"constructor": {}}], [{"constructor": {}}]],
    [{"constructor": {}}, {"k": 1}, {"k": 1}],
    [{"k": 1}, {"constructor": {}}, {"constructor": {}}, {"k": 1}],
]


@pytest.mark.parametrize(
    "values", _CONSTRUCTOR_CASES, ids=[str(n) for n in range(len(_CONSTRUCTOR_CASES))]
)
@pytest.mark.parametrize("profile", ["self-hosted", "hosted"])
def test_an_own_constructor_key_compares_as_fast_deep_equal_reads_it(
    values: list[Any], profile: Profile
) -> None:
    """fast-deep-equal compares `a.constructor !== b.constructor` first: an own key of that
    name holding an object or array is equal to no other, so two such items are unique."""
    shipped.require_oracle()
    block = _block(values)
    assert _ours(block, profile) == _theirs(block, profile)


@pytest.mark.parametrize(
    ("values", "items"),
    [
        (["__proto__", "__proto__"], {"type": "string"}),  # `indices.__proto__` is no number
        (["__proto__", "__proto__"], {"type": ["string", "number"]}),  # "__proto___" is
        (["constructor", "constructor"], {"type": "string"}),
        (["toString", "x", "toString"], {"type": "string"}),
        (["__proto__", "__proto__"], {}),
        ([1, "__proto__", "__proto__", 1], {"type": ["string", "integer"]}),
    ],
)
@pytest.mark.parametrize("profile", ["self-hosted", "hosted"])
def test_scalar_items_keyed_as_ajvs_indices_object_keys_them(
    values: list[Any], items: Any, profile: Profile
) -> None:
    """Scalar items Ajv keys in a plain object (`indices[item]`): `__proto__` reads back as
    `Object.prototype`, never a number, and assigning it a number does nothing."""
    shipped.require_oracle()
    block = _block(values, items)
    assert _ours(block, profile) == _theirs(block, profile)
