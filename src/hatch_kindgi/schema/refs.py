"""Where a schema's `$ref`s point: inside it, or somewhere nothing may be fetched from.

Found before any validator runs, so a remote or dangling reference is a problem with its
pointer, never a fetch and never a crash inside jsonschema.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from jsonschema_specifications import REGISTRY as KNOWN_SCHEMAS  # type: ignore[import-untyped]

from hatch_kindgi.report.problems import json_pointer

NOT_SCHEMAS = frozenset({"const", "enum", "default", "examples"})
"""Keywords whose values are data, not schemas: no $ref or pattern in them counts."""
REF_KEYWORDS = ("$ref", "$dynamicRef")
_INDEX = re.compile(r"0|[1-9][0-9]*")


def reference_findings(schema: Any) -> Iterator[tuple[str, str]]:
    """A (pointer, message) for each `$ref` that points outside the schema or to nothing in it."""
    resources: dict[str, Any] = {}
    anchors: dict[str, set[str]] = {}
    refs: list[tuple[str, str, tuple[object, ...]]] = []
    _collect(schema, "", (), resources, anchors, refs)
    for base, ref, path in refs:
        uri, fragment = urldefrag(urljoin(base, ref))
        pointer = json_pointer(path)
        if uri not in resources:
            if uri in KNOWN_SCHEMAS:
                continue
            yield (
                pointer,
                f'"{ref}" refers outside the schema; nothing is fetched while building, so '
                "it can't be resolved (put what it names under $defs)",
            )
        elif fragment.startswith("/") or not fragment:
            if not _points_somewhere(resources[uri], unquote(fragment)):
                yield (pointer, f'"{ref}" points to nothing in the schema')
        elif fragment not in anchors.get(uri, set()):
            yield (pointer, f'"{ref}" names no anchor of the schema')


def _collect(  # noqa: PLR0917 (recursion threads the walk's state through)
    node: Any,
    base: str,
    path: tuple[object, ...],
    resources: dict[str, Any],
    anchors: dict[str, set[str]],
    refs: list[tuple[str, str, tuple[object, ...]]],
) -> None:
    if isinstance(node, list):
        for index, item in enumerate(node):
            _collect(item, base, (*path, index), resources, anchors, refs)
        return
    if not isinstance(node, dict):
        return
    if isinstance(node.get("$id"), str):
        base = urldefrag(urljoin(base, node["$id"]))[0]
    if not path or isinstance(node.get("$id"), str):
        resources[base] = node
    for keyword in ("$anchor", "$dynamicAnchor"):
        if isinstance(node.get(keyword), str):
            anchors.setdefault(base, set()).add(node[keyword])
    for keyword in REF_KEYWORDS:
        if isinstance(node.get(keyword), str):
            refs.append((base, node[keyword], (*path, keyword)))
    for key, value in node.items():
        if key not in NOT_SCHEMAS:
            _collect(value, base, (*path, key), resources, anchors, refs)


def _points_somewhere(document: Any, pointer: str) -> bool:
    if not pointer:
        return True
    node = document
    for raw in pointer[1:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and _INDEX.fullmatch(token) and int(token) < len(node):
            node = node[int(token)]
        else:
            return False
    return True
