"""A tool entry as the runtime checks it: what the deploy refuses, and what fails every call.

The deploy (`validatePrimitives`, `@kindgi/api/src/routes/deployments.ts`) checks each tool
with `validateToolManifest` (`@kindgi/tools/src/define.ts`) on the entry without `modulePath`
and with the image's `codeArtifactRef`, then the reserved metadata keys; it reports the first
stage that fails. We check every stage and report each fault, in the runtime's words:

- T1 the manifest against the runtime's `tool.schema.json` (`specs`), every Ajv error;
- T2 an id with the prefix of the tools built into Kindgi (`kindgi_`);
- T3 an effect kind the runtime doesn't know (the schema's enum says it first);
- T4, T5 the input and output compiled as a pack tool's (`schema.compile`, `"pack-tool"`);
- T6 each `needsSpec.secrets` and `needsSpec.env` schema compiled as an inline schema, and an
  env slot's `default` a string;
- T7 an http tool's `urlTemplate`: a scheme and a host, with no `{placeholder}` in the host;
- T8 a `metadata` key under `kindgi.`, the runtime's own.

Every call (`@kindgi/tools/src/invoke.ts` `invokeTool`) compiles the input again with
`useDefaults`, and fails on a `default` Ajv won't fill in (`engines.ajv.defaults`): an error
too, with how to fix it in the pydantic model, when the deploy's compile of the input passed
(one report per fault: a schema the deploy refuses is the deploy's alone).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from hatch_kindgi.engines.bounds import SELF_HOSTED_BOUNDS, Bounds
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.specs import spec_issues
from hatch_kindgi.primitives.words import DEPLOY_REFUSES, joined, quoted_name, then
from hatch_kindgi.schema.compile import CompileFault, compile_faults, thrown

BUILT_IN_TOOL_PREFIX = "kindgi_"
EFFECT_KINDS = frozenset(
    ("reads", "writes", "deletes", "network", "spawns-run", "emits-event",
     "external-side-effect", "sensitive-data-egress")
)  # fmt: skip
"""`@kindgi/tools` `EFFECT_KINDS`."""

_STRICT_HINT = (
    ". For a field that may hold any JSON value, `z.json()` (or `{}` in JSON Schema) compiles."
)
"""What `validateToolManifest` adds to a compile failure that names strict mode."""
_ORIGIN = re.compile(r"(https?)://([^/?#]*)", re.IGNORECASE | re.ASCII)
_REFUSED = f"{DEPLOY_REFUSES} this tool"

_PYTHON_HINTS: tuple[tuple[str, str], ...] = (
    (
        'unknown keyword: "discriminator"',
        "pydantic writes it for a discriminated union (`Field(discriminator=...)`): a plain "
        "`Union[...]` of the models validates the same",
    ),
    (
        'unknown keyword: "example"',
        "`Field(example=...)` is OpenAPI's: write `Field(examples=[...])`",
    ),
    (
        "unknown keyword:",
        "a `json_schema_extra` key that is no JSON Schema keyword: drop it, or say it in "
        "the field's description",
    ),
    (
        'unknown format "path"',
        "pydantic writes it for `Path` and its kin: take a `str`",
    ),
    (
        "unknown format",
        'pydantic writes "uuid4", "ipvanyaddress", "color" and the like, which ajv-formats '
        "doesn't define: take `UUID`, `IPv4Address`, `str` or another type it does",
    ),
    (
        "Invalid regular expression:",
        "pydantic's `pattern=` passes the regular expression on as JavaScript reads it",
    ),
    (
        "(strictRequired)",
        "a `required` name that `properties` doesn't declare (a `json_schema_extra`, or a "
        "hand-written schema)",
    ),
    (
        "The schema's $schema",
        "a pack tool's schemas are Draft 2020-12: leave `$schema` out",
    ),
    (
        "schema is invalid:",
        "the schema isn't Draft 2020-12 (an older draft's `items: [...]` is `prefixItems` now)",
    ),
)
"""Where a Python pack's schemas come from, for the faults pydantic writes."""


def tool_findings(
    entry: Mapping[str, Any], *, bounds: Bounds = SELF_HOSTED_BOUNDS
) -> list[Finding]:
    """Every problem of one tool entry: the deploy's, then what fails every call."""
    candidate = _candidate(entry)
    findings = _manifest_findings(candidate)
    ident = candidate.get("id")
    if isinstance(ident, str) and ident.startswith(BUILT_IN_TOOL_PREFIX):
        findings.append(
            _error(
                "tool-id",
                "/id",
                f'must not start with "{BUILT_IN_TOOL_PREFIX}"',
                f"the prefix is the runtime's, for the tools built into Kindgi: name it "
                f'"<pack>.<tool>" ({_REFUSED})',
            )
        )
    findings.extend(_effect_findings(candidate, findings))
    compiles = True
    if candidate.get("transport") != "mcp":  # an MCP server's schemas are no pack's to hold
        for where in ("input", "output"):
            schema = candidate.get(where)
            if isinstance(schema, dict):
                faults = compile_faults(schema, use="pack-tool", bounds=bounds)
                findings.extend(_schema_findings(where, faults))
                compiles = compiles and (where != "input" or not faults)
    findings.extend(_needs_spec_findings(candidate.get("needsSpec"), bounds))
    findings.extend(_url_findings(candidate.get("spec")))
    findings.extend(_metadata_findings(candidate.get("metadata")))
    schema = candidate.get("input")
    if compiles and isinstance(schema, dict) and candidate.get("transport") != "mcp":
        findings.extend(_every_call_findings(schema))
    return findings


def _candidate(entry: Mapping[str, Any]) -> dict[str, Any]:
    """The manifest the deploy checks: the entry without `modulePath` and `handler`, with the
    image's `codeArtifactRef` when the module is named (always valid, whatever the entry's)."""
    candidate = {key: value for key, value in entry.items() if key not in ("modulePath", "handler")}
    module = entry.get("modulePath")
    if isinstance(module, str) and module:
        candidate["codeArtifactRef"] = {
            "kind": "oci",
            "imageRef": "registry.invalid/pack@sha256:" + "0" * 64,
            "modulePath": module,
            "artifactVersion": "1",
        }
    return candidate


def _error(code: str, pointer: str, runtime: str, ours: str) -> Finding:
    return Finding("error", code, pointer, then(runtime, ours))


def _manifest_findings(candidate: Mapping[str, Any]) -> list[Finding]:
    """T1: each way the manifest fails `tool.schema.json`, in Ajv's words."""
    return [
        _error("tool-manifest", path, message, _manifest_hint(path, message))
        for path, message in spec_issues("tool.schema.json", candidate)
    ]


def _manifest_hint(path: str, message: str) -> str:
    if path == "/version" and message.startswith("must match pattern"):
        return (
            f"{_REFUSED}: tool.schema.json takes a plain MAJOR.MINOR.PATCH, no prerelease or "
            "build (a tool without a version of its own has the pack's)"
        )
    if re.fullmatch(r"/effects/\d+/kind", path):
        return f"{_REFUSED}: an effect's kind is one of {', '.join(sorted(EFFECT_KINDS))}"
    if path == "/network" and message == "must match exactly one schema in oneOf":
        return (
            f'{_REFUSED}: `network` is {{"kind": "none"}}, {{"kind": "unrestricted"}} or '
            '{"kind": "allowlist", "hosts": [...]}'
        )
    return f"{_REFUSED} (the runtime's tool.schema.json)"


def _effect_findings(candidate: Mapping[str, Any], before: list[Finding]) -> list[Finding]:
    """T3, for an effect kind the schema's enum let through (a newer schema's)."""
    effects = candidate.get("effects")
    if not isinstance(effects, list):
        return []
    refused = {finding.pointer for finding in before}
    found: list[Finding] = []
    for index, effect in enumerate(effects):
        kind = effect.get("kind") if isinstance(effect, dict) else None
        where = f"/effects/{index}/kind"
        if isinstance(kind, str) and kind not in EFFECT_KINDS and where not in refused:
            message = f'Tool "{candidate.get("id")}" declares unknown effect kind "{kind}"'
            found.append(_error("tool-manifest", where, message, _REFUSED))
    return found


def _schema_findings(where: str, faults: list[CompileFault]) -> list[Finding]:
    """T4, T5: one finding per fault of the schema at `/input` or `/output`; the first in the
    deploy's words exactly (the metaschema's faults are one, as Ajv throws them)."""
    if not faults:
        return []
    lead = f"Tool {where} schema does not compile: "
    metaschema = [fault for fault in faults if fault.metaschema]
    shown = [metaschema[0]] if metaschema else faults
    findings: list[Finding] = []
    for index, fault in enumerate(shown):
        pointer = f"/{where}{fault.pointer}"
        if not fault.checked:
            findings.append(Finding("error", "tool-schema", pointer, _unchecked(where, fault)))
            continue
        words = thrown(faults) if index == 0 else fault.words
        runtime = lead + words + (_STRICT_HINT if "strict mode" in words else "")
        hint = next((text for key, text in _PYTHON_HINTS if key in words), "")
        findings.append(_error("tool-schema", pointer, runtime, joined(fault.rest, hint, _REFUSED)))
    return findings


def _unchecked(where: str, fault: CompileFault) -> str:
    """A schema our check couldn't hold to the runtime's compile: said as ours, not as the
    deploy's refusal (which it may not be)."""
    return (
        f"the tool's {where} schema can't be checked as the runtime compiles it: {fault.words}; "
        "until it can, the build can't say the deploy takes this tool"
    )


def _needs_spec_findings(needs: Any, bounds: Bounds) -> list[Finding]:
    """T6: `needsSpec.secrets`, then `needsSpec.env`: each schema compiled as an inline one,
    an env slot's `default` a string."""
    if not isinstance(needs, dict):
        return []
    found: list[Finding] = []
    for slot in ("secrets", "env"):
        schemas = needs.get(slot)
        if not isinstance(schemas, dict):
            continue
        for name, schema in schemas.items():
            path = f"/needsSpec/{slot}/{name}"
            faults = compile_faults(schema, use="inline", bounds=bounds)
            if faults:
                why = thrown(faults)
                ours = "; ".join(
                    part for part in (faults[0].rest.removeprefix("; "), _REFUSED) if part
                )
                found.append(
                    _error(
                        "tool-needs-spec", path + faults[0].pointer, f"doesn't compile: {why}", ours
                    )
                )
                continue
            default = schema.get("default", "") if isinstance(schema, dict) else ""
            if slot == "env" and not isinstance(default, str):
                found.append(
                    _error(
                        "tool-needs-spec",
                        f"{path}/default",
                        "must be a string: env values are strings",
                        f'write it as a string ("{_shown_default(default)}"): {_REFUSED}',
                    )
                )
    return found


def _shown_default(value: Any) -> str:
    if value is True or value is False:
        return "true" if value else "false"
    return str(value) if isinstance(value, (int, float)) else "..."


def _url_findings(spec: Any) -> list[Finding]:
    """T7: an http tool's `urlTemplate` starts with a scheme and a host, and fills no
    `{placeholder}` there."""
    if not isinstance(spec, dict) or spec.get("kind") != "http":
        return []
    template = spec.get("urlTemplate")
    if not isinstance(template, str):
        return []  # tool.schema.json says so
    origin = _ORIGIN.match(template)
    if origin is None:
        message = "must start with http:// or https:// and a host"
        ours = f"{_REFUSED}: write the whole URL, like https://api.example.com/v1/{{id}}"
    elif "{" in origin.group(2) or "}" in origin.group(2):
        message = "fills {placeholders} in its path and query only, never in its host or port"
        ours = (
            f"{_REFUSED}: a run's input would choose where the request goes; name the host, "
            "and put what varies in the path or the query"
        )
    elif not origin.group(2):
        message = "must name a host"
        ours = _REFUSED
    else:
        return []
    return [_error("tool-url-template", "/spec/urlTemplate", message, ours)]


def _metadata_findings(metadata: Any) -> list[Finding]:
    """T8: the `metadata` keys under `kindgi.` (the runtime's own)."""
    if not isinstance(metadata, dict):
        return []
    return [
        _error(
            "tool-metadata",
            f"/metadata/{key}",
            f'metadata "{key}": keys under "kindgi." are the runtime\'s own; a published '
            "tool can't set them",
            _REFUSED,
        )
        for key in metadata
        if isinstance(key, str) and key.startswith("kindgi.")
    ]


def _every_call_findings(schema: dict[str, Any]) -> list[Finding]:
    """What fails every call: a `default` in the input that `useDefaults` won't fill in."""
    from hatch_kindgi.engines.ajv.defaults import ignored_defaults

    found: list[Finding] = []
    for ignored in ignored_defaults(schema):
        pointer = "/input" + ignored.pointer
        fix = _defaults_fix(ignored.pointer)
        if ignored.message is not None:
            ours = (
                "every call of this tool fails: the runtime's invokeTool compiles the input "
                "with useDefaults, and Ajv fills in no default under anyOf or oneOf (pydantic "
                f"writes one for an optional model whose fields have defaults); {fix}"
            )
            found.append(_error("tool-input-defaults", pointer, ignored.message, ours))
        else:
            runtime = "a default inside anyOf or oneOf, which Ajv's useDefaults won't fill in"
            ours = f"every call fails on it too once the one before is fixed; {fix}"
            found.append(_error("tool-input-defaults", pointer, runtime, ours))
    return found


def _defaults_fix(pointer: str) -> str:
    """How to write the model so the default at `pointer` is no longer inside the composite
    rule: no default on the field, or no `anyOf`/`oneOf` around it (the field that holds
    the optional model or the union)."""
    steps = [step.replace("~1", "/").replace("~0", "~") for step in pointer.split("/")[1:]]
    names = [steps[i + 1] for i, step in enumerate(steps[:-1]) if step == "properties"]
    field = quoted_name(names[-1]) if names else "the field"
    fix = f"give {field} no default there (make it required, or use `default_factory=`)"
    composite = max((i for i, step in enumerate(steps) if step in ("anyOf", "oneOf")), default=-1)
    if composite >= 2 and steps[composite - 2] == "properties":
        holder = quoted_name(steps[composite - 1])
        fix += (
            f", or give {holder} one model type, neither optional nor a union (required, or "
            "with a model instance as its default)"
        )
    return fix
