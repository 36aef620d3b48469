"""The primitives stage: each entry the SDK indexed checked on its own, as the runtime checks
it, and every finding a problem on the file that declares the entry (`check_primitives`).

Each kind's module gives an entry's findings (`tools.tool_findings`, `guardrails.
guardrail_findings`, …), pointers into the entry as indexed; this stage turns them into
problems on the declaring file (`modulePath`; a guardrail's `checkModulePath`), each naming
the entry (`Problem.declared`, `modules.declared_problems`): the pipeline's placement step
puts it at the line and column of the declaration, or of the argument the pointer leads to
(`modules.DeclaringModules`, as it places the `checks` stage's problems). Rules across
entries are the `checks` stage's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from hatch_kindgi.config.target import DEFAULT_TARGET, Target
from hatch_kindgi.engines.bounds import Bounds
from hatch_kindgi.primitives.declarations import KIND_OF_LIST
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.primitives.modules import declared_problems, distinct
from hatch_kindgi.report.problems import Problem

_Check = Callable[[Mapping[str, Any]], list[Finding]]


def check_primitives(
    lists: Mapping[str, Sequence[Mapping[str, Any]]],
    *,
    strict: bool = False,
    target: Target = DEFAULT_TARGET,
) -> tuple[Problem, ...]:
    """Every problem of each entry in `lists` (the index's `tools`, `guardrails`, `agents`,
    `flows`, as the SDK wrote them), on the file that declares it, unplaced (the pipeline
    places them: `Problem.declared`). `strict` is the hook's option (what only a TypeScript
    build refuses fails it then); `target`, the profile whose verdict the build gives, and
    the one whose refusals alone are warnings (`Target.warn`: an error the other profile
    finds where this one finds none, as `hosted-profile`)."""
    checks = _checks(lists, strict=strict, bounds=target.bounds)
    warn = target.warn
    others = dict(_checks(lists, strict=strict, bounds=warn)) if warn else {}
    problems: list[Problem] = []
    for name, check in checks:
        kind = KIND_OF_LIST[name]
        other = others.get(name)
        for entry in lists.get(name, ()):
            if not isinstance(entry, Mapping):
                continue  # the SDK writes objects only; the index stage refuses anything else
            findings = check(entry)
            if findings:
                problems.extend(declared_problems(kind, entry, findings))
            if other is not None and _may_differ(entry):
                only = _only_there(findings, other(entry))
                declared = declared_problems(kind, entry, only) if only else []
                problems.extend(target.warning(problem) for problem in declared)
    return distinct(problems)


_DIFFERING_KEYS = (
    '"pattern',  # "pattern", "patternProperties", a built-in check's "pattern" setting
    '"formatM',
    '"formatExclusiveM',
    '"must-cite"',  # its citations are capped on hosted
)
_SMALL = 16 * 1024  # a serialized entry this short is far within every profile's measures


def _may_differ(entry: Mapping[str, Any]) -> bool:
    """Whether the profiles' checks can differ on `entry`: only through a pattern, a format
    comparison keyword (`engines.ajv.strict` on either bounds), `must-cite`'s citations or a
    schema's measures (`engines.ajv.tenant`), so an entry with none is checked once."""
    import json

    try:
        text = json.dumps(entry, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):  # odd or deep: check it to be sure
        return True
    return len(text) > _SMALL or any(key in text for key in _DIFFERING_KEYS)


def _only_there(here: Sequence[Finding], there: Sequence[Finding]) -> list[Finding]:
    """The errors of `there`, when `here` has none: as the blocks stage warns of a block, an
    entry with an error of its own gets no warning yet (the same fault often reads one way
    under each profile: a pattern that backtracks on V8 fails the value on RE2)."""
    if any(finding.severity == "error" for finding in here):
        return []
    return [finding for finding in there if finding.severity == "error"]


def _checks(
    lists: Mapping[str, Sequence[Mapping[str, Any]]], *, strict: bool, bounds: Bounds
) -> list[tuple[str, _Check]]:
    """The check under `bounds` of each index list that has entries (a kind's module loads
    only then)."""
    checks: list[tuple[str, _Check]] = []
    if lists.get("tools"):
        from hatch_kindgi.primitives.tools import tool_findings

        checks.append(("tools", lambda entry: tool_findings(entry, bounds=bounds)))
    if lists.get("guardrails"):
        from hatch_kindgi.primitives.guardrails import guardrail_findings

        checks.append(("guardrails", lambda entry: guardrail_findings(entry, bounds=bounds)))
    if lists.get("agents"):
        from hatch_kindgi.primitives.agents import agent_findings

        checks.append(("agents", lambda entry: agent_findings(entry, strict=strict, bounds=bounds)))
    if lists.get("flows"):
        from hatch_kindgi.primitives.flows import flow_findings

        checks.append(("flows", lambda entry: flow_findings(entry, bounds=bounds)))
    return checks
