"""Schema: what blocks and checks share about JSON Schemas: the metaschema check, `$ref`s that
stay inside the schema, and validators that fetch nothing and bound their pattern matching."""

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
"""The dialect (`$schema`) of every schema a pack gives and of the ones this project writes."""
