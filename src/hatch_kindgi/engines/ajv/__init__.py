"""Ajv 8 as the runtime sets it up: what strict mode refuses, the defaults `useDefaults`
refuses, values and their errors, formats; and `@kindgi/schema`'s measure of a tenant's
schema before Ajv compiles it (`tenant`)."""
