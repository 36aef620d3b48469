"""Code: takes the pack's code modules, gives the tools, guardrails, agents and flows the pack's
own kindgi SDK indexes from them, in a bounded child process (`stage.index_code`)."""
