"""`hatch-kindgi render` on realistic prompts, held to liquidjs given the context a run gives.

Each prompt is a block of one pack (written to a scratch folder), rendered by the real command
with `--now` fixed; liquidjs (`tests/oracle/shipped.py`, the engine a run renders with) renders
the same template with the context the runtime builds (`@kindgi/agents/src/prompt.ts`), written out
here by hand: the declared defaults, then the `--param` values typed by their declarations,
then `today`, `now`, `conversation` (a first turn), `input` when given, and `settings` (the
newest version of each settings block). The texts must be equal, every one; a prompt liquidjs
fails on must fail here too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.cli import run_cli
from tests.helpers.packs import scratch_pyproject
from tests.oracle import shipped

NOW = "2026-12-01T15:04:05.123Z"
SETTINGS: dict[str, dict[str, Any]] = {
    "acme.reply-style": {
        "maxSentences": 3,
        "refundLimit": 250.5,
        "tone": "warm",
        "signoff": "The Acme team",
        "channels": ["email", "chat", "phone"],
        "discount": 0.15,
        "vip": True,
        "limit": 2,
        "note": None,
    },
    "acme.pricing": {
        "vat": 0.19,
        "currency": "EUR",
        "tiers": [
            {"name": "basic", "price": 9.99, "seats": 1},
            {"name": "pro", "price": 29.0, "seats": 5},
            {"name": "team", "price": 99.5, "seats": 20},
        ],
    },
}
STR = "string"
NUM = "number"
BOOL = "boolean"
DATE = "date"


def _p(name: str, kind: str, **more: Any) -> dict[str, Any]:
    return {"name": name, "type": kind, **more}


# (id, template, declared parameters, --param values as typed on a command line, --input)
PROMPTS: list[tuple[str, str, list[dict[str, Any]], dict[str, str], str | None]] = [
    (
        "reply-basic",
        "You reply to {{ customer }} in a {{ tone }} tone, in at most "
        '{{ settings["acme.reply-style"].maxSentences }} sentences.\n',
        [_p("customer", STR), _p("tone", STR, default="friendly")],
        {"customer": "Ada"},
        None,
    ),
    (
        "half-of-seven",
        "Split the {{ hours }} hours in two: {{ hours | divided_by: 2 }} each.",
        [_p("hours", NUM)],
        {"hours": "7"},
        None,
    ),
    (
        "vat",
        "Price with VAT: {{ price | times: 1.19 | round: 2 }} EUR "
        '(rate {{ settings["acme.pricing"].vat | times: 100 }}%).',
        [_p("price", NUM)],
        {"price": "80"},
        None,
    ),
    (
        "float-sum",
        "{{ a | plus: b }} / {{ a | plus: b | round: 2 }}",
        [_p("a", NUM), _p("b", NUM)],
        {"a": "0.1", "b": "0.2"},
        None,
    ),
    (
        "whole-float",
        "Budget: {{ budget }}; per seat {{ budget | divided_by: seats }}; {{ 5.0 }} stars.",
        [_p("budget", NUM), _p("seats", NUM)],
        {"budget": "100.0", "seats": "3"},
        None,
    ),
    (
        "channels-list",
        'Channels:\n{% for c in settings["acme.reply-style"].channels %}- {{ c }}'
        "{% unless forloop.last %}\n{% endunless %}{% endfor %}\n",
        [],
        {},
        None,
    ),
    (
        "channels-comma",
        'Reach us by {% for c in settings["acme.reply-style"].channels %}{{ c }}'
        "{% if forloop.last %}.{% else %}, {% endif %}{% endfor %}",
        [],
        {},
        None,
    ),
    (
        "join-sentence",
        'Use {{ settings["acme.reply-style"].channels | join: ", " }} '
        '({{ settings["acme.reply-style"].channels | size }} channels).',
        [],
        {},
        None,
    ),
    (
        "money-discount",
        "Total: {{ amount | minus: amount | plus: amount | times: 1 | minus: discount }} "
        "after a {{ discount }} discount; {{ amount | times: 0.85 }} at 15% off.",
        [_p("amount", NUM), _p("discount", NUM, default=10)],
        {"amount": "49.99"},
        None,
    ),
    (
        "refund-limit",
        '{% assign cap = settings["acme.reply-style"].refundLimit %}'
        "{% if amount > cap %}Escalate: {{ amount }} is above {{ cap }}."
        "{% else %}Refund {{ amount }} now.{% endif %}",
        [_p("amount", NUM)],
        {"amount": "300"},
        None,
    ),
    (
        "default-param",
        "Sign as {{ signature }}. Language: {{ lang }}.",
        [_p("signature", STR, default="The Acme team"), _p("lang", STR, default="en")],
        {"lang": "de"},
        None,
    ),
    (
        "optional-blank",
        "Hello {{ name | default: 'there' }}!",
        [_p("name", STR, required=False, default="")],
        {},
        None,
    ),
    (
        "booleans",
        "{% if vip %}VIP customer.{% else %}Regular customer.{% endif %} vip={{ vip }} "
        'settings vip={{ settings["acme.reply-style"].vip }}',
        [_p("vip", BOOL)],
        {"vip": "false"},
        None,
    ),
    (
        "json-param",
        "Context: {{ topic | json }} {{ count | json }} {{ urgent | json }}",
        [_p("topic", STR), _p("count", NUM), _p("urgent", BOOL)],
        {"topic": 'Refund "late" parcel', "count": "2.50", "urgent": "true"},
        None,
    ),
    (
        "json-settings",
        'Style: {{ settings["acme.reply-style"] | json }}',
        [],
        {},
        None,
    ),
    (
        "json-indented",
        'Tiers:\n{{ settings["acme.pricing"].tiers | json: 2 }}',
        [],
        {},
        None,
    ),
    (
        "today-now",
        "Today is {{ today }}; the time is {{ now }}.",
        [],
        {},
        None,
    ),
    (
        "now-formatted",
        "Date: {{ now | date: '%A, %B %-d, %Y' }} at {{ now | date: '%H:%M' }} UTC.",
        [],
        {},
        None,
    ),
    (
        "today-date",
        "{{ today | date: '%d.%m.%Y' }} / {{ today | date: '%b %e' }}",
        [],
        {},
        None,
    ),
    (
        "due-date",
        "Due {{ due | date: '%B %-d' }}; {{ due | date: '%j' }} days into the year.",
        [_p("due", DATE)],
        {"due": "2027-02-03"},
        None,
    ),
    (
        "conversation",
        "Turn {{ conversation.turn }} of conversation {{ conversation.id }}."
        "{% if conversation.turn == 1 %} Greet the customer.{% endif %}",
        [],
        {},
        None,
    ),
    (
        "input",
        "The customer writes about {{ input.topic }} (order {{ input.order.id }}, "
        "{{ input.order.total | times: 1.19 | round: 2 }} with VAT).",
        [],
        {},
        '{"topic": "a late parcel", "order": {"id": "A-17", "total": 80}}',
    ),
    (
        "input-missing",
        "About {{ input.topic }}.",
        [],
        {},
        None,
    ),
    (
        "strings",
        "{{ name | capitalize }} / {{ name | upcase }} / {{ name | size }} letters / "
        "{{ name | truncate: 6 }} / {{ name | replace: 'a', 'å' }} / {{ name | slice: 0, 3 }}",
        [_p("name", STR)],
        {"name": "annabelle"},
        None,
    ),
    (
        "first-last-string",
        "Initials: {{ first | first }}{{ last | first }}. Ends with {{ last | last }}.",
        [_p("first", STR), _p("last", STR)],
        {"first": "Grace", "last": "Hopper"},
        None,
    ),
    (
        "split-loop",
        "{% assign items = list | split: ',' %}{% for i in items %}{{ forloop.index }}. "
        "{{ i | strip }}\n{% endfor %}",
        [_p("list", STR)],
        {"list": "tea, coffee ,cocoa"},
        None,
    ),
    (
        "whitespace-blocks",
        "Rules:\n{% if strict %}\n  - be brief\n{% endif %}\n{% unless casual %}\n"
        "{% endunless %}\nEnd.",
        [_p("strict", BOOL), _p("casual", BOOL)],
        {"strict": "true", "casual": "false"},
        None,
    ),
    (
        "trimmed-tags",
        "Steps:\n{%- for i in (1..steps) %}\n  {{ i }}. step {{ i }}\n{%- endfor %}\nDone.",
        [_p("steps", NUM)],
        {"steps": "3"},
        None,
    ),
    (
        "case-tone",
        "{% case tone %}{% when 'formal' %}Dear customer,{% when 'friendly', 'warm' %}"
        "Hi there!{% else %}Hello,{% endcase %}",
        [_p("tone", STR)],
        {"tone": "warm"},
        None,
    ),
    (
        "capture-assign",
        "{% capture line %}{{ greeting }}, {{ name }}{% endcapture %}"
        "{% assign shout = line | upcase | append: '!' %}{{ shout }} ({{ line | size }})",
        [_p("greeting", STR, default="Hello"), _p("name", STR)],
        {"name": "Lin"},
        None,
    ),
    (
        "settings-key-limit",
        'At most {{ settings["acme.reply-style"].limit }} follow-ups; '
        'note: [{{ settings["acme.reply-style"].note }}].',
        [],
        {},
        None,
    ),
    (
        "tiers-where",
        '{% assign pro = settings["acme.pricing"].tiers | where: "name", "pro" | first %}'
        "Pro costs {{ pro.price }} {{ settings['acme.pricing'].currency }} for "
        "{{ pro.seats }} seats ({{ pro.price | divided_by: pro.seats }} per seat).",
        [],
        {},
        None,
    ),
    (
        "tiers-map-sum",
        '{% assign tiers = settings["acme.pricing"].tiers %}'
        "Plans: {{ tiers | map: 'name' | join: ' / ' }}; all seats: "
        "{{ tiers | sum: 'seats' }}; prices: {{ tiers | map: 'price' | join: ', ' }}.",
        [],
        {},
        None,
    ),
    (
        "tiers-loop-money",
        '{% for t in settings["acme.pricing"].tiers %}{{ t.name }}: '
        "{{ t.price | times: 12 }} a year, {{ t.price | times: 1.19 | round: 2 }} with VAT"
        "{% unless forloop.last %}\n{% endunless %}{% endfor %}",
        [],
        {},
        None,
    ),
    (
        "percent",
        "Discount {{ settings['acme.reply-style'].discount | times: 100 }}% — "
        "you save {{ price | times: settings['acme.reply-style'].discount | round: 2 }}.",
        [_p("price", NUM)],
        {"price": "19.99"},
        None,
    ),
    (
        "modulo-parity",
        "{% if n | modulo: 2 == 0 %}even{% endif %}{{ n | modulo: 3 }} {{ n | minus: 10 | abs }} "
        "{{ n | divided_by: 4 | floor }} {{ n | divided_by: 4 | ceil }}",
        [_p("n", NUM)],
        {"n": "7"},
        None,
    ),
    (
        "big-and-small",
        "{{ big }} {{ small }} {{ big | times: 10 }} {{ small | divided_by: 10 }}",
        [_p("big", NUM), _p("small", NUM)],
        {"big": "12345678901234567890", "small": "0.000001"},
        None,
    ),
    (
        "escape-and-strip",
        "Quote: {{ text | strip_html | escape }} | {{ text | strip_newlines }}",
        [_p("text", STR)],
        {"text": '<b>Ships</b> in 2 days & "free"\nreturns'},
        None,
    ),
    (
        "unknown-filter",
        "{{ name | titlecase }}",
        [_p("name", STR)],
        {"name": "ada"},
        None,
    ),
    (
        "undefined-variable",
        "Hi {{ nickname }}",
        [_p("name", STR)],
        {"name": "ada"},
        None,
    ),
    (
        "default-of-undefined",
        "Hi {{ nickname | default: 'friend' }}",
        [],
        {},
        None,
    ),
    (
        "date-param-arithmetic",
        "{% assign days = 3 %}Ship by {{ due }} ({{ days | times: 24 }} hours); "
        "rush: {{ rush | default: false, allow_false: true }}",
        [_p("due", DATE), _p("rush", BOOL, default=False)],
        {"due": "2026-12-04"},
        None,
    ),
]


def _typed(value: str, kind: str) -> Any:
    if kind == NUM:
        return json.loads(value)
    if kind == BOOL:
        return value == "true"
    return value


def _context(
    declared: list[dict[str, Any]], given: dict[str, str], turn_input: str | None
) -> dict[str, Any]:
    """The context the runtime renders with (`prompt.ts` mergeContext), written out."""
    context: dict[str, Any] = {p["name"]: p["default"] for p in declared if "default" in p}
    kinds = {p["name"]: p["type"] for p in declared}
    context.update({name: _typed(value, kinds[name]) for name, value in given.items()})
    context["today"] = NOW[:10]
    context["now"] = NOW
    context["conversation"] = {"id": "render", "turn": 1}
    if turn_input is not None:
        context["input"] = json.loads(turn_input)
    context["settings"] = SETTINGS
    return context


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("realistic")
    (root / "pyproject.toml").write_text(
        scratch_pyproject(
            "acme-prompts", "acme.prompts", build_system=False, sdk=False, hook=False
        ),
        encoding="utf-8",
    )
    blocks = root / "blocks"
    blocks.mkdir()
    for block_id, values in SETTINGS.items():
        block = {
            "id": block_id,
            "version": "1.0.0",
            "kind": "settings",
            "content": {"values": values},
        }
        (blocks / f"{block_id}.json").write_text(json.dumps(block), encoding="utf-8")
    for name, template, declared, _given, _input in PROMPTS:
        block = {
            "id": f"acme.{name}",
            "version": "1.0.0",
            "kind": "prompt",
            "content": {"templateFile": f"{name}.liquid", "parameters": declared},
        }
        (blocks / f"{name}.json").write_text(json.dumps(block), encoding="utf-8")
        (blocks / f"{name}.liquid").write_bytes(template.encode("utf-8"))
    return root


def test_corpus_is_large_enough() -> None:
    assert len(PROMPTS) >= 35


@pytest.mark.parametrize(
    "case",
    [pytest.param(case, id=case[0]) for case in PROMPTS],
)
def test_render_prints_what_a_run_prints(
    pack: Path, case: tuple[str, str, list[dict[str, Any]], dict[str, str], str | None]
) -> None:
    """The command's stdout is liquidjs's text; where liquidjs fails, the command fails."""
    name, template, declared, given, turn_input = case
    shipped.require_oracle()
    args = ["render", f"acme.{name}", str(pack), "--now", NOW]
    for key, value in given.items():
        args += ["--param", f"{key}={value}"]
    if turn_input is not None:
        args += ["--input", turn_input]
    run = run_cli(*args, env={"PYTHONIOENCODING": "utf-8"}, encoding="utf-8")
    ok, text = shipped.render_outcome(template, _context(declared, given, turn_input))
    if ok:
        assert (run.returncode, run.stderr, run.stdout) == (0, "", text)
    else:
        assert (run.returncode, run.stdout) == (1, ""), text
