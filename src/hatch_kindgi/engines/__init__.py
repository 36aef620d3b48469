"""The runtime's engines (JavaScript, Ajv, liquidjs) mirrored in Python; they know of no pack."""
