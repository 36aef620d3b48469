"""liquidjs 10.30.0's templates as its parser builds them: what a render evaluates.

`parse.py` decides whether liquidjs parses a template, and builds nothing; this module builds,
for a template that parse accepts, the tree liquidjs's `Parser` makes (`dist/liquid.node.js` of
the liquidjs kindgi-cli ships: `Tokenizer.readValue`, `readProperties`, `readGroupOrRange`,
`readExpressionTokens`, `readFilteredValue`, `readFilter`, `readFilterArg`, `readHash`,
`whiteSpaceCtrl`, `toPostfix`, and the constructors of the tags in its `tags` table), on
`parse.py`'s own tokenizer: the same top-level tokens, the same words and values, read at the
same places. Positions are indexes into the template's UTF-16 units (`utf16_units`); the text
a template writes (its HTML, its quoted strings, its keys) is turned back into Python's
strings here. Evaluating the tree is `render.py`'s. The tests hold the render to the runtime's
own (`tests/oracle/shipped.py`, kindgi-cli's `renderTenantTemplate`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from hatch_kindgi.engines.javascript.strings import from_utf16_units, utf16_units
from hatch_kindgi.engines.liquidjs.numbers import normal
from hatch_kindgi.engines.liquidjs.parse import (
    _BLANKS,
    _content_range,
    _string_literal,
    _Tag,
    _Token,
    _Tokenizer,
)
from hatch_kindgi.engines.liquidjs.values import BLANK, EMPTY, NIL

__all__ = [
    "Built",
    "Constant",
    "Expression",
    "FilterCall",
    "FilteredValue",
    "Keyword",
    "Operator",
    "PathRead",
    "Range",
    "Template",
    "Word",
    "build",
    "build_scope_value",
    "build_value",
]

_LITERAL_VALUES: dict[str, Any] = {
    "true": True,
    "false": False,
    "nil": NIL,
    "null": NIL,
    "empty": EMPTY,
    "blank": BLANK,
}
_PRECEDENCE = {
    "==": 2,
    "!=": 2,
    ">": 2,
    "<": 2,
    ">=": 2,
    "<=": 2,
    "contains": 2,
    "not": 1,
    "and": 0,
    "or": 0,
}


def _text(units: str) -> str:
    return from_utf16_units(units)


# -- values ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Constant:
    """A literal, a quoted string or a number: its `content`."""

    value: Any
    begin: int
    source: str  # its text as written (`getText()`)


@dataclass(frozen=True)
class Word:
    """An identifier (`IdentifierToken`): its content is its text."""

    value: str
    begin: int
    source: str


@dataclass(frozen=True)
class Range:
    """`(low..high)`."""

    low: Value
    high: Value
    begin: int
    source: str


@dataclass(frozen=True)
class PathRead:
    """A variable read (`PropertyAccessToken`): a base value (a literal, a range, …) or the
    scope, then each property; `begin` is where strictVariables places an undefined read."""

    base: Value | None
    props: tuple[Value, ...]
    begin: int
    source: str


@dataclass(frozen=True)
class Operator:
    """An operator of an expression."""

    name: str

    @property
    def precedence(self) -> int:
        return _PRECEDENCE.get(self.name, 1)


@dataclass(frozen=True)
class Expression:
    """`Expression`: its tokens in postfix order (`toPostfix`: an operator waits for those of
    higher precedence, so `and`/`or` bind right to left)."""

    postfix: tuple[Value | Operator, ...]


@dataclass(frozen=True)
class Keyword:
    """A filter's keyword argument, `name: value`, which liquidjs hands a filter as the pair
    `[name, value]` (its name as written)."""

    name: str
    value: Value | None


@dataclass(frozen=True)
class FilterCall:
    """`| name: args`; `begin` is where its name begins."""

    name: str
    args: tuple[Value | Keyword, ...]
    begin: int


@dataclass(frozen=True)
class FilteredValue:
    """`Value`: an expression and its filters."""

    initial: Expression
    filters: tuple[FilterCall, ...]
    begin: int


Value = Constant | Word | Range | PathRead


# -- templates ---------------------------------------------------------------------------------


@dataclass
class Template:
    """One parsed template (`TemplateImpl`): `kind` names the tag (`html`, `output`, or the
    tag's name), `begin` is where its token begins (where a render error is placed)."""

    kind: str
    begin: int
    text: str = ""  # html, raw: what it writes
    value: FilteredValue | None = None  # output, assign, echo, case
    name: str = ""  # assign, capture, increment, decrement: the variable; for, tablerow: too
    collection: Value | None = None  # for, tablerow
    collection_text: str = ""
    hash: dict[str, Value | None] = field(default_factory=dict)  # for, tablerow
    templates: list[Template] = field(default_factory=list)
    else_templates: list[Template] | None = None
    branches: list[tuple[Any, list[Template]]] = field(default_factory=list)
    group: Value | None = None  # cycle
    candidates: list[Value] = field(default_factory=list)  # cycle


class _Unexpected(Exception):
    """A template `parse.py` accepted that this module can't build: a bug of ours."""


class _Builder:
    """Reads values and tags off `parse.py`'s tokenizer as liquidjs's `Tokenizer` does."""

    def __init__(self, text: str) -> None:
        self.text = text

    # values
    def value(self, t: _Tokenizer) -> Value | None:
        t.skip_blank()
        begin = t.p
        base: Value | None = self._literal(t) or self._quoted(t) or self._number(t)
        if base is None and t.peek() == "(":
            base = self._range(t)
        props = self._properties(t, base is None)
        if not props:
            return base
        return PathRead(base, tuple(props), begin, self.text[begin : t.p])

    def value_or_throw(self, t: _Tokenizer) -> Value:
        found = self.value(t)
        if found is None:
            raise _Unexpected(f"a value at {t.p}")
        return found

    def _literal(self, t: _Tokenizer) -> Constant | None:
        begin = t.p
        if not t.read_literal():
            return None
        word = self.text[begin : t.p]
        return Constant(_LITERAL_VALUES[word], begin, word)

    def _quoted(self, t: _Tokenizer) -> Constant | None:
        found = t.read_quoted()
        if found is None:
            return None
        source = self.text[found[0] : found[1]]
        return Constant(_text(_string_literal(source)), found[0], source)

    def _number(self, t: _Tokenizer) -> Constant | None:
        begin = t.p
        if not t.read_number():
            return None
        source = self.text[begin : t.p]
        return Constant(normal(float(source)), begin, source)

    def _range(self, t: _Tokenizer) -> Range:
        t.skip_blank()
        begin = t.p
        t.p += 1
        low = self.value_or_throw(t)
        t.skip_blank()
        if not (t.peek() == "." and t.peek(1) == "."):
            raise _Unexpected("a range")
        t.p += 2
        high = self.value_or_throw(t)
        t.skip_blank()
        t.read()
        return Range(low, high, begin, self.text[begin : t.p])

    def _properties(self, t: _Tokenizer, first: bool) -> list[Value]:
        props: list[Value] = []
        while True:
            if t.peek() == "[":
                t.p += 1
                prop = self.value(t) or Word("", t.p, "")
                t.read_to("]")
                props.append(prop)
                continue
            if first and not props:
                begin = t.p
                word = t.read_identifier()
                if word:
                    props.append(Word(_text(word), begin, word))
                    continue
            if t.peek() == "." and t.peek(1) != ".":
                t.p += 1
                begin = t.p
                word = t.read_identifier()
                if not word:
                    break
                props.append(Word(_text(word), begin, word))
                continue
            break
        return props

    def expression(self, t: _Tokenizer) -> Expression:
        tokens: list[Value | Operator] = []
        while t.p < t.n:
            t.skip_blank()
            begin = t.p
            if t.read_operator():
                tokens.append(Operator(self.text[begin : t.p]))
                continue
            found = self.value(t)
            if found is not None:
                tokens.append(found)
                continue
            break
        return Expression(tuple(_postfix(tokens)))

    def filtered_value(self, t: _Tokenizer) -> FilteredValue:
        t.skip_blank()
        begin = t.p
        initial = self.expression(t)
        if not initial.postfix:
            raise _Unexpected("a value expression")
        filters: list[FilterCall] = []
        while True:
            found = self._filter(t)
            if found is None:
                return FilteredValue(initial, tuple(filters), begin)
            filters.append(found)

    def _filter(self, t: _Tokenizer) -> FilterCall | None:
        t.skip_blank()
        if t.end() or t.peek() == ")":
            return None
        t.read()  # the "|"
        t.skip_blank()
        at = t.p
        name = t.read_identifier()
        if not name:
            return None
        args: list[Value | Keyword] = []
        t.skip_blank()
        if t.peek() == ":":
            while True:
                t.p += 1
                arg = self._filter_arg(t)
                if arg is not None:
                    args.append(arg)
                t.skip_blank()
                if t.peek() != ",":
                    break
        return FilterCall(_text(name), tuple(args), at)

    def _filter_arg(self, t: _Tokenizer) -> Value | Keyword | None:
        t.skip_blank()
        begin = t.p
        key = self.value(t)
        if key is None:
            return None
        end = t.p
        t.skip_blank()
        if t.peek() != ":":
            return key
        t.p += 1
        return Keyword(_text(self.text[begin:end]), self.value(t))

    def hashes(self, t: _Tokenizer) -> dict[str, Value | None]:
        found: dict[str, Value | None] = {}
        while True:
            t.skip_blank()
            if t.peek() == ",":
                t.p += 1
            name = t.read_identifier()
            if not name:
                return found
            value = None
            t.skip_blank()
            if t.peek() == ":":
                t.p += 1
                value = self.value(t)
            found[_text(name)] = value

    # templates
    def parse_tokens(self, tokens: deque[_Token]) -> list[Template]:
        templates = []
        while tokens:
            templates.append(self.parse_token(tokens.popleft(), tokens))
        return templates

    def parse_token(self, token: _Token, rest: deque[_Token]) -> Template:
        if isinstance(token, _Tag):
            build = _TAGS.get(token.name)
            if build is None:
                raise _Unexpected(f"tag {token.name}")
            return build(self, token, rest)
        if token.kind == "output":
            left, right = _content_range(self.text, token.begin + 2, token.end - 2)
            t = _Tokenizer(self.text, left, right)
            return Template("output", token.begin, value=self.filtered_value(t))
        return Template("html", token.begin, text=_text(_html(self.text, token)))

    def stream(self, rest: deque[_Token], stops: set[str], on_tag: Any, on_template: Any) -> _Tag:
        """liquidjs's `ParseStream`: each tag named in `stops` handed to `on_tag` (which says
        whether the stream ends), every other token parsed and handed to `on_template`."""
        while rest:
            token = rest.popleft()
            if isinstance(token, _Tag) and token.name in stops:
                if on_tag(token):
                    return token
                continue
            on_template(self.parse_token(token, rest))
        raise _Unexpected("a block not closed")


class _Html(_Token):
    __slots__ = ("trim_left", "trim_right")

    def __init__(self, begin: int, end: int) -> None:
        super().__init__("html", begin, end)
        self.trim_left = 0
        self.trim_right = 0


def _html(text: str, token: _Token) -> str:
    left = token.trim_left if isinstance(token, _Html) else 0
    right = token.trim_right if isinstance(token, _Html) else 0
    begin, end = token.begin + left, token.end - right
    return text[begin:end] if begin < end else ""


def _postfix(tokens: list[Value | Operator]) -> list[Value | Operator]:
    out: list[Value | Operator] = []
    ops: list[Operator] = []
    for token in tokens:
        if isinstance(token, Operator):
            while ops and ops[-1].precedence > token.precedence:
                out.append(ops.pop())
            ops.append(token)
        else:
            out.append(token)
    while ops:
        out.append(ops.pop())
    return out


def _trims(text: str, token: _Token) -> tuple[bool, bool]:
    """A delimited token's `-` markers: (trimLeft, trimRight)."""
    if token.kind == "html":
        return False, False
    left = text[token.begin + 2 : token.begin + 3] == "-"
    return left, text[token.end - 3 : token.end - 2] == "-"


def _white_space_control(text: str, tokens: list[_Token]) -> None:
    """liquidjs's `whiteSpaceCtrl` (greedy): a `-` trims every blank next to it."""
    in_raw = False
    for i, token in enumerate(tokens):
        if token.kind == "html":
            continue
        trim_left, trim_right = _trims(text, token)
        if not in_raw and trim_left and i > 0:
            before = tokens[i - 1]
            if isinstance(before, _Html):
                while 0 <= before.end - 1 - before.trim_right < len(text) and (
                    text[before.end - 1 - before.trim_right] in _BLANKS
                ):
                    before.trim_right += 1
        if isinstance(token, _Tag):
            if token.name == "raw":
                in_raw = True
            elif token.name == "endraw":
                in_raw = False
        if not in_raw and trim_right and i + 1 < len(tokens):
            after = tokens[i + 1]
            if isinstance(after, _Html):
                while after.begin + after.trim_left < len(text) and (
                    text[after.begin + after.trim_left] in _BLANKS
                ):
                    after.trim_left += 1


def _top_level(text: str) -> deque[_Token]:
    tokens = [
        _Html(token.begin, token.end) if token.kind == "html" else token
        for token in _Tokenizer(text).read_top_level_tokens()
    ]
    _white_space_control(text, tokens)
    return deque(tokens)


# -- the tags ----------------------------------------------------------------------------------


def _assign(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    t = tag.tokenizer
    name = t.read_identifier()
    t.skip_blank()
    t.p += 1  # the "="
    return Template("assign", tag.begin, name=_text(name), value=b.filtered_value(t))


def _for(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    t = tag.tokenizer
    variable = t.read_identifier()
    t.read_identifier()  # in
    t.skip_blank()
    begin = t.p
    collection = b.value_or_throw(t)
    node = Template(
        "for",
        tag.begin,
        name=_text(variable),
        collection=collection,
        collection_text=_text(b.text[begin : t.p]),
        hash=b.hashes(t),
        else_templates=[],
    )
    target = node.templates

    def on_tag(token: _Tag) -> bool:
        nonlocal target
        if token.name == "else":
            target = node.else_templates or []
            node.else_templates = target
            return False
        return True

    b.stream(rest, {"else", "endfor"}, on_tag, lambda tpl: target.append(tpl))  # noqa: PLW0108 (target is rebound)
    return node


def _capture(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    t = tag.tokenizer
    name = t.read_identifier()
    if name:
        variable = _text(name)
    else:
        quoted = t.read_quoted()
        assert quoted is not None  # parse.py refuses a capture without a name
        variable = _text(_string_literal(b.text[quoted[0] : quoted[1]]))
    node = Template("capture", tag.begin, name=variable)
    while rest:
        token = rest.popleft()
        if isinstance(token, _Tag) and token.name == "endcapture":
            return node
        node.templates.append(b.parse_token(token, rest))
    raise _Unexpected("capture not closed")


def _case(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    node = Template("case", tag.begin, value=b.filtered_value(tag.tokenizer), else_templates=[])
    else_count = 0
    target: list[Template] = []

    def on_tag(token: _Tag) -> bool:
        nonlocal else_count, target
        if token.name == "endcase":
            return True
        if token.name == "else":
            else_count += 1
            target = node.else_templates or []
            node.else_templates = target
            return False
        if else_count > 0:  # a `when` after an `else` is dropped, and its body goes on
            return False
        target = []
        values: list[Value] = []
        t = token.tokenizer
        while not t.end():
            values.append(b.value_or_throw(t))
            t.skip_blank()
            t.read_to("," if t.peek() == "," else "or")
        node.branches.append((values, target))
        return False

    def on_template(template: Template) -> None:
        if target is not node.else_templates or else_count == 1:
            target.append(template)

    b.stream(rest, {"when", "else", "endcase"}, on_tag, on_template)
    return node


def _until(b: _Builder, tag: _Tag, rest: deque[_Token], end: str) -> list[_Token]:
    skipped: list[_Token] = []
    while rest:
        token = rest.popleft()
        if isinstance(token, _Tag) and token.name == end:
            return skipped
        skipped.append(token)
    raise _Unexpected(f"{tag.name} not closed")


def _comment(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    _until(b, tag, rest, "endcomment")
    return Template("comment", tag.begin)


def _raw(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    tokens = _until(b, tag, rest, "endraw")
    return Template("raw", tag.begin, text="".join(_text(b.text[x.begin : x.end]) for x in tokens))


def _counter(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    return Template(tag.name, tag.begin, name=_text(tag.tokenizer.read_identifier()))


def _cycle(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    t = tag.tokenizer
    node = Template("cycle", tag.begin)
    group = b.value(t)
    t.skip_blank()
    if group is not None:
        if t.peek() == ":":
            node.group = group
            t.p += 1
        else:
            node.candidates.append(group)
    while not t.end():
        found = b.value(t)
        if found is not None:
            node.candidates.append(found)
        t.read_to(",")
    return node


def _if(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    node = Template("if", tag.begin)
    target: list[Template] = []
    node.branches.append((b.filtered_value(tag.tokenizer), target))

    def on_tag(token: _Tag) -> bool:
        nonlocal target
        if token.name == "endif":
            return True
        target = []
        if token.name == "elsif":
            node.branches.append((b.filtered_value(token.tokenizer), target))
        else:
            node.else_templates = target
        return False

    b.stream(rest, {"elsif", "else", "endif"}, on_tag, lambda tpl: target.append(tpl))  # noqa: PLW0108 (target is rebound)
    return node


def _unless(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    node = Template("unless", tag.begin, else_templates=[])
    target: list[Template] = []
    node.branches.append(((b.filtered_value(tag.tokenizer), False), target))
    else_count = 0

    def on_tag(token: _Tag) -> bool:
        nonlocal target, else_count
        if token.name == "endunless":
            return True
        if token.name == "elsif":
            target = []
            if else_count == 0:
                node.branches.append(((b.filtered_value(token.tokenizer), True), target))
            return False
        else_count += 1
        target = node.else_templates or []
        node.else_templates = target
        return False

    def on_template(template: Template) -> None:
        if target is not node.else_templates or else_count == 1:
            target.append(template)

    b.stream(rest, {"elsif", "else", "endunless"}, on_tag, on_template)
    return node


def _tablerow(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    t = tag.tokenizer
    variable = t.read_identifier()
    t.skip_blank()
    t.read_identifier()  # in
    t.skip_blank()
    begin = t.p
    collection = b.value_or_throw(t)
    node = Template(
        "tablerow",
        tag.begin,
        name=_text(variable),
        collection=collection,
        collection_text=_text(b.text[begin : t.p]),
        hash=b.hashes(t),
    )
    b.stream(rest, {"endtablerow"}, lambda token: True, node.templates.append)
    return node


def _plain(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    return Template(tag.name, tag.begin)


def _echo(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    t = tag.tokenizer
    t.skip_blank()
    return Template("echo", tag.begin, value=None if t.end() else b.filtered_value(t))


def _liquid(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    tokens = tag.tokenizer.read_liquid_tag_tokens()
    return Template("liquid", tag.begin, templates=b.parse_tokens(tokens))


def _block(b: _Builder, tag: _Tag, rest: deque[_Token]) -> Template:
    node = Template("block", tag.begin)
    while rest:
        token = rest.popleft()
        if isinstance(token, _Tag) and token.name == "endblock":
            return node
        node.templates.append(b.parse_token(token, rest))
    raise _Unexpected("block not closed")


_TAGS = {
    "assign": _assign,
    "for": _for,
    "capture": _capture,
    "case": _case,
    "comment": _comment,
    "decrement": _counter,
    "increment": _counter,
    "cycle": _cycle,
    "if": _if,
    "block": _block,
    "raw": _raw,
    "tablerow": _tablerow,
    "unless": _unless,
    "break": _plain,
    "continue": _plain,
    "echo": _echo,
    "liquid": _liquid,
    "#": _plain,
}


@dataclass(frozen=True)
class Built:
    """A template's tree, and its text in UTF-16 units (what positions index)."""

    templates: list[Template]
    units: str


def build(template: str) -> Built:
    """The tree liquidjs's parser makes of `template`, one `parse.py` accepts (under the
    options it was checked with)."""
    units = utf16_units(template)
    return Built(_Builder(units).parse_tokens(_top_level(units)), units)


def build_scope_value(source: str) -> PathRead | None:
    """`new Tokenizer(source).readScopeValue()`: the variable read `source` begins with (the
    property of `where`, `find`, `group_by`, …), None when it begins with none."""
    units = utf16_units(source)
    t = _Tokenizer(units)
    t.skip_blank()
    begin = t.p
    props = _Builder(units)._properties(t, True)
    return PathRead(None, tuple(props), begin, units[begin : t.p]) if props else None


def build_value(source: str) -> tuple[FilteredValue, str]:
    """`new Value(source)`: a filtered value read from `source` alone (the `*_exp` filters'
    expressions), and its UTF-16 text."""
    units = utf16_units(source)
    return _Builder(units).filtered_value(_Tokenizer(units)), units
