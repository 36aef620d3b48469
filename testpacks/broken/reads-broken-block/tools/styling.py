"""Tools that read settings blocks whose files have errors of their own.

Each block's error is its file's. No read here is told the pack brings no such block: the
pack brings each of them. A read is judged where what the file declares decides it (the
style block's values fail its schema, but its id, kind, version and values are there), and
left alone where the fault leaves it open (the tone block's kind is no kind, the limits
block's values are no object, the weights block's version is no version, so which version
the writer's range takes is open; a tool called by nothing reads every version alike).
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
    style = ctx.settings["acme.broken.style"]
    signature = ctx.settings.get("acme.broken.style", {}).get("signature", "")
    return Verdict(ok=len(draft.text) < style["maxSentence"] and bool(signature))


@tool(id="acme.broken.weigh", mutating=False)
def weigh(draft: Draft, ctx: ToolContext) -> Verdict:
    """Called by the writer, which pins the weights block."""
    return Verdict(ok=ctx.settings["acme.broken.weights"]["recenty"] > 0)


@tool(id="acme.broken.orphan", mutating=False)
def orphan(draft: Draft, ctx: ToolContext) -> Verdict:
    """Called by nothing: read against the pack's blocks."""
    tone = ctx.settings["acme.broken.tone"]["formal"]
    limits = ctx.settings.get("acme.broken.limits", {}).get("max", 0)
    weights = ctx.settings["acme.broken.weights"]["recenty"]
    return Verdict(ok=tone and limits > weights > ctx.settings["acme.broken.style"]["refundLimt"])
