"""hatch-kindgi: build a Kindgi pack into a validated, reproducible wheel.

What is public, and all that is promised:

- the Hatchling build hook `kindgi` (the `hatch` entry point `kindgi`; the module it names is
  internal) and its options under `[tool.hatch.build.hooks.kindgi]` (docs/configuration.md);
- the command line, `hatch-kindgi` and `python -m hatch_kindgi` (docs/command-line.md);
- the problem codes (docs/problems.md) and the JSON report's schema
  (`hatch_kindgi/report/report.schema.json`).

Every module below is internal and may change in any release. The layout is the pipeline
(docs/architecture.md): `config` -> `discover` -> `blocks` + `code` -> `checks` -> `index`,
wired by `pipeline`, with `schema` and `report` beneath them all; `hatch` (the Hatchling build
hook) and `cli` are the adapters on top.
"""

__version__ = "0.1.0"
