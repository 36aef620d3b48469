"""A guardrail entry as the runtime checks it: what the deploy refuses, what fails every call.

The deploy (`validatePrimitives`) keeps only the fields a guardrail spec has
(`GUARDRAIL_SPEC_KEYS`: the properties of `guardrail.schema.json`; the others are dropped,
never refused), names the check `checkId ?? check ?? id`, and then, stopping at the first
that fails:

- G2 the spec against the runtime's `guardrail.schema.json` (`specs`), every Ajv error;
- G3 a built-in check's `configProblems` (`builtin_checks`).

What fails every call or evaluation, though the deploy takes it:

- the `config` outside the guardrail's own `configSchema` (the pack service checks it on
  every call, the runtime's `guardrailConfigProblems` words it); a `configSchema` that doesn't
  compile at all fails every call too;
- an `llm-judge` guardrail without `judgeCapabilities` (every evaluation: `invalid-guardrail`);
  the kindgi SDK 0.1.x has no way to declare them.

We report every stage, in the runtime's words; a fault once (a built-in's config that the
schema already refuses at `/config` isn't refused again).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.primitives.builtin_checks import (
    BUILT_IN_CHECK_IDS,
    built_in_problems,
    config_problems,
)
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.specs import spec_issues, spec_schema
from hatch_kindgi.primitives.words import DEPLOY_REFUSES, then

if TYPE_CHECKING:
    from hatch_kindgi.schema.validation import Stopped

_REFUSED = f"{DEPLOY_REFUSES} this guardrail"
_SEVERITIES = ("info", "warn", "error", "critical")
_EVERY_CALL = "every call of its check fails"


def spec_keys() -> tuple[str, ...]:
    """`GUARDRAIL_SPEC_KEYS`: the fields a deploy keeps of an indexed guardrail."""
    return tuple(spec_schema("guardrail.schema.json")["properties"])


def guardrail_findings(
    entry: Mapping[str, Any], *, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[Finding]:
    """Every problem of one guardrail entry: the deploy's, then what fails every call."""
    spec, check_from = _spec(entry)
    findings = [
        _error("guardrail-spec", _indexed(path, check_from), message, _spec_hint(path, message))
        for path, message in spec_issues("guardrail.schema.json", spec)
    ]
    check = spec.get("check")
    refused_config = any(
        f.pointer == "/config" or f.pointer.startswith("/config/") for f in findings
    )
    if isinstance(check, str) and check in BUILT_IN_CHECK_IDS:
        if not refused_config:
            findings.extend(
                _error("guardrail-builtin-config", path, message, f"{_REFUSED}")
                for path, message in built_in_problems(check, spec.get("config"), bounds)
            )
    elif not refused_config and "configSchema" in entry:
        findings.extend(_own_config_findings(entry, bounds))
    if entry.get("kind") == "llm-judge" and "judgeCapabilities" not in entry:
        findings.append(_llm_judge_finding(entry))
    return findings


def _spec(entry: Mapping[str, Any]) -> tuple[dict[str, Any], str | None]:
    """The spec the deploy checks (G1), and the field of the entry its `check` came from."""
    keys = spec_keys()
    spec = {key: value for key, value in entry.items() if key in keys}
    check_from = None
    for field, value in (("checkId", entry.get("checkId")), ("check", spec.get("check")),
                         ("id", spec.get("id"))):  # fmt: skip
        if value is not None:
            spec["check"], check_from = value, field
            break
    spec.pop("codeArtifactRef", None)
    module = entry.get("checkModulePath")
    if isinstance(module, str) and module:
        spec["codeArtifactRef"] = {
            "kind": "oci",
            "imageRef": "registry.invalid/pack@sha256:" + "0" * 64,
            "modulePath": module,
            "artifactVersion": "1",
        }
    return spec, check_from


def _indexed(path: str, check_from: str | None) -> str:
    """A pointer into the spec, as a pointer into the entry (its check is `checkId`)."""
    if check_from is not None and (path == "/check" or path.startswith("/check/")):
        return f"/{check_from}{path[len('/check') :]}"
    return path


def _error(code: str, pointer: str, runtime: str, ours: str) -> Finding:
    return Finding("error", code, pointer, then(runtime, ours))


def _spec_hint(path: str, message: str) -> str:
    if path == "/severity":
        return f"{_REFUSED}: a severity is one of {', '.join(_SEVERITIES)} (or none: error)"
    if path == "/action" and message == "must NOT have additional properties":
        return (
            f'{_REFUSED}: an action takes "on-violation", "retry" ({{"maxAttempts": n}}), '
            '"escalateTo" and "compensateWith" only'
        )
    if path == "/scope" and message == "must NOT have additional properties":
        return f'{_REFUSED}: a scope takes "when", "agents", "flows" and "tenants" only'
    return f"{_REFUSED} (the runtime's guardrail.schema.json)"


def _own_config_findings(entry: Mapping[str, Any], bounds: Bounds) -> list[Finding]:
    """The config against the guardrail's own `configSchema`, as every call checks it."""
    from hatch_kindgi.schema.compile import loose_faults, thrown
    from hatch_kindgi.schema.validation import Validator

    schema = entry.get("configSchema")
    name = entry.get("id")
    if not isinstance(schema, (dict, bool)):
        return []  # guardrail.schema.json refuses it (the deploy's)
    faults = loose_faults(schema, bounds=bounds)
    if faults and not faults[0].checked:
        message = (
            f"configSchema can't be checked as the runtime compiles it: {faults[0].words}; "
            "until it can, the build can't check the config against it"
        )
        return [Finding("error", "guardrail-config-schema", "/configSchema" + faults[0].pointer,
                        message)]  # fmt: skip
    if faults:
        ours = (
            f"{_EVERY_CALL}: the pack service can't check a config against it; write the "
            "config type as a pydantic model (or a Draft 2020-12 schema)"
        )
        return [
            _error(
                "guardrail-config-schema",
                "/configSchema" + faults[0].pointer,
                f"configSchema doesn't compile: {thrown(faults)}",
                ours,
            )
        ]
    absent = " (no config: the check gets {})" if entry.get("config") is None else ""
    ours = (
        f"{_EVERY_CALL}{absent}: the pack service checks the config against the "
        f'configSchema on each call (Check "{entry.get("checkId", name)}" config failed '
        "validation); set config= to fit the check's config type"
    )
    validator = Validator(schema, ajv=True, bounds=bounds)
    issues, stopped = config_problems(validator, entry.get("config"))
    found = [_error("guardrail-config", path, message, ours) for path, message in issues]
    if stopped is not None:
        found.append(_stopped_finding(stopped))
    return found


def _stopped_finding(stopped: Stopped) -> Finding:
    """A config check that stopped before its end: a pattern that backtracks without end
    on the config, or the whole check over its budget (a runtime would hang the same way)."""
    if stopped.kind == "pattern-timeout":
        pointer = "/configSchema" + stopped.pointer
        return Finding("error", "guardrail-config-pattern-timeout", pointer, stopped.text)
    code = "guardrail-config-timeout" if stopped.kind == "timeout" else "guardrail-config-schema"
    message = f"checking the config against its configSchema {stopped.text}"
    return Finding("error", code, "/configSchema", message)


def _llm_judge_finding(entry: Mapping[str, Any]) -> Finding:
    name = entry.get("id")
    return _error(
        "guardrail-judge-capabilities",
        "/judgeCapabilities",
        f'llm-judge guardrail "{name}" missing judgeCapabilities (required for kind=llm-judge)',
        "every evaluation fails; the kindgi SDK 0.1.x can't declare judgeCapabilities, so an "
        "llm-judge guardrail can't be built in Python with it yet",
    )
