"""What the pack's code reads of what a deploy hands it, held to what a deploy hands it
(`read_problems`): a tool's `ctx.settings`, `ctx.env` and `ctx.secrets`, and the process
environment every pack module sees, each read at its line and column.

What a call gets is the runtime's and the SDK's (kindgi 0.1.10, kindgi-cli 0.1.10):

- `ctx.settings`: the settings blocks the calling agent version pins, by id, each block's
  values (`@kindgi/agents/src/handlers/dispatch-tools.ts`: `settings: ctx.blocks.settings`,
  which `resolve-blocks.ts` fills from the agent's `settings` only, never its
  `modelSettings`); an agent pins the pack's own version of a block the pack brings, the
  newest its range takes. A flow's tool step gets none: a flow version pins tools and agents
  only (`@kindgi/flow/src/pins.ts`, `FlowPins`), and a tool's `settings` is "unset when the
  agent references none" (`@kindgi/tools/src/types.ts`), so `ctx.settings` is empty there.
- `ctx.env`: every name the tool's `needs_spec["env"]` declares and nothing else (a call
  whose name has neither a value nor a default fails before the handler runs:
  `@kindgi/tools/src/invoke-env.ts`); `ctx.secrets`: every required secret it declares, an
  optional one (its schema names null and takes it: `@kindgi/tools/src/env-names.ts`,
  `acceptsNull`) only when it is set (kindgi's `ToolContext.secrets`).
- `os.environ`: the pack service drops, before the pack's code loads, every name
  `[tool.kindgi.env]` doesn't declare except `KINDGI_*` and the platform's names (kindgi's
  `kindgi/pack/env_filter.py`, `undeclared_pack_env`, mirrored here and held to it by a test);
  a required name is set in every deploy, an optional one may not be.

Each read is judged for every caller the pack has (the agents that list the tool, the flows
that call it); a read with none is judged against the pack's own blocks. What no build can
judge is left alone: a name or key that isn't a string literal, a mapping passed elsewhere,
a `.get` of a key a block's schema declares that its values lack (a later block version may
set it, with no deploy), and a block an agent pins that the pack doesn't bring.

A block with errors of its own (`BlocksOutcome.erred`) is brought all the same: a read of it
is never told the pack brings no such block, its faults being its file's problems. What the
file declares still judges the read where it decides it: a settings block's values, when
they are an object, and its version, when it is one, as a clean block's would. Where the
fault leaves that open (a kind that is no block kind, a version that is no version, values
that are no object), the read is left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

from hatch_kindgi.blocks.shape import KINDS
from hatch_kindgi.checks.code_reads import (
    NameRead,
    PackModules,
    Read,
    SettingsRead,
    Word,
    context_name,
    context_reads,
    environ_reads,
    handler_of,
)
from hatch_kindgi.checks.versions import Brought, newest_in, npm_range, semver, versions_by_id
from hatch_kindgi.report.problems import Problem
from hatch_kindgi.report.suggest import Suggestions
from hatch_kindgi.report.text import quoted

if TYPE_CHECKING:
    from hatch_kindgi.primitives.modules import ModuleParses

PLATFORM_ENV_NAMES: frozenset[str] = frozenset(
    {
        *("PATH", "HOME", "HOSTNAME", "USER", "LANG", "LANGUAGE", "TZ", "TMPDIR", "TMP"),
        *("TEMP", "PWD", "SHLVL", "_", "__CF_USER_TEXT_ENCODING"),
        *("NODE_ENV", "NODE_VERSION", "YARN_VERSION", "NODE_OPTIONS", "NODE_EXTRA_CA_CERTS"),
        *("JAVA_HOME", "JAVA_VERSION", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"),
        *("VIRTUAL_ENV", "PORT"),
        *("HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy"),
        *("SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE"),
        *("K_SERVICE", "K_REVISION", "K_CONFIGURATION"),
        *("AWS_REGION", "AWS_DEFAULT_REGION", "AWS_EXECUTION_ENV"),
        *("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_CONTAINER_CREDENTIALS_FULL_URI"),
        *("AWS_CONTAINER_AUTHORIZATION_TOKEN", "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE"),
        *("AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN"),
        *("ECS_CONTAINER_METADATA_URI", "ECS_CONTAINER_METADATA_URI_V4"),
        *("IDENTITY_ENDPOINT", "IDENTITY_HEADER", "MSI_ENDPOINT", "MSI_SECRET"),
        *("AZURE_CLIENT_ID", "AZURE_TENANT_ID", "AZURE_FEDERATED_TOKEN_FILE"),
        "AZURE_AUTHORITY_HOST",
    }
)
"""The platform's names the pack service keeps undeclared (kindgi's `PLATFORM_ENV_NAMES`)."""

PLATFORM_ENV_PREFIXES = ("LC_", "PYTHON", "OTEL_", "CLOUD_RUN_", "CONTAINER_APP_", "KINDGI_")
"""The prefixes it keeps (kindgi's `PLATFORM_ENV_PREFIXES`, and `KINDGI_*`)."""

_UNKNOWN: Mapping[str, Any] | None = None
"""A pinned block whose values the pack doesn't bring (published on the runtime)."""


def kept_env(name: str) -> bool:
    """Whether the pack service keeps `name` in the environment undeclared."""
    return name in PLATFORM_ENV_NAMES or name.startswith(PLATFORM_ENV_PREFIXES)


@dataclass(frozen=True)
class _Caller:
    """An agent that lists a tool, or a flow that calls it: what its calls get in
    `ctx.settings` (block id to values, None where the pack doesn't bring them)."""

    kind: str
    id: str
    file: str
    pinned: Mapping[str, Mapping[str, Any] | None]
    versions: Mapping[str, Brought] = field(default_factory=dict)

    @property
    def named(self) -> str:
        return f"{self.kind} {quoted(self.id)} ({self.file})"


@dataclass(frozen=True)
class _Pack:
    """What the reads are judged against. `settings` holds the blocks with errors that
    declare kind settings and a string id too; `undecided` the ids of those whose kind or
    version is no kind or version, `unread` the files of those whose values aren't an
    object: what their fault leaves open is not judged."""

    settings: Mapping[str, Sequence[Brought]]
    schema_keys: Mapping[str, frozenset[str]]
    callers: Mapping[str, Sequence[_Caller]]
    pinned_anywhere: frozenset[str]
    env_required: frozenset[str]
    env_optional: frozenset[str]
    tool_env: Mapping[str, str]
    undecided: frozenset[str] = frozenset()
    unread: frozenset[str] = frozenset()

    def values(self, brought: Brought) -> Mapping[str, Any] | None:
        """The values of a version, None where the file declares none that are an object."""
        return None if brought.file in self.unread else brought.values


def read_problems(
    tools: Sequence[Mapping[str, Any]],
    guardrails: Sequence[Mapping[str, Any]],
    agents: Sequence[Mapping[str, Any]],
    flows: Sequence[Mapping[str, Any]],
    blocks: Sequence[Mapping[str, Any]],
    *,
    env_required: Iterable[str],
    env_optional: Iterable[str],
    read_text: Callable[[str], str | None],
    parses: ModuleParses | None = None,
    erred_blocks: Sequence[Mapping[str, Any]] = (),
) -> tuple[Problem, ...]:
    """Takes the code stage's entries, the blocks stage's, `[tool.kindgi.env]`'s lists and a
    reader of the pack's files; gives a problem for each read of settings, env, secrets or
    the process environment that a deploy fails or defaults, at its line and column.
    `erred_blocks`: the blocks with errors (`BlocksOutcome.erred`), as their files declare
    them: brought, so no read of one is told the pack lacks it.
    `parses`: the modules' texts parsed already (this run's, shared with the placement of
    problems; a `PipelineCache` keeps them between runs)."""
    if not (tools or guardrails or agents or flows):
        return ()
    modules = PackModules(read_text, parses)
    pack = _pack(
        tools,
        agents,
        flows,
        blocks,
        erred_blocks,
        env_required=frozenset(env_required),
        env_optional=frozenset(env_optional),
    )
    problems: list[Problem] = []
    for file in _pack_modules(modules, [*tools, *guardrails, *agents, *flows]):
        source = modules.source(file)
        if source is not None:
            for environ_read in environ_reads(file, source):
                problems.extend(_environ_problems(environ_read, pack))
    for tool in tools:
        module = tool.get("modulePath")
        source = modules.source(module) if isinstance(module, str) else None
        handler = None if source is None else handler_of(source, tool)
        context = None if handler is None else context_name(handler)
        if not isinstance(module, str) or handler is None or context is None:
            continue
        for _, read in context_reads(modules, module, handler, context):
            problems.extend(_context_problems(read, tool, pack))
    return tuple(dict.fromkeys(problems))


def _pack_modules(modules: PackModules, entries: Sequence[Mapping[str, Any]]) -> list[str]:
    """Every module an entry names, and the pack modules they import, in order."""
    pending = [
        path
        for entry in entries
        for path in (entry.get("modulePath"), entry.get("checkModulePath"))
        if isinstance(path, str)
    ]
    seen: dict[str, None] = {}
    while pending:
        file = pending.pop(0)
        if file in seen:
            continue
        seen[file] = None
        pending.extend(found for found, _ in modules.imported(file) if found not in seen)
    return list(seen)


def _pack(
    tools: Sequence[Mapping[str, Any]],
    agents: Sequence[Mapping[str, Any]],
    flows: Sequence[Mapping[str, Any]],
    blocks: Sequence[Mapping[str, Any]],
    erred_blocks: Sequence[Mapping[str, Any]],
    *,
    env_required: frozenset[str],
    env_optional: frozenset[str],
) -> _Pack:
    settings_blocks = [block for block in blocks if block.get("kind") == "settings"]
    erred_settings = [block for block in erred_blocks if block.get("kind") == "settings"]
    settings = versions_by_id(settings_blocks, erred_settings)
    undecided, unread = _faults(erred_blocks)
    schema_keys: dict[str, frozenset[str]] = {}
    for block in [*settings_blocks, *erred_settings]:
        content = block.get("content")
        schema = content.get("schema") if isinstance(content, Mapping) else None
        properties = schema.get("properties") if isinstance(schema, Mapping) else None
        if isinstance(properties, Mapping) and isinstance(block.get("id"), str):
            named = str(block["id"])
            schema_keys[named] = schema_keys.get(named, frozenset()) | frozenset(properties)
    callers: dict[str, list[_Caller]] = {}
    pinned_anywhere: set[str] = set()
    for agent in agents:
        caller = _agent_caller(agent, settings, undecided, unread)
        pinned_anywhere.update(caller.pinned)
        for listed in _list(agent.get("tools")):
            tool_id = listed.get("id") if isinstance(listed, Mapping) else None
            if isinstance(tool_id, str) and caller not in callers.get(tool_id, []):
                callers.setdefault(tool_id, []).append(caller)
    for flow in flows:
        caller = _Caller("flow", str(flow.get("id")), str(flow.get("modulePath", ".")), {})
        for tool_id in sorted(set(_flow_tools(flow.get("nodes")))):
            callers.setdefault(tool_id, []).append(caller)
    tool_env: dict[str, str] = {}
    for tool in tools:
        for name in _declared(tool, "env"):
            tool_env.setdefault(name, str(tool.get("id")))
    return _Pack(
        settings,
        schema_keys,
        callers,
        frozenset(pinned_anywhere),
        env_required,
        env_optional,
        tool_env,
        undecided,
        unread,
    )


def _faults(erred_blocks: Sequence[Mapping[str, Any]]) -> tuple[frozenset[str], frozenset[str]]:
    """Of the blocks with errors that declare a string id: the ids whose kind is no block
    kind, or whose settings version is no version (what an agent's range takes is open), and
    the files of the settings blocks whose values aren't an object (what a read finds is)."""
    undecided: set[str] = set()
    unread: set[str] = set()
    for block in erred_blocks:
        block_id, kind, version = block.get("id"), block.get("kind"), block.get("version")
        if not isinstance(block_id, str):
            continue  # no read can name it: nothing to leave open
        if kind not in KINDS:
            undecided.add(block_id)
        if kind != "settings":
            continue
        if not isinstance(version, str) or semver(version) is None:
            undecided.add(block_id)
        content = block.get("content")
        values = content.get("values") if isinstance(content, Mapping) else None
        if not isinstance(values, Mapping):
            unread.add(str(block.get("modulePath")))
    return frozenset(undecided), frozenset(unread)


def _list(value: object) -> list[Any]:
    return list(value) if isinstance(value, list) else []


def _agent_caller(
    agent: Mapping[str, Any],
    settings: Mapping[str, Sequence[Brought]],
    undecided: frozenset[str],
    unread: frozenset[str],
) -> _Caller:
    """An agent as a caller: the settings blocks it pins, with the values of the pack's
    version its range takes (None where the pack brings none it takes, or a block with
    errors leaves open which it takes or what it holds: not ours to judge)."""
    pinned: dict[str, Mapping[str, Any] | None] = {}
    versions: dict[str, Brought] = {}
    for ref in _list(agent.get("settings")):
        if not isinstance(ref, Mapping):
            continue
        block_id, wanted = ref.get("id"), ref.get("version")
        if not isinstance(block_id, str):
            continue
        spec = npm_range(wanted) if isinstance(wanted, str) else None
        taken = (
            None
            if spec is None or block_id in undecided
            else newest_in(spec, settings.get(block_id, ()))
        )
        if taken is not None and taken.file not in unread:
            versions[block_id] = taken
            pinned[block_id] = taken.values
        else:
            pinned.setdefault(block_id, _UNKNOWN)
    file = agent.get("modulePath")
    return _Caller(
        "agent",
        str(agent.get("id")),
        file if isinstance(file, str) else ".",
        pinned,
        versions,
    )


def _flow_tools(nodes: object) -> Iterable[str]:
    """The tool ids a flow's nodes call: tool nodes' `ref`, fanout branches' `handler`, in
    loop bodies too."""
    for node in _list(nodes):
        if not isinstance(node, Mapping):
            continue
        if node.get("kind") == "tool" and isinstance(node.get("ref"), str):
            yield node["ref"]
        for branch in _list(node.get("branches")):
            if isinstance(branch, Mapping) and isinstance(branch.get("handler"), str):
                yield branch["handler"]
        body = node.get("body")
        if isinstance(body, Mapping):
            yield from _flow_tools(body.get("nodes"))


def _declared(tool: Mapping[str, Any], slot: str) -> Mapping[str, Any]:
    spec = tool.get("needsSpec")
    found = spec.get(slot) if isinstance(spec, Mapping) else None
    return cast("Mapping[str, Any]", found) if isinstance(found, Mapping) else {}


# --- the process environment ---


def _environ_problems(read: NameRead, pack: _Pack) -> list[Problem]:
    name = read.name.text
    if name in pack.env_required or (read.get and name in pack.env_optional):
        return []
    shown = _shown_name(read)
    if name in pack.env_optional:
        return [
            _problem(
                "warning",
                "read-environ",
                read.name,
                f"{shown} raises KeyError wherever {quoted(name)} isn't set: "
                "[tool.kindgi.env] declares it optional; read it with os.environ.get",
            )
        ]
    if kept_env(name):
        return []
    declared = sorted(pack.env_required | pack.env_optional)
    hint, suggestion = Suggestions(declared).offer(name)
    tool = pack.tool_env.get(name)
    also = (
        ""
        if tool is None
        else f"; tool {quoted(tool)} declares it in needs_spec: it reads ctx.env[{quoted(name)}]"
    )
    what = "gets its default in every deploy" if read.get else "raises KeyError in every deploy"
    return [
        _problem(
            "warning" if read.get else "error",
            "read-environ",
            read.name,
            f"{shown} {what}: the pack service drops every name [tool.kindgi.env] doesn't "
            "declare (but KINDGI_* and the platform's own) before the pack's code loads; "
            f"declare it in [tool.kindgi.env]'s required or optional{hint}{also}",
            suggestion if read.name.plain else None,
        )
    ]


# --- a tool's context ---


def _context_problems(read: Read, tool: Mapping[str, Any], pack: _Pack) -> list[Problem]:
    if isinstance(read, SettingsRead):
        return _settings_problems(read, tool, pack)
    return _name_problems(read, tool)


def _name_problems(read: NameRead, tool: Mapping[str, Any]) -> list[Problem]:
    name = read.name.text
    declared = _declared(tool, read.source)
    tool_id = quoted(str(tool.get("id")))
    shown = _shown_name(read)
    code = "read-tool-env" if read.source == "env" else "read-tool-secret"
    what = "env value" if read.source == "env" else "secret"
    if name in declared:
        if read.source == "secrets" and not read.get and _accepts_null(declared[name]):
            return [
                _problem(
                    "warning",
                    code,
                    read.name,
                    f"{shown} raises KeyError on every call where the secret isn't set: its "
                    "schema takes null, so it is optional, and an optional secret is absent "
                    f"when unset; read it with .get",
                )
            ]
        return []
    hint, suggestion = Suggestions(sorted(declared)).offer(name)
    outcome = "gets its default on every call" if read.get else "raises KeyError on every call"
    return [
        _problem(
            "warning" if read.get else "error",
            code,
            read.name,
            f"{shown} {outcome}: tool {tool_id} doesn't declare {what} {quoted(name)}, and "
            f"ctx.{read.source} holds only what needs_spec[{quoted(read.source)}] declares; "
            f"declare it there{hint}",
            suggestion if read.name.plain else None,
        )
    ]


def _accepts_null(schema: object) -> bool:
    """The runtime's rule for an optional secret (`acceptsNull`, `@kindgi/tools` env-names.ts):
    its schema names null (a `type`, `enum`, `const`, or an `anyOf`/`oneOf` branch that does),
    compiles as `compileInlineSchema` compiles it, and takes null. A schema that doesn't
    compile makes a required secret: a `$ref` to a document outside it (`https://...`, which
    neither the runtime nor the build fetches) in any branch, even one null never reaches;
    the tool's own `tool-needs-spec` error says why. Compiled under self-hosted's bounds (a
    schema only hosted refuses is that profile's error on the tool)."""
    if not _names_null(schema):
        return False
    from hatch_kindgi.schema.compile import compile_faults

    if compile_faults(schema, use="inline"):
        return False
    from hatch_kindgi.engines.ajv.base import bounded_validator
    from hatch_kindgi.engines.ajv.core import UnknownType, Unresolvable

    try:
        return bounded_validator(cast("Any", schema)).is_valid(None)
    except (Unresolvable, UnknownType, AttributeError, TypeError, ValueError, RecursionError):
        return False


def _names_null(schema: object) -> bool:
    if not isinstance(schema, Mapping):
        return False
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if isinstance(schema.get("enum"), list) and None in schema["enum"]:
        return True
    if "const" in schema and schema["const"] is None:
        return True
    return any(
        _names_null(branch) for key in ("anyOf", "oneOf") for branch in _list(schema.get(key))
    )


def _settings_problems(read: SettingsRead, tool: Mapping[str, Any], pack: _Pack) -> list[Problem]:
    block = read.block.text
    callers = pack.callers.get(str(tool.get("id")), ())
    if not callers:
        return _uncalled(read, pack)
    failing: list[tuple[_Caller, str]] = []
    defaulting: list[tuple[_Caller, str]] = []
    for caller in callers:
        if block not in caller.pinned:
            if read.bound:
                continue  # judged where the block was read
            fails = not read.block_get or (read.key is not None and not read.key_get)
            (failing if fails else defaulting).append((caller, "block"))
            continue
        values = caller.pinned[block]
        if values is None or read.key is None or read.key.text in values:
            continue
        if not read.key_get:
            failing.append((caller, "key"))
        elif read.key.text not in pack.schema_keys.get(block, frozenset()):
            defaulting.append((caller, "key"))
    chosen = failing or defaulting
    if not chosen:
        return []
    severity = "error" if failing else "warning"
    outcome = "raises KeyError" if failing else "gets its default"
    if chosen[0][1] == "block":
        return [_block_problem(read, [caller for caller, _ in chosen], severity, outcome, pack)]
    return [_key_problem(read, [caller for caller, _ in chosen], severity, outcome, pack)]


def _block_problem(
    read: SettingsRead, callers: Sequence[_Caller], severity: str, outcome: str, pack: _Pack
) -> Problem:
    block = read.block.text
    agents = [caller for caller in callers if caller.kind == "agent"]
    flows = [caller for caller in callers if caller.kind == "flow"]
    whys: list[str] = []
    if agents:
        whys.append(
            f"{_names(agents)}, which {'pins' if len(agents) == 1 else 'pin'} no settings "
            f"block {quoted(block)} (add it to the agent's settings)"
        )
    if flows:
        whys.append(
            f"{_names(flows)}, whose tool step gets no settings (a flow version pins no "
            "settings blocks)"
        )
    hint, suggestion = "", None
    if block not in pack.settings:  # a misspelt id, maybe: the ids the callers could mean
        choices = {*pack.settings, *(name for caller in agents for name in caller.pinned)}
        hint, suggestion = Suggestions(sorted(choices - {block})).offer(block)
    return _problem(
        severity,
        "read-settings-block",
        read.block,
        f"{_shown_settings(read)} {outcome} on every call from {' and '.join(whys)}{hint}",
        suggestion if read.block.plain else None,
    )


def _key_problem(
    read: SettingsRead, callers: Sequence[_Caller], severity: str, outcome: str, pack: _Pack
) -> Problem:
    assert read.key is not None
    block = read.block.text
    keys: set[str] = set(pack.schema_keys.get(block, frozenset()))
    pinned: list[str] = []
    for caller in callers:
        values = caller.pinned.get(block)
        keys.update(values or {})
        brought = caller.versions.get(block)
        if brought is not None and f"{brought.version} ({brought.file})" not in pinned:
            pinned.append(f"{brought.version} ({brought.file})")
    hint, suggestion = Suggestions(sorted(keys)).offer(read.key.text)
    lacks = (
        " (its schema declares it, and a read by subscript still fails until a version sets it)"
        if read.key.text in pack.schema_keys.get(block, frozenset())
        else ""
    )
    return _problem(
        severity,
        "read-settings-key",
        read.key,
        f"{_shown_settings(read)} {outcome} on every call from {_names(callers)}: settings "
        f"block {quoted(block)} {', '.join(pinned)}, the version pinned, has no key "
        f"{quoted(read.key.text)}{lacks}{hint}",
        suggestion if read.key.plain else None,
    )


def _uncalled(read: SettingsRead, pack: _Pack) -> list[Problem]:
    """A read in a tool no agent or flow of the pack calls: against the pack's blocks."""
    block = read.block.text
    if block not in pack.settings:
        if read.bound or block in pack.pinned_anywhere or block in pack.undecided:
            return []
        hint, suggestion = Suggestions(sorted(pack.settings)).offer(block)
        fails = not read.block_get or (read.key is not None and not read.key_get)
        return [
            _problem(
                "error" if fails else "warning",
                "read-settings-block",
                read.block,
                f"{_shown_settings(read)} {'raises KeyError' if fails else 'gets its default'}"
                f" on every call: the pack brings no settings block {quoted(block)} and no "
                f"agent pins one{hint}",
                suggestion if read.block.plain else None,
            )
        ]
    versions = [pack.values(brought) for brought in pack.settings[block]]
    if read.key is None or any(values is None for values in versions):
        return []
    keys = {key for values in versions for key in values or {}}
    declared = pack.schema_keys.get(block, frozenset())
    if read.key.text in keys or (read.key_get and read.key.text in declared):
        return []
    hint, suggestion = Suggestions(sorted(keys | declared)).offer(read.key.text)
    files = ", ".join(
        f"{each.version} ({each.file})" if each.version else each.file
        for each in pack.settings[block]
    )
    return [
        _problem(
            "warning" if read.key_get else "error",
            "read-settings-key",
            read.key,
            f"{_shown_settings(read)} "
            f"{'gets its default' if read.key_get else 'raises KeyError'} on every call: "
            f"no version of settings block {quoted(block)} the pack brings, {files}, has key "
            f"{quoted(read.key.text)}{hint}",
            suggestion if read.key.plain else None,
        )
    ]


def _names(callers: Sequence[_Caller]) -> str:
    return ", ".join(caller.named for caller in callers)


def _shown_settings(read: SettingsRead) -> str:
    block = quoted(read.block.text)
    shown = f"{read.context}.settings" + (f".get({block})" if read.block_get else f"[{block}]")
    if read.key is not None:
        key = quoted(read.key.text)
        shown += f".get({key})" if read.key_get else f"[{key}]"
    return shown


def _shown_name(read: NameRead) -> str:
    name = quoted(read.name.text)
    base = "os.environ" if read.source == "environ" else f"{read.context}.{read.source}"
    return f"{base}.get({name})" if read.get else f"{base}[{name}]"


def _problem(
    severity: str,
    code: str,
    word: Word,
    message: str,
    suggestion: tuple[str, str] | None = None,
) -> Problem:
    made = Problem(
        "error" if severity == "error" else "warning",
        code,
        word.file,
        message,
        word.line,
        word.column,
        suggestion=suggestion,
    )
    return replace(made, end=word.end)
