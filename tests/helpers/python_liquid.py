"""python-liquid read as liquidjs reads a template: the independent reference the tests hold
the liquidjs mirror's static analysis to (`tests/unit/engines/liquidjs/test_reads.py`).

`LiquidJS` is python-liquid's environment with liquidjs's tags (python-liquid's, less `doc`
and `ifchanged`, which liquidjs lacks), reading a keyword after a dot as a key: python-liquid
lexes `limit`, `offset`, `reversed`, `cols`, `with`, `and`, `contains`, `empty`, … as keywords
wherever they stand, so `settings["acme.x"].limit` fails its parse; liquidjs reads any word
after a dot as a key. Only this environment changes: python-liquid's classes are subclassed
through their public hooks, none is patched. The package itself never imports python-liquid
(an import-linter contract); the `test` extra installs it for this reference alone.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from liquid import Environment
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
from liquid.stream import TokenStream
from liquid.token import TOKEN_DOT, TOKEN_EXPRESSION, TOKEN_OUTPUT, TOKEN_WORD, Token

if TYPE_CHECKING:
    from collections.abc import Iterable

    from liquid.ast import Node
    from liquid.tag import Tag

__all__ = ["LiquidJS"]


def keys_after_dots(tokens: TokenStream) -> TokenStream:
    """`tokens` (an expression's, not yet read) with each keyword that follows a dot made a
    word, as liquidjs reads it; the same stream."""
    items = tokens.tokens
    for index in range(max(tokens.pos, 1), len(items)):
        token = items[index]
        if (
            token.kind == token.value  # a keyword's kind is its own word
            and token.kind != TOKEN_WORD
            and items[index - 1].kind == TOKEN_DOT
            and _keyword(token.value)
        ):
            items[index] = Token(TOKEN_WORD, token.value, token.start_index, token.source)
    return tokens


def expression_stream(tokens: Iterable[Token]) -> TokenStream:
    """A stream of an expression's `tokens` (from python-liquid's `tokenize`), read as liquidjs
    reads them."""
    return keys_after_dots(TokenStream(iter(tokens)))


@cache
def _keyword(word: str) -> bool:
    """Whether python-liquid lexes `word` alone as a keyword (a token of its own kind)."""
    lexed = list(tokenize(word, Token(TOKEN_EXPRESSION, word, 0, word)))
    return len(lexed) == 1 and lexed[0].kind == word != TOKEN_WORD


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
    """A python-liquid environment with liquidjs's tags (no filters: a template's analysis
    needs none)."""

    suppress_blank_control_flow_blocks = False  # liquidjs keeps a whitespace-only block's text

    def setup_tags_and_filters(self, *, extra: bool = False) -> None:
        """liquidjs's tags, and no others (`extra` is not offered)."""
        for tag in _LIQUIDJS_TAGS:
            self.add_tag(tag)
