"""What `check` reads of a template (the variables no tag of it sets, the filters it calls) is
what python-liquid's static analysis finds (`analyze(include_partials=False)`: `globals` with
their segments and span indexes, `filters` with their first span), on every template it can
parse: the repository's own (test packs, strings in the tests), golden-liquid's and the
realistic prompts."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import cast

from liquid.exceptions import LiquidError

from hatch_kindgi.engines.liquidjs.parse import Analysis, Segment, analyze
from tests.helpers.external import golden_liquid_source
from tests.helpers.python_liquid import LiquidJS
from tests.unit.engines.liquidjs.prompts import PROMPTS
from tests.unit.engines.liquidjs.test_parse import golden_templates

ROOT = Path(__file__).resolve().parents[4]
ENVIRONMENT = LiquidJS()
"""python-liquid with liquidjs's tags and filters, lenient: the analysis to compare with."""


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def repository_templates() -> list[tuple[str, str]]:
    """Every `.liquid` file, every string of a JSON file and every string constant of a test
    module that looks like Liquid, under `tests/` and `testpacks/`."""
    found: list[tuple[str, str]] = []
    for folder in ("testpacks", "tests"):
        for path in sorted((ROOT / folder).rglob("*")):
            if not path.is_file() or ".venv" in path.parts or "node_modules" in path.parts:
                continue
            where = str(path.relative_to(ROOT))
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                continue
            if path.suffix == ".liquid":
                found.append((where, text))
            elif path.suffix == ".json":
                try:
                    strings = _strings(json.loads(text))
                except (ValueError, RecursionError):
                    continue
                found.extend((where, s) for s in strings if "{{" in s or "{%" in s)
            elif path.suffix == ".py":
                try:
                    tree = ast.parse(text)
                except (SyntaxError, RecursionError):
                    continue
                found.extend(
                    (where, node.value)
                    for node in ast.walk(tree)
                    if isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and ("{{" in node.value or "{%" in node.value)
                )
    return found


def _python_liquid(template: str) -> Analysis | None:
    try:
        analysis = ENVIRONMENT.from_string(template).analyze(include_partials=False)
    except (LiquidError, RecursionError):
        return None
    return Analysis(
        {
            root: [(cast("list[Segment]", list(v.segments)), v.span.index) for v in variables]
            for root, variables in analysis.globals.items()
        },
        {name: spans[0].index for name, spans in analysis.filters.items()},
    )


def differences(
    templates: list[tuple[str, str]],
) -> tuple[int, list[tuple[str, str, Analysis, Analysis]]]:
    """How many templates both read, and where the two analyses differ."""
    compared, differ = 0, []
    for where, template in templates:
        ours = analyze(template)
        if not isinstance(ours, Analysis):
            continue  # liquidjs refuses it: check reports that, and reads nothing
        theirs = _python_liquid(template)
        if theirs is None:
            continue
        compared += 1
        if (list(ours.globals.items()), list(ours.filters.items())) != (
            list(theirs.globals.items()),
            list(theirs.filters.items()),
        ):
            differ.append((where, template, theirs, ours))
    return compared, differ


def test_repository_templates_read_as_python_liquid_reads_them() -> None:
    compared, differ = differences(repository_templates())
    assert compared > 100
    assert differ == []


def test_golden_liquid_templates_read_as_python_liquid_reads_them() -> None:
    compared, differ = differences(golden_templates(golden_liquid_source()))
    assert compared > 500
    assert differ == []


def test_realistic_prompts_read_as_python_liquid_reads_them() -> None:
    compared, differ = differences([(str(i), p) for i, p in enumerate(PROMPTS)])
    assert compared > 30  # the others python-liquid cannot parse (`{{ a b }}`, `if not`)
    assert differ == []


def test_positions_and_keys_beyond_the_bmp_read_as_python_liquid_reads_them() -> None:
    """Characters beyond the BMP (two UTF-16 units in the parse) before and inside a read."""
    templates = [(str(i), "\U0001f600 " + p) for i, p in enumerate(PROMPTS)]
    templates.append(("key", '\U0001f600{{ a["\U0001f600x"].b | upcase }}{{ x[y["\U0001f600"]] }}'))
    compared, differ = differences(templates)
    assert compared > 30
    assert differ == []


def test_deep_paths_beyond_the_bmp_are_problems_not_exceptions() -> None:
    """A thousand nested brackets after an astral character: read, or refused as too deep."""
    for depth in (1_000, 5_000, 50_000):
        template = "\U0001f600{{ " + "a[" * depth + "b" + "]" * depth + " | \U0001f600 }}"
        assert analyze(template) is not None
