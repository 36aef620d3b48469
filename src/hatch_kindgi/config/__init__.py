"""Config: takes the pack's pyproject.toml and the hook's options, gives a `PackConfig` and
`HookOptions` (`stage.read_config`, `stage.load_config`), every fault as a problem naming the
key; where the pack deploys (`target.Target`), and where a file's bytes come from, the disk or
an editor's buffer (`sources.Overlay`)."""
