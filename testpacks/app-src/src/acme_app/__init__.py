"""Acme's app: its own package, which the Kindgi pack under kindgi/ imports by name."""

__version__ = "1.2.0"
