"""Where a pack module declares each primitive the SDK indexed, and where a pointer into its
index entry sits in that declaration.

The index gives only the declaring file (`modulePath`, a guardrail's `checkModulePath`); the
SDK collects a primitive from a module only when it was created there, so its declaring call
is in that file. This reads the file with `ast` alone (nothing is imported or run, so it works
on a module the SDK couldn't import too):

- the declarers are the names `from kindgi import tool, http_tool, guardrail, Guardrail, Tool,
  Agent, Flow` binds (also from `kindgi.pack` and `kindgi.pack.define`, `as` aliases included),
  and those attributes of a name `import kindgi [as k]` binds;
- every call of one is a declaration (a decorator's call included: the decorated function is
  kept, for its annotations and docstring); its id and version are read statically (a string
  literal, a module-level name bound to one, `+` and f-strings of those);
- an entry is matched by kind and id (and version, when several declarations share the id);
  failing that, the one declaration of its kind whose id isn't static;
- a pointer into the entry is placed on the keyword argument its first segment names (two
  segments for `spec/...` and `action/...`), then as deep into dict and list literals as the
  pointer goes; `/input`, `/output` and a guardrail's `/configSchema` go to the pydantic model
  the declaration names (the handler's annotations, `input=`, `config_type=`) and on through
  its fields (`properties/<name>`, by alias or name) as far as the module defines the models.

Lines are 1-based; columns are 1-based and count characters (ast's are UTF-8 bytes).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

_Function = ast.FunctionDef | ast.AsyncFunctionDef

KIND_OF_LIST = {"tools": "tool", "guardrails": "guardrail", "agents": "agent", "flows": "flow"}
"""The index list an entry is in, and the kind of primitive it is."""

_DECLARERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "tool": ("tool", ()),
    "http_tool": ("tool", ()),
    "Tool": ("tool", ("id", "handler", "description", "version", "input_schema")),
    "guardrail": ("guardrail", ()),
    "Guardrail": (
        "guardrail",
        ("id", "check", "check_id", "kind", "action", "name", "severity", "scope", "config"),
    ),
    "Agent": (
        "agent",
        (
            "id", "version", "name", "instructions", "capabilities", "tools", "retrieval",
            "guardrails", "parameters", "budget", "preferred_provider", "preferred_model",
            "description", "tags", "conversation_policy", "output", "tool_errors", "settings",
            "model_settings", "memory",
        ),
    ),
    "Flow": (
        "flow",
        ("id", "version", "nodes", "edges", "name", "description", "max_parallelism", "metadata",
         "output"),
    ),
}  # fmt: skip
"""Each declarer of the kindgi SDK: the kind it declares, and its positional parameters in
order (`tool`, `http_tool` and `guardrail` take keywords only)."""

_KINDGI_MODULES = frozenset({"kindgi", "kindgi.pack", "kindgi.pack.define"})
_MODULE = "<module>"

_KEYWORDS: dict[str, dict[str, str]] = {
    "tool": {
        "needsSpec": "needs_spec",
        "needsApprovalWhenUnattended": "needs_approval_when_unattended",
        "spec/urlTemplate": "url_template",
        "spec/method": "method",
        "spec/headers": "headers",
        "spec/authorization": "authorization",
        "spec/requestBody": "request_body",
        "spec/timeoutMs": "timeout_ms",
        "spec/parseJson": "parse_json",
        "spec/successStatus": "success_status",
    },
    "guardrail": {
        "check": "check_id",
        "checkId": "check_id",
        "configSchema": "config_type",
        "action/on-violation": "on_violation",
    },
    "agent": {
        "conversationPolicy": "conversation_policy",
        "toolErrors": "tool_errors",
        "modelSettings": "model_settings",
        "preferredProvider": "preferred_provider",
        "preferredModel": "preferred_model",
    },
    "flow": {"maxParallelism": "max_parallelism"},
}
"""Where an entry's field and its declarer's keyword are named differently."""

_MODEL_FIELDS = {"input": "input", "output": "output", "configSchema": "config_type"}
"""The fields that hold a JSON Schema pydantic wrote for a model of the module."""

_NEWLINE = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Declaration:
    """One call of a kindgi declarer: what it declares (kind, and its id and version where
    they are static), the call, the function it decorates, and its arguments by name."""

    kind: str
    id: str | None
    version: str | None
    call: ast.Call
    function: _Function | None = None
    arguments: Mapping[str, ast.expr] = field(default_factory=dict)


class ModuleSource:
    """One module's text, its declarations, and places in it. A text that doesn't parse
    has no declarations (nothing is placed in it)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines = _NEWLINE.split(text)
        self.declarations: tuple[Declaration, ...] = ()
        self.tree: ast.Module | None = None
        """The module's syntax tree (None when it doesn't parse), for other readings of it."""
        self.nodes: tuple[ast.AST, ...] = ()
        """Every node of the tree in `ast.walk`'s order, walked once for every reading (a
        walk in Python costs more than the parse)."""
        self._classes: dict[str, ast.ClassDef] = {}
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return
        self.tree = tree
        self.nodes = tuple(ast.walk(tree))
        self._classes = {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}
        self.declarations = tuple(_declarations(tree, self.nodes))

    def declaration(self, kind: str, entry: Mapping[str, Any]) -> Declaration | None:
        """The declaration of `entry`, a primitive of `kind`: the one with its id (and its
        version, when several have the id), else the only one of the kind whose id isn't
        static, else None."""
        same = [each for each in self.declarations if each.kind == kind and each.id is not None]
        same = [each for each in same if each.id == entry.get("id")]
        if len(same) > 1:
            versions = (entry.get("version"), None)
            same = [each for each in same if each.version in versions] or same
        if same:
            return same[0]
        unknown = [each for each in self.declarations if each.kind == kind and each.id is None]
        return unknown[0] if len(unknown) == 1 else None

    def place(self, declaration: Declaration, pointer: str) -> tuple[int, int]:
        """The line and column for a problem at `pointer` into the entry `declaration`
        declares: the argument the pointer leads to, as deep as the module's literals and
        models go; else the declaration itself (a decorator's name, after its `@`)."""
        steps = _steps(pointer)
        node = _target(declaration, steps, self._classes) if steps else declaration.call
        return self._position(node)

    def position(self, node: ast.AST, *, end: bool = False) -> tuple[int, int]:
        """The 1-based line and column (in characters) where `node` starts, or with `end`
        just after its last character."""
        if end:
            return self._position(node, "end_lineno", "end_col_offset")
        return self._position(node)

    def _position(
        self, node: ast.AST, line_at: str = "lineno", offset_at: str = "col_offset"
    ) -> tuple[int, int]:
        line = getattr(node, line_at, None) or 1
        offset = getattr(node, offset_at, None) or 0
        text = self._lines[line - 1] if 0 < line <= len(self._lines) else ""
        column = len(text.encode("utf-8", "surrogatepass")[:offset].decode("utf-8", "replace"))
        return line, column + 1


def _steps(pointer: str) -> list[str]:
    """The reference tokens of an RFC 6901 pointer, unescaped."""
    if not pointer:
        return []
    return [step.replace("~1", "/").replace("~0", "~") for step in pointer.split("/")[1:]]


def _declarations(tree: ast.Module, nodes: Sequence[ast.AST]) -> list[Declaration]:
    """The declarations in `tree`, whose nodes are `nodes` (`ast.walk`'s order)."""
    names = _kindgi_names(nodes)
    if not names:
        return []
    constants = _string_constants(tree)
    decorated: dict[int, _Function] = {}
    for node in nodes:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                decorated[id(decorator)] = node
    found: list[Declaration] = []
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        declarer = _declarer(node.func, names)
        if declarer is None:
            continue
        kind, positional = _DECLARERS[declarer]
        arguments = {each.arg: each.value for each in node.keywords if each.arg is not None}
        for name, value in zip(positional, node.args):
            arguments.setdefault(name, value)
        found.append(
            Declaration(
                kind,
                _static_string(arguments.get("id"), constants),
                _static_string(arguments.get("version"), constants),
                node,
                decorated.get(id(node)),
                arguments,
            )
        )
    found.sort(key=lambda each: (each.call.lineno, each.call.col_offset))
    return found


def _kindgi_names(nodes: Sequence[ast.AST]) -> dict[str, str]:
    """Each local name of a declarer (`from kindgi import tool as t`: t -> tool), and each
    name of the kindgi module (`import kindgi as k`: k -> `_MODULE`), among a tree's
    `nodes`."""
    names: dict[str, str] = {}
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module in _KINDGI_MODULES and not node.level:
            for alias in node.names:
                if alias.name in _DECLARERS:
                    names[alias.asname or alias.name] = alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in _KINDGI_MODULES:
                    names[alias.asname or alias.name.split(".")[0]] = _MODULE
    return names


def _declarer(function: ast.expr, names: Mapping[str, str]) -> str | None:
    if isinstance(function, ast.Name):
        found = names.get(function.id)
        return None if found == _MODULE else found
    if isinstance(function, ast.Attribute) and function.attr in _DECLARERS:
        root = function.value
        while isinstance(root, ast.Attribute):
            root = root.value
        if isinstance(root, ast.Name) and names.get(root.id) == _MODULE:
            return function.attr
    return None


def _string_constants(tree: ast.Module) -> dict[str, str]:
    """The module-level names bound to a static string, in order (a later binding wins)."""
    constants: dict[str, str] = {}
    for statement in tree.body:
        target: ast.expr | None = None
        value: ast.expr | None = None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign):
            target, value = statement.target, statement.value
        if isinstance(target, ast.Name):
            text = _static_string(value, constants)
            if text is None:
                constants.pop(target.id, None)
            else:
                constants[target.id] = text
    return constants


def _static_string(node: ast.expr | None, constants: Mapping[str, str]) -> str | None:
    """The string `node` always is, when it can be told without running anything."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _static_string(node.left, constants)
        right = _static_string(node.right, constants)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.JoinedStr):
        parts: list[str] = []
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                if value.conversion != -1 or value.format_spec is not None:
                    return None
                part = _static_string(value.value, constants)
            else:
                part = _static_string(value, constants)
            if part is None:
                return None
            parts.append(part)
        return "".join(parts)
    return None


def _target(
    declaration: Declaration, steps: Sequence[str], classes: Mapping[str, ast.ClassDef]
) -> ast.AST:
    """The node a pointer's `steps` lead to in `declaration`."""
    keywords = _KEYWORDS.get(declaration.kind, {})
    arguments = declaration.arguments
    two = "/".join(steps[:2])
    if two in keywords and keywords[two] in arguments:
        return _into_literal(arguments[keywords[two]], steps[2:])
    first = steps[0]
    keyword = keywords.get(first, first)
    model_keyword = _MODEL_FIELDS.get(first) if declaration.kind in ("tool", "guardrail") else None
    if model_keyword is not None:
        model = _model_node(declaration, first, model_keyword)
        if model is not None:
            return _into_model(model, steps[1:], classes)
    if keyword in arguments:
        return _into_literal(arguments[keyword], steps[1:])
    function = declaration.function
    if first == "description" and function is not None and function.body:
        return function.body[0]
    return declaration.call


def _model_node(declaration: Declaration, first: str, keyword: str) -> ast.expr | None:
    """The annotation or argument that names the model a schema field was written from: the
    declarer's keyword (`input=`, `output=`, `config_type=`), else the decorated function's
    first parameter (input, a check's config) or its return annotation (output)."""
    if keyword in declaration.arguments:
        return declaration.arguments[keyword]
    function = declaration.function
    if function is None:
        return None
    if first == "output":
        return function.returns
    parameters = [*function.args.posonlyargs, *function.args.args]
    return parameters[0].annotation if parameters else None


def _into_literal(node: ast.expr, steps: Sequence[str]) -> ast.AST:
    """Into dict and list literals as far as `steps` go: the deepest node reached."""
    for step in steps:
        if isinstance(node, ast.Dict):
            values = [
                value
                for key, value in zip(node.keys, node.values)
                if isinstance(key, ast.Constant) and key.value == step
            ]
            if not values:
                return node
            node = values[0]
        elif isinstance(node, (ast.List, ast.Tuple)) and step.isdigit():
            if int(step) >= len(node.elts):
                return node
            node = node.elts[int(step)]
        else:
            return node
    return node


def _into_model(
    annotation: ast.expr, steps: Sequence[str], classes: Mapping[str, ast.ClassDef]
) -> ast.AST:
    """From a model's annotation through its fields as a JSON Schema pointer names them
    (`properties/<name>`, `anyOf/<i>`, `items`, `additionalProperties`), as far as the models
    are classes of this module: the deepest node reached (a field's line, or the annotation)."""
    reached: ast.AST = annotation
    current: ast.expr | None = annotation
    index = 0
    while index < len(steps) and current is not None:
        step = steps[index]
        if step == "properties" and index + 1 < len(steps):
            model = classes.get(_plain_name(current) or "")
            found = None if model is None else _field(model, steps[index + 1])
            if found is None:
                return reached
            reached, current = found, found.annotation
            index += 2
            continue
        current = _inner_type(current, step, steps[index + 1] if index + 1 < len(steps) else None)
        if current is None:
            return reached
        index += 2 if step in ("anyOf", "oneOf", "prefixItems") else 1
    return reached


def _plain_name(node: ast.expr) -> str | None:
    """The class an annotation names (`Model`, `"Model"`, `Optional[Model]`, `Model | None`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            return _plain_name(ast.parse(node.value, mode="eval").body)
        except SyntaxError:
            return None
    members = _union_members(node)
    if members is not None:
        named = [member for member in members if not _is_none(member)]
        return _plain_name(named[0]) if len(named) == 1 else None
    return None


def _field(model: ast.ClassDef, name: str) -> ast.AnnAssign | None:
    """The field of `model` whose alias (`Field(alias=...)`) or name is `name`."""
    by_name: ast.AnnAssign | None = None
    for statement in model.body:
        if not isinstance(statement, ast.AnnAssign) or not isinstance(statement.target, ast.Name):
            continue
        value = statement.value
        if isinstance(value, ast.Call):
            for keyword in value.keywords:
                if keyword.arg in ("alias", "serialization_alias", "validation_alias") and (
                    isinstance(keyword.value, ast.Constant) and keyword.value.value == name
                ):
                    return statement
        if statement.target.id == name:
            by_name = statement
    return by_name


def _inner_type(node: ast.expr, step: str, following: str | None) -> ast.expr | None:
    """The part of an annotation a schema keyword leads into: a union's member (`anyOf/i`),
    a list's item (`items`), a dict's value (`additionalProperties`)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return None
    if step in ("anyOf", "oneOf"):
        members = _union_members(node)
        if members is None or following is None or not following.isdigit():
            return None
        return members[int(following)] if int(following) < len(members) else None
    if step in ("items", "additionalProperties"):
        if isinstance(node, ast.Subscript):
            arguments = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
            if arguments:
                return arguments[-1]
        members = _union_members(node)
        if members is not None:
            named = [member for member in members if not _is_none(member)]
            return _inner_type(named[0], step, following) if len(named) == 1 else None
    return None


def _union_members(node: ast.expr) -> list[ast.expr] | None:
    """The members of `A | B`, `Union[A, B]` or `Optional[A]` (`[A, None]`), else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left = _union_members(node.left) or [node.left]
        right = _union_members(node.right) or [node.right]
        return [*left, *right]
    if isinstance(node, ast.Subscript):
        name = node.value.attr if isinstance(node.value, ast.Attribute) else None
        name = node.value.id if isinstance(node.value, ast.Name) else name
        inner = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if name == "Union":
            return list(inner)
        if name == "Optional" and len(inner) == 1:
            return [inner[0], ast.Constant(value=None)]
    return None


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None
