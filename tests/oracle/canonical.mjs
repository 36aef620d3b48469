// Canonical JSON as JavaScript itself writes it: the oracle for hatch_kindgi.index.canonical.
//
// Protocol: every line of stdin is a JSON array of values (ASCII-only, so lone surrogates
// arrive as \udxxx escapes); for each line, one line on stdout: a JSON array with, for each
// value, JSON.stringify(sortKeysDeep(value), null, 2) + "\n", escaped to ASCII. If a line
// fails, its answer is {"error": "..."} instead. The process serves lines until stdin closes.
//
// Strings, numbers and keys are written by JSON.stringify and keys sorted by Array#sort, so
// those are JavaScript's own. The layout is assembled here, because JavaScript enumerates
// array-index keys ("9", "10") first, in numeric order, whatever order they were added in:
// JSON.stringify cannot write {"10": 1, "9": 2}, which the index format (keys in code-unit
// order at every level) requires. Wherever the two agree, which JavaScript itself decides,
// the assembled text is checked against JSON.stringify(sortKeysDeep(value), null, 2).

import { createInterface } from "node:readline";

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// A copy with keys added in sorted order at every level, and whether JavaScript kept that
// order everywhere. Null-prototype objects so that a "__proto__" key stays a key.
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
    const enumerated = Object.keys(copy);
    kept &&= enumerated.every((key, i) => key === keys[i]);
    return [copy, kept];
  }
  return [value, true];
}

function write(value, indent) {
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const items = value.map((item) => inner + write(item, inner));
    return "[\n" + items.join(",\n") + "\n" + indent + "]";
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    if (keys.length === 0) return "{}";
    const items = keys.map((key) => inner + JSON.stringify(key) + ": " + write(value[key], inner));
    return "{\n" + items.join(",\n") + "\n" + indent + "}";
  }
  return JSON.stringify(value);
}

function canonical(value) {
  const text = write(value, "") + "\n";
  const [sorted, kept] = sortKeysDeep(value);
  if (kept) {
    const native = JSON.stringify(sorted, null, 2) + "\n";
    if (native !== text) {
      throw new Error(`oracle disagrees with JSON.stringify: ${JSON.stringify([native, text])}`);
    }
  }
  return text;
}

function ascii(json) {
  return json.replace(/[\u007f-\uffff]/g, (unit) => "\\u" + unit.charCodeAt(0).toString(16).padStart(4, "0"));
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === "") continue;
  let answer;
  try {
    answer = JSON.parse(line).map(canonical);
  } catch (error) {
    answer = { error: String(error && error.stack ? error.stack : error) };
  }
  process.stdout.write(ascii(JSON.stringify(answer)) + "\n");
}
