"""A tool with a `format` pydantic-extra types write that Ajv doesn't know (`color`)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from kindgi import tool


class Theme(BaseModel):
    primary: str = Field(json_schema_extra={"format": "color"})


class ThemeSaved(BaseModel):
    ok: bool


@tool(id="acme.corpus.save-theme", effects=[{"kind": "writes", "resource": "themes"}])
def save_theme(theme: Theme) -> ThemeSaved:
    """Saves a UI theme."""
    return ThemeSaved(ok=True)
