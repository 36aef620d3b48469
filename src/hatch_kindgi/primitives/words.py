"""How a primitive's message reads: the runtime's words first, then ours."""

from __future__ import annotations

DEPLOY_REFUSES = "the deploy refuses"
"""What every error a deploy would give says after the runtime's words."""


def then(runtime: str, ours: str) -> str:
    """The runtime's words, then our sentence: after "; ", or as a sentence of its own when
    the runtime's ends with a full stop."""
    if not ours:
        return runtime
    ours = ours.removeprefix("; ")
    if runtime.endswith("."):
        return f"{runtime} {ours[:1].upper()}{ours[1:]}"
    return f"{runtime}; {ours}"


def joined(*parts: str) -> str:
    """`parts` (the empty ones left out), each after the one before as `then` puts ours after
    the runtime's words: after "; ", or as a sentence of its own after a full stop."""
    text = ""
    for part in parts:
        text = then(text, part) if text else part.removeprefix("; ")
    return text


def quoted_name(name: str) -> str:
    """A name of the index (a field, an id) in double quotes, as the runtime quotes them."""
    return f'"{name}"'
