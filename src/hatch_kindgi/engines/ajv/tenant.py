"""A tenant's schema measured before Ajv sees it, as `@kindgi/schema`'s `bounded.ts`
(`compileKeyed`, `measure`) measures it under the runtime's bounds.

Every schema a tenant brings is compiled by `compileTenantSchema`, which first walks it
(`measure`: how deep objects and arrays nest, and how many values it holds) and then weighs
its JSON (`Buffer.byteLength(JSON.stringify(schema))`), and refuses it past the bounds before
Ajv compiles anything, with one message: the first the walk meets. The walk is the
runtime's: a stack, the last child pushed visited first, children in JavaScript's key order
(`Object.values`: integer-like keys first, ascending, then the rest as written), the root at
depth 0, refused at a container at depth `schema_max_depth`, and at the value that makes
twice the count of values below the root exceed `schema_max_bytes`. The tests hold it to the
shipped `compileInlineSchema` under both profiles (`tests/unit/engines/ajv/test_tenant.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hatch_kindgi.engines.bounds import Bounds
from hatch_kindgi.engines.javascript.json import measure_stringified

__all__ = ["tenant_schema_problem"]

_ARRAY_INDEX_END = 2**32 - 1  # "4294967294" is the last array index, so the last such key


def _is_index(key: str) -> bool:
    """A key JavaScript lists first, as an array index: "0", or digits not led by a 0."""
    return (
        key.isascii()
        and key.isdigit()
        and (key == "0" or key[0] != "0")
        and int(key) < _ARRAY_INDEX_END
    )


def _values(container: dict[str, Any] | list[Any]) -> Iterable[Any]:
    """`Object.values(container)`, in JavaScript's order."""
    if isinstance(container, list):
        return container
    indexes = [key for key in container if _is_index(key)]
    if not indexes:
        return container.values()
    indexes.sort(key=int)
    chosen = set(indexes)
    return [container[key] for key in indexes] + [
        value for key, value in container.items() if key not in chosen
    ]


def _measure_problem(schema: Any, bounds: Bounds) -> str | None:
    """`measure`'s refusal: nested too deep, or holding more values than fit the bytes."""
    deepest = bounds.schema_max_depth
    stack: list[tuple[Any, int]] = [(schema, 0)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        if not isinstance(value, (dict, list)):
            continue
        if depth == deepest:
            return f"The schema nests objects and arrays more than {deepest} deep, the limit."
        for inner in _values(value):
            seen += 1
            if seen * 2 > bounds.schema_max_bytes:
                return (
                    f"The schema is more than {bounds.schema_max_bytes} bytes as JSON, the limit."
                )
            stack.append((inner, depth + 1))
    return None


def tenant_schema_problem(
    schema: Any, bounds: Bounds, *, measured: tuple[int, int] | None = None
) -> str | None:
    """Why `compileTenantSchema` refuses `schema` (a value JSON parses to) before compiling
    it under `bounds`, in the runtime's words, or None when it's within them. Its text (the C
    encoder's, `measure_stringified`) answers a schema within the bounds; the runtime's own
    walk, in its order, says which message a schema past one of its measures gets.
    `measured`: `measure_stringified(schema)`, when the caller has it."""
    # A schema's text takes more than two bytes a value below its root (a value one at least,
    # a comma or colon between, the brackets round them), so one within the bytes holds few
    # enough values; and as deep as its brackets at most.
    size, nesting = measure_stringified(schema) if measured is None else measured
    if size <= bounds.schema_max_bytes and nesting <= bounds.schema_max_depth:
        return None
    walked = _measure_problem(schema, bounds)  # None unless nested or holding too much
    if walked is not None:
        return walked
    if size > bounds.schema_max_bytes:
        return f"The schema is {size} bytes as JSON, over the limit of {bounds.schema_max_bytes}."
    return None
