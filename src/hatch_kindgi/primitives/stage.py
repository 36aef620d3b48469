"""The primitives stage: each entry the SDK indexed checked on its own, as the runtime checks
it, and every finding placed in the file that declares the entry (`check_primitives`).

Each kind's module gives an entry's findings (`tools.tool_findings`, `guardrails.
guardrail_findings`, …), pointers into the entry as indexed; this stage turns them into
problems on the declaring file (`modulePath`; a guardrail's `checkModulePath`), at the line
and column of the declaration, or of the argument the pointer leads to
(`declarations.ModuleSource`). A module is read here only to place what was found in it: from
the disk, as the SDK indexed it, and only inside the pack. Rules across entries are the
`checks` stage's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from hatch_kindgi.config.target import DEFAULT_TARGET, Target
from hatch_kindgi.primitives.declarations import KIND_OF_LIST, ModuleSource
from hatch_kindgi.primitives.findings import Finding
from hatch_kindgi.report.problems import Problem

MAX_MODULE_BYTES = 4 * 1024 * 1024
"""The largest module read to place findings in (a larger one gets them without a line)."""

_Check = Callable[[Mapping[str, Any]], list[Finding]]


def check_primitives(
    root: Path,
    lists: Mapping[str, Sequence[Mapping[str, Any]]],
    *,
    strict: bool = False,
    target: Target = DEFAULT_TARGET,
) -> tuple[Problem, ...]:
    """Every problem of each entry in `lists` (the index's `tools`, `guardrails`, `agents`,
    `flows`, as the SDK wrote them), on the file that declares it. `strict` is the hook's
    option (what only a TypeScript build refuses fails it then); `target`, the profile whose
    verdict the build gives, and the one whose refusals alone are warnings (`Target.warn`:
    an error the other profile finds where this one finds none, as `hosted-profile`)."""
    checks = _checks(lists, strict=strict, profile=target.bounds.profile)
    warn = target.warn
    others = dict(_checks(lists, strict=strict, profile=warn.profile)) if warn else {}
    modules = _Modules(root)
    problems: list[Problem] = []
    for name, check in checks:
        key = "checkModulePath" if name == "guardrails" else "modulePath"
        other = others.get(name)
        for entry in lists.get(name, ()):
            if not isinstance(entry, Mapping):
                continue  # the SDK writes objects only; the index stage refuses anything else
            findings = check(entry)
            if findings:
                problems.extend(modules.placed(KIND_OF_LIST[name], entry, key, findings))
            if other is not None and _may_differ(entry):
                only = _only_there(findings, other(entry))
                placed = modules.placed(KIND_OF_LIST[name], entry, key, only) if only else []
                problems.extend(target.warning(problem) for problem in placed)
    return tuple(dict.fromkeys(problems))


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
    """The errors of `there` at a pointer where `here` has no error."""
    erred = {finding.pointer for finding in here if finding.severity == "error"}
    return [f for f in there if f.severity == "error" and f.pointer not in erred]


def _checks(
    lists: Mapping[str, Sequence[Mapping[str, Any]]], *, strict: bool, profile: str
) -> list[tuple[str, _Check]]:
    """The check of each index list that has entries (a kind's module loads only then)."""
    checks: list[tuple[str, _Check]] = []
    if lists.get("tools"):
        from hatch_kindgi.primitives.tools import tool_findings

        checks.append(("tools", lambda entry: tool_findings(entry, profile=profile)))
    if lists.get("guardrails"):
        from hatch_kindgi.primitives.guardrails import guardrail_findings

        checks.append(("guardrails", lambda entry: guardrail_findings(entry, profile=profile)))
    if lists.get("agents"):
        from hatch_kindgi.primitives.agents import agent_findings

        checks.append(
            ("agents", lambda entry: agent_findings(entry, strict=strict, profile=profile))
        )
    if lists.get("flows"):
        from hatch_kindgi.primitives.flows import flow_findings

        checks.append(("flows", lambda entry: flow_findings(entry, profile=profile)))
    return checks


class _Modules:
    """The pack's modules, each read and parsed once, to place findings in."""

    def __init__(self, root: Path) -> None:
        self._root = root
        self._resolved_root: Path | None = None
        self._sources: dict[str, ModuleSource | None] = {}

    def placed(
        self, kind: str, entry: Mapping[str, Any], key: str, findings: Sequence[Finding]
    ) -> list[Problem]:
        """`findings` of `entry` (a primitive of `kind`) as problems on its declaring file
        (`entry[key]`, else its `modulePath`), each at its place there when it can be told."""
        file = _file_of(entry, key)
        source = None if file is None else self._source(file)
        declaration = None if source is None else source.declaration(kind, entry)
        problems: list[Problem] = []
        for finding in findings:
            line = column = None
            if source is not None and declaration is not None:
                line, column = source.place(declaration, finding.pointer)
            problems.append(
                Problem(
                    finding.severity,
                    finding.code,
                    "." if file is None else file,
                    finding.message,
                    line,
                    column,
                    finding.pointer,
                )
            )
        return problems

    def _source(self, file: str) -> ModuleSource | None:
        if file not in self._sources:
            text = self._read(file)
            self._sources[file] = None if text is None else ModuleSource(text)
        return self._sources[file]

    def _read(self, file: str) -> str | None:
        """The text of pack file `file` (pack-relative, `/`), None when it isn't a regular
        file inside the pack, is too large, or can't be read."""
        relative = PurePosixPath(file)
        if relative.is_absolute() or ".." in relative.parts or not file:
            return None
        try:
            if self._resolved_root is None:
                self._resolved_root = self._root.resolve()
            path = (self._root / relative).resolve()
            path.relative_to(self._resolved_root)
            if not path.is_file() or path.stat().st_size > MAX_MODULE_BYTES:
                return None
            return path.read_bytes().decode("utf-8", "replace")
        except (OSError, ValueError, RuntimeError):
            return None


def _file_of(entry: Mapping[str, Any], key: str) -> str | None:
    for file in (entry.get(key), entry.get("modulePath")):
        if isinstance(file, str) and file:
            return file
    return None
