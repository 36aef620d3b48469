"""A sign-up tool whose handle may not start with `_`, said with a lookahead (V8 takes it; RE2,
the hosted profile's engine, has none)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from kindgi import tool


class SignUp(BaseModel):
    model_config = ConfigDict(regex_engine="python-re")

    handle: str = Field(pattern=r"^(?!_)[a-z][a-z0-9_]{2,30}$")


class Account(BaseModel):
    id: str


@tool(id="acme.corpus.sign-up", mutating=True)
def sign_up(request: SignUp) -> Account:
    """Opens an account for a handle."""
    return Account(id="a1")
