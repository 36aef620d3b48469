"""RE2 as the hosted profile runs a tenant's patterns: re2js's reading and refusals
(`syntax`, `unicode`), `@kindgi/bounds`' checks around it (`tenant`), and matching in time
linear in the text (`program`: our own automaton, `automaton`, over the pattern's classes,
`alphabet`; google-re2 as an accelerator where it is installed, `accelerator`)."""
