"""Tools that read settings blocks whose ids are no ids.

Each block's id error is its file's. A read names the block by the string its file declares,
and is judged on what that file declares, as the template's reads of the same blocks are.
"""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import ToolContext, tool


class Draft(BaseModel):
    text: str


class Verdict(BaseModel):
    ok: bool


@tool(id="acme.broken.trim", mutating=False)
def trim(draft: Draft, ctx: ToolContext) -> Verdict:
    """Called by the writer, which pins the style block."""
    style = ctx.settings["Acme Style!"]
    return Verdict(ok=len(draft.text) < style["maxSentence"] and bool(style["signature"]))


@tool(id="acme.broken.audit", mutating=False)
def audit(draft: Draft, ctx: ToolContext) -> Verdict:
    """Called by nothing: read against the pack's blocks."""
    return Verdict(ok=ctx.settings["Acme Limits"]["refundLimt"] > len(draft.text))
