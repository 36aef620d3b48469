"""An http tool and a tool's needs the deploy refuses: a placeholder in the host, an env
default that is no string."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import http_tool, tool


class BucketQuery(BaseModel):
    region: str
    bucket: str


class BucketInfo(BaseModel):
    size_bytes: int


bucket_info = http_tool(
    id="acme.broken.bucket-info",
    description="Reads a bucket's size.",
    input=BucketQuery,
    output=BucketInfo,
    method="GET",
    url_template="https://{region}.storage.example.com/v1/buckets/{bucket}",
    mutating=False,
)


@tool(
    id="acme.broken.sync",
    needs_spec={"env": {"BATCH_SIZE": {"type": "string", "default": 50}}},
)
def sync(query: BucketQuery) -> BucketInfo:
    """Syncs a bucket."""
    return BucketInfo(size_bytes=0)
