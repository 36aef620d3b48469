"""The formats we assert are the ones the runtime's ajv-formats defines, each deciding as the
runtime's compile decides (kindgi-cli's ajv-formats 3.0.1 through its own Ajv, on its Node, is
the oracle)."""

from __future__ import annotations

import random

import pytest

from hatch_kindgi.engines.ajv.formats import FORMAT_NAMES, NUMBER_FORMATS, conforms
from hatch_kindgi.engines.bounds import PROFILES as BOUNDS
from tests.oracle import shipped
from tests.oracle.shipped import PROFILES, Profile


def test_format_names_are_ajv_formats_full_mode() -> None:
    """The names equal `fullFormats` of the pinned ajv-formats package."""
    shipped.require_oracle()
    script = (
        f"const f = require({str(shipped.node_modules() / 'ajv-formats/dist/formats')!r});"
        "console.log(JSON.stringify(Object.keys(f.fullFormats)))"
    )
    assert set(shipped.node_eval(script, None)) == FORMAT_NAMES  # type: ignore[call-overload]


# Edge values written by hand for each format: near misses on each side of every rule.
EDGES: dict[str, list[str]] = {
    "date": [
        "2026-02-28",
        "2026-02-29",
        "2024-02-29",
        "1900-02-29",
        "2000-02-29",
        "2026-02-30",
        "2026-04-31",
        "2026-12-31",
        "2026-13-01",
        "2026-00-10",
        "2026-01-00",
        "2026-1-01",
        "26-01-01",
        "2026-01-01T00:00:00Z",
        " 2026-01-01",
        "2026-01-01\n",
        "٢٠٢٦-01-01",
        "2026/01/01",
        "",
    ],
    "time": [
        "12:00:00Z",
        "12:00:00z",
        "12:00:00",
        "12:00:00+01:00",
        "12:00:00+0100",
        "12:00:00+01",
        "23:59:60Z",
        "23:59:60+00:00",
        "22:59:60-01:00",
        "00:59:60+01:00",
        "12:59:60Z",
        "24:00:00Z",
        "12:60:00Z",
        "12:00:60Z",
        "12:00:00.123Z",
        "12:00:00.Z",
        "12:00:00+24:00",
        "12:00:00+23:60",
        "1:00:00Z",
        "12:00:00Z\n",
        "\u0661٢:00:00Z",
        "12:00:59.999999+05:30",
    ],
    "date-time": [
        "2026-01-01T12:00:00Z",
        "2026-01-01t12:00:00z",
        "2026-01-01 12:00:00Z",
        "2026-01-01T12:00:00",
        "2026-02-30T12:00:00Z",
        "2026-01-01T12:00:00+01:00",
        "2026-01-01\u00a012:00:00Z",
        "2026-01-01\u200812:00:00Z",
        "2026-01-01\u001c12:00:00Z",
        "2026-01-01TT12:00:00Z",
        "2026-01-01T12:00:00Zt",
        "2026-01-01",
        "2016-12-31T23:59:60Z",
        "2026-01-01\ufeff12:00:00Z",
        "2026-01-01\n12:00:00Z",
    ],
    "iso-time": ["12:00:00", "12:00:00Z", "25:00:00", "12:00", "12:00:00+01:00", "23:59:60"],
    "iso-date-time": [
        "2026-01-01T12:00:00",
        "2026-01-01 12:00:00",
        "2026-01-01T12:00:00Z",
        "2026-01-01T12:00",
    ],
    "duration": [
        "P1D",
        "PT1H",
        "P",
        "PT",
        "P1W",
        "P1Y2M3DT4H5M6S",
        "P1W1D",
        "p1d",
        "P1.5D",
        "PT1H\n",
        "P1DT",
        "-P1D",
        "P\u0661D",
    ],
    "uri": [
        "https://example.com/a?b=c#d",
        "acme help page",
        "mailto:help@acme.com",
        "urn:isbn:0451",
        "http://[::1]:80/",
        "http://[v1.x]/",
        "http://[fe80::1%25eth0]/",
        "http://a b/",
        "//a/b",
        "/a/b",
        "a:b",
        "a",
        "http://ex%41mple.com/",
        "http://ex%4Gmple.com/",
        'http://a/"',
        "http://user:pass@host:8080/p",
        "http://é.com/",
        "1http://a/",
        "h+t-t.p://a",
        "http://a/#frag#more",
        "http://192.168.0.300/",
        "http:",
        "x:/",
        "http://a/?q=%zz",
        "ftp://[1:2:3:4:5:6:7:8]/",
        "http://[1:2:3:4:5:6:7:8:9]/",
    ],
    "uri-reference": [
        "",
        "#frag",
        "/a/b",
        "a b",
        "../x",
        "http://a/b",
        "//host",
        "\\\\server",
        'a"b',
        'http://a/"q"',
        "?q",
        "#a#b",
        "%zz",
        "%20",
        "http://[::1]/",
    ],
    "uri-template": [
        "http://example.com/{id}",
        "/a/{+path}/{?q,r}",
        "{",
        "{}",
        "{a:10}",
        "{a:0}",
        "{a*}",
        "a b",
        "{a-b}",
        "%2F{x}",
        "%2G",
        "http://é/{x}",
    ],
    "url": [
        "https://acme.com",
        "http://acme.com:8080/a b",
        "http://acme.com/a b",
        "ftp://a.bc",
        "http://10.0.0.1/",
        "http://8.8.8.8/",
        "http://192.168.1.1",
        "http://172.16.0.1",
        "http://172.32.0.1",
        "http://localhost/",
        "http://a.b",
        "http://xn--d1acufc.xn--p1ai",
        "http://例子.测试",
        "https://user:pw@acme.com/",
        "mailto:a@b.co",
        "http://acme.com:1",
        "http://\u017f.com",
        "HTTP://ACME.COM",
        "http://a-.com",
        "http://224.0.0.1",
        "http://1.1.1.255",
        "http://acme.com/\u2028",
        "http://acme.com/😀",
        "http://😀.com",
    ],
    "email": [
        "support@acme.com",
        "support at acme",
        "a.b@c.d",
        "a..b@c.d",
        ".a@c.d",
        "a@c",
        "a@-c.d",
        "a@c-.d",
        "A@C.D",
        "a+tag@c.io",
        "a@c.d\n",
        "é@c.d",
        "a@c..d",
        '"a"@c.d',
        "a@[1.2.3.4]",
        "a@c_d.com",
    ],
    "hostname": [
        "acme.com",
        "acme.com.",
        "-acme.com",
        "acme-.com",
        "a" * 63 + ".com",
        "a" * 64 + ".com",
        ".".join(["a" * 60] * 5),
        "localhost",
        "acme_com",
        "xn--d1acufc.xn--p1ai",
        "ac me",
        "é.com",
        "a..b",
        "",
        "1.2.3.4",
        "acme.com\n",
    ],
    "ipv4": [
        "1.1.1.1",
        "300.1.1.1",
        "255.255.255.255",
        "01.1.1.1",
        "1.1.1",
        "1.1.1.1.",
        "1.1.1.1\n",
        "\u0661.1.1.1",
        "0.0.0.0",
        "256.0.0.0",
    ],
    "ipv6": [
        "::1",
        "::",
        "1::",
        "1:2:3:4:5:6:7:8",
        "1:2:3:4:5:6:7:8:9",
        "1::2::3",
        "::ffff:1.2.3.4",
        "fe80::1%eth0",
        "12345::1",
        "1:2:3:4:5:6:1.2.3.4",
        "1:2:3:4:5:6:7:1.2.3.4",
        "::1\n",
        "ABCD::EF",
        "1:2:3:4:5::1.2.3.4",
        ":1:2::3",
    ],
    "regex": [
        "^\\d+$",
        "[a-",
        "(?i)abc",
        "(?P<k>a)",
        "(?<k>a)\\k<k>",
        "a{2,1}",
        "a{",
        "}",
        "]",
        "*a",
        "a**",
        "a+?",
        "a+??",
        "(?=a)*",
        "(?<=a)*",
        "\\",
        "(a",
        "a)",
        "[z-a]",
        "[\\d-z]",
        "\\Z",
        "a\\Z",
        "\\\\Z",
        "(?<a>x)(?<a>y)",
        "\\k<a>",
        "(?<a>x)\\k<b>",
        "(?<1a>x)",
        "\\8",
        "[\\b]",
        "\\cA",
        "\\c1",
        "[\\c1]",
        "\\u{1F600}",
        "\\p{L}",
        "(?:a|b)+",
        "^*",
        "\\b+",
        "x{1}{2}",
        "{1}",
        "a{1,}",
        "(?<a>x)\\k",
        "\\k",
        "[]",
        "[^]",
        "😀+",
        "[😀-😂]",
        "(?<$é>x)",
        "a|*",
        "()",
        "(?:)",
        "(?!a)+",
        "[\\s-\\d]",
        "[a-\\d]",
        "[\\x41-\\x40]",
    ],
    "uuid": [
        "3fa85f64-5717-4562-b3fc-2c963f66afa6",
        "3FA85F64-5717-4562-B3FC-2C963F66AFA6",
        "urn:uuid:3fa85f64-5717-4562-b3fc-2c963f66afa6",
        "3fa85f6457174562b3fc2c963f66afa6",
        "3fa85f64-5717-4562-b3fc-2c963f66afa",
        "g" * 8 + "-5717-4562-b3fc-2c963f66afa6",
    ],
    "json-pointer": ["", "/", "/a/b", "/a~0b/~1", "/a~2", "a", "/a\nb", "#/a"],
    "json-pointer-uri-fragment": ["#", "#/a", "#/a%20b", "#/a b", "#/~0~1", "/a", "#/%zz"],
    "relative-json-pointer": ["0", "1/a", "0#", "01", "-1", "2/a~0", "1#/", ""],
    "byte": ["", "YWJj", "YWI=", "YQ==", "YQ=", "abc", "YWJj\n!!", "!!\nYWJj", "!!!\n", "a b"],
    "password": ["", "anything"],
    "binary": ["", "\u0000"],
}
NUMBERS: list[float] = [
    0,
    1,
    -1,
    1.5,
    2**31 - 1,
    2**31,
    -(2**31),
    -(2**31) - 1,
    2**53 - 1,
    1e300,
    -0.0,
    3.0,
]


# Where fast (hosted) and full (self-hosted) differ, from the research: each flips.
FLIPS: dict[str, list[str]] = {
    "date": ["2026-02-29", "2026-02-30", "2026-04-31", "2026-19-39", "2024-02-29"],
    "time": ["25:00:00Z", "29:59:59Z", "23:59:60+01:00", "10:00:00+24:00", "10:00:00+01:60"],
    "date-time": [
        "2026-01-01 10:00:00Z",
        "2026-01-01\t10:00:00Z",
        "2026-06-30T00:59:60+01:00",
        "2026-02-30T10:00:00Z",
        "2026-06-30T23:59:60+01:00",
        "2026-01-01\u300010:00:00Z",
    ],
    "iso-time": ["25:00:00", "10:00:00+24:00", "23:59:60"],
    "iso-date-time": ["2026-02-30T10:00:00", "2026-01-01 10:00:00", "2026-01-01\u00a010:00"],
    "uri": ["https://example.com/{id}", "https://exämple.com/", "http:", "ftp://x/\\", "a:\u00a0"],
    "uri-reference": ["{id}", "/a/{id}", "é", "#a#b", "%zz", "\\a", "a b"],
    "email": ["alerts@localhost", "a..b@example.com", ".a@example.com", "a@" + "x" * 64 + ".com"],
    "regex": [
        "(?<=a)b",
        "(a)\\1",
        "\\p{L}",
        "\\101",
        "\\u0041",
        "\\A",
        "\\x{41}",
        "a" * 1025,
        "a" * 1024,
        "\\p{Letter}",
        "^\\d+\\Z",
        "a{1,4000}",
        "\\e",
        "(?<café>a)",
        "[[:alpha:]]",
    ],
    "url": ["https://user:pass@example.com/x", "https://a:b:c@example.com/", "http://10.0.0.1/"],
}


def _cases() -> list[tuple[str, object]]:
    cases: list[tuple[str, object]] = [
        (name, value) for name, values in EDGES.items() for value in values
    ]
    cases += [(name, value) for name, values in FLIPS.items() for value in values]
    cases += [(name, number) for name in NUMBER_FORMATS for number in NUMBERS]
    # and random strings over each format's own alphabet, with a stray character or two
    chooser = random.Random(19)
    for name, values in EDGES.items():
        alphabet = sorted(set("".join(values)) | {" ", "\n", "\u0661", "é", "%", "/", ":"})
        for _ in range(40):
            seed = chooser.choice(values)
            mutated = list(seed)
            for _ in range(chooser.randint(1, 3)):
                spot = chooser.randint(0, len(mutated))
                if mutated and chooser.random() < 0.5 and spot < len(mutated):
                    del mutated[spot]
                else:
                    mutated.insert(spot, chooser.choice(alphabet))
            cases.append((name, "".join(mutated)))
    return cases


@pytest.mark.parametrize("profile", PROFILES)
def test_every_format_decides_as_ajv_formats(profile: Profile) -> None:
    """Each format's verdict on hand-written edge values and their random mutations equals
    the runtime's under the profile (full formats; fast ones, `regex` and `url` hosted),
    listing every disagreement."""
    cases = _cases()
    verdicts = shipped.formats(cases, profile=profile)
    bounds = BOUNDS[profile]
    wrong = [
        (name, value, expected)
        for (name, value), expected in zip(cases, verdicts)
        if conforms(name, value, bounds) != expected
    ]
    assert wrong == [], f"{len(wrong)} of {len(cases)} disagree"
    assert len(cases) > 1000


def test_the_profiles_formats_differ_where_the_research_says() -> None:
    """Each of FLIPS's formats has a value the two profiles decide differently (so the
    hosted cases above measure something)."""
    runtime = {
        profile: shipped.formats([(n, v) for n, vs in FLIPS.items() for v in vs], profile=profile)
        for profile in PROFILES
    }
    cases = [(name, value) for name, values in FLIPS.items() for value in values]
    flipped = {
        name
        for (name, _), full, fast in zip(cases, runtime["self-hosted"], runtime["hosted"])
        if full != fast
    }
    assert flipped == set(FLIPS) - {"url"}


@pytest.mark.parametrize(
    ("schema", "value"),
    [
        ({"type": ["string", "number"], "format": "email"}, 5),
        ({"type": ["string", "number"], "format": "int32"}, "x"),
        ({"type": ["string", "number"], "format": "int32"}, 2**31),
        ({"type": ["string", "number"], "format": "int64"}, 1.5),
        ({"type": ["string", "boolean"], "format": "date"}, True),
        ({"type": ["string", "number"], "format": "date"}, 2026),
    ],
)
def test_formats_apply_to_their_own_types(schema: dict[str, object], value: object) -> None:
    """A format is asserted only on the type ajv-formats registers it for."""
    wrapped = {"type": "object", "properties": {"v": schema}}
    accepted = not shipped.settings(wrapped, {"v": value})["issues"]
    assert conforms(str(schema["format"]), value) == accepted


def test_hostile_format_values_end_in_time() -> None:
    """Long values built to backtrack every format's expression: each check ends within its
    time limits, a url that would backtrack for minutes (in V8 too) as a timeout problem."""
    import time

    from hatch_kindgi.blocks.settings import SchemaChecks

    schema = {
        "type": "object",
        "properties": {
            name: {"type": "string", "format": name} for name in FORMAT_NAMES - NUMBER_FORMATS
        },
    }
    hostile = ["http://" + ":" * 50_000, "a." * 50_000, "(" * 50_000, "[" * 50_000, "1:" * 50_000]
    for text in hostile:
        started = time.process_time()
        problems = SchemaChecks().value_problems(
            "b.json", dict.fromkeys(schema["properties"], text), schema
        )
        assert time.process_time() - started < 15
        assert problems
        assert {problem.code for problem in problems} <= {
            "settings-values",
            "settings-pattern-timeout",
        }


_LIMIT_VALUES: dict[str, list[str]] = {
    "date": ["2026-01-01", "2025-12-31", "2026-01-02", "2026-13-40", "", "2026-1-1"],
    "time": [
        "10:00:00Z",
        "09:59:59.999Z",
        "10:00:00.5z",
        "11:00:00+01:00",
        "10:30:00+0030",
        "10:00:00+01",
        "23:59:60Z",
        "00:00:00Z",
        "10:00:00",
        "bogus",
    ],
    "date-time": [
        "2026-01-01T10:00:00Z",
        "2026-01-01t09:00:00-01:00",
        "2026-01-01 10:00:00.123456Z",
        "2026-01-01T10:00:00+01",
        "1970-01-01T00:00:00Z",
        "2025-12-31T23:59:60Z",
        "2026-02-30T10:00:00Z",
        "2026-01-01T24:00:00Z",
    ],
    "iso-time": ["10:00:00", "10:00:00Z", "09:00:00+05:00", "10:00:00.1", "x"],
    "iso-date-time": [
        "2026-01-01T10:00:00",
        "2026-01-01T10:00:00Z",
        "2026-01-01 09:00:00",
        "2025-12-31T23:00:00",
        "2026-01-01",
    ],
}


def test_format_limits_compare_as_ajv_formats() -> None:
    """formatMinimum and its kin on every pair of a format's values: the self-hosted
    runtime's verdict and words (`should be >= …`) on each."""
    from hatch_kindgi.engines.ajv.values import ajv_validator, words
    from tests.oracle import shipped

    shipped.require_oracle()
    keywords: tuple[str, ...] = ("formatMinimum", "formatMaximum")
    keywords += ("formatExclusiveMinimum", "formatExclusiveMaximum")
    wrong = []
    limited = 0
    for name, values in _LIMIT_VALUES.items():
        for keyword in keywords:
            for limit in values:
                schema = {"type": "string", "format": name, keyword: limit}
                for value in values:
                    theirs = shipped.validate_inline(schema, value)
                    if not theirs["compiled"]:
                        continue  # a limit the format refuses: the schema doesn't compile
                    expected = sorted(e["message"] for e in theirs["errors"])
                    limited += any(m.startswith("should be") for m in expected)
                    ours = sorted(words(e) for e in ajv_validator(schema).iter_errors(value))
                    if ours != expected:
                        wrong.append((schema, value, ours, expected))
    assert wrong == [], wrong[:10]
    assert limited > 200
