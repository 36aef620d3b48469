"""The runtime's own schemas of a tool manifest and a guardrail spec, and a value checked
against one in Ajv's words.

`tool.schema.json` and `guardrail.schema.json` beside this module are kindgi-cli 0.1.10's
(`@kindgi/tools/dist/tool.schema.json`, `@kindgi/guardrails/dist/guardrail.schema.json`),
byte for byte: `validateToolManifest` and `validateGuardrailSpec` check a candidate against
them (Ajv2020, `allErrors`), and so do we, with the validator that words each failure as Ajv
does (`engines.ajv.values`), each at Ajv's instance path. The tests hold the copies to the
shipped files by their hashes (`SHIPPED_SHA256`: a newer kindgi-cli fails them, and the copies
move with it), and our issues to the shipped functions' on the corpus.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from hatch_kindgi.report.problems import json_pointer
from hatch_kindgi.schema.validation import Validator, validate

Spec = Literal["tool.schema.json", "guardrail.schema.json"]

SHIPPED_SHA256: dict[Spec, str] = {
    "tool.schema.json": "b2366c73bc911ed18d44932d81bb272a322c459b4084b97694a747fe6262ef64",
    "guardrail.schema.json": "48ccff14f93ce647f2cd84ef3b9212c40656f861ec5862563c79e29f0bb0f56e",
}
"""The sha256 of each schema as kindgi-cli 0.1.10 ships it (and as it is copied here)."""

Issue = tuple[str, str]
"""Ajv's instance path (a JSON pointer) and its message."""


@lru_cache(maxsize=2)
def spec_schema(name: Spec) -> dict[str, Any]:
    """The shipped schema `name`, as this package carries it."""
    text = resources.files("hatch_kindgi.primitives").joinpath(name).read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@lru_cache(maxsize=2)
def _validator(name: Spec) -> Validator:
    return Validator(spec_schema(name), ajv=True)


_OPAQUE: dict[Spec, tuple[str, ...]] = {
    "tool.schema.json": ("input", "output", "metadata"),
    "guardrail.schema.json": ("config", "configSchema", "judgeCapabilities"),
}
"""The fields each schema asks only to be objects, nothing of what they hold: checked as
`{}` when they are objects (the same issues, without walking a tool's whole input schema). A
newer schema that looks inside one changes its hash, and the tests say so."""
_OPAQUE_SLOTS = ("env", "secrets", "config")
"""`needsSpec`'s slots, whose every value need only be an object."""


def spec_issues(name: Spec, value: Any) -> list[Issue]:
    """Each way `value` fails the shipped schema `name`, as Ajv words it (each once, in the
    validator's order); none when it passes. A check that can't finish (a value nested past
    Python's recursion limit) is one issue at the root."""
    failures, stopped = validate(_validator(name), _shallow(name, value), ())
    issues: dict[Issue, None] = {}
    if failures:
        from hatch_kindgi.engines.ajv.values import words  # loads the Ajv mirror: only for failures

        issues = dict.fromkeys((json_pointer(each.absolute_path), words(each)) for each in failures)
    if stopped is not None:
        issues[("", f"can't be checked: the check {stopped.text}")] = None
    return list(issues)


def _shallow(name: Spec, value: Any) -> Any:
    """`value` with what the schema doesn't look into left empty (see `_OPAQUE`)."""
    if type(value) is not dict:
        return value
    shallow = dict(value)
    for key in _OPAQUE[name]:
        if type(shallow.get(key)) is dict:
            shallow[key] = {}
    needs = shallow.get("needsSpec")
    if type(needs) is dict:
        needs = dict(needs)
        for slot in _OPAQUE_SLOTS:
            held = needs.get(slot)
            if type(held) is dict:
                needs[slot] = {k: {} if type(v) is dict else v for k, v in held.items()}
        shallow["needsSpec"] = needs
    return shallow
