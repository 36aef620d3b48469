"""Blocks: takes the block files discovery found, gives their index entries and the problems
of each file (`stage.check_blocks`): JSON, shape, templateFile, Liquid, settings schemas."""
