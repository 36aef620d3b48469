"""The tags liquidjs parses, for python-liquid's reading of a template (its analysis, a render).

liquidjs has no `doc` and no `ifchanged` tag (its `tags` table; `parse.py` mirrors it). Whether
a publish accepts a template is `parse.py`'s verdict, not python-liquid's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from liquid.builtin.expressions import _tokenize as _expression_tokens
from liquid.builtin.expressions.path import Path
from liquid.token import TOKEN_DOT, TOKEN_WORD, Token

if TYPE_CHECKING:
    from liquid import Environment
    from liquid.stream import TokenStream


def register_tags(env: Environment) -> None:
    """Add the tags a template may use to `env`."""
    env.add_tag(content.Literal)
    env.add_tag(output.Output)
    env.add_tag(illegal.Illegal)
    env.add_tag(if_tag.IfTag)
    env.add_tag(comment_tag.CommentTag)
    env.add_tag(unless_tag.UnlessTag)
    env.add_tag(case_tag.CaseTag)
    env.add_tag(for_tag.ForTag)
    env.add_tag(for_tag.BreakTag)
    env.add_tag(for_tag.ContinueTag)
    env.add_tag(tablerow_tag.TablerowTag)
    env.add_tag(capture_tag.CaptureTag)
    env.add_tag(cycle_tag.CycleTag)
    env.add_tag(assign_tag.AssignTag)
    env.add_tag(increment_tag.IncrementTag)
    env.add_tag(decrement_tag.DecrementTag)
    env.add_tag(echo_tag.EchoTag)
    env.add_tag(liquid_tag.LiquidTag)
    env.add_tag(include_tag.IncludeTag)
    env.add_tag(render_tag.RenderTag)
    env.add_tag(inline_comment_tag.InlineCommentTag)


def _keys_after_dots(tokens: TokenStream) -> None:
    """Read a keyword that follows a dot as a property name, as liquidjs does.

    python-liquid lexes `limit`, `offset`, `reversed`, `cols`, `with`, `and`, `contains`,
    `empty`, … as keywords wherever they stand, so `settings["acme.x"].limit` fails its parse;
    liquidjs reads any word after a dot as a key. A dot only ever stands inside a path (a
    range is `..`, a float is one token), so a keyword right after one is always a key."""
    items = tokens.tokens
    for index in range(max(tokens.pos, 1), len(items)):
        token = items[index]
        if token.kind in _KEYWORDS and items[index - 1].kind == TOKEN_DOT:
            items[index] = Token(TOKEN_WORD, token.value, token.start_index, token.source)


def _path_parse(env: Environment, tokens: TokenStream) -> Path:
    if isinstance(env, _LIQUIDJS_ENVIRONMENTS):
        _keys_after_dots(tokens)
    return _PYTHON_LIQUID_PATH_PARSE(env, tokens)


_KEYWORDS = frozenset(getattr(_expression_tokens, "_keywords", ()))
_LIQUIDJS_ENVIRONMENTS: tuple[type, ...] = ()
_PYTHON_LIQUID_PATH_PARSE = Path.parse


def read_keys_after_dots(environment_class: type) -> None:
    """Make paths parsed by `environment_class` (and only by it) read a keyword after a dot
    as a key. python-liquid offers no hook for its path grammar, so its `Path.parse` is
    wrapped once; every other environment parses exactly as before."""
    global _LIQUIDJS_ENVIRONMENTS  # noqa: PLW0603
    if environment_class not in _LIQUIDJS_ENVIRONMENTS:
        _LIQUIDJS_ENVIRONMENTS = (*_LIQUIDJS_ENVIRONMENTS, environment_class)
    Path.parse = staticmethod(_path_parse)  # type: ignore[method-assign, assignment]
