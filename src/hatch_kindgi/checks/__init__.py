"""Checks: takes every entry (code and blocks), gives the problems only the whole pack shows
(`stage.check_entries`): guardrails, the blocks and tools agents name by range, model
settings."""
