// The Kindgi runtime's own functions, as kindgi-cli ships them, answering line-delimited JSON:
// the oracle of hatch_kindgi's tests (tests/oracle/shipped.py starts and talks to it).
//
//   node shipped.mjs <node_modules> <profile>
//
// <node_modules> is kindgi-cli's (kindgi_cli/_cli/node_modules): every function below is imported
// from there, the `@kindgi/*` packages' compiled `dist/` and the engines beside them (ajv,
// ajv-formats, liquidjs, re2js), never a copy of ours. <profile> is `self-hosted` or `hosted`: the
// tenant input bounds the process sets once, first, as a runtime does at boot
// (`configureTenantInputBounds(SELF_HOSTED_BOUNDS | HOSTED_BOUNDS)`, @kindgi/bounds). Everything
// runs outside any tenant's scope, so no compile or render budget counts (a deploy excepted: it
// runs as a fresh tenant each time, as its route does, see `deploy`).
//
// Protocol: each line of stdin is one JSON request `{"op": NAME, ...}`; for each, one line of
// stdout, `{"ok": true, "value": ...}` or `{"ok": false, "error": "..."}` for a fault of the
// oracle itself (an unknown op, a function that threw), escaped to ASCII. What a function returns
// is sent as plain JSON (`plain`): an Error as `{name, message}`, a function left out, a cycle cut.
// A key left out of a request is `undefined` to the function it's passed to; a JSON null is null.
// The process serves lines until stdin closes. It runs in UTC, as a run stamps `today`/`now`.

process.env.TZ = "UTC";

import { createHash, generateKeyPairSync, randomUUID, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const [NODE_MODULES, PROFILE = "self-hosted"] = process.argv.slice(2);
if (NODE_MODULES === undefined) throw new Error("usage: node shipped.mjs <node_modules> [profile]");
const require = createRequire(`${NODE_MODULES}/`);
const dist = (name, file = "index.js") => import(`${NODE_MODULES}/@kindgi/${name}/dist/${file}`);

// ---- boot: the bounds first, once ----
const bounds = await dist("bounds");
const PROFILES = { "self-hosted": bounds.SELF_HOSTED_BOUNDS, hosted: bounds.HOSTED_BOUNDS };
if (!(PROFILE in PROFILES)) throw new Error(`unknown profile ${JSON.stringify(PROFILE)}`);
bounds.configureTenantInputBounds(PROFILES[PROFILE]);

// Each package loaded on first use (@kindgi/agents takes about a second).
const loaded = new Map();
function lazy(name, file) {
  const key = `${name}/${file ?? "index.js"}`;
  if (!loaded.has(key)) loaded.set(key, dist(name, file));
  return loaded.get(key);
}

// ---- plain JSON of what a function returns ----
function plain(value, seen = new Set()) {
  if (value === undefined || typeof value === "function" || typeof value === "symbol") return undefined;
  if (typeof value === "bigint") return String(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value !== "object") return value;
  if (seen.has(value)) return "[cycle]";
  seen.add(value);
  try {
    if (value instanceof Error) {
      const out = { name: value.name, message: value.message };
      for (const [k, v] of Object.entries(value)) out[k] = plain(v, seen);
      return out;
    }
    if (value instanceof RegExp) return String(value);
    if (Array.isArray(value)) return value.map((item) => plain(item, seen) ?? null);
    if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v, seen)]));
    if (value instanceof Set) return [...value].map((item) => plain(item, seen));
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      const p = plain(v, seen);
      if (p !== undefined) out[k] = p;
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

const messageOf = (cause) => (cause instanceof Error ? cause.message : String(cause));

// ---- canonical index bytes: JSON.stringify's strings, numbers and keys ----
// Keys in code-unit order at every level. JavaScript enumerates array-index keys ("9", "10")
// first whatever order they were added in, so JSON.stringify can't write {"10": 1, "9": 2}; the
// layout is assembled here and, wherever JavaScript keeps the sorted order, checked against
// JSON.stringify(sortKeysDeep(value), null, 2) itself.
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function sortKeysDeep(value) {
  if (Array.isArray(value)) {
    let kept = true;
    const copy = value.map((item) => {
      const [sorted, itemKept] = sortKeysDeep(item);
      kept &&= itemKept;
      return sorted;
    });
    return [copy, kept];
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    const copy = Object.create(null);
    let kept = true;
    for (const key of keys) {
      const [sorted, childKept] = sortKeysDeep(value[key]);
      kept &&= childKept;
      copy[key] = sorted;
    }
    kept &&= Object.keys(copy).every((key, i) => key === keys[i]);
    return [copy, kept];
  }
  return [value, true];
}

function layout(value, indent) {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => inner + layout(item, inner)).join(",\n")}\n${indent}]`;
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    if (keys.length === 0) return "{}";
    const items = keys.map((key) => `${inner}${JSON.stringify(key)}: ${layout(value[key], inner)}`);
    return `{\n${items.join(",\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function canonicalOne(value) {
  const text = `${layout(value, "")}\n`;
  const [sorted, kept] = sortKeysDeep(value);
  if (kept) {
    const native = `${JSON.stringify(sorted, null, 2)}\n`;
    if (native !== text) throw new Error(`layout disagrees with JSON.stringify: ${JSON.stringify([native, text])}`);
  }
  return text;
}

// ---- the deploy route (@kindgi/api src/routes/deployments.ts), for real ----
// A signed deployment request through the shipped `deploymentsRouter`, with in-memory bindings:
// a trust list that trusts our one key, and an image registry whose one image holds the index
// bytes given. The route verifies the signature and the index hash, reads the index as the
// image's, `resolvePackEnv`s its env, then runs `validatePrimitives` (not exported) on it. Past
// validation, the route needs a project binding this app doesn't wire (a deploy bringing
// primitives is then answered 500 "requires projectBinding"), or writes to the deployment
// registry, which answers with a marker: both mean validation passed.
let deployApp;
const KEY = generateKeyPairSync("ed25519");
const PUBLIC_PEM = KEY.publicKey.export({ type: "spki", format: "pem" });
const REACHED_REGISTRY = "oracle: the deploy reached the deployment registry";

async function deployRouter() {
  if (deployApp !== undefined) return deployApp;
  const [{ deploymentsRouter }, { Hono }] = await Promise.all([
    lazy("api", "routes/deployments.js"),
    import(`${NODE_MODULES}/hono/dist/index.js`),
  ]);
  const images = new Map();
  const reached = () => {
    throw new Error(REACHED_REGISTRY);
  };
  const deploymentRegistry = new Proxy({}, { get: () => reached });
  const router = deploymentsRouter({
    deploymentRegistry,
    signingKeyRegistry: { isTrusted: async () => ({ kind: "ok", value: true }) },
    imageRegistry: {
      head: async ({ imageRef }) => ({ kind: "ok", value: { digest: imageRef.slice(imageRef.lastIndexOf("@") + 1) } }),
      extractFile: async ({ imageRef, path }) => {
        const bytes = images.get(imageRef);
        if (bytes === undefined || path !== "/app/index.json") {
          return { kind: "err", error: { code: "image-file-not-found", message: `no ${path}` } };
        }
        return { kind: "ok", value: { bytes, sha256: createHash("sha256").update(bytes).digest("hex") } };
      },
      push: reached,
    },
  });
  const quiet = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet };
  const app = new Hono();
  app.use("*", async (c, next) => {
    c.set("requestId", randomUUID());
    c.set("tenantId", c.req.header("x-oracle-tenant"));
    c.set("log", quiet);
    await next();
  });
  app.route("/deployments", router);
  app.onError((error, c) =>
    c.json({ oracle: error.message === REACHED_REGISTRY ? "reached-registry" : "threw", message: messageOf(error) }, 599),
  );
  deployApp = { app, images };
  return deployApp;
}

async function deploy({ index, indexBase64, artifactVersion, publishedAt = "2026-01-01T00:00:00Z" }) {
  const { app, images } = await deployRouter();
  const bytes = indexBase64 !== undefined ? Buffer.from(indexBase64, "base64") : Buffer.from(JSON.stringify(index), "utf8");
  const version = artifactVersion ?? (isObject(index) && typeof index.artifactVersion === "string" ? index.artifactVersion : "20260101.1");
  const digest = `sha256:${createHash("sha256").update(bytes).update(randomUUID()).digest("hex")}`;
  const imageRef = `registry.oracle.invalid/pack@${digest}`;
  images.set(imageRef, new Uint8Array(bytes));
  const tenantId = randomUUID();
  const indexHash = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
  const { canonicalizeEnvelope } = await lazy("api", "deployment-envelope.js");
  const envelope = canonicalizeEnvelope({ imageDigest: digest, artifactVersion: version, indexHash, tenantId, publishedAt });
  const body = {
    imageRef,
    artifactVersion: version,
    indexHash,
    signerKeyId: "oracle-key",
    signerPublicKey: PUBLIC_PEM,
    signature: sign(null, Buffer.from(envelope), KEY.privateKey).toString("base64"),
    publishedAt,
  };
  try {
    const response = await app.request("/deployments", {
      method: "POST",
      headers: { "content-type": "application/json", "x-oracle-tenant": tenantId },
      body: JSON.stringify(body),
    });
    const answer = await response.json();
    const passed =
      answer.oracle === "reached-registry" ||
      (response.status === 500 && /requires projectBinding/.test(answer?.error?.message ?? answer?.message ?? ""));
    return { status: response.status, passedValidation: passed, body: answer };
  } finally {
    images.delete(imageRef);
  }
}

// ---- the operations ----
const liquid = () => lazy("agents", "liquid.js");
const agents = () => lazy("agents");
const schema = () => lazy("schema");

const OPERATIONS = {
  // what this process is
  async about() {
    const version = (name) => JSON.parse(readFileSync(`${NODE_MODULES}/${name}/package.json`, "utf8")).version;
    return {
      node: process.version,
      profile: PROFILE,
      bounds: bounds.tenantInputBounds(),
      versions: Object.fromEntries(
        ["@kindgi/agents", "@kindgi/api", "@kindgi/schema", "@kindgi/bounds", "ajv", "ajv-formats", "liquidjs", "re2js"].map(
          (name) => [name, version(name)],
        ),
      ),
    };
  },
  canonical: ({ values }) => values.map(canonicalOne),
  stringify: ({ value, indent }) => JSON.stringify(value, null, indent),

  // blocks (@kindgi/agents blocks.ts, liquid.ts, define.ts)
  validateBlock: async ({ block }) => (await agents()).validateBlock(block),
  // Each block file's text as a publish reads it (JSON.parse), then validateBlock.
  validateBlockTexts: async ({ texts }) => {
    const { validateBlock } = await agents();
    return texts.map((text) => validateBlock(JSON.parse(text)));
  },
  templateProblem: async ({ template }) => (await liquid()).templateProblem(template) ?? null,
  async render({ template, data }) {
    const { renderTenantTemplate } = await liquid();
    try {
      return { ok: true, text: renderTenantTemplate(template, data ?? {}) };
    } catch (cause) {
      const { renderFailure } = await lazy("agents", "prompt.js");
      return { ok: false, message: messageOf(cause), failure: renderFailure(cause) };
    }
  },
  filters: async () => Object.keys((await liquid()).tenantLiquid().filters).sort(),
  compileInlineSchema: async ({ schema: s }) => {
    const compiled = (await schema()).compileInlineSchema(s);
    return compiled.kind === "ok" ? { compiled: true } : { compiled: false, error: compiled.error };
  },
  async validateInline({ schema: s, values }) {
    const compiled = (await schema()).compileInlineSchema(s);
    if (compiled.kind === "err") return { compiled: false, error: compiled.error };
    const checked = compiled.value.validate(values);
    return { compiled: true, valid: checked.kind === "ok", errors: checked.kind === "ok" ? [] : checked.error.errors };
  },
  settingsSchemaIssues: async ({ values, schema: s }) => (await agents()).settingsSchemaIssues(values, s),
  modelSettingsSchema: async () => (await agents()).MODEL_SETTINGS_SCHEMA,
  modelSettingsIssues: async ({ values }) => (await agents()).modelSettingsIssues(values),
  validatePromptParameters: async ({ parameters }) =>
    (await lazy("agents", "define.js")).validatePromptParameters(parameters),
  tunableKeys: async ({ schema: s }) => (await agents()).tunableKeys(s),

  // the settings check as tests/oracle/shipped.py's `settings` words it
  async settings({ schema: s, values, strict = true }) {
    const { compileInlineSchema, compileJsonSchema } = await schema();
    const failed = (cause) => ({
      compiled: false,
      issues: [{ path: "/content/schema", message: `Inline schema failed to compile: ${messageOf(cause)}` }],
    });
    let validate;
    if (strict) {
      const compiled = compileInlineSchema(s);
      if (compiled.kind === "err") return { compiled: false, issues: [{ path: "/content/schema", message: compiled.error.message }] };
      try {
        const issues = (await agents()).settingsSchemaIssues(values, s);
        return { compiled: true, issues };
      } catch (cause) {
        return { compiled: true, threw: true, issues: [{ path: "/content/values", message: `validation threw: ${messageOf(cause)}` }] };
      }
    }
    try {
      validate = compileJsonSchema(s, { dialects: ["2020-12"], strict: false });
    } catch (cause) {
      return failed(cause);
    }
    try {
      if (validate(values)) return { compiled: true, issues: [] };
    } catch (cause) {
      return { compiled: true, threw: true, issues: [{ path: "/content/values", message: `validation threw: ${messageOf(cause)}` }] };
    }
    return {
      compiled: true,
      issues: (validate.errors ?? []).map((e) => ({ path: `/content/values${e.instancePath ?? ""}`, message: e.message ?? "invalid" })),
    };
  },

  // formats as the runtime's Ajv applies them: through the shipped compile, one schema a format
  async formats({ cases }) {
    const { compileJsonSchema } = await schema();
    const { fullFormats } = require("ajv-formats/dist/formats");
    const NUMBER = new Set(["int32", "int64", "float", "double"]);
    return cases.map(([name, value]) => {
      if (!(name in fullFormats)) throw new Error(`ajv-formats has no format ${JSON.stringify(name)}`);
      const validate = compileJsonSchema({ type: NUMBER.has(name) ? "number" : "string", format: name }, { dialects: ["2020-12"] });
      return validate(value);
    });
  },
  formatNames: () => Object.keys(require("ajv-formats/dist/formats").fullFormats),

  // patterns: V8's RegExp, and the tenant pattern functions of @kindgi/bounds
  regex({ pattern, flags = "u", texts = [] }) {
    let compiled;
    try {
      compiled = new RegExp(pattern, flags);
    } catch (cause) {
      return { compiled: false, message: messageOf(cause) };
    }
    return { compiled: true, matches: texts.map((text) => compiled.test(text)) };
  },
  tenantPattern({ pattern, flags = "", texts = [], atMost }) {
    const compiled = bounds.compileTenantPattern(pattern, flags);
    if (compiled.kind === "refused") return { compiled: false, reason: compiled.reason };
    return {
      compiled: true,
      tests: texts.map((text) => compiled.pattern.test(text)),
      counts: texts.map((text) => compiled.pattern.count(text, atMost ?? undefined)),
    };
  },
  tenantPatternSyntaxProblem: ({ pattern, flags = "" }) => bounds.tenantPatternSyntaxProblem(pattern, flags) ?? null,

  // code primitives
  validateToolManifest: async ({ manifest }) => (await lazy("tools")).validateToolManifest(manifest),
  toolOptionalSecretNames: async ({ manifest }) => (await lazy("tools")).toolOptionalSecretNames(manifest),
  async toolInputCompile({ schema: s, transport = "pack" }) {
    // As invokeTool compiles a tool's input (@kindgi/tools invoke.ts): its schemaOptions, with useDefaults.
    const [{ schemaOptions }, { compileJsonSchema }] = await Promise.all([lazy("tools", "invoke.js"), schema()]);
    try {
      compileJsonSchema(s, { ...schemaOptions({ transport }), useDefaults: true });
      return { compiled: true };
    } catch (cause) {
      return { compiled: false, message: messageOf(cause) };
    }
  },
  async compileJsonSchema({ schema: s, options = {} }) {
    try {
      (await schema()).compileJsonSchema(s, options);
      return { compiled: true };
    } catch (cause) {
      return { compiled: false, message: messageOf(cause) };
    }
  },
  validateGuardrailSpec: async ({ spec }) => (await lazy("guardrails")).validateGuardrailSpec(spec),
  async checkConfigProblems({ checkId, config }) {
    const check = (await lazy("guardrails")).createCheckRegistry().get(checkId);
    if (check === undefined) return { builtIn: false, problems: [] };
    return { builtIn: true, problems: check.configProblems?.(config) ?? [], configSchema: check.configSchema };
  },
  guardrailConfigProblems: async ({ configSchema, config }) =>
    (await lazy("guardrails")).guardrailConfigProblems({ configSchema, config }),
  builtInChecks: async () => (await lazy("guardrails")).BUILT_IN_CHECK_IDS,
  guardrailSpecKeys: async () => (await lazy("guardrails")).GUARDRAIL_SPEC_KEYS,
  flowSchemaProblems: async ({ flow }) => (await lazy("flow")).flowSchemaProblems(flow),
  loadFlow: async ({ flow }) => {
    const loaded = (await lazy("flow")).loadFlow(flow);
    return loaded.kind === "ok" ? { kind: "ok" } : loaded;
  },
  defineAgent: async ({ spec }) => {
    const defined = (await agents()).defineAgent(spec);
    return defined.kind === "ok" ? { kind: "ok", value: defined.value } : defined;
  },
  resolvePackEnv: async ({ env }) => (await lazy("handler-runtime", "pack-env.js")).resolvePackEnv(env),
  deploy,
};

async function answer(line) {
  try {
    const request = JSON.parse(line);
    const operation = OPERATIONS[request.op];
    if (operation === undefined) return { ok: false, error: `unknown op ${JSON.stringify(request.op)}` };
    return { ok: true, value: plain(await operation(request)) ?? null };
  } catch (cause) {
    return { ok: false, error: String(cause?.stack ?? cause) };
  }
}

function ascii(text) {
  return text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  process.stdout.write(`${ascii(JSON.stringify(await answer(line)))}\n`);
}
