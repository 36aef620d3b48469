"""hatch-kindgi: build a Kindgi pack into a validated, reproducible wheel.

What is public, and all that is promised:

- the Hatchling build hook `kindgi` (the `hatch` entry point `kindgi`; the module it names is
  internal) and its options under `[tool.hatch.build.hooks.kindgi]` (docs/configuration.md);
- the command line, `hatch-kindgi` and `python -m hatch_kindgi` (docs/command-line.md);
- the problem codes (docs/problems.md) and the JSON report's schema
  (`hatch_kindgi/report/report.schema.json`).

Every module below is internal and may change in any release. The layout is the pipeline
(docs/architecture.md, its import layers in pyproject.toml's `[tool.importlinter]`): the
adapters on top, `hatch` (the Hatchling build hook) and `cli` (the command line, which starts
`lsp`, the language server), over `pipeline`, which wires the stages: `config` -> `discover`
-> `blocks` + `code` -> `primitives` -> `checks` -> `against` -> `index`, and `render` for
one template; `schema`, `engines` (the runtime's engines mirrored) and `report` beneath them
all.
"""

__version__ = "0.1.0"
