"""Checks: takes every entry (code and blocks), gives the problems only the whole pack shows
(`stage.check_entries`): guardrails, agents, the versions agents name by range."""
