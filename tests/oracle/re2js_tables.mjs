// re2js's own Unicode tables, as the hosted profile's patterns read them: written to stdout as
// the JSON of src/hatch_kindgi/engines/re2/unicode.json (tests/oracle/re2js_tables.py runs it,
// and tests/unit/engines/re2/test_tables.py holds the file equal to what it writes).
//
//   node re2js_tables.mjs <node_modules>
//
// <node_modules> is kindgi-cli's: its re2js (the build the runtime's @kindgi/bounds imports).
// re2js exports neither its tables nor its parser, so a copy of its build with one export line
// added is imported from a temporary file. What is written: re2js's version, and for each of the
// 56 names both V8 (`u` mode) and re2js take in `\p{…}` (every name the hosted profile accepts),
// the table re2js's parser uses (its code points as inclusive [lo, hi] ranges, flattened), the
// table it adds under case folding, and the sign (Assigned is the negation of its table); then
// the case orbit (each code point of an orbit of more than two, to the next), flattened pairs.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [NODE_MODULES] = process.argv.slice(2);
if (NODE_MODULES === undefined) throw new Error("usage: node re2js_tables.mjs <node_modules>");
const version = JSON.parse(readFileSync(`${NODE_MODULES}/re2js/package.json`, "utf8")).version;
const copy = join(tmpdir(), `re2js-tables-${process.pid}.mjs`);
writeFileSync(
  copy,
  `${readFileSync(`${NODE_MODULES}/re2js/build/index.js`, "utf8")}\nexport { UnicodeTables as __tables, Parser as __parser };\n`,
);
let imported;
try {
  imported = await import(copy);
} finally {
  rmSync(copy);
}
const { __tables: tables, __parser: parser } = imported;

const NAMES = [
  ..."C Cc Cf Cn Co Cs L LC Ll Lm Lo Lt Lu M Mc Me Mn N Nd Nl No P Pc Pd Pe Pf Pi Po Ps S Sc Sk Sm So Z Zl Zp Zs".split(" "),
  ..."ASCII_Hex_Digit Alphabetic Dash Emoji Emoji_Component Emoji_Modifier Emoji_Modifier_Base".split(" "),
  ..."Emoji_Presentation Extended_Pictographic Hex_Digit Lowercase Math Quotation_Mark".split(" "),
  ..."Terminal_Punctuation Uppercase White_Space Any Assigned".split(" "),
];

function ranges(table) {
  const out = [];
  for (let i = 0; i < table.length; i += 1) {
    const lo = table.getLo(i);
    const hi = table.getHi(i);
    const stride = table.getStride(i);
    for (let r = lo; r <= hi; r += stride) {
      if (out.length > 0 && out[out.length - 1] + 1 === r) out[out.length - 1] = r;
      else out.push(r, r);
    }
  }
  return out;
}

const written = { re2js: version, tables: {}, folds: {}, signs: {} };
for (const name of NAMES) {
  const found = parser.unicodeTable(name);
  if (found === null) throw new Error(`re2js has no table ${name}`);
  written.tables[name] = ranges(found.tab);
  written.folds[name] = found.fold ? ranges(found.fold) : null;
  written.signs[name] = found.sign;
}
written.orbit = [...tables.CASE_ORBIT.entries()].flat();
process.stdout.write(`${JSON.stringify(written)}\n`);
