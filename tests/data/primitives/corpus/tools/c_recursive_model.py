"""A recursive model ($defs/$ref kept) under an optional field, with defaults in the model."""

from __future__ import annotations

from typing import Optional

from pydantic import BaseModel

from kindgi import tool


class Category(BaseModel):
    name: str
    children: list[Category] = []


class CreateCatalog(BaseModel):
    title: str
    root: Optional[Category] = None


class Catalog(BaseModel):
    catalog_id: str


@tool(id="acme.corpus.create-catalog", effects=[{"kind": "writes", "resource": "catalog"}])
def create_catalog(request: CreateCatalog) -> Catalog:
    """Creates a product catalog."""
    return Catalog(catalog_id="c-1")
