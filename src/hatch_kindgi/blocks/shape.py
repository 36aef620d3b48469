"""The shape of a block: its keys, their types, and the id, version and kind rules.

Only what one file shows is checked here; templates, schemas and rules across files are the
business of the modules that `stage` runs after this one. Where a rule is the runtime's
(`validateBlock` and `validatePromptParameters`, `@kindgi/agents/src/blocks.ts` and
`define.ts` in kindgi-cli), the problem says the runtime's words first, then what we add:
which value, and what would be right. Where we are stricter than a publish (a key the
runtime ignores, a version with a leading zero the pack index refuses, a default not of its
parameter's type), the message says so.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from hatch_kindgi.blocks.json_reader import json_type
from hatch_kindgi.engines.javascript.strings import WHITE_SPACE_ESCAPES, is_blank
from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.report.suggest import offer

# The shape rules as data: `block_schema.py` builds the JSON Schema for editors from them.
SCHEMA_KEY = "$schema"  # where an editor finds the file's JSON Schema; not in the index entry
BLOCK_KEYS = (SCHEMA_KEY, "id", "version", "kind", "description", "content")
REQUIRED_KEYS = ("id", "version", "kind", "content")
KINDS = ("prompt", "settings")
CONTENT_KEYS = {
    "prompt": ("template", "templateFile", "parameters"),
    "settings": ("values", "schema"),
}
PARAMETER_KEYS = ("name", "type", "description", "required", "default")
NOT_BLANK_PATTERN = "[^" + WHITE_SPACE_ESCAPES + "]"
"""A pattern for a string with something besides JavaScript white space (a schema's)."""
RESERVED_PARAMETERS = frozenset(("today", "now", "agent", "conversation", "input", "settings"))
"""The names a publish refuses for a parameter: the variables the runtime gives every template
(`@kindgi/agents/src/define.ts`, `AUTO_INJECTED_NAMES`, from `prompt.ts`'s
`AUTO_INJECTED_VARS`)."""
PARAMETER_TYPES = ("string", "number", "boolean", "date")

# The runtime's words (`validateBlock`, `validatePromptParameters`), before ours.
ID_WORDS = 'id must be a dotted lowercase id, e.g. "acme.intake-prompt"'
VERSION_WORDS = 'version must be major.minor.patch, e.g. "1.0.0"'
KIND_WORDS = "kind must be one of: " + ", ".join(("prompt", "settings"))
DESCRIPTION_WORDS = "description must be a string"
CONTENT_WORDS = {
    "prompt": "a prompt block needs content: { template, parameters? }",
    "settings": "a settings block needs content: { values, schema? }",
}
TEMPLATE_WORDS = "template must be a non-empty string"
PARAMETERS_WORDS = "parameters must be an array"
NAME_WORDS = "name must be a non-empty string"
TYPE_WORDS = "type must be string, number, boolean, or date"
VALUES_WORDS = "values must be a JSON object"
SCHEMA_WORDS = "schema must be a JSON Schema object"
_RUNTIME_ID = re.compile(r"[a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+")
_RUNTIME_VERSION = re.compile(r"[0-9]+\.[0-9]+\.[0-9]+")
"""The runtime's own patterns for a block's id and version (`blocks.ts` `ID`, `VERSION`)."""
# Whole-string patterns (matched with fullmatch), in the syntax Python and ECMA-262 share.
ID_PATTERN = r"[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+"
VERSION_PATTERN = r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)"
DATE_PATTERN = r"[0-9]{4}-[0-9]{2}-[0-9]{2}"

_ID = re.compile(ID_PATTERN)
_VERSION = re.compile(VERSION_PATTERN)
_LOOSE_VERSION = re.compile(r"v?[0-9]+\.[0-9]+\.[0-9]+")
_DATE = re.compile(DATE_PATTERN)

Version = tuple[int, int, int]


@dataclass(frozen=True)
class BlockHeader:
    """What identifies a block, each part None when the file doesn't give it validly."""

    id: str | None
    version: Version | None
    kind: str | None


@dataclass(frozen=True)
class ShapeCheck:
    """A block's header and the problems with its shape."""

    header: BlockHeader
    problems: tuple[Problem, ...]


def parse_version(text: str) -> Version | None:
    """`(major, minor, patch)` of a plain `MAJOR.MINOR.PATCH` version, else None."""
    match = _VERSION.fullmatch(text)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2)), int(match.group(3))


def format_version(version: Version) -> str:
    """`1.2.3` for (1, 2, 3)."""
    return ".".join(str(part) for part in version)


def check_shape(file: str, block: dict[str, Any]) -> ShapeCheck:
    """Every shape problem of `block`, the parsed object of block file `file`."""
    shape = _Shape(file)
    shape.unknown_keys(block, (), BLOCK_KEYS)
    kind = shape.kind(block["kind"]) if "kind" in block else None
    words = {"id": ID_WORDS, "version": VERSION_WORDS, "kind": KIND_WORDS}
    words["content"] = CONTENT_WORDS.get(kind or "", "")
    for key in REQUIRED_KEYS:
        if key not in block:
            lead = f"{words[key]}: " if words[key] else ""
            shape.add(
                "block-shape",
                None,
                f'{lead}the block has no "{key}"; a block has id, version, kind and content',
                anchor="",  # placed on the object that lacks it
            )
    block_id = shape.block_id(block["id"]) if "id" in block else None
    version = shape.version(block["version"]) if "version" in block else None
    if SCHEMA_KEY in block:
        shape.string(block[SCHEMA_KEY], (SCHEMA_KEY,))
    if "description" in block:
        shape.typed(block["description"], ("description",), str, "a string", DESCRIPTION_WORDS)
    if "content" in block:
        content = block["content"]
        if shape.typed(content, ("content",), dict, "an object", words["content"] or None):
            if kind == "prompt":
                shape.prompt(content)
            elif kind == "settings":
                shape.settings(content)
    return ShapeCheck(BlockHeader(block_id, version, kind), tuple(shape.problems))


_IGNORED = (
    " (the runtime would ignore it; hatch-kindgi refuses it so that a misspelt key can't "
    "pass unseen)"
)


class _Shape:
    """Collects the shape problems of one block file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[Problem] = []

    def add(
        self,
        code: str,
        path: tuple[object, ...] | None,
        message: str,
        suggestion: tuple[str, str] | None = None,
        anchor: str | None = None,
    ) -> None:
        pointer = None if path is None else json_pointer(path)
        self.problems.append(
            error(code, self.file, message, pointer=pointer, suggestion=suggestion, anchor=anchor)
        )

    def unknown_keys(
        self,
        mapping: dict[str, Any],
        path: tuple[object, ...],
        allowed: Iterable[str],
        kind: str | None = None,
    ) -> None:
        known = tuple(allowed)
        for key in mapping:
            if key in known:
                continue
            other = next((k for k in KINDS if k != kind and key in CONTENT_KEYS[k]), None)
            if kind is not None and other is not None:
                message = (
                    f'unknown key "{key}": it is a {other} block\'s key, and this block is {kind}'
                )
                fix = None
            else:
                hint, fix = offer(key, known)
                message = f'unknown key "{key}"{hint}'
            self.add("block-unknown-key", (*path, key), message + _IGNORED, fix)

    def typed(
        self,
        value: Any,
        path: tuple[object, ...],
        kind: type,
        name: str,
        words: str | None = None,
    ) -> bool:
        """Whether `value` is of `kind` (`name` in a message); if not, a problem that says
        the runtime's `words` for it first, when it has some."""
        if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
            return True
        shown = json_type(value, article=True)
        message = f"{words}, not {shown}" if words else f"must be {name}, not {shown}"
        self.add("block-shape", path, message)
        return False

    def string(self, value: Any, path: tuple[object, ...], words: str | None = None) -> bool:
        return self.typed(value, path, str, "a string", words)

    def block_id(self, value: Any) -> str | None:
        if not self.string(value, ("id",), ID_WORDS):
            return None
        if _ID.fullmatch(value):
            return str(value)
        rule = "two or more segments of a-z, 0-9 and inner hyphens, joined by dots"
        if _RUNTIME_ID.fullmatch(value):  # ours alone: a segment ends in "-" or holds "--"
            message = (
                f'"{value}" is not a dotted lowercase id as hatch-kindgi reads one: {rule} '
                '(like "acme.reply-prompt"); the runtime\'s publish takes a segment that ends '
                "in a hyphen or holds two in a row, hatch-kindgi refuses it as a likely typo"
            )
        else:
            message = f'{ID_WORDS}; "{value}" is not: {rule}'
        self.add("block-id", ("id",), message)
        return None

    def version(self, value: Any) -> Version | None:
        if not self.string(value, ("version",), VERSION_WORDS):
            return None
        parsed = parse_version(value)
        if parsed is not None:
            return parsed
        if _RUNTIME_VERSION.fullmatch(value):  # ours alone, and the pack index's
            message = (
                f'"{value}" is not a plain MAJOR.MINOR.PATCH version (like "1.0.0"): numbers '
                "have no leading zeros (the runtime's publish takes it, the pack index a "
                "deploy reads refuses it)"
            )
        else:
            head = _LOOSE_VERSION.match(value)
            why = (
                ": a pre-release or build suffix is not allowed"
                if head is not None and not value.startswith("v") and head.end() < len(value)
                else ""
            )
            message = f'{VERSION_WORDS}; "{value}" is not a plain MAJOR.MINOR.PATCH version{why}'
        self.add("block-version", ("version",), message)
        return None

    def kind(self, value: Any) -> str | None:
        if not self.string(value, ("kind",), KIND_WORDS):
            return None
        if value in KINDS:
            return str(value)
        hint, fix = offer(value, KINDS)
        self.add("block-kind", ("kind",), f'{KIND_WORDS}, not "{value}"{hint}', fix)
        return None

    def prompt(self, content: dict[str, Any]) -> None:
        self.unknown_keys(
            content,
            ("content",),
            CONTENT_KEYS["prompt"],
            kind="prompt",
        )
        has_template = "template" in content
        has_file = "templateFile" in content
        if has_template and has_file:
            self.add(
                "block-shape",
                ("content",),
                'has both "template" and "templateFile"; give one of them',
            )
        elif not has_template and not has_file:
            self.add(
                "block-shape",
                ("content",),
                f'{TEMPLATE_WORDS}: the content has neither "template" (the Liquid text) nor '
                '"templateFile" (its file); give one',
            )
        if (
            has_template
            and self.string(content["template"], ("content", "template"), TEMPLATE_WORDS)
            and not content["template"]
        ):
            self.add("block-shape", ("content", "template"), f"{TEMPLATE_WORDS}: it is empty")
        if (
            has_file
            and self.string(content["templateFile"], ("content", "templateFile"))
            and not content["templateFile"]
        ):
            self.add("block-shape", ("content", "templateFile"), "the path is empty")
        if "parameters" in content:
            self.parameters(content["parameters"])

    def parameters(self, parameters: Any) -> None:
        path: tuple[object, ...] = ("content", "parameters")
        if not self.typed(parameters, path, list, "an array", PARAMETERS_WORDS):
            return
        names: dict[str, int] = {}
        for index, parameter in enumerate(parameters):
            here = (*path, index)
            if not self.typed(parameter, here, dict, "an object"):
                continue
            self.unknown_keys(parameter, here, PARAMETER_KEYS)
            for key, words in (("name", NAME_WORDS), ("type", TYPE_WORDS)):
                if key not in parameter:
                    self.add("block-shape", here, f'{words}: the parameter has no "{key}"')
            name = parameter.get("name")
            if "name" in parameter and self.string(name, (*here, "name"), NAME_WORDS):
                if not name:
                    self.add("block-parameter", (*here, "name"), f"{NAME_WORDS}: it is empty")
                elif is_blank(name):  # what the runtime's define.ts refuses
                    self.add(
                        "block-parameter", (*here, "name"), f"{NAME_WORDS}: it is only white space"
                    )
                elif name in names:
                    self.add(
                        "block-parameter",
                        (*here, "name"),
                        f'duplicate parameter name "{name}"; parameter {names[name]} has it',
                    )
                else:
                    names[name] = index
                if name in RESERVED_PARAMETERS:
                    self.add(
                        "prompt-reserved-parameter",
                        (*here, "name"),
                        f'"{name}" is a reserved auto-injected variable — do not declare it as a '
                        "parameter",
                    )
            if "description" in parameter:
                self.string(parameter["description"], (*here, "description"))
            if "required" in parameter:
                self.typed(parameter["required"], (*here, "required"), bool, "true or false")
            kind = self.parameter_type(parameter["type"], here) if "type" in parameter else None
            if kind is not None and parameter.get("default") is not None:
                self.default(parameter["default"], kind, (*here, "default"))

    def parameter_type(self, value: Any, here: tuple[object, ...]) -> str | None:
        if not self.string(value, (*here, "type"), TYPE_WORDS):
            return None
        if value in PARAMETER_TYPES:
            return str(value)
        hint, fix = offer(value, PARAMETER_TYPES)
        self.add("block-parameter", (*here, "type"), f'{TYPE_WORDS}, not "{value}"{hint}', fix)
        return None

    def default(self, value: Any, kind: str, path: tuple[object, ...]) -> None:
        if kind == "string":
            fits = isinstance(value, str)
        elif kind == "number":
            fits = isinstance(value, (int, float)) and not isinstance(value, bool)
        elif kind == "boolean":
            fits = isinstance(value, bool)
        else:
            fits = isinstance(value, str) and is_date(value)
        if not fits:
            shown = json_type(value, article=True)
            want = "a date string (YYYY-MM-DD)" if kind == "date" else f"a {kind}"
            self.add(
                "block-parameter",
                path,
                f"the default is {shown}, but the parameter's type is {kind}: give {want} "
                "(the runtime's publish doesn't look at a default, but a run would use it as "
                "it is)",
            )

    def settings(self, content: dict[str, Any]) -> None:
        self.unknown_keys(
            content,
            ("content",),
            CONTENT_KEYS["settings"],
            kind="settings",
        )
        if "values" not in content:
            self.add(
                "block-shape",
                ("content",),
                f'{VALUES_WORDS}: the content has no "values"; settings content holds its '
                "values as an object",
            )
        else:
            self.typed(content["values"], ("content", "values"), dict, "an object", VALUES_WORDS)
        if "schema" in content:
            self.typed(content["schema"], ("content", "schema"), dict, "an object", SCHEMA_WORDS)


def is_date(text: str) -> bool:
    """Whether `text` is a `YYYY-MM-DD` date of the calendar."""
    if not _DATE.fullmatch(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True
