"""Primitives: each tool, guardrail, agent and flow the SDK indexed, held to the runtime (what
the deploy refuses, what fails every call or run, what a TypeScript build refuses); takes the
code stage's entries, gives problems on the files that declare them (`stage.check_primitives`)."""
