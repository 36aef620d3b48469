"""hatch-kindgi: build a Kindgi pack into a validated, reproducible wheel."""

__version__ = "0.1.0"
