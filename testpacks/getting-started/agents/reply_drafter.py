"""The reply drafter: its instructions are a prompt block, its limits a settings block."""

from kindgi import Agent

reply_drafter = Agent(
    id="acme.replies.reply-drafter",
    version="1.0.0",
    name="Reply drafter",
    # The prompt block by range: its template and parameters are the agent's instructions.
    instructions={"prompt": "acme.reply-prompt", "version": "^1.0.0"},
    # The settings blocks it reads, by range: the template as settings["acme.reply-style"],
    # its tools as ctx.settings["acme.reply-style"].
    settings=[{"id": "acme.reply-style", "version": "^1.0.0"}],
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.replies.refund-check", "version": "^0.1.0"}],
)
