"""Ajv 8 as the runtime sets it up: what strict mode refuses, values and their errors, formats."""
