"""Prompt blocks as pack authors write them: agents' instructions with parameters, loops over
lists, filters, settings reads (`settings["acme.reply-style"].maxSentences`), the run's own
variables, `{% liquid %}` blocks, a long template in its own `templateFile`; most right, some
with the faults authors really make (a filter from Shopify, Jinja or Django, a partial, an
unclosed tag, a Jinja `{% set %}`, a parameter typed `integer` or named `input`). Written by
hand, never derived from our code; the runtime's verdict on each comes from `validateBlock`."""

from __future__ import annotations

from typing import Any

from tests.runtime_agreement.verdicts import Case


def _param(name: str, kind: str = "string", **more: Any) -> dict[str, Any]:
    return {"name": name, "type": kind, **more}


def _prompt(
    name: str,
    template: str | None,
    parameters: list[dict[str, Any]] | None = None,
    *,
    template_file: str | None = None,
    files: dict[str, str] | None = None,
    description: str | None = None,
    block_id: str | None = None,
    stricter: str | None = None,
) -> Case:
    content: dict[str, Any] = {}
    if template is not None:
        content["template"] = template
    if template_file is not None:
        content["templateFile"] = template_file
    if parameters is not None:
        content["parameters"] = parameters
    block: dict[str, Any] = {"id": block_id or f"acme.{name}", "version": "1.0.0", "kind": "prompt"}
    if description is not None:
        block["description"] = description
    block["content"] = content
    return Case(name, block, files=files or {}, stricter=stricter)


TONE = _param("tone", description="friendly, formal, …")
SIGNATURE = _param("signature", default="The Acme team")
CUSTOMER = _param("customerName", required=True)

REPLY = (
    "You draft short replies to Acme customers, in a {{ tone }} tone, in at most "
    '{{ settings["acme.reply-style"].maxSentences }} sentences.\n'
    "When a customer asks for money back, check the amount with the refund check tool, and say "
    "whether a person needs to approve the refund.\nSign every reply as {{ signature }}."
)

TRIAGE_FILE = """\
{%- comment -%} Triage instructions: kept in their own file, they're long. {%- endcomment -%}
You triage incoming tickets for {{ agent.name }} (version {{ agent.version }}).
Today is {{ today | date: "%A, %B %-d, %Y" }}.

Queues:
{%- for queue in settings["acme.triage"].queues %}
- {{ queue.name }}: {{ queue.description }}{% if queue.urgent %} (urgent){% endif %}
{%- endfor %}

{% if priorityHint != blank -%}
The customer marked this as: {{ priorityHint | downcase }}.
{%- endif %}
Answer with the queue's name only.
"""

CASES: list[Case] = [
    # ---- right ----
    _prompt(
        "reply-prompt", REPLY, [TONE, SIGNATURE], description="The reply drafter's instructions"
    ),
    _prompt("plain-instructions", "You summarize support tickets in two sentences. Be factual."),
    _prompt(
        "greeting",
        "Hello {{ customerName | capitalize }}! Thanks for writing to us on {{ today }}.",
        [CUSTOMER],
    ),
    _prompt(
        "checklist-loop",
        "Before answering, check each of these:\n"
        "{% for item in checklist %}{{ forloop.index }}. {{ item | strip }}\n{% endfor %}",
        [_param("checklist")],
    ),
    _prompt(
        "settings-limits",
        'Keep answers under {{ settings["acme.reply-style"].maxSentences }} sentences. '
        'Refunds up to {{ settings["acme.refund-policy"].autoApproveUpTo }} '
        '{{ settings["acme.refund-policy"].currency }} need no approval.',
    ),
    _prompt(
        "if-elsif-else",
        "{% if tier == 'enterprise' %}Offer a call with their account manager."
        "{% elsif tier == 'pro' %}Offer priority email support."
        "{% else %}Point them to the help center.{% endif %}",
        [_param("tier")],
    ),
    _prompt(
        "case-when",
        "{% case language %}{% when 'de' %}Antworte auf Deutsch.{% when 'fr' %}Réponds en français."
        "{% else %}Answer in English.{% endcase %}",
        [_param("language", default="en")],
    ),
    _prompt(
        "unless-vip",
        "{% unless isVip %}Do not promise same-day shipping.{% endunless %} Be kind.",
        [_param("isVip", "boolean", default=False)],
    ),
    _prompt(
        "assign-capture",
        "{% assign who = customerName | default: 'there' %}"
        "{% capture opener %}Hi {{ who }},{% endcapture %}"
        'Start every reply with "{{ opener }}".',
        [CUSTOMER],
    ),
    _prompt(
        "liquid-tag-block",
        '{% liquid\n  assign n = settings["acme.reply-style"].maxSentences\n  if n > 3\n'
        "    echo 'Write a short paragraph.'\n  else\n"
        "    echo 'Write one or two sentences.'\n  endif\n%}",
    ),
    _prompt(
        "whitespace-control",
        "Rules:\n{%- for rule in rules %}\n  - {{ rule }}\n{%- endfor %}\nThat's all.",
        [_param("rules")],
    ),
    _prompt(
        "date-filters",
        'Today is {{ today | date: "%B %d, %Y" }}; it is {{ now | date: "%H:%M" }} UTC. '
        'The offer ends {{ offerEnds | date: "%b %-d" }}.',
        [_param("offerEnds", "date")],
    ),
    _prompt(
        "numbers-math",
        "The order total is {{ total | times: 1.19 | round: 2 }} with VAT, "
        "{{ total | divided_by: installments | round: 2 }} per installment.",
        [_param("total", "number"), _param("installments", "number", default=3)],
    ),
    _prompt(
        "string-filters",
        "Ticket {{ ticketId | upcase }}: {{ subject | truncate: 60 }} "
        "({{ subject | size }} characters, {{ body | number_of_words }} words).",
        [_param("ticketId"), _param("subject"), _param("body")],
    ),
    _prompt(
        "split-join",
        "Tags: {{ tags | split: ',' | join: ', ' }}. First tag: {{ tags | split: ',' | first }}.",
        [_param("tags")],
    ),
    _prompt(
        "replace-remove",
        "Refer to the product as {{ product | replace: '™', '' | strip }}; never write "
        "{{ product | remove: ' Pro' }} alone.",
        [_param("product")],
    ),
    _prompt(
        "raw-braces",
        "When you show code, write placeholders as {% raw %}{{ name }}{% endraw %} literally.",
    ),
    _prompt(
        "comment-tag",
        "{% comment %}Written by the support team, 2026-01.{% endcomment %}Answer in plain words.",
    ),
    _prompt(
        "inline-comment",
        "{% # this line explains the next one %}Never share internal ticket notes.",
    ),
    _prompt(
        "agent-and-conversation",
        "You are {{ agent.name }}. {% if conversation %}This is turn {{ conversation.turn }} of "
        "conversation {{ conversation.id }}.{% endif %}",
    ),
    _prompt(
        "input-reads",
        "The customer's order is {{ input.orderId }} placed on {{ input.placedOn }}.",
    ),
    _prompt(
        "default-filter",
        "Address the customer as {{ nickname | default: 'valued customer' }}.",
        [_param("nickname", default="")],
    ),
    _prompt(
        "json-filter",
        "Reply with JSON shaped like {{ example | json }} and nothing else.",
        [_param("example")],
    ),
    _prompt(
        "escape-filters",
        'Quote the customer exactly: "{{ quote | escape }}" ({{ quote | url_encode }}).',
        [_param("quote")],
    ),
    _prompt(
        "for-limit-offset",
        "Recent orders:{% for order in orders limit: 3 offset: 1 %} {{ order }}{% endfor %}.",
        [_param("orders")],
    ),
    _prompt(
        "for-else-empty",
        "{% for note in notes %}- {{ note }}\n{% else %}There are no notes yet.{% endfor %}",
        [_param("notes")],
    ),
    _prompt(
        "cycle-and-range",
        "{% for i in (1..3) %}Step {{ i }}"
        "{% cycle ': check', ': confirm', ': close' %}\n{% endfor %}",
    ),
    _prompt(
        "contains-check",
        "{% if email contains '@acme.example' %}This is a colleague; be brief.{% endif %}",
        [_param("email")],
    ),
    _prompt(
        "settings-bracket-loop",
        '{% for phrase in settings["acme.banned-phrases"].phrases %}'
        'Never say "{{ phrase }}".\n{% endfor %}',
    ),
    _prompt(
        "template-file",
        None,
        [_param("priorityHint", default="")],
        template_file="triage.liquid",
        files={"triage.liquid": TRIAGE_FILE},
    ),
    _prompt(
        "multilingual",
        "Antworte freundlich, ohne Floskeln. Grüße mit „{{ greeting | default: 'Hallo' }}“. 🙂",
        [_param("greeting", default="Hallo")],
    ),
    _prompt(
        "sort-map",
        "Products by name: {{ products | sort | join: ', ' }}; "
        "prices: {{ prices | map: 'amount' | join: ' / ' }}.",
        [_param("products"), _param("prices")],
    ),
    _prompt(
        "slugify-filter",
        "Link to https://acme.example/help/{{ topic | slugify }} for details.",
        [_param("topic")],
    ),
    _prompt(
        "nested-ifs",
        "{% if plan %}{% if plan == 'trial' and daysLeft < 3 %}Remind them the trial ends soon."
        "{% elsif plan == 'trial' %}Mention the trial.{% endif %}{% endif %}",
        [_param("plan"), _param("daysLeft", "number", default=14)],
    ),
    _prompt(
        "tablerow",
        "<table>{% tablerow item in items cols: 2 %}{{ item }}{% endtablerow %}</table>",
        [_param("items")],
    ),
    _prompt(
        "increment",
        "{% increment steps %}. Greet. {% increment steps %}. Answer. {% increment steps %}. Sign.",
    ),
    _prompt(
        "boolean-parameter",
        "{% if formal %}Use the customer's surname.{% else %}First names are fine.{% endif %}",
        [_param("formal", "boolean", required=False, default=True)],
    ),
    _prompt(
        "empty-parameters",
        "Answer the question using only the attached documents.",
        [],
    ),
    _prompt(
        "described-parameters",
        "Write for {{ audience }} readers, at most {{ words }} words.",
        [
            _param("audience", description="who reads the answer", default="non-technical"),
            _param("words", "number", description="a word budget", default=120),
        ],
    ),
    # ---- faults authors make: filters from elsewhere ----
    _prompt(
        "shopify-money",
        "Your refund of {{ amount | money }} is on its way.",
        [_param("amount", "number")],
    ),
    _prompt("jinja-length", "You have {{ items | length }} open tickets.", [_param("items")]),
    _prompt("jinja-upper", "Subject: {{ subject | upper }}", [_param("subject")]),
    _prompt("django-title", "Dear {{ customerName | title }},", [CUSTOMER]),
    _prompt("trim-for-strip", "Quote: {{ quote | trim }}", [_param("quote")]),
    _prompt(
        "pluralize",
        "You have {{ count }} {{ 'ticket' | pluralize: count }}.",
        [_param("count", "number")],
    ),
    _prompt(
        "url-safe-base64",
        "Token: {{ token | base64_url_safe_encode }}",
        [_param("token")],
    ),
    _prompt(
        "unknown-filter-in-loop",
        "{% for line in lines %}{{ line | titlecase }}\n{% endfor %}",
        [_param("lines")],
    ),
    # ---- faults authors make: partials ----
    _prompt("include-signature", "Answer briefly.\n{% include 'signature' %}"),
    _prompt("render-footer", "Answer briefly.\n{% render 'footer', brand: 'Acme' %}"),
    _prompt(
        "include-inside-if",
        "{% if vip %}{% include 'vip-intro' %}{% endif %}Answer the question.",
        [_param("vip", "boolean")],
    ),
    _prompt("layout-tag", "{% layout 'base' %}{% block body %}Answer briefly.{% endblock %}"),
    # ---- faults authors make: syntax ----
    _prompt("unclosed-output", "Hello {{ customerName }, how can we help?", [CUSTOMER]),
    _prompt(
        "unclosed-if",
        "{% if vip %}Thank them for being a long-time customer.",
        [_param("vip", "boolean")],
    ),
    _prompt(
        "endfor-for-endif",
        "{% if vip %}Thank them.{% endfor %}",
        [_param("vip", "boolean")],
    ),
    _prompt("jinja-set", "{% set greeting = 'Hi' %}{{ greeting }} there!"),
    _prompt(
        "jinja-call-syntax",
        "Tags: {{ tags | join(', ') }}",
        [_param("tags")],
    ),
    _prompt("jinja-comment", "{# internal #}Answer briefly. {% if x %}Yes{% end %}", [_param("x")]),
    _prompt("else-if", "{% if a %}A{% else if b %}B{% endif %}", [_param("a"), _param("b")]),
    _prompt("blank-template", "   \n  "),
    _prompt("doc-tag", "{% doc %}Prompt for the reply agent{% enddoc %}Answer briefly."),
    # ---- faults authors make: parameters ----
    _prompt(
        "integer-parameter",
        "Use at most {{ maxWords }} words.",
        [_param("maxWords", "integer")],
    ),
    _prompt("input-parameter", "Summarize: {{ input }}", [_param("input")]),
    _prompt("today-parameter", "Today is {{ today }}.", [_param("today", "date")]),
    _prompt(
        "duplicate-parameter",
        "Hi {{ name }}.",
        [_param("name"), _param("name", default="there")],
    ),
    _prompt("blank-parameter-name", "Hi.", [_param(" ")]),
    _prompt("enum-like-type", "Tone: {{ tone }}", [_param("tone", "enum")]),
    # ---- where we refuse on purpose what 0.1.10 takes ----
    _prompt(
        "parameter-default-wrong-type",
        "Use at most {{ words }} words.",
        [_param("words", "number", default="120")],
        stricter="a default not of its parameter's type is refused (docs/blocks.md): a run would "
        "render the string where a number was declared; 0.1.10's publish doesn't look at defaults",
    ),
]
