"""An HTTP tool whose host comes from the input (`{region}` in the host)."""

from __future__ import annotations

from pydantic import BaseModel

from kindgi import http_tool


class RegionQuery(BaseModel):
    region: str
    bucket: str


class BucketInfo(BaseModel):
    size_bytes: int


bucket_info = http_tool(
    id="acme.corpus.bucket-info",
    description="Reads a bucket's size.",
    input=RegionQuery,
    output=BucketInfo,
    method="GET",
    url_template="https://{region}.storage.example.com/v1/buckets/{bucket}",
    mutating=False,
)
