"""Primitives: each code primitive's index entry (tools, guardrails, agents, flows) held to the
runtime's deploy, to what fails every call or run, and to a TypeScript pack's build."""
