"""Where a pack module reads what a deploy hands its code, found with `ast` alone (nothing is
imported or run): a tool handler's `ctx.settings[...]`, `ctx.env[...]`, `ctx.secrets[...]`
(and their `.get`), and `os.environ[...]`, `os.environ.get`, `os.getenv` anywhere in a module.

The forms followed: the handler's context under whatever name its second parameter has (and a
helper function it passes the context to, in the module or a pack module it imports, under
that helper's parameter's name); `import os [as o]`, `from os import environ, getenv [as …]`;
a local bound to `ctx.settings`, `ctx.env`, `ctx.secrets`, `os.environ`, or to a block
(`style = ctx.settings["acme.style"]`, or its `.get`) and read later in the same function. A
read that an `in` test guards (`if "X" in os.environ:`, `"k" in style and style["k"]`, `… if
"X" in os.environ else …`), or inside a `try` that catches `KeyError`, is read as a `.get` is:
it can't raise. Only a name or key that is a string literal is a read here; any other is
nobody's to judge before a call. Lines are 1-based, columns 1-based characters
(`primitives.declarations.ModuleSource.position`, as every problem on a module is placed).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from hatch_kindgi.primitives.declarations import ModuleSource
from hatch_kindgi.primitives.modules import ModuleParses

_Function = ast.FunctionDef | ast.AsyncFunctionDef

_CONTEXT_PARTS = ("settings", "env", "secrets")
_CATCHES = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


@dataclass(frozen=True)
class Word:
    """A string literal a read names: its text, file and place (its start, and just after
    its end), and whether it is spelt as the bare word in quotes (a fix may replace it)."""

    text: str
    file: str
    line: int
    column: int
    end: tuple[int, int]
    plain: bool


@dataclass(frozen=True)
class SettingsRead:
    """`ctx.settings[block]`, then `[key]` when a key is read of it; `.get` for either when
    `block_get` or `key_get` (or an `in` test guards it). `bound`: the block was read where
    a local was bound to it, and is judged there; this read judges only its key."""

    block: Word
    block_get: bool
    key: Word | None = None
    key_get: bool = False
    bound: bool = False
    context: str = "ctx"


@dataclass(frozen=True)
class NameRead:
    """A name read of `source`: `env` or `secrets` of a tool's context, or `environ`, the
    process environment; `get` when it can't raise (`.get`, `os.getenv`, guarded)."""

    source: str
    name: Word
    get: bool
    context: str = "ctx"


Read = SettingsRead | NameRead


@dataclass(frozen=True)
class _Container:
    """What an expression is: the context, one of its mappings, the process environment,
    `os`, `os.getenv`, or one settings block's values."""

    kind: str
    block: Word | None = None
    block_get: bool = False


class PackModules:
    """The pack's modules, each read (by `read_text`, pack-relative) and parsed once."""

    def __init__(
        self, read_text: Callable[[str], str | None], parses: ModuleParses | None = None
    ) -> None:
        self._read_text = read_text
        self._parses = ModuleParses() if parses is None else parses
        self._sources: dict[str, ModuleSource | None] = {}

    def source(self, file: str) -> ModuleSource | None:
        """The parsed module `file`, None when it can't be read or isn't a module file."""
        if file not in self._sources:
            relative = PurePosixPath(file)
            text = None
            if file.endswith(".py") and not relative.is_absolute() and ".." not in relative.parts:
                text = self._read_text(file)
            self._sources[file] = None if text is None else self._parses.source(text)
        return self._sources[file]

    def imported(self, file: str) -> Iterator[tuple[str, ast.ImportFrom | ast.Import]]:
        """Each pack module `file` imports (relative imports, and absolute ones from the pack
        root), with the import statement."""
        source = self.source(file)
        if source is None or source.tree is None:
            return
        for node in source.nodes:
            if isinstance(node, ast.ImportFrom):
                base = _import_base(file, node.module, node.level)
                if base is None:
                    continue
                found = self._module_file(base)
                if found is not None:
                    yield found, node
                for alias in node.names:
                    inner = self._module_file(f"{base}/{alias.name}" if base else alias.name)
                    if inner is not None:
                        yield inner, node
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    found = self._module_file(alias.name.replace(".", "/"))
                    if found is not None:
                        yield found, node

    def imported_function(self, file: str, name: str) -> tuple[str, _Function] | None:
        """The function a module's `name` is: defined at its top level, or imported by
        `from <pack module> import <function> [as name]`."""
        source = self.source(file)
        if source is None or source.tree is None:
            return None
        for node in source.tree.body:
            function = _function_named(node, name)
            if function is not None:
                return file, function
        for node in source.tree.body:
            if not isinstance(node, ast.ImportFrom):
                continue
            for alias in node.names:
                if (alias.asname or alias.name) != name:
                    continue
                base = _import_base(file, node.module, node.level)
                found = None if base is None else self._module_file(base)
                other = None if found is None else self.source(found)
                if found is None or other is None or other.tree is None:
                    continue
                for each in other.tree.body:
                    function = _function_named(each, alias.name)
                    if function is not None:
                        return found, function
        return None

    def _module_file(self, base: str) -> str | None:
        for candidate in (f"{base}.py", f"{base}/__init__.py"):
            if base and self.source(candidate) is not None:
                return candidate
        return None


def _function_named(node: ast.stmt, name: str) -> _Function | None:
    """`node` when it defines the function `name`."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
        return node
    return None


def _import_base(file: str, module: str | None, level: int) -> str | None:
    """The pack-relative path (no suffix) an import's module names, None above the root."""
    named = [] if module is None else module.split(".")
    if not level:
        return "/".join(named)
    folder = list(PurePosixPath(file).parent.parts)
    if level - 1 > len(folder):
        return None
    folder = folder[: len(folder) - (level - 1)]
    return "/".join([*folder, *named])


def handler_of(source: ModuleSource, entry: Mapping[str, object]) -> _Function | None:
    """The handler function of the tool `entry` declared in `source`: the function `@tool`
    decorates, or the module's function `Tool(handler=...)` names."""
    declaration = source.declaration("tool", entry)
    if declaration is None:
        return None
    if declaration.function is not None:
        return declaration.function
    handler = declaration.arguments.get("handler")
    if isinstance(handler, ast.Name) and source.tree is not None:
        for node in source.tree.body:
            function = _function_named(node, handler.id)
            if function is not None:
                return function
    return None


def context_name(function: _Function) -> str | None:
    """The name of a handler's context parameter (its second), None when it takes none."""
    parameters = [*function.args.posonlyargs, *function.args.args]
    return parameters[1].arg if len(parameters) == 2 else None


def _names_the_environment(node: ast.AST) -> bool:
    """Whether `node` names `environ` or `getenv` (an attribute, or a name imported): a
    module with no such node reads nothing of the process environment (the walk below finds
    a read only through one), so it isn't walked."""
    if isinstance(node, ast.Attribute):
        return node.attr in _ENVIRONMENT_NAMES
    return isinstance(node, ast.alias) and node.name in _ENVIRONMENT_NAMES


_ENVIRONMENT_NAMES = frozenset({"environ", "getenv"})


def environ_reads(file: str, source: ModuleSource) -> list[NameRead]:
    """Every read of the process environment in module `file`."""
    if source.tree is None or not any(map(_names_the_environment, source.nodes)):
        return []
    reader = _Reader(file, source, frozenset(), environ=True)
    reader.visit(source.tree)
    return [read for read in reader.reads if isinstance(read, NameRead)]


def context_reads(
    modules: PackModules, file: str, function: _Function, context: str
) -> list[tuple[str, Read]]:
    """Every read of a handler's context (`function` in module `file`, its context parameter
    named `context`), in it and in the helpers it passes the context to: `(file, read)`."""
    found: list[tuple[str, Read]] = []
    seen: set[tuple[str, int, str]] = set()
    pending = [(file, function, context)]
    while pending:
        where, node, name = pending.pop()
        if (where, id(node), name) in seen:
            continue
        seen.add((where, id(node), name))
        source = modules.source(where)
        if source is None:
            continue
        reader = _Reader(where, source, frozenset({name}), environ=False)
        reader.visit_body(node)
        found.extend((where, read) for read in reader.reads)
        for callee, parameter in reader.passed:
            helper = modules.imported_function(where, callee)
            if helper is None:
                continue
            target = _parameter(helper[1], parameter)
            if target is not None:
                pending.append((helper[0], helper[1], target))
    return found


def _parameter(function: _Function, passed: int | str) -> str | None:
    """The parameter of `function` an argument lands on (a position, or a keyword)."""
    parameters = [*function.args.posonlyargs, *function.args.args]
    if isinstance(passed, int):
        return parameters[passed].arg if passed < len(parameters) else None
    names = {each.arg for each in [*parameters, *function.args.kwonlyargs]}
    return passed if passed in names else None


@dataclass
class _Reader(ast.NodeVisitor):
    """One walk of a module (`environ`: its process-environment reads) or of a handler's body
    (its context's reads, the context named one of `contexts`)."""

    file: str
    source: ModuleSource
    contexts: frozenset[str]
    environ: bool
    reads: list[Read] = field(default_factory=list)
    passed: list[tuple[str, int | str]] = field(default_factory=list)
    _names: dict[str, _Container] = field(default_factory=dict)
    _guards: list[frozenset[tuple[str, str]]] = field(default_factory=list)
    _catching: int = 0
    _taken: set[int] = field(default_factory=set)

    def visit_body(self, function: _Function) -> None:
        """Walk the function's body (its own parameters aside from the context)."""
        for statement in function.body:
            self.visit(statement)

    # --- what an expression is ---

    def _container(self, node: ast.expr) -> _Container | None:
        if isinstance(node, ast.Name):
            if node.id in self.contexts:
                return _Container("ctx")
            return self._names.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self._container(node.value)
            if base is None:
                return None
            if base.kind == "ctx" and node.attr in _CONTEXT_PARTS:
                return _Container(node.attr)
            if base.kind == "os" and node.attr == "environ":
                return _Container("environ")
            if base.kind == "os" and node.attr == "getenv":
                return _Container("getenv")
            return None
        if isinstance(node, ast.Subscript):
            word = self._word(node.slice)
            base = self._container(node.value)
            if word is not None and base is not None and base.kind == "settings":
                return _Container("block", word, self._guarded("settings", word.text))
            return None
        if isinstance(node, ast.Call):
            got = self._get_call(node)
            if got is not None and got[0].kind == "settings":
                return _Container("block", got[1], True)
        return None

    def _get_call(self, node: ast.Call) -> tuple[_Container, Word] | None:
        """`<container>.get("<word>", …)`: the container and the word."""
        function = node.func
        if not (isinstance(function, ast.Attribute) and function.attr == "get" and node.args):
            return None
        word = self._word(node.args[0])
        base = self._container(function.value)
        if word is None or base is None:
            return None
        return base, word

    def _word(self, node: ast.expr) -> Word | None:
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            return None
        line, column = self.source.position(node)
        end = self.source.position(node, end=True)
        segment = ast.get_source_segment(self.source.text, node) if end[0] == line else None
        plain = segment in (f'"{node.value}"', f"'{node.value}'") and "\\" not in node.value
        return Word(node.value, self.file, line, column, end, plain)

    def _guarded(self, kind: str, word: str) -> bool:
        return self._catching > 0 or any((kind, word) in guard for guard in self._guards)

    def _kind_of(self, container: _Container) -> str:
        if container.kind == "block" and container.block is not None:
            return f"block:{container.block.text}"
        return container.kind

    # --- the reads ---

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.ctx, ast.Load) and id(node) not in self._taken:
            word = self._word(node.slice)
            base = self._container(node.value)
            if word is not None and base is not None:
                self._read(node, base, word, get=False)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        got = self._get_call(node)
        if got is not None and id(node) not in self._taken:
            self._read(node, got[0], got[1], get=True)
        elif node.args and self.environ:
            base = self._container(node.func)
            word = self._word(node.args[0])
            if base is not None and base.kind == "getenv" and word is not None:
                self.reads.append(NameRead("environ", word, True))
        if isinstance(node.func, ast.Name) and self.contexts:
            for index, argument in enumerate(node.args):
                if isinstance(argument, ast.Name) and argument.id in self.contexts:
                    self.passed.append((node.func.id, index))
            for keyword in node.keywords:
                value = keyword.value
                if keyword.arg and isinstance(value, ast.Name) and value.id in self.contexts:
                    self.passed.append((node.func.id, keyword.arg))
        self.generic_visit(node)

    def _read(self, node: ast.expr, base: _Container, word: Word, *, get: bool) -> None:
        context = next(iter(self.contexts), "ctx")
        get = get or self._guarded(self._kind_of(base), word.text)
        if base.kind == "environ" and self.environ:
            self.reads.append(NameRead("environ", word, get))
        elif base.kind in ("env", "secrets"):
            self.reads.append(NameRead(base.kind, word, get, context))
        elif base.kind == "settings":
            self.reads.append(SettingsRead(word, get, context=context))
        elif base.kind == "block" and base.block is not None:
            inner = node.value if isinstance(node, ast.Subscript) else _called_on(node)
            bound = isinstance(inner, ast.Name)
            if not bound:
                self._taken.add(id(inner))
            self.reads.append(
                SettingsRead(base.block, base.block_get, word, get, bound, context=context)
            )

    # --- names bound, guards ---

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name == "os":
                self._names[alias.asname or "os"] = _Container("os")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.module == "os" and not node.level:
            for alias in node.names:
                if alias.name in ("environ", "getenv"):
                    self._names[alias.asname or alias.name] = _Container(alias.name)

    def visit_Assign(self, node: ast.Assign) -> None:
        self.visit(node.value)
        for target in node.targets:
            self._bind(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)
            self._bind(node.target, node.value)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.visit(node.value)
        self._bind(node.target, node.value)

    def _bind(self, target: ast.expr, value: ast.expr) -> None:
        if not isinstance(target, ast.Name):
            return
        container = self._container(value)
        if container is None or container.kind == "ctx":
            self._names.pop(target.id, None)
        else:
            self._names[target.id] = container

    def _function(self, node: _Function | ast.Lambda) -> None:
        """A nested function: its parameters hide the names bound outside it."""
        arguments = node.args
        hidden = {
            each.arg
            for each in [
                *arguments.posonlyargs,
                *arguments.args,
                *arguments.kwonlyargs,
                *([arguments.vararg] if arguments.vararg else []),
                *([arguments.kwarg] if arguments.kwarg else []),
            ]
        }
        saved_names, saved_contexts = dict(self._names), self.contexts
        for name in hidden:
            self._names.pop(name, None)
        self.contexts = self.contexts - hidden
        self.generic_visit(node)
        self._names, self.contexts = saved_names, saved_contexts

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._function(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._function(node)

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._function(node)

    def _tests(self, test: ast.expr) -> frozenset[tuple[str, str]]:
        """What an `in` test (or an `and` of them) makes sure a mapping has."""
        if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
            return frozenset().union(*(self._tests(value) for value in test.values))
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.In)
            and isinstance(test.left, ast.Constant)
            and isinstance(test.left.value, str)
        ):
            container = self._container(test.comparators[0])
            if container is not None:
                return frozenset({(self._kind_of(container), test.left.value)})
        return frozenset()

    def visit_If(self, node: ast.If) -> None:
        self.visit(node.test)
        self._guards.append(self._tests(node.test))
        for statement in node.body:
            self.visit(statement)
        self._guards.pop()
        for statement in node.orelse:
            self.visit(statement)

    def visit_IfExp(self, node: ast.IfExp) -> None:
        self.visit(node.test)
        self._guards.append(self._tests(node.test))
        self.visit(node.body)
        self._guards.pop()
        self.visit(node.orelse)

    def visit_BoolOp(self, node: ast.BoolOp) -> None:
        if not isinstance(node.op, ast.And):
            self.generic_visit(node)
            return
        pushed = 0
        for value in node.values:
            self.visit(value)
            self._guards.append(self._tests(value))
            pushed += 1
        del self._guards[len(self._guards) - pushed :]

    def visit_Try(self, node: ast.Try) -> None:
        catches = any(_catches_key_error(handler.type) for handler in node.handlers)
        self._catching += catches
        for statement in node.body:
            self.visit(statement)
        self._catching -= catches
        for part in (*node.handlers, *node.orelse, *node.finalbody):
            self.visit(part)


def _called_on(node: ast.expr) -> ast.expr:
    """What a `.get(...)` call is called on."""
    assert isinstance(node, ast.Call)
    assert isinstance(node.func, ast.Attribute)
    return node.func.value


def _catches_key_error(kind: ast.expr | None) -> bool:
    if kind is None:
        return True
    if isinstance(kind, ast.Tuple):
        return any(_catches_key_error(each) for each in kind.elts)
    name = kind.attr if isinstance(kind, ast.Attribute) else getattr(kind, "id", None)
    return name in _CATCHES
