"""A tool with well-formed needs, needsSpec and limits: a control case."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import tool


class Query(BaseModel):
    sql: str


class Rows(BaseModel):
    rows: list[dict[str, str]]


@tool(
    id="acme.corpus.run-report",
    mutating=False,
    needs=[{"name": "db"}],
    needs_spec={
        "env": {"REPORT_SCHEMA": {"type": "string", "default": "public"}},
        "secrets": {"DB_PASSWORD": {"type": "string", "minLength": 8}},
    },
    sandbox="context-isolated",
    limits={"memMB": 256, "cpuMs": 2000},
)
def run_report(query: Query) -> Rows:
    """Runs a read-only report query."""
    return Rows(rows=[])
