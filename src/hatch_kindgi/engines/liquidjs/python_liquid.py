"""python-liquid made to render as the runtime's liquidjs renders: the adapter `render` uses.

`LiquidJS` is python-liquid's environment with liquidjs's tags (python-liquid's, less `doc`
and `ifchanged`, which liquidjs lacks), filters (`filters.py`) and printing (`output.py`),
reading a keyword after a dot as a key (`expressions.py`). `ENVIRONMENT` is that environment
as a run renders (liquidjs `strictVariables`): strict, its output and loops bounded, a string
read as liquidjs reads one (`.size` in UTF-16 units, `[i]` the unit at `i`), line breaks kept
as written. Only our own environments change: python-liquid's classes are subclassed through
their public hooks, none is patched. The faults of python-liquid a render words are named here
too, so that nothing outside `engines.liquidjs` imports python-liquid.

Whether a publish accepts a template is `parse.py`'s verdict, not python-liquid's. The tests
hold rendering to the runtime's own render (`tests/oracle/shipped.py`: kindgi-cli's
`renderTenantTemplate`, on liquidjs 10.30.0).
"""

from __future__ import annotations

from io import StringIO
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

from liquid import BoundTemplate, Environment, RenderContext
from liquid.builtin import (
    assign_tag,
    capture_tag,
    case_tag,
    comment_tag,
    content,
    cycle_tag,
    decrement_tag,
    echo_tag,
    for_tag,
    if_tag,
    illegal,
    include_tag,
    increment_tag,
    inline_comment_tag,
    liquid_tag,
    output,
    render_tag,
    tablerow_tag,
    unless_tag,
)
from liquid.builtin.expressions import FilteredExpression, tokenize
from liquid.exceptions import (
    FilterArgumentError,
    FilterError,
    FilterItemTypeError,
    FilterValueError,
    LiquidError,
    OutputStreamLimitError,
    ResourceLimitError,
    TemplateNotFoundError,
    UndefinedError,
    UnknownFilterError,
)
from liquid.stream import TokenStream
from liquid.token import TOKEN_EXPRESSION, TOKEN_OUTPUT
from liquid.undefined import StrictUndefined, Undefined

from hatch_kindgi.engines.javascript.strings import code_unit, utf16_length
from hatch_kindgi.engines.liquidjs.expressions import expression_stream, keys_after_dots
from hatch_kindgi.engines.liquidjs.filters import register_filters
from hatch_kindgi.engines.liquidjs.output import register_output

if TYPE_CHECKING:
    from liquid.ast import Node
    from liquid.tag import Tag
    from liquid.token import Token

__all__ = [
    "ENVIRONMENT",
    "FilterArgumentError",
    "FilterError",
    "FilterItemTypeError",
    "FilterValueError",
    "LiquidError",
    "LiquidJS",
    "ResourceLimitError",
    "TemplateNotFoundError",
    "Undefined",
    "UndefinedError",
    "UnknownFilterError",
]


# --- reading: liquidjs's tags, each expression read as liquidjs reads it ---------------------


class _Stream(TokenStream):
    """A template's tokens whose tags' expressions read a keyword after a dot as a key."""

    def into_inner(self, *, tag: Token | None = None, eat: bool = True) -> TokenStream:
        return keys_after_dots(super().into_inner(tag=tag, eat=eat))


def _reading_as_liquidjs(tag: type[Tag]) -> type[Tag]:
    """`tag`, its expressions read as liquidjs reads them: the stream it parses from (the
    template's, or a `{% liquid %}` tag's lines) goes on as a `_Stream`."""

    def get_node(self: Tag, stream: TokenStream) -> Node:
        if type(stream) is TokenStream:
            stream.__class__ = _Stream
        return tag.get_node(self, stream)

    return type(tag.__name__, (tag,), {"get_node": get_node})


class _OutputTag(output.Output):
    """`{{ … }}`: python-liquid's output tag, its expression read as liquidjs reads it (the
    tag lexes the expression itself, where every other tag asks its stream)."""

    def parse(self, stream: TokenStream) -> output.OutputNode:
        token = stream.eat(TOKEN_OUTPUT)
        expression = stream.expect(TOKEN_EXPRESSION)
        tokens = expression_stream(tokenize(expression.value, expression))
        return self.node_class(token, FilteredExpression.parse(self.env, tokens))


_TAGS: tuple[type[Tag], ...] = (
    content.Literal,
    _OutputTag,
    illegal.Illegal,
    if_tag.IfTag,
    comment_tag.CommentTag,
    unless_tag.UnlessTag,
    case_tag.CaseTag,
    for_tag.ForTag,
    for_tag.BreakTag,
    for_tag.ContinueTag,
    tablerow_tag.TablerowTag,
    capture_tag.CaptureTag,
    cycle_tag.CycleTag,
    assign_tag.AssignTag,
    increment_tag.IncrementTag,
    decrement_tag.DecrementTag,
    echo_tag.EchoTag,
    liquid_tag.LiquidTag,
    include_tag.IncludeTag,
    render_tag.RenderTag,
    inline_comment_tag.InlineCommentTag,
)
"""The tags a template may use: liquidjs's (its `tags` table; `parse.py` mirrors it)."""
_LIQUIDJS_TAGS = tuple(_reading_as_liquidjs(tag) for tag in _TAGS)


class LiquidJS(Environment):
    """A python-liquid environment with liquidjs's tags and filters."""

    suppress_blank_control_flow_blocks = False  # liquidjs keeps a whitespace-only block's text

    def setup_tags_and_filters(self, *, extra: bool = False) -> None:
        """liquidjs's tags and filters, and no others (`extra` is not offered)."""
        for tag in _LIQUIDJS_TAGS:
            self.add_tag(tag)
        register_filters(self)
        register_output(self)


# --- rendering: as a run renders --------------------------------------------------------------


class _Output(StringIO):
    """A bounded output (`limit` bytes of UTF-8, as python-liquid counts) that keeps line
    breaks as written (python-liquid's translates `\\r\\n` to `\\n`, where liquidjs and a run
    keep them) and takes any string JavaScript holds, a lone surrogate too (`{{ "🙂" | first }}`
    is half the emoji in JavaScript)."""

    def __init__(self, limit: int) -> None:
        super().__init__(newline="")
        self.limit = limit
        self.size = 0

    def write(self, text: str) -> int:
        if text:
            self.size += len(text.encode("utf-8", "surrogatepass"))
            if self.size > self.limit:
                raise OutputStreamLimitError("output stream limit reached", token=None)
        return super().write(text)


def _buffer(limit: int | None) -> StringIO:
    return StringIO(newline="") if limit is None else _Output(limit)


class _Context(RenderContext):
    """Reads into a string as liquidjs reads them: `.size` in JavaScript's UTF-16 units,
    `[i]` the unit at `i` (python-liquid refuses to index a string); captured output bounded
    with the rest."""

    def get_item(self, obj: Any, key: Any) -> Any:
        if isinstance(obj, str):
            if key == "size":
                return utf16_length(obj)
            if isinstance(key, int) and not isinstance(key, bool):
                if not 0 <= key < utf16_length(obj):
                    raise IndexError(key)
                return code_unit(obj, key)
        return super().get_item(obj, key)

    def get_buffer(self, buf: TextIO | None = None) -> StringIO:
        limit = self.env.output_stream_limit
        if limit is None:
            return _buffer(None)
        return _Output(limit - (buf.size if isinstance(buf, _Output) else 0))


class _Template(BoundTemplate):
    """A template whose output is `_Output` and whose reads into strings are liquidjs's."""

    context_class = _Context

    def render(self, *args: Any, **kwargs: Any) -> str:
        """python-liquid's `render`, into an `_Output`."""
        context = self.context_class(self, globals=self.make_globals(dict(*args, **kwargs)))
        buffer = _buffer(self.env.output_stream_limit)
        self.render_with_context(context, buffer)
        return buffer.getvalue()


class _Bounded(LiquidJS):
    """liquidjs's tags and filters, with bounds a runaway template meets."""

    template_class = _Template

    loop_iteration_limit: ClassVar[int | None] = 1_000_000
    output_stream_limit: ClassVar[int | None] = 16 * 1024 * 1024


ENVIRONMENT = _Bounded(undefined=StrictUndefined)
"""Strict, as a run is (liquidjs strictVariables): reading anything undefined fails the render,
through the `default` filter too."""
