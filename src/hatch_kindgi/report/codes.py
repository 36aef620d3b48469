"""Every problem code hatch-kindgi emits, with a one-line description.

One registry: `docs/problems.md` is checked against it by the test suite. Codes are stable,
lowercase and hyphenated; add new ones in the section of the stage that emits them.
"""

from __future__ import annotations

import re
from pathlib import Path

CODES: dict[str, str] = {
    # --- config (pyproject.toml) ---
    "config-not-found": "The pack folder has no pyproject.toml.",
    "config-parse": (
        "pyproject.toml is not valid TOML, not UTF-8 without a byte order mark, not a regular "
        "file (a FIFO, a device) or over 1 MiB."
    ),
    "config-missing": "A required key of [tool.kindgi] is missing.",
    "config-type": "A key of [tool.kindgi] or of the hook's options has the wrong type.",
    "config-unknown-key": "A key that [tool.kindgi] or the kindgi hook does not know.",
    "config-value": "A key of [tool.kindgi] or of the hook's options has a value it cannot take.",
    "env-name": "An [tool.kindgi.env] entry is not an environment variable name.",
    "env-reserved": "An [tool.kindgi.env] entry is a KINDGI_* name, which configures Kindgi.",
    "env-duplicate": "An env name is listed twice, or in both required and optional.",
    # --- discovery ---
    "discovery-pattern": (
        "A discovery glob cannot be used (absolute, escapes the pack, empty, over 4096 "
        "characters, or its {a,b} groups spell more than 256 patterns)."
    ),
    "file-name-encoding": "A file a discovery glob matched has a name that is not valid UTF-8.",
    "link-outside-pack": (
        "A folder a discovery glob starts from is a symbolic link leading outside the pack: "
        "nothing under it is read."
    ),
    # --- pins ---
    "pin-published-at": (
        "A publishedAt pin (option, KINDGI_PUBLISHED_AT, SOURCE_DATE_EPOCH, git HEAD) is not "
        "an ISO 8601 date-time with a zone in the years 0001-9999 once in UTC."
    ),
    "pin-record": (
        "The sdist's pin record (.hatch-kindgi-pins.json) is unreadable, its publishedAt "
        "is not a date-time in the years 0001-9999 (UTC), or its repositoryPrefix is not a "
        "relative folder path."
    ),
    "pin-not-reproducible": "No pin, SOURCE_DATE_EPOCH or git commit: publishedAt is now.",
    # --- index ---
    "index-schema": (
        "The index envelope does not satisfy the pack-index 1.8.0 schema (each failure in "
        "Ajv's words)."
    ),
    "json-number": "A number JavaScript cannot carry exactly (beyond ±(2^53-1), NaN, Infinity).",
    # --- blocks ---
    "block-not-file": "A path the blocks glob matched is not a regular file (folder, broken link).",
    "block-read": "A block file cannot be read (permissions, I/O error).",
    "block-too-large": "A block file is larger than the size limit.",
    "block-json": "A block file is not one UTF-8 JSON object (syntax, BOM, empty, too deep).",
    "block-duplicate-key": "One JSON object of a block file has the same key twice.",
    "block-shape": "A block key is missing, has the wrong type, or content is incomplete.",
    "block-unknown-key": "A key the block's shape does not have (a typo must not pass).",
    "block-id": "A block id is not dotted lowercase (like acme.reply-prompt).",
    "block-version": "A block version is not a plain MAJOR.MINOR.PATCH.",
    "block-kind": "A block kind is not prompt or settings.",
    "block-parameter": "A prompt parameter: name repeated, type unknown, default not of its type.",
    "prompt-reserved-parameter": (
        "A prompt parameter is named as a variable the runtime gives every template "
        "(today, now, agent, conversation, input, settings)."
    ),
    "block-duplicate": "Two block files declare the same id and version.",
    "block-kind-conflict": "Two versions of one block id have different kinds.",
    "template-file": "A templateFile is absolute, outside the blocks folder, missing, or not text.",
    "template-case": "A templateFile differs from the file on disk only in letter case.",
    "template-line-ends": (
        "A templateFile's lines end in \\r\\n (a Windows checkout, git's core.autocrlf) and the "
        "pack's .gitattributes don't keep them (-text, eol=crlf): the index differs from an LF "
        "checkout's, and a deploy of either refuses the other's block version."
    ),
    "template-normalization": "A templateFile differs from the file on disk only in Unicode "
    "normalization (NFC, NFD).",
    "liquid-syntax": (
        "A prompt template does not parse as the runtime's liquidjs parses it at publish "
        "(unknown tags included)."
    ),
    "liquid-unknown-filter": (
        "A template uses a filter the runtime's Liquid does not have: a publish refuses it "
        "(strictFilters)."
    ),
    "liquid-partial": (
        "A template uses include, render or layout, which the runtime refuses at any depth: "
        "a template is rendered on its own."
    ),
    "prompt-blank-template": "A prompt template is empty or only white space.",
    "template-too-long": (
        "A prompt template, or an agent's instructions, is longer than the target profile "
        "parses (Kindgi hosted: 262,144 UTF-16 units)."
    ),
    "liquid-unknown-variable": "A template reads a variable that is no parameter and not settings.",
    "settings-unknown-block": 'A template reads settings["x"] and the pack brings no settings x.',
    "settings-unknown-key": "A template reads a settings key that no version of that block has.",
    "settings-schema": (
        "A settings schema is not valid Draft 2020-12, is too large or too deep for the "
        "target profile, or the runtime's Ajv (strict mode; patterns on RE2 hosted) refuses "
        "to compile it; or a pattern is too large for the build to check: counts adding more "
        "than 10,000 items to it as written, groups nested more than 5,000 deep."
    ),
    "settings-ref": "A settings schema $ref leaves the schema, points to nothing, or loops.",
    "settings-values": (
        "Settings values do not satisfy their (own or inherited) schema, or the runtime's Ajv "
        "throws checking them (self-hosted: uniqueItems over objects with their own valueOf "
        "or toString key)."
    ),
    "settings-pattern-timeout": (
        "A settings schema pattern backtracks too long on a value (hosted: its work on RE2, "
        "counted, passes one match's or the check's share)."
    ),
    "settings-values-timeout": "Checking settings values against their schema takes too long.",
    "hosted-profile": (
        "No target is set, and Kindgi hosted (the hosted profile) refuses what a self-hosted "
        "runtime takes: set the hook option target."
    ),
    # --- primitives ---
    "module-not-file": "A path a code glob matched is not a module file of the pack (a folder, "
    "a broken link, a link leading outside the pack).",
    "sdk-missing": (
        "The pack has code modules but the Python that indexes them (the build environment's, "
        "the command line's, or pre-commit's for the hook) cannot import kindgi."
    ),
    "import-timeout": "Indexing the pack's code took longer than import-timeout; it was stopped.",
    "module-import": "A code module fails to import: it raises, exits, or kills the indexer.",
    "module-no-primitives": "A code module defines no primitive (a helper's name starts with _).",
    "module-kind-mismatch": "A module under one kind's folder defines a primitive of another kind.",
    "primitive-invalid": "The kindgi SDK refuses a primitive a module declares.",
    "check-id-unprefixed": "A guardrail's check id does not start with the pack's id (kindgi).",
    "indexer-refused": "The kindgi indexer refuses the pack as a whole.",
    "indexer-failed": "The kindgi indexer ended without an outcome or an index.",
    "sdk-file-error": "A per-file error of the kindgi indexer that hatch-kindgi has no code for.",
    "sdk-warning": "A warning of the kindgi indexer that hatch-kindgi has no code for.",
    # --- primitives, as the runtime checks them ---
    # tools and guardrails (primitives/tools.py, primitives/guardrails.py)
    "tool-manifest": (
        "A tool entry the deploy refuses: it doesn't satisfy the runtime's tool.schema.json "
        "(a prerelease version, an unknown effect kind or sandbox, a network allowlist's "
        "hosts, limits), in Ajv's words."
    ),
    "tool-id": 'A tool id starting with "kindgi_", the prefix of the tools built into Kindgi.',
    "tool-schema": (
        "A tool's input or output schema the deploy refuses: it doesn't compile as a pack "
        "tool's (Draft 2020-12, Ajv strict: an unknown keyword or format, a JavaScript "
        "pattern that doesn't compile, a required name not in properties)."
    ),
    "tool-needs-spec": (
        "A tool's needsSpec.secrets or needsSpec.env schema that doesn't compile, or an env "
        "default that is no string (the deploy refuses the tool)."
    ),
    "tool-url-template": (
        "An http tool's urlTemplate without a scheme and host, or with a {placeholder} in its "
        "host or port (the deploy refuses the tool)."
    ),
    "tool-metadata": 'A tool metadata key under "kindgi.", the runtime\'s own.',
    "tool-input-defaults": (
        "Every call of the tool fails: its input has a default inside anyOf or oneOf, which "
        "the runtime's useDefaults compile refuses (an optional pydantic model with defaults)."
    ),
    "guardrail-spec": (
        "A guardrail entry the deploy refuses: it doesn't satisfy the runtime's "
        "guardrail.schema.json (a severity other than info, warn, error, critical; an action "
        "or scope key it doesn't have; limits), in Ajv's words."
    ),
    "guardrail-builtin-config": (
        "A guardrail naming a built-in check whose config that check refuses (its settings, "
        "a regular expression that doesn't compile): the deploy refuses it."
    ),
    "guardrail-config": (
        "Every call of a guardrail's check fails: its config doesn't fit its own configSchema "
        "(as the pack service checks it), in the runtime's words."
    ),
    "guardrail-config-schema": "A guardrail's configSchema doesn't compile: every call of its "
    "check fails.",
    "guardrail-config-pattern-timeout": "A configSchema pattern takes too long on the config.",
    "guardrail-config-timeout": "Checking a guardrail's config against its configSchema takes "
    "too long.",
    "guardrail-judge-capabilities": (
        "An llm-judge guardrail without judgeCapabilities: every evaluation fails (the kindgi "
        "SDK 0.1.x can't declare them)."
    ),
    # agents and flows (primitives/agents.py, primitives/flows.py)
    "agent-shape": (
        "An agent entry the deploy refuses: its id, version (semver, no +build), name, "
        "instructions (a non-empty string or a prompt block), capabilities, tools or output "
        "is not of the shape the deploy takes, in its words."
    ),
    "agent-instructions-liquid": (
        "An agent's instructions the deploy refuses: they don't parse as the runtime's "
        "templateProblem parses them (liquidjs), in its words."
    ),
    "agent-output-schema": (
        "An agent's output.schema the deploy refuses: it doesn't compile as an inline schema "
        "(Draft 2020-12, Ajv strict), in Ajv's words."
    ),
    "agent-define": (
        "What only a TypeScript pack's build refuses (defineAgent): budget, capabilities, "
        "retrieval, memory, hitl, parameters, toolErrors, output; the deploy leaves it to the "
        "runtime at dispatch (an error with strict)."
    ),
    "agent-auto-close": (
        "An agent sets conversationPolicy.autoCloseAfterInactiveSeconds, which the runtime "
        "refuses: a conversation closes only when someone closes it."
    ),
    "flow-shape": (
        "A flow entry the deploy refuses: its id, version (semver, no +build), nodes or edges "
        "is not of the shape the deploy takes, in its words."
    ),
    "flow-schema": (
        "A flow's inline schema (a loop's, subgraph's or fanout branch's outputSchema, its "
        "output.schema) the deploy refuses: it doesn't compile (Draft 2020-12, Ajv strict)."
    ),
    "flow-load": (
        "Every run of the flow fails: loadFlow refuses it (a cycle, an edge or mapping to an "
        "unknown node, a reserved or duplicate id, an edge policy, a loop, fanout or subgraph "
        "the runtime can't run), in its words; a warning for a flow nesting loops too deep to "
        "check."
    ),
    # --- checks ---
    "guardrail-at": "A guardrail's at is not one of its check's checkPoints.",
    "agent-block-ref": "An agent's prompt, settings or modelSettings reference is misshapen.",
    "agent-version-range": "A version an agent names is not an npm-style range.",
    "agent-block-missing": "An agent names a block the pack does not bring (a runtime must).",
    "agent-block-kind": "An agent names a block the pack brings only as the other kind.",
    "agent-block-version": "No version of a block the pack brings satisfies the agent's range.",
    "model-settings-value": (
        "A model-settings value the runtime refuses (temperature 0-2, maxOutputTokens >= 1, "
        "a thinking level, no other key), in its words."
    ),
    "model-settings-model": "A model named in both the model-settings block and the agent.",
    "agent-tool-version": "No version of a tool the pack brings satisfies the agent's range.",
    # --- what the code reads ---
    "read-settings-block": (
        "A tool reads ctx.settings[id] of a block a calling agent doesn't pin (a flow's call "
        "gets none), or that neither the pack brings (a block with errors of its own is "
        "brought: its errors are its file's) nor an agent pins: KeyError on every such call "
        "(a warning for .get: always the default)."
    ),
    "read-settings-key": (
        "A tool reads a key of a settings block that the pinned version's values lack: "
        "KeyError on every call (a warning for a .get of a key the block's schema doesn't "
        "declare: always the default)."
    ),
    "read-tool-env": (
        "A tool reads ctx.env[name] of a name its needs_spec doesn't declare: KeyError on "
        "every call (a warning for .get: always the default)."
    ),
    "read-tool-secret": (
        "A tool reads ctx.secrets[name] of a secret its needs_spec doesn't declare (an "
        "error; a warning for .get), or by subscript one that is optional (a warning: "
        "KeyError when it isn't set)."
    ),
    "read-environ": (
        "Pack code reads os.environ[name] of a name [tool.kindgi.env] doesn't declare and the "
        "pack service drops: KeyError in every deploy (a warning for .get and os.getenv: "
        "always the default; and for a subscript of an optional name)."
    ),
    # --- the wheel (a pack inside a Python app) ---
    "wheel-path-taken": "A file the pack adds to the wheel (its code, its index.json) would "
    "take a path the project's own wheel ships, or hide one of its files (never replaced).",
    # --- against an earlier release ---
    "version-reused": "A version the reference has, with other content (a deploy refuses it).",
    "version-lower": "The newest version of an id is lower than the newest at the reference.",
    "agent-range-dropped": "An agent's range took a version the pack brought at the reference, "
    "and the pack no longer brings that block or tool.",
    "against-unknown-ref": "The reference is no git revision here, a missing file, or a folder.",
    "against-no-git": "The reference is a git revision, but the pack is not in a git repository.",
    "against-git": "git cannot read the pack folder at the reference (a partial clone, a timeout).",
    "against-index": "The reference index.json is not a pack index (or unreadable, or too large).",
    "against-wheel": "The reference wheel is not a zip file, or holds no `<package>/index.json`.",
    # --- render (`hatch-kindgi render`) ---
    "render-parameter": "A --param value is not of its parameter's type, or a required "
    "parameter has no value.",
    "render-undefined": "Rendering read something undefined: a parameter without a value, "
    "a settings block or key the render doesn't have, any other variable.",
    "render-filter": "A filter failed on its input or arguments while rendering.",
    "render-error": (
        "Rendering failed otherwise: a type error, a limit reached, a template liquidjs "
        "takes that the render can't read."
    ),
    "render-no-prompt": "The prompt block an agent's instructions name has no version in "
    "this pack that its range takes.",
}

_SECTION = re.compile(r"^\s*# --- (?P<name>.+?) ---$", re.MULTILINE)


def problems_markdown() -> str:
    """docs/problems.md, generated from this registry (the test suite keeps them equal)."""
    lines = [
        "# Problem codes",
        "",
        "Every problem hatch-kindgi reports carries one of these codes. They are stable: a code",
        "is never reused for another meaning. This page is generated from",
        "`src/hatch_kindgi/report/codes.py` by",
        "`python -m hatch_kindgi.report.codes > docs/problems.md`.",
        "",
        "A report line reads `FILE[:LINE:COL]: SEVERITY[CODE]: [POINTER: ]MESSAGE`, with what the",
        "pack wrote in it escaped and shortened (see `docs/command-line.md`). Most codes are",
        "errors; `liquid-unknown-variable`, `settings-unknown-block`, `settings-unknown-key`,",
        "`agent-block-missing`, `check-id-unprefixed`, `sdk-warning`, `pin-not-reproducible`,",
        "`version-lower`, `agent-range-dropped`, `hosted-profile`, `template-line-ends` and an",
        "unknown top-level `[tool.kindgi]` key are warnings, which fail the build only with",
        "`strict = true`.",
    ]
    for name, codes in sections():
        lines += ["", f"## {name}", ""]
        lines += ["| code | meaning |", "| --- | --- |"]
        lines += [f'| <a id="{code}"></a>`{code}` | {CODES[code]} |' for code in codes]
    return "\n".join(lines) + "\n"


def sections() -> list[tuple[str, tuple[str, ...]]]:
    """The registry's sections in order: each heading (capitalized, as docs/problems.md
    shows it) with its codes, for every section that has codes."""
    source = Path(__file__).read_text("utf-8")
    found = list(_SECTION.finditer(source))
    result: list[tuple[str, tuple[str, ...]]] = []
    for index, section in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(source)
        codes = re.findall(r'^\s*"([a-z0-9-]+)":', source[section.end() : end], re.MULTILINE)
        if codes:
            name = section.group("name")
            result.append((f"{name[0].upper()}{name[1:]}", tuple(codes)))
    return result


if __name__ == "__main__":
    import sys

    sys.stdout.write(problems_markdown())
