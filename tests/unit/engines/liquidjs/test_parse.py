"""The publish verdict is the runtime's: same accept/refuse and same message as kindgi-cli's
`templateProblem` (`tenantLiquid().parse`: liquidjs 10.30.0, strict filters, no partials;
`tests/oracle/shipped.py`) on public and realistic templates. The oracle answers as a publish
does (blocks.ts: a blank template refused, then `templateProblem`'s message), so the verdict
is the blocks stage's `publish_error` over the mirrored parse."""

from __future__ import annotations

import ast
import random
import sys
from pathlib import Path

from hatch_kindgi.blocks.liquid import publish_error
from tests.helpers.external import golden_liquid_source
from tests.oracle import shipped
from tests.unit.engines.liquidjs.prompts import PROMPTS


def _constants(tree: ast.Module) -> dict[str, object]:
    """A module's top-level `NAME = <literal>` assignments."""
    found: dict[str, object] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                try:
                    found[target.id] = ast.literal_eval(node.value)
                except ValueError:
                    continue
    return found


def _value(node: ast.expr, names: dict[str, object]) -> object:
    """A literal argument's value (a name of a module constant resolved), else None."""
    if isinstance(node, ast.Name):
        return names.get(node.id)
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None


def golden_templates(folder: Path) -> list[tuple[str, str]]:
    """Each golden case's template and its partials' templates, with the case's description."""
    shared = _constants(ast.parse((folder / "case.py").read_text(encoding="utf-8")))
    templates: list[tuple[str, str]] = []
    for module in sorted(folder.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        names = {**shared, **_constants(tree)}
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Case"):
                continue
            arguments = {k.arg: k.value for k in call.keywords if k.arg}
            where = f"{module.stem}: {_value(arguments['description'], names)}"
            template = _value(arguments["template"], names)
            if isinstance(template, str):
                templates.append((where, template))
            partials = _value(arguments["partials"], names) if "partials" in arguments else {}
            if not isinstance(partials, dict):
                continue  # built by a call, not literal: left out
            templates.extend(
                (f"{where} (partial {name})", text)
                for name, text in partials.items()
                if isinstance(text, str)
            )
    return templates


def _ours(template: str) -> str | None:
    refused = publish_error(template)
    return None if refused is None else refused.message


def test_golden_liquid_publish_verdicts_are_liquidjs_verdicts() -> None:
    """On golden-liquid's templates (python-liquid 2.0.0's copy, partials included), the
    verdict and the message are liquidjs's on every one (the issue's bar is 99%)."""
    templates = golden_templates(golden_liquid_source())
    assert len(templates) > 1000
    differ = [
        (where, text, expected, ours)
        for where, text in templates
        if (expected := shipped.publish_template_problem(text)) != (ours := _ours(text))
    ]
    refused = sum(shipped.publish_template_problem(text) is not None for _, text in templates)
    assert refused > 20, "the suite must hold templates liquidjs refuses"
    assert differ == [], f"{len(differ)} of {len(templates)} differ from liquidjs"


def test_realistic_prompts_get_liquidjs_verdicts() -> None:
    """On hand-written prompts, right and wrong, the verdict and message are liquidjs's."""
    assert len(PROMPTS) >= 50
    verdicts = [(text, shipped.publish_template_problem(text), _ours(text)) for text in PROMPTS]
    assert sum(expected is None for _, expected, _ in verdicts) >= 25
    assert sum(expected is not None for _, expected, _ in verdicts) >= 25
    assert [v for v in verdicts if v[1] != v[2]] == []


FRAGMENTS = (
    *("{%", "%}", "{{", "}}", "-", " ", "\n", "\u00a0", "'", '"', "\\", "😀", "#"),
    *("if", "endif", "else", "elsif", "for", "endfor", "in", "unless", "endunless"),
    *("case", "when", "endcase", "raw", "endraw", "comment", "endcomment", "liquid"),
    *("assign", "=", "capture", "endcapture", "cycle", "render", "include", "with", "as"),
    *("echo", "tablerow", "endtablerow", "break", "block", "endblock", "layout", "increment"),
    *("x", "a.b", "[", "]", "|", ":", ",", "upcase", "(", ")", "..", "1", "2.5", "-3"),
    *("==", "and", "or", "not", "contains", "limit", "offset", "true", "nil", "empty"),
)


def test_fragment_soup_gets_liquidjs_verdicts() -> None:
    """Templates strung at random (seeded) from Liquid's pieces, nearly all broken in their
    own way: the verdict and message are liquidjs's on each of 1,500."""
    rng = random.Random(20)
    soup = ["".join(rng.choice(FRAGMENTS) for _ in range(rng.randint(1, 25))) for _ in range(1500)]
    differ = [
        (text, e, o)
        for text in soup
        if (e := shipped.publish_template_problem(text)) != (o := _ours(text))
    ]
    assert differ == []


def test_deep_nesting_gets_liquidjs_verdicts() -> None:
    """A thousand nested blocks parse in liquidjs, and so here (Python 3.11 and later); ten
    thousand unclosed ones are refused by both, without a RecursionError."""
    for nested in (
        "{% if a %}" * 1000 + "{% endif %}" * 1000,
        "{{ a" + "[a" * 1000 + "]" * 1000 + " }}",
    ):
        assert shipped.publish_template_problem(nested) is None
        if sys.version_info >= (3, 11):
            assert _ours(nested) is None
    assert shipped.publish_template_problem("{% if a %}" * 10_000) is not None
    assert _ours("{% if a %}" * 10_000) is not None


# Every ASCII character, and each side of every edge of liquidjs's table of word characters
# beyond ASCII (its blanks U+00A0, U+1680, U+180E, U+2000-U+200A, U+2028, U+2029, U+202F,
# U+205F, U+3000 and its curly quotes U+201C, U+201D), up to the last code point.
_EDGES: tuple[int, ...]  # grown by the line below
_EDGES = (0x80, 0xA0, 0x1680, 0x180E, 0x2000, 0x200A, 0x201C, 0x201D, 0x2028, 0x2029)
_EDGES += (0x202F, 0x205F, 0x3000, 0xFEFF, 0xFFFF, 0x10000, 0x10FFFF)
_WORD_PROBES = sorted(
    {
        *range(1, 128),
        *(code + step for code in _EDGES for step in (-1, 0, 1) if code + step < 0x110000),
    }
    - set(range(0xD800, 0xE000))
)


def test_word_characters_are_liquidjs_word_characters() -> None:
    """A character inside a variable's name, a filter's and an assigned name: the verdict
    and message are liquidjs's for every ASCII character and both sides of each edge of its
    table of word characters (`_WORD_RUN`, written as the complement of what isn't one)."""
    templates = [
        template
        for code in _WORD_PROBES
        for template in (
            f"{{{{ a{chr(code)}b }}}}",
            f"{{{{ a | up{chr(code)}case }}}}",
            f"{{% assign a{chr(code)}b = 1 %}}{{{{ a.b{chr(code)} }}}}",
        )
    ]
    differ = [
        (text, e, o)
        for text in templates
        if (e := shipped.publish_template_problem(text)) != (o := _ours(text))
    ]
    assert differ == []
