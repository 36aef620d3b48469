"""The command line, `hatch-kindgi` and `python -m hatch_kindgi`: an adapter over the pipeline.
Each command is a module here, beside what they share (`output`, `packs`); `main` dispatches
to it."""
