// The Kindgi runtime's verdicts, from its own engines (pinned in package.json beside this file):
// the test oracle for hatch_kindgi's settings checks (Ajv) and templates (liquidjs).
//
// Each operation does what the runtime's source does (kindgi/kindgi-sdk):
// - "settings": packages/schema/src/registry.ts compileInlineSchema, then
//   packages/agents/src/blocks.ts settingsSchemaIssues: Ajv2020 with strict, allErrors and
//   allowUnionTypes, every ajv-formats format, the x-kindgi-tunable keyword; a compile failure
//   is one issue at /content/schema, each validation error one at /content/values<instancePath>.
//   With "strict": false, the same without strict mode: how Ajv words value failures under a
//   schema its strict mode would refuse (the words don't depend on it).
// - "parse": blocks.ts promptIssues: a template must be a non-empty string after trimming and
//   `new Liquid().parse(template)` must not throw.
// - "regex": a pattern as Ajv compiles it, `new RegExp(pattern, "u")`, and whether it matches.
// - "render": packages/agents/src/prompt.ts: `new Liquid({ strictVariables: true,
//   strictFilters: true })` renders the template with the given data.
// - "filters": the names of the filters liquidjs has (`new Liquid().filters`), sorted.
// - "formats": each [name, value] of `cases` decided by ajv-formats' own fullFormats (its
//   regular expression or validate function), as Ajv calls them on a value of the right type.
//
// The process runs in UTC, as a run does (the runtime stamps `today` and `now` at UTC), so
// liquidjs's date filters print UTC.
//
// Protocol: every line of stdin is one JSON request {"op": ..., ...}; for each, one line of
// stdout, a JSON answer (ASCII-escaped). The process serves lines until stdin closes.

process.env.TZ = "UTC";

import { createInterface } from "node:readline";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default ?? require("ajv-formats");
const { Liquid } = require("liquidjs");

function compileInline(schema, strict = true) {
  const ajv = new Ajv2020({ strict, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addKeyword("x-kindgi-tunable");
  return ajv.compile(schema);
}

function settings({ schema, values, strict = true }) {
  let validate;
  try {
    validate = compileInline(schema, strict);
  } catch (cause) {
    const message = `Inline schema failed to compile: ${cause?.message ?? String(cause)}`;
    return { compiled: false, issues: [{ path: "/content/schema", message }] };
  }
  let valid;
  try {
    valid = validate(values);
  } catch (cause) {
    // e.g. a $ref loop: the runtime's validateBlock would throw; no verdict of Ajv's own
    const message = `validation threw: ${cause?.message ?? String(cause)}`;
    return { compiled: true, threw: true, issues: [{ path: "/content/values", message }] };
  }
  if (valid) return { compiled: true, issues: [] };
  return {
    compiled: true,
    issues: (validate.errors ?? []).map((e) => ({
      path: `/content/values${e.instancePath ?? ""}`,
      message: e.message ?? "invalid",
      keyword: e.keyword,
      params: e.params,
      schemaPath: e.schemaPath,
    })),
  };
}

function parse({ template }) {
  if (typeof template !== "string" || template.trim().length === 0) {
    return { ok: false, message: "template must be a non-empty string" };
  }
  try {
    new Liquid().parse(template);
    return { ok: true };
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    return { ok: false, message: `template isn't valid Liquid: ${message}` };
  }
}

function render({ template, data }) {
  const engine = new Liquid({ strictVariables: true, strictFilters: true });
  try {
    return { ok: true, text: engine.parseAndRenderSync(template, data ?? {}) };
  } catch (cause) {
    return { ok: false, message: cause instanceof Error ? cause.message : String(cause) };
  }
}

function filters() {
  return { names: Object.keys(new Liquid().filters).sort() };
}

const { fullFormats } = require("ajv-formats/dist/formats");

function formats({ cases }) {
  return {
    verdicts: cases.map(([name, value]) => {
      const format = fullFormats[name];
      const check = format instanceof RegExp || typeof format !== "object" ? format : format.validate;
      if (check === true) return true;
      return check instanceof RegExp ? check.test(value) : Boolean(check(value));
    }),
  };
}

// "regex": a `pattern` as Ajv compiles it (ajv/dist/vocabularies/code.js usePattern:
// `new RegExp(pattern, "u")`, unicodeRegExp being on by default), tested on each of `texts`.
function regex({ pattern, flags, texts }) {
  let compiled;
  try {
    compiled = new RegExp(pattern, flags ?? "u");
  } catch (cause) {
    return { compiled: false, message: cause instanceof Error ? cause.message : String(cause) };
  }
  return { compiled: true, matches: (texts ?? []).map((text) => compiled.test(text)) };
}

const OPERATIONS = { settings, parse, render, filters, formats, regex };

function answer(line) {
  try {
    const request = JSON.parse(line);
    const operation = OPERATIONS[request.op];
    if (operation === undefined) return { error: `unknown op ${JSON.stringify(request.op)}` };
    return operation(request);
  } catch (cause) {
    return { error: String(cause?.stack ?? cause) };
  }
}

function ascii(text) {
  return text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  process.stdout.write(ascii(JSON.stringify(answer(line))) + "\n");
}
