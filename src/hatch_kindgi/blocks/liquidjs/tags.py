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

if TYPE_CHECKING:
    from liquid import Environment


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
