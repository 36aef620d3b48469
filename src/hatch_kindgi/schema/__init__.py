"""Schema: what blocks, checks and primitives share about JSON Schemas: a schema compiled as
the runtime compiles it (`compile`), the metaschema check, `$ref`s that stay inside the
schema, and validators that fetch nothing and bound their time (`validation`)."""

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"
"""The dialect (`$schema`) of every schema a pack gives and of the ones this project writes."""
