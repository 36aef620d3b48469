"""An agent's or a flow's inline schema through the one schema gate (`schema.compile`, as
`compileInlineSchema`): a finding for each fault, the first in the deploy's words exactly."""

from __future__ import annotations

from typing import Any

from hatch_kindgi.engines.bounds import Bounds
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.words import joined, then
from hatch_kindgi.schema.compile import CompileFault, compile_faults, thrown

__all__ = ["deploy_message", "inline_faults", "inline_findings"]


def inline_faults(schema: Any, *, bounds: Bounds) -> list[CompileFault]:
    """Every way `compileInlineSchema(schema)` fails (none: it compiles)."""
    return compile_faults(schema, use="inline", bounds=bounds)


def deploy_message(faults: list[CompileFault]) -> str:
    """What the deploy says of a schema with `faults` (`doesn't compile: ` and the compile's
    own words)."""
    return f"doesn't compile: {thrown(faults)}"


def inline_findings(code: str, at: str, faults: list[CompileFault], whose: str) -> list[Finding]:
    """One error per fault of the schema at `at` (each at its place inside it), the first in
    the deploy's words (the metaschema's faults are one, as Ajv throws them), then our hint
    and `whose` refusal it is."""
    metaschema = [fault for fault in faults if fault.metaschema]
    shown = [metaschema[0]] if metaschema else faults
    findings: list[Finding] = []
    for index, fault in enumerate(shown):
        if not fault.checked:  # our check's limit, not the runtime's refusal
            findings.append(Finding("error", code, at + fault.pointer, _unchecked(fault, whose)))
            continue
        words = deploy_message(faults) if index == 0 else f"doesn't compile: {fault.words}"
        ours = joined(fault.rest, whose)
        findings.append(Finding("error", code, at + fault.pointer, then(words, ours)))
    return findings


def _unchecked(fault: CompileFault, whose: str) -> str:
    """A schema our check couldn't hold to the runtime's compile: said as ours, not as the
    deploy's refusal (which it may not be)."""
    refusal = whose.removeprefix("the deploy refuses ")
    return (
        f"the schema can't be checked as the runtime compiles it: {fault.words}; until it can, "
        f"the build can't say the deploy takes {refusal}"
    )
