"""`hatch-kindgi lsp`: the pipeline for an editor, over the Language Server Protocol (pygls,
the `lsp` extra). Takes the editor's unsaved buffers, gives each file's problems at their
places, the fixes a problem names, and completions the pack knows; no rule of its own."""
