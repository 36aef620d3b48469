"""A helper that forgot its leading underscore."""


def shout(text: str) -> str:
    return text.upper()
