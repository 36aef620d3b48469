"""The render stage: takes the pack's block and agent entries and what to render (a prompt block
or an agent, `--param` values, an agent's settings ranges); gives the text a run would render
as instructions, or the problems that keep it from rendering, each at its place
(`stage.render`)."""
