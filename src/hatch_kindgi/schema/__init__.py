"""Schema: what blocks and checks share about JSON Schemas: the metaschema check, `$ref`s that
stay inside the schema, and validators that fetch nothing and bound their pattern matching."""
