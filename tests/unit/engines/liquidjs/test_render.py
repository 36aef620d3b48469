"""What our liquidjs render renders, held to the runtime's own render (kindgi-cli's
`renderTenantTemplate` on its liquidjs 10.30.0, run by its Node: `tests/oracle/shipped.py`):
its filter names, JavaScript's number printing, each filter on values a prompt's parameters
hold, whitespace and output printing."""

from __future__ import annotations

import math
import random
import struct
from datetime import datetime, timezone
from typing import Any

import pytest

from hatch_kindgi.engines.bounds import bounds_named
from hatch_kindgi.engines.javascript.numbers import number_to_string
from hatch_kindgi.engines.liquidjs.filters import FILTERS
from hatch_kindgi.engines.liquidjs.render import RenderFailure, render
from tests.oracle.shipped import Profile
from tests.oracle.shipped import filters as liquidjs_filters
from tests.oracle.shipped import publish_template_problem as liquidjs_parse
from tests.oracle.shipped import render_outcome as liquidjs_render
from tests.oracle.shipped import require_oracle as require_runtime
from tests.unit.engines.liquidjs.templates import (
    GENERATED_DATA,
    TAG_CASES,
    TAG_DATA,
    generated,
)
from tests.unit.render.test_golden_liquid import ours as _ours


def _same(template: str, data: dict[str, Any]) -> tuple[tuple[bool, str], tuple[bool, str]]:
    """(liquidjs's outcome, ours), the messages of failures blanked: both fail, or both
    render the same text."""
    theirs, ours = liquidjs_render(template, data), _ours(template, data)
    if not theirs[0] and not ours[0]:
        return (False, ""), (False, "")
    return theirs, ours


def test_filter_names_are_liquidjs_filters() -> None:
    """Exactly liquidjs's filters: one it lacks fails a run (strictFilters), so `check` must
    warn about it; one it has must not draw a warning."""
    require_runtime()
    assert sorted(FILTERS) == liquidjs_filters()


def _doubles() -> list[float]:
    rng = random.Random(20)
    edges = [0.1, 0.2, 0.3, 1 / 3, 2 / 3, 1e21, 1e-7, 1e-6, 123456789012345680000.0, 5e-324]
    edges += [1.7976931348623157e308, 2.5, 96.00000000000001, 0.30000000000000004, 1e20, 1.5e-6]
    edges += [2**53 + 2.0, 2**53 - 1.0, 4.35, 1.005, 100.0, 12.5e10, 9.999999999999999e20]
    spread = [rng.uniform(-1, 1) * 10 ** rng.randint(-12, 25) for _ in range(250)]
    raw = [struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0] for _ in range(150)]
    finite = [x for x in raw if math.isfinite(x)]
    return edges + [-x for x in edges] + spread + finite


def test_numbers_print_as_javascript_prints_them() -> None:
    """`{{ x }}` of a double prints as liquidjs (`String(x)`) does, on 400+ doubles: edges,
    a spread over magnitudes, random bit patterns."""
    require_runtime()
    values = _doubles()
    differ = [
        (x, liquidjs_render("{{ x }}", {"x": x})[1], number_to_string(x))
        for x in values
        if liquidjs_render("{{ x }}", {"x": x})[1] != _ours("{{ x }}", {"x": x})[1]
    ]
    assert differ == []
    assert len(values) >= 400


SLUG = "  Héllo, Wörld! a_-b --x-- ²3 Æsir (ok) café"
# Filters as a prompt uses them on parameter values: strings, numbers, booleans.
FILTER_CASES: list[tuple[str, dict[str, Any]]] = [
    ("{{ 7 | divided_by: 2 }}", {}),
    ("{{ 7 | divided_by: 2, true }}", {}),
    ("{{ 80 | times: 1.2 | round: 2 }}", {}),
    ("{{ 0.1 | plus: 0.2 }}", {}),
    ("{{ 5.0 }} {{ 1e3 }} {{ -0.0 }}", {}),
    ("{{ x | times: 100 | round }}%", {"x": 0.125}),
    ("{{ 1 | divided_by: 0 }} {{ -1 | divided_by: 0 }} {{ 0 | divided_by: 0 }}", {}),
    ("{{ 5 | modulo: 0 }} {{ -7 | modulo: 3 }} {{ 7.5 | modulo: 2 }}", {}),
    ("{{ 5 | times }} {{ 5 | plus }} {{ 5 | minus }}", {}),
    ("{{ '3.5' | plus: '1' }} {{ 'x' | plus: 2 }} {{ ' 12 ' | times: 2 }}", {}),
    ("{{ '0x10' | plus: 0 }} {{ '1e3' | plus: 0 }} {{ true | plus: 1 }}", {}),
    ("{{ 2.5 | round }} {{ -2.5 | round }} {{ 1.005 | round: 2 }} {{ 4.35 | round: 1 }}", {}),
    ("{{ 5.666 | round: 1.2 }} {{ 1234.5678 | round: -2 }}", {}),
    ("{{ -3.7 | abs }} {{ 3.2 | ceil }} {{ -3.2 | floor }} {{ '4.6' | ceil }}", {}),
    ("{{ 3 | at_least: 5 }} {{ 3 | at_most: 1.5 }} {{ 3 | at_most }}", {}),
    ("{{ price | times: qty | divided_by: 100.0 }}", {"price": 1999, "qty": 3}),
    ("{{ amount | times: 1.19 | round: 2 }}", {"amount": 49.99}),
    ("{{ 'abc' | first }}{{ 'abc' | last }}|{{ 5 | first }}|{{ '' | first }}", {}),
    ("{{ 'héllo 🙂' | size }} {{ 12 | size }} {{ true | size }}", {}),
    ("{{ name | upcase }} {{ name | downcase }} {{ name | capitalize }}", {"name": "aDA lOVE"}),
    ("{{ 'a,b,,c,,' | split: ',' | join: '+' }}", {}),
    ("{{ 'abc' | split: '' | join: '-' }} {{ 'a b' | split | size }}", {}),
    ("{{ s | strip }}|{{ s | lstrip }}|{{ s | rstrip }}", {"s": "  \u00a0 x \t\n"}),
    ("{{ 'xxhixx' | strip: 'x' }} {{ 'xxhi' | lstrip: 'x' }} {{ 'hixx' | rstrip: 'x' }}", {}),
    ("{{ 'hello' | replace: 'l', 'L' }} {{ 'hello' | replace_first: 'l', 'L' }}", {}),
    ("{{ 'hello' | replace_last: 'l', 'L' }} {{ 'hello' | replace: '', '-' }}", {}),
    ("{{ 'hello' | replace: 'll' }} {{ 'hello' | remove: 'l' }}", {}),
    ("{{ 'hello' | remove_first: 'l' }} {{ 'hello' | remove_last: 'l' }}", {}),
    ("{{ 5 | append: 2.0 }} {{ 'a' | prepend: 1.5 }} {{ x | append: '!' }}", {"x": 3.0}),
    (
        "{{ t | truncate: 10 }}|{{ t | truncate: 5, '' }}|{{ t | truncate: 2 }}",
        {"t": "ab cd ef gh"},
    ),
    (
        "{{ t | truncatewords: 2 }}|{{ t | truncatewords: 0, '…' }}|{{ t | truncatewords }}",
        {"t": "one two three"},
    ),
    ("{{ 'a  b\n\tc' | squish }}|{{ 'a  b\n c' | normalize_whitespace }}", {}),
    ("{{ 'one two  three' | number_of_words }} {{ '' | number_of_words }}", {}),
    ("{{ 'a\nb\r\nc' | strip_newlines }}|{{ 'a\nb' | newline_to_br }}", {}),
    ("{{ '<b>x</b> & \"y\"' | escape }}|{{ '&amp; <' | escape_once }}", {}),
    ("{{ '<p>Hi <b>there</b></p><script>x</script>' | strip_html }}", {}),
    ("{{ 'a b&c/é' | url_encode }}|{{ 'a+b%20c' | url_decode }}|{{ \"a b'()\" | cgi_escape }}", {}),
    ("{{ 'a b[]/é' | uri_escape }}|{{ 'Héllo, World!' | slugify }}", {}),
    ("{{ 'Hello World' | slugify: 'ascii' }}|{{ 'Hello World' | slugify: 'none' }}", {}),
    ("{{ s | slugify }}|{{ s | slugify: 'raw' }}|{{ s | slugify: 'pretty' }}", {"s": SLUG}),
    ("{{ s | slugify: 'latin' }}|{{ s | slugify: 'latin', true }}", {"s": SLUG}),
    ("{{ s | slugify: 'ascii' }}|{{ s | slugify: 'bogus' }}", {"s": "cafe\u0301 crème ²3"}),
    ("{{ 'héllo' | base64_encode }}|{{ 'aMOpbGxv' | base64_decode }}", {}),
    ("{{ 'x' | sha256 }}|{{ 'x' | hmac_sha256: 'k' }}", {}),
    (
        "{{ x | default: 'none' }}|{{ '' | default: 'none' }}|{{ 0 | default: 'none' }}",
        {"x": False},
    ),
    ("{{ x | default: 'none', allow_false: true }}|{{ nil | default: 3 }}", {"x": False}),
    ("{{ x | json }} {{ 'a\"b' | json }} {{ 2.50 | json }} {{ true | jsonify }}", {"x": "é\n"}),
    ("{{ 7 | json: 2 }} {{ x | json }} {{ 'x' | inspect }}", {"x": None}),
    ("{{ '42' | to_integer | plus: 1 }} {{ 'x' | to_integer }}", {}),
    ("{{ 'a,b,c' | split: ',' | reverse | join }}", {}),
    (
        "{{ '3,1,2' | split: ',' | sort | join: ',' }} "
        "{{ 'b,A,c' | split: ',' | sort_natural | join }}",
        {},
    ),
    ("{{ 'a,b,a' | split: ',' | uniq | join }} {{ 'a,b' | split: ',' | concat: 'c' | join }}", {}),
    ("{{ 'a,b,c' | split: ',' | slice: 1, 2 | join }} {{ 'Liquid' | slice: -3, 2 }}", {}),
    ("{{ 'Liquid' | slice: 2.2 }} {{ 'Liquid' | slice: 1, 2.2 }}", {}),
    ("{{ 'a,b,c' | split: ',' | push: 'd' | pop | shift | unshift: 'z' | join }}", {}),
    ("{{ '1,2,3' | split: ',' | sum }} {{ '1,x,3' | split: ',' | sum }}", {}),
    ("{{ 'a,b,c' | split: ',' | array_to_sentence_string }}", {}),
    ("{{ 'a,b' | split: ',' | array_to_sentence_string: 'or' }}", {}),
    ("{{ 'a,b,c' | split: ',' | first }} {{ 'a,b,c' | split: ',' | last }}", {}),
    ("{{ 'a,b,c' | split: ',' | map: 'size' | join }}", {}),
    ("{{ '2026-12-01' | date: '%b %d, %Y' }}|{{ '2026-12-01T09:05:03Z' | date: '%-I:%M %p' }}", {}),
    ("{{ d | date: '%A %e %B %Y %j %U %W %u %w %y %C' }}", {"d": "2026-02-03"}),
    ("{{ d | date: '%H:%M:%S.%L %z %:z %Z %s %q %%' }}", {"d": "2026-12-01T15:04:05.123Z"}),
    ("{{ d | date: '%^a %^B %-d %_m %010Y %P' }}", {"d": "2026-12-01T15:04:05.123Z"}),
    ("{{ d | date }}", {"d": "2026-12-01T15:04:05.123+02:00"}),
    ("{{ 0 | date: '%Y-%m-%d %H:%M' }}|{{ '1700000000' | date: '%Y-%m-%d' }}", {}),
    ("{{ 'March 14, 2016' | date: '%b %d, %y' }}|{{ 'not a date' | date: '%Y' }}", {}),
    ("{{ d | date_to_xmlschema }}|{{ d | date_to_rfc822 }}", {"d": "2026-12-01T15:04:05Z"}),
    (
        "{{ d | date_to_string }}|{{ d | date_to_long_string: 'ordinal', 'US' }}",
        {"d": "2026-12-01"},
    ),
    (
        "{{ d | date_to_long_string: 'ordinal' }}|{{ d | date_to_string: 'ordinal' }}",
        {"d": "2026-12-22"},
    ),
    ("{{ d | date: '%H:%M %z %Z %:z %s', 'Europe/Berlin' }}", {"d": "2026-12-01T15:04:05Z"}),
    ("{{ d | date: '%Y-%m-%d %H:%M %z %Z', 'Europe/Berlin' }}", {"d": "2026-07-01T23:30:00Z"}),
    ("{{ d | date: '%H:%M %z %Z', -330 }}|{{ d | date: '%H:%M %Z', 480 }}", {"d": "2026-12-01"}),
    ("{{ d | date: '%H:%M %Z', 'America/New_York' }}", {"d": "2026-12-01T15:04:05Z"}),
    ("{{ d | date: '%H:%M', 'Mars/Base' }}", {"d": "2026-12-01T15:04:05Z"}),
    ("{{ x | undefined_filter }}", {"x": 1}),
    ("{{ x | append }}", {"x": "a"}),
    ("{{ 'x' | base64_decode }}", {}),
    ("{{ missing | default: 'x' }}", {}),
    ("{{ 'a' | append: missing }}", {}),
]


@pytest.mark.parametrize(("template", "data"), FILTER_CASES, ids=range(len(FILTER_CASES)))
def test_filter_renders_as_liquidjs(template: str, data: dict[str, Any]) -> None:
    """Each filter case renders liquidjs's text, or fails where liquidjs fails."""
    require_runtime()
    theirs, ours = _same(template, data)
    assert ours == theirs


TIERS = {
    "tiers": [
        {"name": "basic", "price": 9.99, "seats": 1},
        {"name": "pro", "price": 29.0, "seats": 5},
        {"name": "team", "price": 99.5, "seats": 20},
    ],
    "words": ["b", "a", "c", "a", ""],
}
# Filters over a settings value's array of objects.
ARRAY_CASES = [
    "{{ tiers | where_exp: 't', 't.price > 10' | map: 'name' | join }}",
    "{{ tiers | reject_exp: 't', 't.seats == 5' | map: 'name' | join }}",
    "{{ tiers | find_exp: 't', \"t.name contains 'ea'\" | json }}",
    "{{ tiers | find_index_exp: 't', 't.price > 20' }}|{{ tiers | has_exp: 't', 't.seats > 10' }}",
    "{{ tiers | group_by_exp: 't', 't.price > 20' | json }}",
    "{{ tiers | where_exp: 't', 't.name' | size }}|{{ words | find_exp: 'w', 'w' }}",
    "{{ tiers | group_by: 'seats' | map: 'name' | join }}|{{ words | uniq | join: ',' }}",
    "{{ tiers | sort: 'price' | map: 'name' | join }}|{{ tiers | sum: 'price' }}",
    "{{ tiers | where: 'seats', 5 | first | json }}|{{ tiers | find: 'name', 'pro' | json }}",
    "{{ tiers | where_exp: 't', 't.price > 10 and t.seats < 10' | size }}",
    "{{ tiers | map: 'price' | sum }}|{{ tiers | json: 1 }}|{{ tiers | inspect }}",
    "{{ tiers | where: 'colour', 'red' }}",
    "{{ words | sort | join: ',' }}|{{ words | compact | size }}|{{ words | reverse | first }}",
]


@pytest.mark.parametrize("template", ARRAY_CASES, ids=range(len(ARRAY_CASES)))
def test_array_filters_render_as_liquidjs(template: str) -> None:
    require_runtime()
    theirs, ours = _same(template, TIERS)
    assert ours == theirs


OUTPUT_CASES: list[tuple[str, dict[str, Any]]] = [
    ("{{ a }}|{{ b }}|{{ c }}|{{ d }}", {"a": True, "b": False, "c": None, "d": 2.50}),
    (
        "{{ list }}|{{ obj }}|{{ list | join: ', ' }}",
        {"list": [1, [2.0, 3], None, True], "obj": {"k": 1}},
    ),
    ("{% echo 5.0 %}|{% assign x = 7 | divided_by: 2 %}{{ x }}|{% echo x | times: 2 %}", {}),
    ("{% capture c %}{{ 1.0 }}{% endcapture %}{{ c }}", {}),
    ("{% for i in (1..3) %}{{ i }}{% unless forloop.last %}\n{% endunless %}{% endfor %}", {}),
    (
        "{% if true %}\n  {% endif %}|{% for i in (1..2) %} {% endfor %}|"
        "{% unless false %}\t{% endunless %}",
        {},
    ),
    ("{% case 1 %}{% when 1 %}\n{% endcase %}|", {}),
    ("a\r\nb{% if true %}\r\n{% endif %}c", {}),
    ("{{ nil }}|{{ empty }}|{{ blank }}|{{ (1..3) }}", {}),
    ("{%- if true -%}\n  x  \n{%- endif -%}\n", {}),
    (
        "{{ s.size }} {{ s[0] }}{{ s[1] }} {{ e.size }} {% for c in s %}[{{ c }}]{% endfor %}",
        {"s": "héllo🙂", "e": ""},
    ),
    ("{{ s[9] }}", {"s": "abc"}),
    ("{{ s[-1] }}", {"s": "abc"}),
]


@pytest.mark.parametrize(("template", "data"), OUTPUT_CASES, ids=range(len(OUTPUT_CASES)))
def test_output_and_whitespace_render_as_liquidjs(template: str, data: dict[str, Any]) -> None:
    """Values print as liquidjs prints them; whitespace-only blocks and CRLF are kept."""
    require_runtime()
    theirs, ours = _same(template, data)
    assert ours == theirs


@pytest.mark.parametrize(
    "template",
    [
        "{% assign s = 'ab' %}{% for i in (1..60) %}{% assign s = s | append: s %}{% endfor %}",
        "{% assign s = 'ab' %}{% for i in (1..60) %}{% assign s = s | prepend: s %}{% endfor %}",
        "{% assign s = 'abcd' %}{% for i in (1..30) %}"
        "{% assign s = s | replace: '', s %}{% endfor %}",
        "{% assign s = 'ab' %}{% for i in (1..60) %}{% assign s = s | append: s %}"
        "{% assign l = s | split: '' %}{% endfor %}",
    ],
)
def test_runaway_filters_fail_quickly(template: str) -> None:
    """A template that doubles a string fails its render at the bounds' memory limit, as the
    runtime's does (`tenantLiquid()`'s `memoryLimit`), without building gigabytes: what it
    allocated at its peak is counted (tracemalloc), not timed."""
    import tracemalloc

    tracemalloc.start()
    try:
        ok, message = _ours(template, {})
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert not ok
    assert message.startswith("memory alloc limit exceeded, line:1, col:")
    assert peak < 256 << 20, peak


def test_date_width_is_bounded() -> None:
    assert _ours("{{ '2026-01-01' | date: '%999999999Y' | size }}", {}) == (True, "1024")


FUZZ_VALUES: list[Any] = [
    "",
    "abc",
    "  a B  ",
    "3.5",
    "-2",
    "0x1f",
    "Héllo🙂",
    "a,b,,c",
    0,
    1,
    -1,
    2.5,
    -0.5,
    7,
    1e21,
    1e-7,
    True,
    False,
    None,
]
FUZZ_LEFT_OUT = {
    "sample",  # random
    "hmac_sha256",  # a key of `false` or a number: Node's crypto refuses, a case of its own
    "base64_decode",  # its inputs are tested above
    # Their arguments are expressions or dates, tested above.
    *("where_exp", "reject_exp", "find_exp", "find_index_exp", "has_exp", "group_by_exp"),
    *("date", "date_to_xmlschema", "date_to_rfc822", "date_to_string", "date_to_long_string"),
}


def test_every_filter_on_random_parameter_values() -> None:
    """Every filter (but `FUZZ_LEFT_OUT`) on 25 seeded random draws of an input and up to two
    arguments among strings, numbers (whole, fractional, huge, tiny, negative), booleans and
    nil: the same text as liquidjs, or both fail."""
    require_runtime()
    rng = random.Random(20)
    differ = []
    for name in sorted(set(FILTERS) - FUZZ_LEFT_OUT):
        for _ in range(25):
            count = rng.choice([0, 1, 1, 2])
            data = {"x": rng.choice(FUZZ_VALUES)}
            data.update({f"a{i}": rng.choice(FUZZ_VALUES) for i in range(count)})
            names = ", ".join(f"a{i}" for i in range(count))
            template = f"{{{{ x | {name}{': ' + names if count else ''} }}}}"
            theirs, ours = _same(template, data)
            if theirs != ours:
                differ.append((template, data, theirs, ours))
    assert differ == []


@pytest.mark.parametrize(
    "key",
    [
        "limit",
        "offset",
        "reversed",
        "cols",
        "with",
        "and",
        "or",
        "contains",
        "in",
        "true",
        "false",
        "nil",
        "null",
        "empty",
        "blank",
        "if",
        "else",
        "for",
        "as",
        "required",
        "continue",
        "not",
    ],
)
def test_a_keyword_after_a_dot_is_a_key_as_liquidjs_reads_it(key: str) -> None:
    """`settings["acme.x"].limit` and its kin read the key, as a run does."""
    require_runtime()
    template = f'{{{{ settings["acme.x"].{key} }}}}|{{{{ s.{key} | append: "!" }}}}'
    data = {"settings": {"acme.x": {key: 7}}, "s": {key: "v"}}
    assert _ours(template, data)[1] == liquidjs_render(template, data)[1]


@pytest.mark.parametrize(
    "template",
    [
        "{% if s.limit %}yes{% endif %}",
        "{% unless s.offset == 7 %}no{% endunless %}",
        "{% assign x = s.limit %}{{ x }}",
        "{% echo s.with %}",
        "{% liquid\n  assign x = s.limit\n  echo x\n%}",
        "{% for x in s.reversed %}{{ x }},{% endfor %}",
        "{% case s.limit %}{% when 7 %}seven{% endcase %}",
        "{% capture c %}{{ s.contains }}{% endcapture %}{{ c }}",
        "{% cycle s.and, s.or %}",
        '{{ rows | where_exp: "row", "row.limit == 7" | size }}',
        "{{ s.empty | plus: s.limit }}",
    ],
)
def test_a_keyword_after_a_dot_is_a_key_in_every_tag(template: str) -> None:
    """Wherever an expression stands (a tag, a `{% liquid %}` line, a filter's expression),
    a keyword after a dot reads the key, as a run does."""
    require_runtime()
    data = {
        "s": dict.fromkeys(("limit", "offset", "with", "contains", "and", "or", "empty"), 7)
        | {"reversed": [1, 2]},
        "rows": [{"limit": 7}, {"limit": 8}],
    }
    assert _ours(template, data)[1] == liquidjs_render(template, data)[1]


@pytest.mark.parametrize("template", TAG_CASES)
def test_tags_render_as_liquidjs(template: str) -> None:
    """`for` (limit, offset, `offset: continue`, reversed, else, break, continue, forloop),
    `tablerow` (its HTML, cols, limit, offset, break), `cycle`, `increment`/`decrement`,
    `case` (every matching `when`, two `else`), `blank`/`empty`/`nil`, `contains`, `and`/`or`
    from the right, ranges with a float bound, reads into arrays, strings and objects,
    whitespace control, `{% liquid %}`, `raw`, `echo`, `block`, strict reads: as liquidjs,
    text or message."""
    require_runtime()
    assert _ours(template, TAG_DATA) == liquidjs_render(template, TAG_DATA)


def test_generated_templates_render_as_liquidjs() -> None:
    """300 seeded random templates nesting every tag, operator and a spread of filters three
    deep, with whitespace control: the same text as liquidjs, or the same message."""
    require_runtime()
    differ, compared = [], 0
    for template in generated(20):
        if compared == 300:
            break
        if liquidjs_parse(template) is not None:
            continue
        compared += 1
        theirs = liquidjs_render(template, GENERATED_DATA)
        if _ours(template, GENERATED_DATA) != theirs:
            differ.append((template, theirs))
    assert differ == []


LIMIT_CASES = [
    "{% for i in (1..9000000) %}{% endfor %}",
    "{% for i in (1..20000000) %}{% endfor %}",
    "{% assign s = 'ab' %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}"
    "{{ s | size }}",
    "{% capture c %}{% for i in (1..100000) %}abcdefghij{% endfor %}{% endcapture %}{{ c | size }}",
    "{% for i in (1..3000) %}{{ 'abcdefghij' | append: 'abcdefghijabcdefghij' }}{% endfor %}",
    "{% assign a = (1..1000000) %}{{ a | size }}{{ a | reverse | size }}{{ a | join | size }}",
    "{% assign a = (1..3000000) %}{{ a | size }}",
]


@pytest.mark.parametrize("profile", ["self-hosted", "hosted"])
@pytest.mark.parametrize("template", LIMIT_CASES)
def test_the_bounds_memory_limit_is_met_where_the_runtime_meets_it(
    template: str, profile: Profile
) -> None:
    """What the render writes and captures, what ranges and filters make, count toward the
    profile's memory limit as the runtime counts them (`tenantLiquid()`): the same text, or
    the same `memory alloc limit exceeded` at the same place."""
    require_runtime()
    bounds = bounds_named(profile)
    ours = render(
        template,
        {},
        clock=datetime.now(timezone.utc),
        memory_limit=bounds.render_memory_limit,
        render_limit_ms=None,  # this render is slower than Node's: its time is not the point
        parse_limit=bounds.template_max_length,
    )
    found = (False, ours.message) if isinstance(ours, RenderFailure) else (True, ours)
    assert found == liquidjs_render(template, {}, profile=profile)


KEYWORD_VALUES = ("'abc'", "3", "2.5", "true", "false", "nil", "a", "o", "s", "(1..3)", "-1", "''")
KEYWORD_NAMES = ("allow_false", "k", "x", "'q'")
KEYWORD_DATA: dict[str, Any] = {"a": [3, 1, "b", None], "o": {"k": 1}, "s": "Héllo, World"}


def test_every_filter_with_keyword_and_odd_arguments() -> None:
    """Every filter (but `sample`) on 12 seeded draws of up to three arguments, a third of
    them keyword arguments (`name: value`, which liquidjs hands a filter as the pair
    `[name, value]`), of literals, arrays, objects and ranges: the same text as liquidjs, or
    the same message. (An array's date is V8's own reading of its text: left out.)"""
    require_runtime()
    rng = random.Random(5)
    differ, compared = [], 0
    for name in sorted(set(FILTERS) - {"sample"}):
        for _ in range(12):
            args = []
            for _ in range(rng.randint(0, 3)):
                arg = rng.choice(KEYWORD_VALUES)
                if rng.random() < 0.35:
                    arg = rng.choice(KEYWORD_NAMES) + ": " + arg
                args.append(arg)
            given = rng.choice(KEYWORD_VALUES)
            if name.startswith("date") and given == "(1..3)":
                continue
            template = f"{{{{ {given} | {name}{': ' + ', '.join(args) if args else ''} }}}}"
            if liquidjs_parse(template) is not None:
                continue
            compared += 1
            theirs = liquidjs_render(template, KEYWORD_DATA)
            if _ours(template, KEYWORD_DATA) != theirs:
                differ.append((template, theirs))
    assert compared >= 900
    assert differ == []
