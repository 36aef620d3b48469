"""Config: takes the pack's pyproject.toml and the hook's options, gives a `PackConfig` and
`HookOptions` (`stage.load_config`), every fault as a problem naming the key."""
