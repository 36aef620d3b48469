"""RE2 as the hosted profile runs a tenant's patterns: re2js's reading and refusals
(`syntax`, `unicode`), `@kindgi/bounds`' checks around it (`tenant`), google-re2 matching
(`program`)."""
