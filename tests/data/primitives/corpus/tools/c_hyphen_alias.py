"""Every call fails, with a field whose wire name isn't an identifier (`end-date`)."""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict, Field

from kindgi import tool


class Window(BaseModel):
    model_config = ConfigDict(populate_by_name=True)

    start_date: date = Field(alias="start-date")
    end_date: date | None = Field(default=None, alias="end-date")


class Usage(BaseModel):
    account: str
    window: Window | None = None


class UsageReport(BaseModel):
    units: int


@tool(id="acme.corpus.usage-report", mutating=False)
def usage_report(request: Usage) -> UsageReport:
    """An account's usage in a window."""
    return UsageReport(units=0)
