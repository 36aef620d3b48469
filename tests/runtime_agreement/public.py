"""The public suites as block files: the JSON-Schema-Test-Suite's object cases as settings
blocks, golden-liquid's templates as prompt blocks (both fetched, pinned, by
`tests/helpers/external.py`)."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from tests.helpers.external import golden_liquid_source, json_schema_test_suite
from tests.runtime_agreement.verdicts import Case


def suite_object_cases() -> list[Case]:
    """Each draft 2020-12 test whose data is an object: a settings block with the group's
    schema as its `schema` (as written, a boolean one too) and the data as its `values`."""
    cases = []
    for path in sorted(Path(json_schema_test_suite()).glob("*.json")):
        for g, group in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            for t, test in enumerate(group["tests"]):
                if not isinstance(test["data"], dict):
                    continue
                name = f"{path.stem}: {group['description']}: {test['description']}"
                block = {
                    "id": f"suite.{_slug(path.stem)}-{g}-{t}",
                    "version": "1.0.0",
                    "kind": "settings",
                    "content": {"values": test["data"], "schema": group["schema"]},
                }
                cases.append(Case(f"{name} [{g}.{t}]", block))
    return cases


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")


class _Values(ast.NodeVisitor):
    """Literal values of golden-liquid's case modules: literals, module constants, and the
    `"sep".join([...])` and `+` its templates are written with."""

    def __init__(self, names: dict[str, object]) -> None:
        self.names = names

    def value(self, node: ast.expr) -> object:
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            raise ValueError(node.id)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.value(node.left), self.value(node.right)
            if isinstance(left, str) and isinstance(right, str):
                return left + right
            raise ValueError("+")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join"
            and len(node.args) == 1
        ):
            separator, items = self.value(node.func.value), self.value(node.args[0])
            if isinstance(separator, str) and isinstance(items, list):
                return separator.join(str(item) for item in items)
            raise ValueError("join")
        if isinstance(node, (ast.List, ast.Tuple)):
            return [self.value(item) for item in node.elts]
        if isinstance(node, ast.Dict):
            return {
                self.value(k): self.value(v)
                for k, v in zip(node.keys, node.values)
                if k is not None
            }
        return ast.literal_eval(node)


def _constants(tree: ast.Module, names: dict[str, object]) -> dict[str, object]:
    found = dict(names)
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name):
                try:
                    found[target.id] = _Values(found).value(node.value)
                except (ValueError, SyntaxError, TypeError):
                    continue
    return found


def golden_liquid_templates() -> list[tuple[str, str]]:
    """(where, template) for each golden-liquid case (python-liquid 2.0.0's copy, read with
    `ast`, not imported) and each of its partials' templates."""
    folder = golden_liquid_source()
    shared = _constants(ast.parse((folder / "case.py").read_text(encoding="utf-8")), {})
    templates: list[tuple[str, str]] = []
    for module in sorted(folder.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        values = _Values(_constants(tree, shared))
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Case"):
                continue
            arguments = {k.arg: k.value for k in call.keywords if k.arg}
            description = str(values.value(arguments["description"]))
            where = f"{module.stem}: {description}"
            try:
                template = values.value(arguments["template"])
            except (ValueError, SyntaxError, TypeError):
                template = None
            if isinstance(template, str):
                templates.append((where, template))
            try:
                partials: Any = (
                    values.value(arguments["partials"]) if "partials" in arguments else {}
                )
            except (ValueError, SyntaxError, TypeError):
                partials = {}
            if isinstance(partials, dict):
                templates.extend(
                    (f"{where} (partial {name})", text)
                    for name, text in partials.items()
                    if isinstance(text, str)
                )
    return templates


def golden_liquid_cases() -> list[Case]:
    """Each golden-liquid template as a prompt block of its own (no parameters: a template
    that reads variables draws only warnings)."""
    cases = []
    seen: dict[str, int] = {}
    for number, (where, template) in enumerate(golden_liquid_templates()):
        seen[where] = seen.get(where, 0) + 1
        name = where if seen[where] == 1 else f"{where} #{seen[where]}"
        block = {
            "id": f"golden.case-{number}",
            "version": "1.0.0",
            "kind": "prompt",
            "content": {"template": template},
        }
        cases.append(Case(name, block))
    return cases
