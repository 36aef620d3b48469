"""The runtime's engines (JavaScript, Ajv, liquidjs, RE2) mirrored in Python, with the runtime's
own code that sits on one of them (each engine's `tenant`, and the profiles' `bounds`); they
know of no pack."""
