"""liquidjs 10.30.0's render, as the runtime's `renderTenantTemplate` runs it.

`tenantLiquid().parseAndRenderSync(template, scope)` (`@kindgi/agents/src/liquid.ts`) on the
liquidjs kindgi-cli ships (`dist/liquid.node.js`): strictVariables (a read that finds
`undefined` fails, `Context._getFromScope`), strictFilters and no partials (refused as the
template is parsed: `parse.py`), the bounds' `memoryLimit` and `renderLimit` (liquidjs's
`Limiter`s), and what `tenantLiquid()` adds: every write and every filter's string or array
result charged to the memory limit by its weight (`ChargedEmitter`, `weigh`). The parts:

- the tree liquidjs's parser builds (`tree.py`);
- evaluation (`evalToken`, `Expression.evaluate`, `Context.readProperty`, the operators
  `defaultOperators`, `equals`, truthiness `isFalsy`, ranges `evalRangeToken`): here;
- each tag's `render` (`AssignTag`, `ForTag`, `CaseTag`, `TablerowTag`, …) and
  `Render.renderTemplates` (where `break` and `continue` stop, where errors are placed): here;
- the filters (`filters.py`), what an output prints (`numbers.stringify`).

Errors are liquidjs's, with its words and the place its token gives (`RenderFailure`); where
liquidjs charges memory inside a filter for what it is given (`append`'s
`memoryLimit.use(lhs.length + rhs.length)`, …), only the result is charged here, as
`chargedFilter` charges it. The tests hold the render to the runtime's own
(`tests/oracle/shipped.py`: golden-liquid's cases, the realistic prompts, the filters).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from hatch_kindgi.engines.javascript.strings import (
    code_unit,
    from_utf16_units,
    utf16_length,
    utf16_units,
)
from hatch_kindgi.engines.liquidjs.filters import (
    FILTERS,
    _js_integer,
    _js_less,
    _js_plus,
    _relative,
    apply_filter,
    input_charge,
    json_text,
)
from hatch_kindgi.engines.liquidjs.numbers import javascript_string, normal, stringify, to_double
from hatch_kindgi.engines.liquidjs.parse import _from_utf16, _python_index, _Refused, _Tokenizer
from hatch_kindgi.engines.liquidjs.tenant import template_refusal
from hatch_kindgi.engines.liquidjs.tree import (
    Constant,
    Expression,
    FilteredValue,
    Keyword,
    Operator,
    PathRead,
    Range,
    Template,
    Word,
    build,
    build_scope_value,
    build_value,
)
from hatch_kindgi.engines.liquidjs.values import (
    UNDEFINED,
    Comparable,
    Drop,
    FilterFailure,
    MemoryExceeded,
    to_value,
)

__all__ = [
    "MEMORY_LIMIT_EXCEEDED",
    "PARSE_LIMIT_EXCEEDED",
    "RENDER_LIMIT_EXCEEDED",
    "STAND_IN",
    "RenderFailure",
    "render",
]

MEMORY_LIMIT_EXCEEDED = "memory alloc limit exceeded"
"""liquidjs's message for a render past its `memoryLimit`."""
RENDER_LIMIT_EXCEEDED = "template render limit exceeded"
"""liquidjs's message for a render past its `renderLimit`."""
PARSE_LIMIT_EXCEEDED = "parse length limit exceeded"
"""liquidjs's message for a template longer than its `parseLimit`."""


class _StandIn:
    __slots__ = ()

    def __repr__(self) -> str:
        return "stand-in"


STAND_IN: Any = _StandIn()
"""A value put in a render's scope where a read found nothing, so that the render goes on past
it as liquidjs without strictVariables would: the read, and any read into it, is `undefined`
without failing (`render.strict` looks for the next undefined read so)."""


@dataclass(frozen=True)
class RenderFailure:
    """What the render throws: `message` in liquidjs's words with its place (`, line:L,
    col:C`, as liquidjs counts them), `reason` without it, `index` where liquidjs places it
    (a Python index into the template; -1 for none). `kind`: "undefined" (strictVariables:
    `path` the values of the path read, `missing` how many of them were read when one gave
    undefined), "filter" (a filter threw: `filter` its name and `filter_index` where it is
    called), "memory" or "time" (the bounds' limits), "parse" (the parse threw: a publish
    refuses the template), "error" (anything else)."""

    message: str
    reason: str
    index: int
    kind: str
    path: tuple[Any, ...] = ()
    missing: int = 0
    filter: str | None = None
    filter_index: int = -1


# -- errors as liquidjs throws and wraps them ---------------------------------------------------


class _Liquid(Exception):
    """A LiquidError: its reason and the UTF-16 index of its token."""

    def __init__(self, reason: str, at: int, **details: Any) -> None:
        super().__init__(reason)
        self.reason = reason
        self.at = at
        self.details = details


class _InternalUndefined(Exception):
    """liquidjs's `InternalUndefinedVariableError`: a read found undefined."""

    def __init__(self, path: list[Any], missing: int) -> None:
        joined = ".".join(_join_item(item) for item in path[:missing])
        super().__init__(f"undefined variable: {joined}")
        self.message = f"undefined variable: {joined}"
        self.path = path
        self.missing = missing


class _Assertion(Exception):
    """liquidjs's `AssertionError` (a limit, an assertion of a tag): its message."""


class _FilterThrew(Exception):
    """A filter threw: where it is called, and what."""

    def __init__(self, name: str, at: int, message: str, place: str) -> None:
        super().__init__(message)
        self.name = name
        self.at = at
        self.message = message
        self.place = place


def _join_item(item: Any) -> str:
    """An item as `Array.prototype.join` writes it (null and undefined as nothing)."""
    item = to_value(item)
    return "" if item is None or item is UNDEFINED else javascript_string(item)


# -- drops -------------------------------------------------------------------------------------


class _Forloop(Drop):
    """liquidjs's `ForloopDrop` (`forloop`)."""

    __slots__ = ("i", "length", "name")

    def __init__(self, length: int, collection: str, variable: str) -> None:
        self.i = 0
        self.length = length
        self.name = f"{variable}-{collection}"

    def fields(self) -> dict[str, Any]:
        return {"i": self.i, "length": self.length, "name": self.name}

    def value_of(self) -> Any:
        return json_text(self.fields())

    def property(self, key: str) -> Any:
        own = self.fields()
        if key in own:
            return own[key]
        method = _FORLOOP.get(key)
        return UNDEFINED if method is None else method(self)


_FORLOOP: dict[str, Any] = {
    "index0": lambda d: d.i,
    "index": lambda d: d.i + 1,
    "first": lambda d: d.i == 0,
    "last": lambda d: d.i == d.length - 1,
    "rindex": lambda d: d.length - d.i,
    "rindex0": lambda d: d.length - d.i - 1,
    "valueOf": lambda d: d.value_of(),
}


class _Tablerowloop(_Forloop):
    """liquidjs's `TablerowloopDrop` (`tablerowloop`)."""

    __slots__ = ("cols",)

    def __init__(self, length: int, cols: Any, collection: str, variable: str) -> None:
        super().__init__(length, collection, variable)
        self.cols = cols

    def fields(self) -> dict[str, Any]:
        return {**super().fields(), "cols": self.cols}

    def col0(self) -> Any:
        return _js_remainder(self.i, self.cols)

    def row(self) -> Any:
        quotient = _js_divide(self.i, to_double(self.cols))
        if math.isnan(quotient) or math.isinf(quotient):
            return quotient
        return normal(math.floor(quotient) + 1.0)

    def property(self, key: str) -> Any:
        if key == "row":
            return self.row()
        if key == "col0":
            return self.col0()
        if key == "col":
            return _js_add_one(self.col0())
        if key == "col_first":
            return self.col0() == 0
        if key == "col_last":
            col = _js_add_one(self.col0())
            cols = self.cols
            return isinstance(cols, (int, float)) and not isinstance(cols, bool) and col == cols
        return super().property(key)


def _js_divide(left: float, right: float) -> float:
    if math.isnan(right):
        return math.nan
    if right == 0:
        return math.nan if left == 0 else math.copysign(math.inf, left) * math.copysign(1, right)
    return left / right


def _js_remainder(left: int, right: Any) -> Any:
    divisor = to_double(right)
    if math.isnan(divisor) or divisor == 0 or math.isinf(left):
        return math.nan
    return normal(math.fmod(left, divisor))


def _js_add_one(value: Any) -> Any:
    return normal(float(value) + 1) if isinstance(value, (int, float)) else math.nan


class _Block(Drop):
    """The `block` a `{% block %}` renders with, outside a layout: `block.super` is ''."""

    __slots__ = ()

    def property(self, key: str) -> Any:
        return "" if key == "super" else UNDEFINED


# -- the context -------------------------------------------------------------------------------


class _Limiter:
    """liquidjs's `Limiter`: `use` adds to what was used, `check` compares one count."""

    __slots__ = ("base", "limit", "message")

    def __init__(self, message: str, limit: float) -> None:
        self.base = 0.0
        self.limit = limit
        self.message = message

    def use(self, count: float) -> None:
        if count > 0:
            if not self.base + count <= self.limit:
                raise _Assertion(self.message)
            self.base += count


class _Context:
    """liquidjs's `Context` for one render: the scopes `assign` and the tags write (the
    bottom one first), the data (`environments`), registers, `break`/`continue`, the
    limits; and what a filter gets (`FilterContext`)."""

    def __init__(
        self,
        environments: dict[str, Any],
        clock: datetime,
        memory_limit: float,
        render_limit_ms: float | None,
    ) -> None:
        self.scopes: list[dict[str, Any]] = [{}]
        self.environments = environments
        self.registers: dict[str, Any] = {}
        self.break_called = False
        self.continue_called = False
        self.memory = _Limiter(MEMORY_LIMIT_EXCEEDED, memory_limit)
        start = time.monotonic()
        self.deadline = None if render_limit_ms is None else start + render_limit_ms / 1000
        self._clock = clock
        self._values: dict[str, FilteredValue] = {}
        self._reads: dict[str, Any] = {}

    @property
    def clock(self) -> datetime:
        return self._clock

    def expression(self, source: str) -> Any:
        """`new Value(source)`, as a function of a name and an item (the `*_exp` filters)."""
        value = self._values.get(source)
        if value is None:
            value = _compiled(source)
            self._values[source] = value
        units = utf16_units(source)

        def evaluate(name: str, item: Any) -> Any:
            self.scopes.append({name: item})
            try:
                return _value(value, self)
            except _Liquid as fault:  # placed in the expression's own text
                raise FilterFailure(fault.reason, _placed("", units, fault.at)) from None
            except _FilterThrew as threw:  # a filter of the expression: the outer one fails
                raise FilterFailure(threw.message, threw.place) from None
            finally:
                self.scopes.pop()

        return evaluate

    def read(self, item: Any, path: Any) -> Any:
        """`readScopeValue` of `path`, evaluated in `context.spawn(item)`."""
        source = stringify(path)
        token = self._reads.get(source, UNDEFINED)
        if token is UNDEFINED:
            token = self._reads[source] = build_scope_value(source)
        if token is None:
            return UNDEFINED
        spawned = _Context(_spawned_scope(item), self._clock, math.inf, None)
        spawned.memory, spawned.deadline = self.memory, self.deadline
        try:
            return _eval(token, spawned)
        except _Liquid as fault:  # placed in the property's own text
            raise FilterFailure(fault.reason, _placed("", utf16_units(source), fault.at)) from None

    def check_time(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise _Assertion(RENDER_LIMIT_EXCEEDED)

    def find_scope(self, key: str) -> Any:
        for scope in reversed(self.scopes):
            if key in scope:
                return scope
        env = self.environments
        if isinstance(env, Mapping) and key in env:
            return env
        if not isinstance(env, Mapping) and _own(env, key) is not UNDEFINED:
            return env  # a spawned context's item: an array or a string's own keys
        return {}


def _spawned_scope(item: Any) -> Any:
    """`new Context(item)`'s environments: the item when it is an object (an array too),
    `Object(item)` otherwise (a string's own keys stay; anything else has none)."""
    item = to_value(item)
    return item if isinstance(item, (Mapping, list, str)) else {}


def _compiled(source: str) -> FilteredValue:
    """`new Value(source)` under strictFilters: its tree, or its failure in liquidjs's words."""
    refused = _value_refusal(source)
    if refused is not None:
        raise refused
    value, _units = build_value(source)
    return value


def _value_refusal(source: str) -> FilterFailure | None:
    units = utf16_units(source)
    tokenizer = _Tokenizer(units)
    try:
        names = tokenizer.read_filtered_value()
    except _Refused as refused:
        reason, _, place = _from_utf16(refused.message).rpartition(", line:")
        return FilterFailure(reason, ", line:" + place)
    for name, at in names:
        if name not in FILTERS:
            return FilterFailure(f"undefined filter: {name}", _placed("", units, at))
    return None


def _key(value: Any) -> str:
    """JavaScript's property key for `value` (`ToPropertyKey`)."""
    if isinstance(value, str):
        return value
    return javascript_string(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _array_index(key: str, size: int) -> int | None:
    """The index `key` names among an array's (or a string's) own keys, None if none."""
    if key.isdigit() and key.isascii() and (key == "0" or not key.startswith("0")):
        index = int(key)
        return index if index < size else None
    return None


def _own(obj: Any, key: Any) -> Any:
    """`readJSProperty` with ownPropertyOnly: an own property of `obj`, else undefined."""
    if isinstance(obj, Drop):
        return obj.property(_key(key))
    name = _key(key)
    if isinstance(obj, Mapping):
        return obj.get(name, UNDEFINED)
    if isinstance(obj, list):
        if name == "length":
            return len(obj)
        index = _array_index(name, len(obj))
        return UNDEFINED if index is None else obj[index]
    if isinstance(obj, str):
        if name == "length":
            return utf16_length(obj)
        index = _array_index(name, utf16_length(obj))
        return UNDEFINED if index is None else code_unit(obj, index)
    return UNDEFINED


def _read_property(obj: Any, key: Any) -> Any:
    """liquidjs's `Context.readProperty`."""
    key = to_value(key)
    if obj is None or obj is UNDEFINED:
        return obj
    if isinstance(obj, list) and _is_number(key):
        index = key + len(obj) if key < 0 else key
        if isinstance(index, float) and not index.is_integer():
            return UNDEFINED
        return obj[int(index)] if 0 <= index < len(obj) else UNDEFINED
    value = _own(obj, key)
    if key == "size":
        return _size(obj)
    if key == "first":
        if isinstance(obj, list):
            return obj[0] if obj else UNDEFINED
        return _own(obj, "first")
    if key == "last":
        if isinstance(obj, list):
            return obj[-1] if obj else UNDEFINED
        return _own(obj, "last")
    return value


def _size(obj: Any) -> Any:
    own = _own(obj, "size")
    if own is not UNDEFINED:
        return own
    if isinstance(obj, list):
        return len(obj)
    if isinstance(obj, str):
        return utf16_length(obj)
    if isinstance(obj, Mapping):
        return len(obj)
    return UNDEFINED


def _from_scope(scope: Any, path: list[Any]) -> Any:
    """`_getFromScope` under strictVariables (a stand-in ends the read: undefined)."""
    for i, key in enumerate(path):
        scope = _read_property(scope, key)
        if scope is STAND_IN:
            return UNDEFINED
        if scope is UNDEFINED:
            raise _InternalUndefined(path, i + 1)
    return scope


# -- evaluation --------------------------------------------------------------------------------

Token = Constant | Word | Range | PathRead | None


def _eval(token: Token, ctx: _Context) -> Any:
    """liquidjs's `evalToken` (drops kept)."""
    if token is None:
        return UNDEFINED
    if isinstance(token, (Constant, Word)):
        return token.value
    if isinstance(token, PathRead):
        return _read(token, ctx)
    return _range(token, ctx)


def _read(token: PathRead, ctx: _Context) -> Any:
    props = [to_value(_eval(prop, ctx)) for prop in token.props]
    try:
        if token.base is not None:
            return _from_scope(_eval(token.base, ctx), props)
        return _from_scope(ctx.find_scope(_key(props[0])), props)
    except _InternalUndefined as missing:
        raise _Liquid(
            missing.message, token.begin, path=tuple(missing.path), missing=missing.missing
        ) from None


def _range(token: Range, ctx: _Context) -> list[Any]:
    low = to_value(_eval(token.low, ctx))
    high = to_value(_eval(token.high, ctx))
    ctx.memory.use(to_double(high) - to_double(low) + 1)
    start, stop = to_double(low), to_double(high) + 1
    out: list[Any] = []
    i = start
    while i < stop:
        out.append(normal(i))
        i += 1
    return out


def _truthy(value: Any) -> bool:
    value = to_value(value)
    return value is not False and value is not None and value is not UNDEFINED


def _strict_equal(left: Any, right: Any) -> bool:
    """JavaScript's `===` on a template's values."""
    if isinstance(left, bool) or isinstance(right, bool):
        return left is right
    if _is_number(left) and _is_number(right):
        return float(left) == float(right)
    if isinstance(left, str) and isinstance(right, str):
        return left == right
    if left is None or right is None or left is UNDEFINED or right is UNDEFINED:
        return left is right
    return left is right


def _equals(left: Any, right: Any) -> bool:
    if isinstance(left, Comparable):
        return left.equals(right)
    if isinstance(right, Comparable):
        return right.equals(left)
    left, right = to_value(left), to_value(right)
    if isinstance(left, list):
        return (
            isinstance(right, list)
            and len(left) == len(right)
            and all(_equals(a, b) for a, b in zip(left, right))
        )
    return _strict_equal(left, right)


def _less(left: Any, right: Any, *, equal: bool) -> bool:
    """JavaScript's `<` (`<=` when `equal`): `a <= b` is `!(b < a)` unless either is NaN."""
    a, b = to_value(left), to_value(right)
    if not equal:
        return _js_less(a, b)
    if _js_less(b, a):
        return False
    return _js_less(a, b) or _js_loose_same(a, b)


def _js_loose_same(a: Any, b: Any) -> bool:
    """Neither `a < b` nor `b < a`: whether they compare equal (no NaN among them)."""
    from hatch_kindgi.engines.liquidjs.filters import _js_number, _js_primitive

    pa, pb = _js_primitive(a), _js_primitive(b)
    if isinstance(pa, str) and isinstance(pb, str):
        return pa == pb
    na, nb = _js_number(pa), _js_number(pb)
    return not (math.isnan(na) or math.isnan(nb))


def _compare(name: str, left: Any, right: Any) -> bool:
    if isinstance(left, Comparable) or isinstance(right, Comparable):
        return False  # the literals are never greater or less
    if name == "<":
        return _less(left, right, equal=False)
    if name == ">":
        return _less(right, left, equal=False)
    if name == "<=":
        return _less(left, right, equal=True)
    return _less(right, left, equal=True)


def _contains(left: Any, right: Any) -> bool:
    left = to_value(left)
    if isinstance(left, list):
        return any(_equals(item, right) for item in left)
    if isinstance(left, str):
        return javascript_string(to_value(right)) in left
    return False


def _operate(name: str, operands: list[Any]) -> Any:
    # An operator short of operands takes undefined (`operands.pop()` of an empty array).
    if name == "not":
        return not _truthy(operands.pop() if operands else UNDEFINED)
    right = operands.pop() if operands else UNDEFINED
    left = operands.pop() if operands else UNDEFINED
    if name == "==":
        return _equals(left, right)
    if name == "!=":
        return not _equals(left, right)
    if name == "contains":
        return _contains(left, right)
    if name == "and":
        return _truthy(left) and _truthy(right)
    if name == "or":
        return _truthy(left) or _truthy(right)
    return _compare(name, left, right)


def _expression(expression: Expression, ctx: _Context) -> Any:
    operands: list[Any] = []
    for token in expression.postfix:
        if isinstance(token, Operator):
            operands.append(_operate(token.name, operands))
        else:
            operands.append(_eval(token, ctx))
    return operands[0] if operands else UNDEFINED


def _value(value: FilteredValue, ctx: _Context) -> Any:
    """`Value.value`: the expression, then each filter (a result charged as
    `chargedFilter` charges it)."""
    result = _expression(value.initial, ctx)
    for call in value.filters:
        args: list[Any] = []
        for arg in call.args:
            if isinstance(arg, Keyword):
                args.append([arg.name, _eval(arg.value, ctx)])
            else:
                args.append(_eval(arg, ctx))
        ctx.memory.use(input_charge(call.name, result, args))
        try:
            result = apply_filter(call.name, result, args, ctx)
        except FilterFailure as failure:
            raise _FilterThrew(call.name, call.begin, failure.message, failure.place) from None
        except MemoryExceeded:
            raise _Assertion(MEMORY_LIMIT_EXCEEDED) from None
        if isinstance(result, (str, list)):
            ctx.memory.use(_weigh(result))
    return result


# -- output ------------------------------------------------------------------------------------


def _flat_weight(item: Any) -> int:
    kind = type(item)
    if kind is str:
        return len(item) if item.isascii() else utf16_length(item)
    if kind is int:  # a safe integer prints as Python prints it
        return len(str(item))
    if item is None or item is UNDEFINED:
        return 0
    return utf16_length(javascript_string(item))


def _weigh(value: Any) -> int:
    """`tenantLiquid()`'s `weigh`: a string its length, an array 1 and its items' (each at
    least 1), anything else its text's length."""
    root = to_value(value)
    if not isinstance(root, list):
        return _flat_weight(root)
    total = 1
    for each in root:
        item = each.value_of() if isinstance(each, Drop) else each
        total += _weigh(item) if type(item) is list else max(1, _flat_weight(item))
    return total


class _Emitter:
    """`ChargedEmitter`: what a render writes, charged to the memory limit."""

    __slots__ = ("ctx", "parts")

    def __init__(self, ctx: _Context) -> None:
        self.ctx = ctx
        self.parts: list[str] = []

    def write(self, html: Any) -> None:
        self.ctx.memory.use(_weigh(html))
        self.parts.append(stringify(html))

    def text(self) -> str:
        return "".join(self.parts)


def _js_truthy(value: Any) -> bool:
    """`html && emitter.write(html)`: JavaScript's truthiness of what a tag returns."""
    if value is None or value is UNDEFINED or value is False:
        return False
    if _is_number(value):
        return not (math.isnan(value) or value == 0)
    return not (isinstance(value, str) and not value)


def _render_templates(
    templates: Sequence[Template], ctx: _Context, emitter: _Emitter | None = None
) -> str:
    """`Render.renderTemplates`: each template in turn, stopping after one that calls
    `break` or `continue`; an error not liquidjs's own placed on the template it came from.
    Into `emitter` when given (then ""), else into an emitter of its own, whose text it
    returns (a capture's, the whole render's)."""
    out = emitter or _Emitter(ctx)
    ctx.check_time()
    for template in templates:
        ctx.check_time()
        try:
            html = _RENDER[template.kind](template, ctx, out)
            if _js_truthy(html):
                out.write(html)
            if ctx.break_called or ctx.continue_called:
                break
        except _Liquid:
            raise
        except _FilterThrew as threw:
            raise _Liquid(
                threw.message,
                template.begin,
                filter=threw.name,
                filter_at=threw.at,
                place=threw.place,
            ) from None
        except _Assertion as assertion:
            raise _Liquid(str(assertion), template.begin, limit=str(assertion)) from None
    return out.text() if emitter is None else ""  # the buffer is the caller's otherwise


def _html(template: Template, ctx: _Context, out: _Emitter) -> Any:
    out.write(template.text)


def _output(template: Template, ctx: _Context, out: _Emitter) -> Any:
    assert template.value is not None
    out.write(to_value(_value(template.value, ctx)))


def _echo(template: Template, ctx: _Context, out: _Emitter) -> Any:
    if template.value is not None:
        out.write(to_value(_value(template.value, ctx)))


def _assign(template: Template, ctx: _Context, out: _Emitter) -> Any:
    assert template.value is not None
    ctx.scopes[0][template.name] = _value(template.value, ctx)


def _capture(template: Template, ctx: _Context, out: _Emitter) -> Any:
    ctx.scopes[0][template.name] = _render_templates(template.templates, ctx)


def _counter(template: Template, ctx: _Context, out: _Emitter) -> Any:
    scope = ctx.environments
    if not _is_number(scope.get(template.name)):
        scope[template.name] = 0
    if template.kind == "increment":
        value = scope[template.name]
        scope[template.name] = value + 1
    else:
        scope[template.name] -= 1
        value = scope[template.name]
    out.write(stringify(value))


def _enumerable(value: Any) -> list[Any]:
    """liquidjs's `toEnumerable`."""
    value = to_value(value)
    if isinstance(value, list):
        return value
    if isinstance(value, str):
        return [value] if value else []
    if isinstance(value, Mapping):
        return [[key, item] for key, item in value.items()]
    if isinstance(value, Drop):
        return []
    return []


def _hash(template: Template, ctx: _Context) -> dict[str, Any]:
    return {
        key: True if token is None else _eval(token, ctx) for key, token in template.hash.items()
    }


def _slice(items: list[Any], begin: Any, end: Any = UNDEFINED) -> list[Any]:
    """`Array.prototype.slice(begin, end)`."""
    size = len(items)
    start = _relative(_js_integer(begin, 0.0), size)
    stop = _relative(_js_integer(end, float(size)), size)
    return items[start:stop] if start < stop else []


def _for(template: Template, ctx: _Context, out: _Emitter) -> Any:
    collection = _enumerable(_eval(template.collection, ctx))
    if not collection:
        _render_templates(template.else_templates or [], ctx, out)
        return None
    continue_key = f"continue-{template.name}-{template.collection_text}"
    register = ctx.registers.get(continue_key)
    if not _js_truthy(register):
        register = ctx.registers[continue_key] = {}
    ctx.scopes.append({"continue": register})
    modifiers = _hash(template, ctx)
    ctx.scopes.pop()
    for modifier in ("offset", "limit", "reversed"):
        if modifiers.get(modifier, UNDEFINED) is UNDEFINED:
            continue
        if modifier == "offset":
            collection = _slice(collection, modifiers["offset"])
        elif modifier == "limit":
            collection = _slice(collection, 0, modifiers["limit"])
        else:
            collection = collection[::-1]
    given = modifiers.get("offset", UNDEFINED)
    ctx.registers[continue_key] = _js_plus(given if _js_truthy(given) else 0, len(collection))
    loop = _Forloop(len(collection), template.collection_text, template.name)
    scope: dict[str, Any] = {"forloop": loop}
    ctx.scopes.append(scope)
    for item in collection:
        scope[template.name] = item
        ctx.continue_called = ctx.break_called = False
        _render_templates(template.templates, ctx, out)
        if ctx.break_called:
            break
        loop.i += 1
    ctx.continue_called = ctx.break_called = False
    ctx.scopes.pop()
    return None


def _tablerow(template: Template, ctx: _Context, out: _Emitter) -> Any:
    collection = _enumerable(_eval(template.collection, ctx))
    args = _hash(template, ctx)
    offset = args.get("offset", UNDEFINED)
    offset = offset if _js_truthy(offset) else 0
    limit = args.get("limit", UNDEFINED)
    limit = len(collection) if limit is UNDEFINED else limit
    collection = _slice(collection, offset, _js_plus(offset, limit))
    cols = args.get("cols", UNDEFINED)
    cols = cols if _js_truthy(cols) else len(collection)
    loop = _Tablerowloop(len(collection), cols, template.collection_text, template.name)
    scope: dict[str, Any] = {"tablerowloop": loop}
    ctx.scopes.append(scope)
    for item in collection:
        scope[template.name] = item
        if loop.col0() == 0:
            if loop.row() != 1:
                out.write("</tr>")
            out.write(f'<tr class="row{javascript_string(loop.row())}">')
        out.write(f'<td class="col{javascript_string(_js_add_one(loop.col0()))}">')
        _render_templates(template.templates, ctx, out)
        out.write("</td>")
        loop.i += 1
    if collection:
        out.write("</tr>")
    ctx.scopes.pop()
    return None


def _if(template: Template, ctx: _Context, out: _Emitter) -> Any:
    for value, templates in template.branches:
        if _truthy(_value(value, ctx)):
            _render_templates(templates, ctx, out)
            return None
    _render_templates(template.else_templates or [], ctx, out)
    return None


def _unless(template: Template, ctx: _Context, out: _Emitter) -> Any:
    for (value, truthy), templates in template.branches:
        if _truthy(_value(value, ctx)) == truthy:
            _render_templates(templates, ctx, out)
            return None
    _render_templates(template.else_templates or [], ctx, out)
    return None


def _case(template: Template, ctx: _Context, out: _Emitter) -> Any:
    assert template.value is not None
    target = to_value(_value(template.value, ctx))
    hit = False
    for values, templates in template.branches:
        for token in values:
            if _equals(target, _eval(token, ctx)):
                _render_templates(templates, ctx, out)
                hit = True
                break
    if not hit:
        _render_templates(template.else_templates or [], ctx, out)
    return None


def _cycle(template: Template, ctx: _Context, out: _Emitter) -> Any:
    group = _eval(template.group, ctx)
    shown = javascript_string(to_value(group))
    fingerprint = f"cycle:{shown}:" + ",".join(["[object Object]"] * len(template.candidates))
    groups = ctx.registers.setdefault("cycle", {})
    index = groups.get(fingerprint, 0)
    candidate = template.candidates[index]
    groups[fingerprint] = (index + 1) % len(template.candidates)
    return _eval(candidate, ctx)


def _raw(template: Template, ctx: _Context, out: _Emitter) -> Any:
    return template.text


def _break(template: Template, ctx: _Context, out: _Emitter) -> Any:
    ctx.break_called = True


def _continue(template: Template, ctx: _Context, out: _Emitter) -> Any:
    ctx.continue_called = True


def _liquid(template: Template, ctx: _Context, out: _Emitter) -> Any:
    _render_templates(template.templates, ctx, out)


def _block(template: Template, ctx: _Context, out: _Emitter) -> Any:
    ctx.scopes.append({"block": _Block()})
    _render_templates(template.templates, ctx, out)
    ctx.scopes.pop()


def _nothing(template: Template, ctx: _Context, out: _Emitter) -> Any:
    return None


_RENDER = {
    "html": _html,
    "output": _output,
    "echo": _echo,
    "assign": _assign,
    "capture": _capture,
    "increment": _counter,
    "decrement": _counter,
    "for": _for,
    "tablerow": _tablerow,
    "if": _if,
    "unless": _unless,
    "case": _case,
    "cycle": _cycle,
    "raw": _raw,
    "break": _break,
    "continue": _continue,
    "liquid": _liquid,
    "block": _block,
    "comment": _nothing,
    "#": _nothing,
}


# -- the entry ---------------------------------------------------------------------------------


def _placed(reason: str, units: str, at: int) -> str:
    """liquidjs's `mkMessage`: the reason, then `, line:L, col:C` of UTF-16 index `at`."""
    line = units.count("\n", 0, at) + 1
    column = at - (units.rfind("\n", 0, at) + 1) + 1
    return f"{reason}, line:{line}, col:{column}"


_DEPTH = 12_000


def render(
    template: str,
    scope: Mapping[str, Any],
    *,
    clock: datetime,
    memory_limit: int | None,
    render_limit_ms: int | None,
    parse_limit: int | None = None,
) -> str | RenderFailure:
    """What `tenantLiquid().parseAndRenderSync(template, scope)` renders, or what it throws:
    its parse (`parse.py`, under `tenant.tenant_options()`: kind "parse"), then the render.
    `scope` is not changed (`increment` writes to a copy). `clock`: what `"now" | date`
    reads."""
    if parse_limit is not None and utf16_length(template) > parse_limit:
        return RenderFailure(PARSE_LIMIT_EXCEEDED, PARSE_LIMIT_EXCEEDED, -1, "parse")
    refused = template_refusal(template)
    if refused is not None:
        reason = refused.original or refused.message
        return RenderFailure(refused.message, reason, refused.index, "parse")
    limit = sys.getrecursionlimit()
    try:
        if sys.version_info >= (3, 11) and limit < _DEPTH:
            sys.setrecursionlimit(_DEPTH)  # as parse.py: nested blocks nest Python calls
        built = build(template)
        ctx = _Context(
            dict(scope),
            clock,
            math.inf if memory_limit is None else memory_limit,
            render_limit_ms,
        )
        try:
            text = _render_templates(built.templates, ctx)
        except _Assertion as assertion:  # a limit met outside any template
            reason = str(assertion)
            return RenderFailure(reason, reason, -1, _limit_kind(reason))
        except _Liquid as fault:
            return _failure(fault, built.units)
    finally:
        sys.setrecursionlimit(limit)
    return from_utf16_units(text) if _has_surrogates(text) else text


def _has_surrogates(text: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in text)


def _limit_kind(reason: str) -> str:
    if reason == MEMORY_LIMIT_EXCEEDED:
        return "memory"
    return "time" if reason == RENDER_LIMIT_EXCEEDED else "error"


def _failure(fault: _Liquid, units: str) -> RenderFailure:
    own_place = fault.details.get("place")
    message = fault.reason + own_place if own_place else _placed(fault.reason, units, fault.at)
    index = _python_index(units, fault.at)
    details = fault.details
    if "path" in details:
        return RenderFailure(
            message,
            fault.reason,
            index,
            "undefined",
            path=details["path"],
            missing=details["missing"],
        )
    if "filter" in details:
        return RenderFailure(
            message,
            fault.reason,
            index,
            "filter",
            filter=details["filter"],
            filter_index=_python_index(units, details["filter_at"]),
        )
    return RenderFailure(message, fault.reason, index, _limit_kind(details.get("limit", "")))
