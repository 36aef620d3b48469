"""Blocks where the two profiles part: every difference between a self-hosted runtime and Kindgi
hosted that gives a block a verdict (issue 29's research, /work/notes/29-spec.md section 1),
as realistic settings and prompt blocks.

Patterns RE2 refuses (lookaround, backreferences, `[^]`, `[:`, `\\u`, repeats over 1,000 and
nested ones, long property names, `[\\b]`, `\\cJ`, group names, the length with Ajv's `u`);
values whose verdict flips on RE2 (`\\s`, `.`, `{01}`, Unicode 17) or on the fast formats; the
`format*` keywords; a schema's bytes, value count and depth; a template's length; the same
verdict in other words; and blocks both profiles take. Written by hand from the runtime's
documented behaviour, never from our code: each case's `expect` is what it was written to
show, and the tests check the runtime still shows it (`test_profiles.py`). The inputs of a few
hundred kilobytes are built here, not stored.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from tests.runtime_agreement.verdicts import Case

Expect = Literal["hosted-only-refuses", "self-hosted-only-refuses", "both-refuse", "both-take"]
HOSTED: Expect = "hosted-only-refuses"
SELF: Expect = "self-hosted-only-refuses"
BOTH_TAKE: Expect = "both-take"
BOTH_REFUSE: Expect = "both-refuse"


@dataclass(frozen=True)
class ProfileCase:
    """A block and the difference it shows: what the runtime is expected to say of it."""

    case: Case
    difference: str
    expect: Expect
    note: str = ""
    words_elsewhere: str = ""
    """Why the runtime's message for it can't be in our report, when it can't."""
    self_hosted_gap: str = ""
    """Why our self-hosted verdict differs from the self-hosted runtime's, when it does (a
    gap of the self-hosted mirror this corpus found, not a difference of the profiles)."""


CASES: list[ProfileCase] = []


def _add(  # noqa: PLR0917 (a case is a row: its fields in order)
    name: str,
    difference: str,
    expect: Expect,
    block: dict[str, Any],
    note: str,
    stricter: str,
    words_elsewhere: str = "",
    self_hosted_gap: str = "",
) -> None:
    case = Case(name, block, stricter=stricter or None)
    CASES.append(ProfileCase(case, difference, expect, note, words_elsewhere, self_hosted_gap))


def settings(  # noqa: PLR0917 (a case is a row: its fields in order)
    name: str,
    difference: str,
    expect: Expect,
    schema: dict[str, Any],
    values: dict[str, Any],
    note: str = "",
    *,
    stricter: str = "",
    words_elsewhere: str = "",
    self_hosted_gap: str = "",
) -> None:
    block = {
        "id": f"acme.{name}",
        "version": "1.0.0",
        "kind": "settings",
        "content": {"values": values, "schema": schema},
    }
    _add(name, difference, expect, block, note, stricter, words_elsewhere, self_hosted_gap)


def prompt(name: str, difference: str, expect: Expect, template: str, note: str = "") -> None:
    block: dict[str, Any] = {"id": f"acme.{name}", "version": "1.0.0", "kind": "prompt"}
    block["content"] = {"template": template}
    _add(name, difference, expect, block, note, "")


def obj(**properties: Any) -> dict[str, Any]:
    return {"type": "object", "properties": properties}


def string(**keywords: Any) -> dict[str, Any]:
    return {"type": "string", **keywords}


def padded(total: int, filler: str = "x") -> dict[str, Any]:
    """`{"type": "object", "description": ...}` of `total` bytes as JSON (whole fillers)."""
    base = {"type": "object", "description": ""}
    size = len(json.dumps(base, separators=(",", ":"), ensure_ascii=False).encode())
    unit = len(json.dumps(filler, ensure_ascii=False).encode()) - 2
    base["description"] = filler * ((total - size) // unit)
    return base


def nested(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = [value]
    return value


# ---- patterns RE2 refuses: the schema doesn't compile on hosted ----
settings(
    "feature-flags",
    "pattern.lookahead",
    HOSTED,
    {
        "type": "object",
        "patternProperties": {"^(?!_)[a-z][a-z0-9_]*$": {"type": "boolean"}},
        "additionalProperties": False,
    },
    {"dark_mode": True},
    "a patternProperties key with a negative lookahead",
)
settings(
    "sku-rules",
    "pattern.lookahead",
    HOSTED,
    obj(sku=string(pattern="^(?=.*\\d)[A-Z0-9]{6,12}$")),
    {"sku": "AB12CD"},
)
settings(
    "password-policy",
    "pattern.lookahead",
    HOSTED,
    obj(example=string(pattern="^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).{12,}$")),
    {"example": "Correct-Horse-9"},
)
settings(
    "price-format",
    "pattern.lookbehind",
    HOSTED,
    obj(price=string(pattern="(?<=\\$)\\d+(\\.\\d{2})?")),
    {"price": "$12.50"},
)
settings(
    "handle-rules",
    "pattern.lookbehind",
    HOSTED,
    obj(handle=string(pattern="^[a-z0-9._]+(?<!\\.)$")),
    {"handle": "jane.doe"},
)
settings(
    "doubled-letters",
    "pattern.backreference",
    HOSTED,
    obj(code=string(pattern="^(\\w)\\1$")),
    {"code": "aa"},
)
settings(
    "quoted-label",
    "pattern.backreference",
    HOSTED,
    obj(label=string(pattern="^(?<q>['\"]).*\\k<q>$")),
    {"label": "'hi'"},
)
settings(
    "any-char-class",
    "pattern.empty-class",
    HOSTED,
    obj(blob=string(pattern="^[^]*$")),
    {"blob": "a\nb"},
)
settings(
    "never-class",
    "pattern.empty-class",
    HOSTED,
    obj(x=string(pattern="[]")),
    {},
    "JavaScript's empty class never matches",
)
settings(
    "posix-class",
    "pattern.posix-class",
    HOSTED,
    obj(word=string(pattern="^[\\w.[:-]+$")),
    {"word": "a:b"},
    "`[:` inside a class: a POSIX class to RE2",
)
settings(
    "posix-class-u",
    "pattern.posix-class",
    BOTH_REFUSE,
    obj(word=string(pattern="^[[:alpha:]]+$")),
    {"word": "a"},
    "with Ajv's u flag V8 itself refuses the stray ]",
)
settings("no-nul", "pattern.u-escape", HOSTED, obj(text=string(pattern="^[^\\u0000]*$")), {})
settings(
    "emoji-only",
    "pattern.u-escape",
    HOSTED,
    obj(reaction=string(pattern="^[\\u{1F600}-\\u{1F64F}]$")),
    {"reaction": "😀"},
)
settings(
    "bio-length",
    "pattern.repeat-over-1000",
    HOSTED,
    obj(bio=string(pattern="^[\\s\\S]{1,4000}$")),
    {"bio": "Hello"},
)
settings(
    "long-digits", "pattern.repeat-over-1000", HOSTED, obj(n=string(pattern="^\\d{1001}$")), {}
)
settings(
    "hostname-pattern",
    "pattern.nested-repeat",
    HOSTED,
    obj(host=string(pattern="^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.){1,20}[a-z]{2,63}$")),
    {"host": "api.example.com"},
    "{0,61} inside {1,20}: 61 x 20 > 1000 (RE2 multiplies nested counts)",
)
settings(
    "labels-pattern",
    "pattern.nested-repeat",
    HOSTED,
    obj(path=string(pattern="^(?:/[a-z]{1,63}){1,20}$")),
    {"path": "/a/b"},
)
settings(
    "nested-ok",
    "pattern.nested-repeat",
    BOTH_TAKE,
    obj(path=string(pattern="^(?:/[a-z]{1,50}){1,20}$")),
    {"path": "/a/b"},
    "50 x 20 = 1000: at the limit, taken",
)
settings(
    "letters-long-name",
    "pattern.property-name",
    HOSTED,
    obj(name=string(pattern="^\\p{Letter}+$")),
    {"name": "Zoë"},
)
settings(
    "greek-script",
    "pattern.property-name",
    HOSTED,
    obj(word=string(pattern="^\\p{Script=Greek}+$")),
    {"word": "λόγος"},
)
settings(
    "general-category-long",
    "pattern.property-name",
    HOSTED,
    obj(word=string(pattern="^\\p{General_Category=Lu}")),
    {"word": "A"},
)
settings(
    "alpha-short-alias",
    "pattern.property-name",
    HOSTED,
    obj(word=string(pattern="^\\p{Alpha}+$")),
    {"word": "abc"},
    "V8 takes the alias Alpha; re2js knows only the long name Alphabetic",
)
settings(
    "alphabetic-long",
    "pattern.property-name",
    BOTH_TAKE,
    obj(word=string(pattern="^\\p{Alphabetic}+$")),
    {"word": "abc"},
)
settings(
    "ascii-property",
    "pattern.property-name",
    HOSTED,
    obj(word=string(pattern="^\\p{ASCII}+$")),
    {"word": "abc"},
)
settings(
    "emoji-property",
    "pattern.property-name",
    BOTH_TAKE,
    obj(r=string(pattern="^\\p{Emoji}$")),
    {"r": "😀"},
)
settings(
    "letters-short",
    "pattern.property-name",
    BOTH_TAKE,
    obj(name=string(pattern="^[\\p{L}\\p{M} .'-]{1,100}$")),
    {"name": "Zoë O'Brien"},
)
settings(
    "backspace-class",
    "pattern.class-backspace",
    HOSTED,
    obj(t=string(pattern="^[^\\b]*$")),
    {"t": "x"},
)
settings(
    "control-escape",
    "pattern.control-escape",
    HOSTED,
    obj(t=string(pattern="^[^\\cJ\\cM]*$")),
    {"t": "one line"},
)
settings(
    "group-name-accent",
    "pattern.group-name",
    HOSTED,
    obj(d=string(pattern="^(?<année>\\d{4})$")),
    {"d": "2026"},
)
settings(
    "group-name-dollar",
    "pattern.group-name",
    HOSTED,
    obj(d=string(pattern="^(?<$y>\\d{4})$")),
    {"d": "2026"},
)
settings(
    "group-name-ascii",
    "pattern.group-name",
    BOTH_TAKE,
    obj(d=string(pattern="^(?<year>\\d{4})-(?<month>\\d{2})$")),
    {"d": "2026-01"},
)
settings(
    "pattern-1023",
    "pattern.length",
    BOTH_TAKE,
    obj(x=string(pattern="^" + "a?" * 510 + "a$")),
    {"x": "aaa"},
    "1023 characters + Ajv's u flag = 1024",
)
settings(
    "pattern-1024",
    "pattern.length",
    HOSTED,
    obj(x=string(pattern="^" + "a?" * 511 + "$")),
    {"x": "aaa"},
    "1024 characters + u = 1025",
    words_elsewhere="the runtime's message quotes the 1024-character pattern: longer than a "
    "report line keeps (report.escape.MAX_TEXT), so the middle is left out",
)
settings(
    "pattern-astral-length",
    "pattern.length",
    HOSTED,
    obj(x=string(pattern="^(?:" + "😀|" * 340 + "x)$")),
    {"x": "x"},
    "the length counts UTF-16 units: each emoji is 2",
)
settings(
    "property-names-pattern",
    "pattern.lookahead",
    HOSTED,
    {"type": "object", "propertyNames": {"pattern": "^(?!x-)[a-z-]+$"}},
    {"accept-language": "en"},
)
settings(
    "defs-pattern",
    "pattern.backreference",
    HOSTED,
    {
        "$defs": {"code": string(pattern="^([A-Z])\\1[0-9]+$")},
        "type": "object",
        "properties": {"c": {"$ref": "#/$defs/code"}},
    },
    {"c": "AA1"},
    "inside $defs, reached through $ref",
)
settings(
    "anyof-pattern",
    "pattern.lookbehind",
    HOSTED,
    obj(id={"anyOf": [string(pattern="^(?<!-)[a-z]+$"), {"type": "integer"}]}),
    {"id": 3},
)
settings(
    "items-pattern",
    "pattern.u-escape",
    HOSTED,
    obj(tags={"type": "array", "items": string(pattern="^[\\u0041-\\u005A]+$")}),
    {"tags": ["AB"]},
)

# ---- both compile; a value's verdict flips on RE2 ----
settings(
    "full-name-nbsp",
    "match.s-ascii",
    HOSTED,
    obj(name=string(pattern="^\\w+\\s\\w+$")),
    {"name": "Jane\u00a0Doe"},
    "\\s is [\\t\\n\\f\\r ] on RE2: no NBSP",
)
settings(
    "full-name-space",
    "match.s-ascii",
    BOTH_TAKE,
    obj(name=string(pattern="^\\w+\\s\\w+$")),
    {"name": "Jane Doe"},
)
settings(
    "em-space",
    "match.s-ascii",
    HOSTED,
    obj(t=string(pattern="^\\S+\\s\\S+$")),
    {"t": "a\u2003b"},
)
settings(
    "vertical-tab",
    "match.s-ascii",
    HOSTED,
    obj(t=string(pattern="^a\\sb$")),
    {"t": "a\u000bb"},
    "RE2's \\s has no \\v",
)
settings(
    "not-space-nbsp",
    "match.s-ascii",
    SELF,
    obj(t=string(pattern="^\\S+$")),
    {"t": "a\u00a0b"},
    "\\S takes NBSP on RE2, not on V8",
)
settings(
    "single-line-cr",
    "match.dot",
    SELF,
    obj(line=string(pattern="^.+$")),
    {"line": "a\rb"},
    "RE2's . takes \\r",
)
settings(
    "single-line-ls",
    "match.dot",
    SELF,
    obj(line=string(pattern="^.*$")),
    {"line": "a\u2028b"},
    "RE2's . takes U+2028",
)
settings(
    "single-line-lf",
    "match.dot",
    BOTH_REFUSE,
    obj(line=string(pattern="^.*$")),
    {"line": "a\nb"},
)
settings(
    "brace-leading-zero",
    "match.brace-literal",
    HOSTED,
    obj(c=string(pattern="^x{01}$")),
    {"c": "x"},
    "RE2 reads {01} as literal text, V8 as exactly one",
)
settings(
    "brace-leading-zero-literal",
    "match.brace-literal",
    SELF,
    obj(c=string(pattern="^x{01}$")),
    {"c": "x{01}"},
)
settings(
    "unicode17-letter",
    "match.unicode-version",
    SELF,
    obj(name=string(pattern="^\\p{L}+$")),
    {"name": "\ua7ce\ua7cf"},
    "U+A7CE/A7CF are letters in Unicode 17 (re2js), unassigned in 16 (Node 22.12's V8)",
)
settings(
    "unicode17-sidetic",
    "match.unicode-version",
    SELF,
    obj(w=string(pattern="^\\p{Lo}+$")),
    {"w": "\U00010940"},
)
settings(
    "unicode17-assigned",
    "match.unicode-version",
    SELF,
    obj(w=string(pattern="^\\p{Assigned}$")),
    {"w": "\U00010940"},
)
settings(
    "pattern-properties-nbsp",
    "match.s-ascii",
    HOSTED,
    {
        "type": "object",
        "patternProperties": {"^\\w+\\s\\w+$": {"type": "integer"}},
        "additionalProperties": False,
    },
    {"Jane\u00a0Doe": 1},
    "a key RE2's patternProperties doesn't match is an additional property",
)


# ---- formats: fast (hosted) against full (self-hosted) ----
def fmt(  # noqa: PLR0917 (a case is a row: its fields in order)
    name: str, difference: str, expect: Expect, format_: str, value: str, note: str = ""
) -> None:
    settings(name, difference, expect, obj(v=string(format=format_)), {"v": value}, note)


fmt("launch-date", "format.date", SELF, "date", "2026-02-30")
fmt("renewal-date", "format.date", SELF, "date", "2027-02-29")
fmt("month-13", "format.date", SELF, "date", "2026-13-01")
fmt("real-date", "format.date", BOTH_TAKE, "date", "2024-02-29")
fmt("opening-time", "format.time", SELF, "time", "25:00:00Z")
fmt("offset-24", "format.time", SELF, "time", "10:00:00+24:00")
fmt(
    "leap-second-offset-hosted",
    "format.time",
    SELF,
    "time",
    "23:59:60+01:00",
    "full checks the leap second in UTC (22:59:60Z: no)",
)
fmt(
    "leap-second-offset-full",
    "format.time",
    HOSTED,
    "time",
    "00:59:60+01:00",
    "UTC 23:59:60: full takes it, fast's regex doesn't",
)
fmt("time-no-zone", "format.time", BOTH_REFUSE, "time", "10:00:00")
fmt(
    "created-at-space",
    "format.date-time",
    HOSTED,
    "date-time",
    "2026-01-15 09:30:00Z",
    "full splits on t or any white space",
)
fmt("created-at-tab", "format.date-time", HOSTED, "date-time", "2026-01-15\t09:30:00Z")
fmt("created-at-bad-day", "format.date-time", SELF, "date-time", "2026-02-30T09:30:00Z")
fmt("created-at-hour-25", "format.date-time", SELF, "date-time", "2026-01-15T25:30:00Z")
fmt("created-at-leap-utc", "format.date-time", BOTH_TAKE, "date-time", "2016-12-31T23:59:60Z")
fmt("created-at-leap-offset", "format.date-time", HOSTED, "date-time", "2017-01-01T00:59:60+01:00")
fmt("created-at-ok", "format.date-time", BOTH_TAKE, "date-time", "2026-01-15T09:30:00.125+05:30")
fmt("iso-time-25", "format.iso-time", SELF, "iso-time", "25:00:00")
fmt("iso-date-time-bad-day", "format.iso-date-time", SELF, "iso-date-time", "2026-04-31T10:00:00")
fmt("webhook-template-uri", "format.uri", SELF, "uri", "https://api.example.com/orders/{id}")
fmt("idn-uri", "format.uri", SELF, "uri", "https://bücher.example/katalog")
fmt("uri-pipe", "format.uri", SELF, "uri", "https://example.com/a|b")
fmt("uri-bad-percent", "format.uri", SELF, "uri", "https://example.com/%zz")
fmt("uri-ok", "format.uri", BOTH_TAKE, "uri", "https://example.com/orders?id=1#top")
fmt("uri-space", "format.uri", BOTH_REFUSE, "uri", "https://example.com/a b")
fmt("uri-ref-template", "format.uri-reference", SELF, "uri-reference", "/orders/{id}")
fmt("uri-ref-unicode", "format.uri-reference", SELF, "uri-reference", "../café")
fmt("uri-ref-ok", "format.uri-reference", BOTH_TAKE, "uri-reference", "../orders/1")
fmt("alerts-localhost", "format.email", SELF, "email", "alerts@localhost")
fmt("email-dots", "format.email", SELF, "email", "jane..doe@example.com")
fmt(
    "email-long-label",
    "format.email",
    HOSTED,
    "email",
    "ops@" + "a" * 64 + ".example.com",
    "fast caps a label at 63 characters",
)
fmt("email-ok", "format.email", BOTH_TAKE, "email", "support@example.com")
fmt("email-space", "format.email", BOTH_REFUSE, "email", "jane doe@example.com")
fmt("regex-lookbehind", "format.regex", HOSTED, "regex", "(?<=@)\\w+")
fmt("regex-backref", "format.regex", HOSTED, "regex", "(\\w)\\1")
fmt(
    "regex-p-without-u",
    "format.regex",
    HOSTED,
    "regex",
    "\\p{L}+",
    "the regex format reads a value without u: \\p is the letter p to V8",
)
fmt(
    "regex-octal",
    "format.regex",
    HOSTED,
    "regex",
    "\\101",
    "\\1 (octal to V8) reads as a backreference",
)
fmt("regex-u-escape", "format.regex", HOSTED, "regex", "\\u0041")
fmt("regex-posix", "format.regex", HOSTED, "regex", "[[:digit:]]")
fmt("regex-long", "format.regex", HOSTED, "regex", "a" * 1025, "the pattern length bound too")
fmt(
    "regex-big-repeat",
    "format.regex",
    BOTH_TAKE,
    "regex",
    "a{1,4000}",
    "the format builds no RE2 program: taken",
)
fmt(
    "regex-backspace-class",
    "format.regex",
    BOTH_TAKE,
    "regex",
    "[\\b]",
    "taken by the format; refused as a schema pattern",
)
fmt(
    "regex-end-z",
    "format.regex",
    SELF,
    "regex",
    "^\\d+\\Z",
    "full refuses a \\Z after a character; V8 reads \\Z as Z",
)
fmt("regex-ok", "format.regex", BOTH_TAKE, "regex", "^[a-z]+$")
fmt("regex-invalid", "format.regex", BOTH_REFUSE, "regex", "(")
fmt(
    "url-userinfo",
    "format.url",
    BOTH_TAKE,
    "url",
    "https://user:pass@example.com/x",
    "url: rewritten without backtracking, the same strings",
)
fmt("url-private", "format.url", BOTH_REFUSE, "url", "http://10.0.0.1/")

# ---- keywords ajv-formats adds only in full mode ----
settings(
    "date-window-min",
    "keyword.formatMinimum",
    HOSTED,
    obj(start=string(format="date", formatMinimum="2026-01-01")),
    {"start": "2026-03-01"},
)
settings(
    "date-window-max",
    "keyword.formatMaximum",
    HOSTED,
    obj(end=string(format="date", formatMaximum="2026-12-31")),
    {"end": "2026-03-01"},
)
settings(
    "time-window-xmin",
    "keyword.formatExclusiveMinimum",
    HOSTED,
    obj(t=string(format="time", formatExclusiveMinimum="08:00:00Z")),
    {"t": "09:00:00Z"},
)
settings(
    "time-window-xmax",
    "keyword.formatExclusiveMaximum",
    HOSTED,
    obj(t=string(format="time", formatExclusiveMaximum="18:00:00Z")),
    {"t": "09:00:00Z"},
)
settings(
    "date-window-violated",
    "keyword.formatMinimum",
    BOTH_REFUSE,
    obj(start=string(format="date", formatMinimum="2026-01-01")),
    {"start": "2025-03-01"},
    "self-hosted: the value; hosted: the keyword",
)
settings(
    "format-min-no-format",
    "keyword.formatMinimum",
    BOTH_REFUSE,
    obj(start=string(formatMinimum="2026-01-01")),
    {"start": "2026-03-01"},
    "self-hosted wants the format beside it; hosted doesn't know the keyword",
)

# ---- sizes ----
settings(
    "catalog-262144", "size.schema-bytes", BOTH_TAKE, padded(262144), {}, "262144 bytes as JSON"
)
settings("catalog-262145", "size.schema-bytes", HOSTED, padded(262145), {})
settings(
    "catalog-utf8",
    "size.schema-bytes",
    HOSTED,
    padded(262146, "é"),
    {},
    "131066 é: 262146 bytes in UTF-8, 131080 UTF-16 units: bytes are UTF-8",
)
settings(
    "catalog-escapes",
    "size.schema-bytes",
    HOSTED,
    padded(262150, "\n"),
    {},
    "each \\n is 2 bytes as JSON",
)
settings(
    "catalog-ctrl",
    "size.schema-bytes",
    HOSTED,
    padded(262150, "\u0001"),
    {},
    "each U+0001 is 6 bytes (\\u0001)",
)
settings(
    "catalog-1mib",
    "size.schema-bytes",
    HOSTED,
    padded(1048576),
    {},
    "self-hosted's limit is 1048576",
)
settings("catalog-over-1mib", "size.schema-bytes", BOTH_REFUSE, padded(1048577), {})
settings(
    "catalog-values-count",
    "size.schema-values",
    HOSTED,
    {"type": "object", "properties": {"region": {"enum": list(range(10)) * 13108}}},
    {},
    "131082 values: more than 262144/2, refused by the count before the bytes are measured",
)
settings(
    "deep-64",
    "size.depth",
    BOTH_TAKE,
    obj(t={"const": nested(61)}),
    {"t": nested(61)},
    "64 levels counting the root (root, properties, t, 61 arrays)",
    stricter="a block file nests at most 64 levels deep (docs/blocks.md), the schema's 64 "
    "inside it are 66 in the file",
)
settings(
    "deep-65",
    "size.depth",
    BOTH_REFUSE,
    obj(t={"const": nested(62)}),
    {},
    "65 levels: refused by both profiles (64 in both)",
    words_elsewhere="the block file itself nests past 64 levels: the JSON reader refuses it "
    "first, in its words (docs/blocks.md)",
)
prompt("prompt-262144", "size.template", BOTH_TAKE, "x" * 262144)
prompt("prompt-262145", "size.template", HOSTED, "Hi there. " + "x" * 262135)
prompt("prompt-emoji", "size.template", HOSTED, "😀" * 131072 + "!", "262145 UTF-16 units")
prompt("prompt-emoji-fits", "size.template", BOTH_TAKE, "😀" * 131072)
prompt(
    "prompt-long-bad-liquid",
    "size.template",
    BOTH_REFUSE,
    "{{ name " + "x" * 262140,
    "over the limit: hosted says the length, self-hosted the Liquid error",
)
prompt("prompt-blank-long", "size.template", BOTH_REFUSE, " " * 300000, "blank first, in both")

# ---- the same verdict in other words, and which error comes first ----
settings(
    "v8-invalid",
    "message.v8-wrapped",
    BOTH_REFUSE,
    obj(x=string(pattern="^(abc$")),
    {},
    "both refuse; hosted wraps V8's message in its own sentence",
)
settings(
    "v8-duplicate-group",
    "message.v8-wrapped",
    BOTH_REFUSE,
    obj(x=string(pattern="(?<a>x)|(?<a>y)")),
    {},
)
settings(
    "two-bad-patterns",
    "order.first-pattern",
    HOSTED,
    obj(a=string(pattern="^(?=a)"), b=string(pattern="^(a)\\1$")),
    {},
    "only the first pattern Ajv compiles is named",
)
settings(
    "bad-pattern-and-keyword",
    "order.keyword-first",
    BOTH_REFUSE,
    obj(a=string(pattern="^(?=a)"), b=string(format="date", formatMinimum="2026-01-01", minimum=1)),
    {},
    "which error Ajv meets first",
)
settings(
    "unique-objects",
    "keyword.uniqueItems",
    BOTH_REFUSE,
    obj(rules={"type": "array", "uniqueItems": True}),
    {"rules": [{"a": 1, "b": 2}, {"c": 3}, {"b": 2, "a": 1}]},
    "hosted's linear uniqueItems: the same pair and message",
)
settings(
    "unique-scalars",
    "keyword.uniqueItems",
    BOTH_REFUSE,
    obj(tags={"type": "array", "items": {"type": "string"}, "uniqueItems": True}),
    {"tags": ["a", "b", "a", "b"]},
)

# ---- realistic blocks both take, and both refuse ----
settings(
    "support-settings",
    "control.both-take",
    BOTH_TAKE,
    {
        "type": "object",
        "required": ["supportEmail", "refundLimit"],
        "additionalProperties": False,
        "properties": {
            "supportEmail": string(format="email"),
            "refundLimit": {"type": "number", "minimum": 0, "maximum": 500},
            "escalationUrl": string(format="uri"),
            "businessHours": string(
                pattern="^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d$"
            ),
            "locale": string(pattern="^[a-z]{2}(?:-[A-Z]{2})?$"),
            "since": string(format="date"),
        },
    },
    {
        "supportEmail": "help@example.com",
        "refundLimit": 120,
        "escalationUrl": "https://example.com/escalate",
        "businessHours": "09:00-17:30",
        "locale": "en-GB",
        "since": "2024-06-01",
    },
)
settings(
    "brand-settings",
    "control.both-take",
    BOTH_TAKE,
    obj(
        primary=string(pattern="^#[0-9a-fA-F]{6}$"),
        slug=string(pattern="^[a-z0-9]+(?:-[a-z0-9]+)*$"),
        tagline=string(maxLength=140),
        version=string(pattern="^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$"),
    ),
    {"primary": "#1a2b3c", "slug": "acme-support", "tagline": "We help.", "version": "1.4.0"},
)
settings(
    "ids-settings",
    "control.both-take",
    BOTH_TAKE,
    obj(
        tenant=string(format="uuid"),
        callback=string(format="uri-template"),
        host=string(format="hostname"),
        ip=string(format="ipv4"),
        window=string(format="duration"),
        ptr=string(format="json-pointer"),
    ),
    {
        "tenant": "123e4567-e89b-12d3-a456-426614174000",
        "callback": "https://x.example/{id}",
        "host": "api.example.com",
        "ip": "192.168.1.10",
        "window": "PT30M",
        "ptr": "/a/b",
    },
)
settings(
    "names-unicode",
    "control.both-take",
    BOTH_TAKE,
    obj(city=string(pattern="^[\\p{L} .'-]+$")),
    {"city": "Genève"},
)
settings(
    "dot-all-text",
    "control.both-take",
    BOTH_TAKE,
    obj(text=string(pattern="^[\\s\\S]{0,1000}$")),
    {"text": "a\nb"},
)
settings(
    "tunable-temperature",
    "control.both-take",
    BOTH_TAKE,
    {
        "type": "object",
        "properties": {
            "temperature": {"type": "number", "minimum": 0, "maximum": 1, "x-kindgi-tunable": True}
        },
    },
    {"temperature": 0.3},
)
settings(
    "bad-value-both",
    "control.both-refuse",
    BOTH_REFUSE,
    obj(limit={"type": "integer", "maximum": 10}),
    {"limit": 11},
)
prompt(
    "reply-prompt",
    "control.both-take",
    BOTH_TAKE,
    "Hello {{ customer_name }}, thanks for writing about {{ topic }}.",
)
prompt("unclosed-if", "control.both-refuse", BOTH_REFUSE, "{% if vip %}Thanks, {{ name }}.")
