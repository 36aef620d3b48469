"""An HTTP tool with placeholders in its path only: a control case."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import http_tool


class IssueRef(BaseModel):
    repo: str
    number: int


class IssueInfo(BaseModel):
    title: str
    state: str


get_issue = http_tool(
    id="acme.corpus.get-issue",
    description="Reads a GitHub issue.",
    input=IssueRef,
    output=IssueInfo,
    method="GET",
    url_template="https://api.github.com/repos/{repo}/issues/{number}",
    authorization={"kind": "bearer", "secretRef": {"envName": "local", "name": "GITHUB_TOKEN"}},
    mutating=False,
)
