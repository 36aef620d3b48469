"""Where a schema's `$ref`s point: inside it, or somewhere nothing may be fetched from.

Found before any validator runs, so a remote or dangling reference is a problem with its
pointer, never a fetch and never a crash inside the validator. `ref_chains` tells how the refs
inside a schema lead into each other: around a cycle, or down a chain how long.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from hatch_kindgi.engines.ajv.vocabulary import NOT_SCHEMAS, REF_KEYWORDS
from hatch_kindgi.report.problems import json_pointer

_INDEX = re.compile(r"0|[1-9][0-9]*")

_Path = tuple[object, ...]


def reference_findings(schema: Any) -> Iterator[tuple[str, str]]:
    """A (pointer, message) for each `$ref` that points outside the schema or to nothing in it:
    for a `$ref`, Ajv's words first, as the runtime's compile throws them
    (`MissingRefError`: `can't resolve reference X from id Y`, Y the base the ref is read
    against, `#` where the schema sets none), then ours."""
    walk = _Walk.of(schema)
    for base, ref, path in walk.refs:
        uri, fragment = resolve(base, ref)
        pointer = json_pointer(path)
        ajv = f"can't resolve reference {ref} from id {base or '#'}; " if path[-1] == "$ref" else ""
        if uri not in walk.resources:
            if uri in _known_schemas():
                continue
            yield (
                pointer,
                f'{ajv}"{ref}" refers outside the schema; nothing is fetched while building, '
                "so it can't be resolved (put what it names under $defs)",
            )
        elif fragment.startswith("/") or not fragment:
            if walk.target(uri, fragment) is None:
                yield (pointer, f'{ajv}"{ref}" points to nothing in the schema')
        elif fragment not in walk.anchors.get(uri, {}):
            yield (pointer, f'{ajv}"{ref}" names no anchor of the schema')


def resolve(base: str, ref: str) -> tuple[str, str]:
    """The resource URI and fragment `ref` names, read against `base` as the validator reads
    it (`engines.ajv.registry`): a ref that is only a fragment stays in the document whatever
    its base (a `urn:` one too)."""
    if ref.startswith("#"):
        return base, ref[1:]
    return urldefrag(urljoin(base, ref))


@lru_cache(maxsize=1)
def _known_schemas() -> frozenset[str]:
    """The metaschemas the runtime's Ajv2020 resolves without fetching, Draft 2020-12's
    (loaded only when a ref leaves)."""
    from hatch_kindgi.engines.ajv.registry import known_schemas

    return known_schemas()


@dataclass(frozen=True)
class RefChains:
    """How the `$ref`s of a schema lead into each other.

    `cyclic`: some ref leads back to itself (following refs, and the refs inside what each
    names). `longest`: the most refs one chain follows, one inside the next (0 without refs;
    not counted when cyclic). `expansions`: how many refs writing out the whole schema would
    follow, up to the cap given (the cap when cyclic).
    """

    cyclic: bool
    longest: int
    expansions: int


def ref_chains(schema: Any, cap: int = 1_000_000) -> RefChains:
    """How the refs of `schema` that resolve inside it chain together (others are left out)."""
    walk = _Walk.of(schema)
    targets: list[_Path | None] = []
    inside: dict[_Path, list[int]] = {}  # a path -> the refs in the subtree it roots
    for number, (base, ref, path) in enumerate(walk.refs):
        uri, fragment = resolve(base, ref)
        targets.append(walk.target(uri, fragment) if uri in walk.resources else None)
        for length in range(len(path)):
            inside.setdefault(path[:length], []).append(number)
    successors = [inside.get(target, []) if target is not None else [] for target in targets]
    return _chains(successors, cap)


def _chains(successors: list[list[int]], cap: int) -> RefChains:
    """Longest path and expansion count of the ref graph, without recursion (chains can be
    ten thousand refs long)."""
    longest = [0] * len(successors)
    expansions = [0] * len(successors)
    state = [0] * len(successors)  # 0 unseen, 1 on the stack, 2 done
    for start in range(len(successors)):
        if state[start]:
            continue
        stack = [(start, 0)]
        state[start] = 1
        while stack:
            node, position = stack[-1]
            following = successors[node]
            if position < len(following):
                stack[-1] = (node, position + 1)
                nxt = following[position]
                if state[nxt] == 1:
                    return RefChains(cyclic=True, longest=0, expansions=cap)
                if state[nxt] == 0:
                    state[nxt] = 1
                    stack.append((nxt, 0))
                continue
            stack.pop()
            state[node] = 2
            longest[node] = 1 + max((longest[n] for n in following), default=0)
            expansions[node] = min(cap, 1 + sum(expansions[n] for n in following))
    return RefChains(
        cyclic=False,
        longest=max(longest, default=0),
        expansions=min(cap, sum(expansions)),
    )


@dataclass
class _Walk:
    """A schema's resources (by URI, with their paths), anchors and refs, in one pass."""

    resources: dict[str, tuple[Any, _Path]] = field(default_factory=dict)
    anchors: dict[str, dict[str, _Path]] = field(default_factory=dict)
    refs: list[tuple[str, str, _Path]] = field(default_factory=list)

    @classmethod
    def of(cls, schema: Any) -> _Walk:
        walk = cls()
        walk.collect(schema, "", ())
        return walk

    def collect(self, node: Any, base: str, path: _Path) -> None:
        if isinstance(node, list):
            for index, item in enumerate(node):
                self.collect(item, base, (*path, index))
            return
        if not isinstance(node, dict):
            return
        if isinstance(node.get("$id"), str):
            base = urldefrag(urljoin(base, node["$id"]))[0]
        if not path or isinstance(node.get("$id"), str):
            self.resources[base] = (node, path)
        for keyword in ("$anchor", "$dynamicAnchor"):
            if isinstance(node.get(keyword), str):
                self.anchors.setdefault(base, {}).setdefault(node[keyword], path)
        for keyword in REF_KEYWORDS:
            if isinstance(node.get(keyword), str):
                self.refs.append((base, node[keyword], (*path, keyword)))
        for key, value in node.items():
            if key not in NOT_SCHEMAS:
                self.collect(value, base, (*path, key))

    def target(self, uri: str, fragment: str) -> _Path | None:
        """The path of what `uri#fragment` names in the schema, or None when nothing."""
        document, path = self.resources[uri]
        if fragment and not fragment.startswith("/"):
            return self.anchors.get(uri, {}).get(fragment)
        node = document
        for raw in unquote(fragment)[1:].split("/") if fragment else ():
            token = raw.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and token in node:
                node = node[token]
                path = (*path, token)
            elif isinstance(node, list) and _INDEX.fullmatch(token) and int(token) < len(node):
                node = node[int(token)]
                path = (*path, int(token))
            else:
                return None
        return path
