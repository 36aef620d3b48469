"""Where a Draft 2020-12 `$ref` or `$dynamicRef` leads, offline: the root schema's resources
(itself and each subschema with an `$id`) and anchors, and the metaschemas the shipped
runtime's Ajv2020 knows (`metaschemas/`), nothing else; nothing is ever fetched.

The semantics are those this project's validator had from `referencing` 0.37 (learnt from
its `_core.Resolver` and `jsonschema.DRAFT202012`), kept so that no verdict moves:
subresources and anchors are found only under the keywords that hold schemas; a ref is read
against the base URI where it stands (a ref that is only a fragment stays in that document);
a JSON pointer that passes through a subschema with an `$id` takes that base; looking a ref
up adds the base it left to the dynamic scope (a base that isn't empty, once); an anchor that
is a `$dynamicAnchor` resolves to the outermost schema in the dynamic scope with a dynamic
anchor of that name (for `$ref` as for `$dynamicRef`, as referencing does).
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Iterator
from functools import lru_cache
from typing import Any, NamedTuple
from urllib.parse import unquote, urldefrag, urljoin

__all__ = [
    "KNOWN_SCHEMAS",
    "Resolver",
    "Unresolvable",
    "known_schemas",
    "metaschema",
    "root_resolver",
]


class Unresolvable(Exception):
    """A reference that names nothing the validator knows (`ref`: what was looked up: the
    reference, its resource's URI for a missing anchor, the pointer for a missing place)."""

    def __init__(self, ref: str) -> None:
        super().__init__(ref)
        self.ref = ref

    def __str__(self) -> str:
        return f"Unresolvable: {self.ref}"


_IN_VALUE = frozenset(
    {
        "additionalProperties",
        "contains",
        "contentSchema",
        "else",
        "if",
        "items",
        "not",
        "propertyNames",
        "then",
        "unevaluatedItems",
        "unevaluatedProperties",
    }
)
_IN_ARRAY = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
_IN_VALUES = frozenset(
    {"$defs", "definitions", "dependentSchemas", "patternProperties", "properties"}
)
_IN_CHILD = _IN_ARRAY | _IN_VALUES


def _id_of(schema: Any) -> str | None:
    """The `$id` of a schema, without an empty fragment; None for a schema without one."""
    if isinstance(schema, dict):
        found = schema.get("$id")
        if isinstance(found, str):
            return found.rstrip("#")
    return None


def _subschemas(schema: dict[str, Any]) -> Iterator[Any]:
    """The schemas directly under `schema`'s keywords that hold schemas."""
    for keyword, value in schema.items():
        if keyword in _IN_VALUE:
            yield value
        elif keyword in _IN_ARRAY and isinstance(value, list):
            yield from value
        elif keyword in _IN_VALUES and isinstance(value, dict):
            yield from value.values()


class _Anchor(NamedTuple):
    schema: Any
    dynamic: bool


class _Found:
    """The resources (by URI) and anchors (by URI and name) of some documents."""

    __slots__ = ("anchors", "resources")

    def __init__(self) -> None:
        self.resources: dict[str, Any] = {}
        self.anchors: dict[tuple[str, str], _Anchor] = {}

    def crawl(self, uri: str, document: Any) -> None:
        stack = [(uri, document)]
        while stack:
            uri, schema = stack.pop()
            if not isinstance(schema, dict):
                continue
            own = _id_of(schema)
            if own is not None:
                uri = urljoin(uri, own)
                self.resources[uri] = schema
            anchor = schema.get("$anchor")
            if isinstance(anchor, str):
                self.anchors[(uri, anchor)] = _Anchor(schema, False)
            dynamic = schema.get("$dynamicAnchor")
            if isinstance(dynamic, str):
                self.anchors[(uri, dynamic)] = _Anchor(schema, True)
            stack.extend((uri, each) for each in _subschemas(schema))


_SOURCE = "metaschemas"
_FILES = (
    "schema.json",
    "meta/core.json",
    "meta/applicator.json",
    "meta/unevaluated.json",
    "meta/validation.json",
    "meta/meta-data.json",
    "meta/format-annotation.json",
    "meta/content.json",
)
"""The Draft 2020-12 metaschema and its vocabularies' as the shipped runtime's Ajv2020 adds them
(`ajv/dist/refs/json-schema-2020-12`, ajv 8.20.0 in kindgi-cli 0.1.10's `node_modules`),
copied byte for byte into `metaschemas/`: a standard's data (JSON Schema Draft 2020-12), not
code; `tests/unit/engines/ajv/test_core.py` holds the copies to the runtime's bytes."""


@lru_cache(maxsize=1)
def _known() -> _Found:
    # Read by the package's loader (`pkgutil`), as the index's schema is: importlib.resources
    # costs a run 8 to 12 ms to import.
    found = _Found()
    for name in _FILES:
        data = pkgutil.get_data("hatch_kindgi.engines.ajv", f"{_SOURCE}/{name}")
        assert data is not None  # a loader that can't read package data can't load this module
        document = json.loads(data.decode("utf-8"))
        found.crawl(_id_of(document) or "", document)
    return found


KNOWN_SCHEMAS = "https://json-schema.org/draft/2020-12/schema"
"""The URI of the Draft 2020-12 metaschema."""


def known_schemas() -> frozenset[str]:
    """The URIs a `$ref` may name outside its schema and still resolve: the metaschemas."""
    return frozenset(_known().resources)


def metaschema() -> Any:
    """The Draft 2020-12 metaschema (not to be changed)."""
    return _known().resources[KNOWN_SCHEMAS]


class _Registry:
    """A root schema's resources and anchors, found the first time a ref is looked up, and
    the known metaschemas behind them."""

    __slots__ = ("_found", "_root", "_uri")

    def __init__(self, uri: str, root: Any) -> None:
        self._uri = uri
        self._root = root
        self._found: _Found | None = None

    def _own(self) -> _Found:
        if self._found is None:
            found = _Found()
            found.resources[self._uri] = self._root
            found.crawl(self._uri, self._root)
            self._found = found
        return self._found

    def resource(self, uri: str) -> Any:
        own = self._own().resources
        if uri in own:
            return own[uri]
        known = _known().resources
        if uri in known:
            return known[uri]
        raise KeyError(uri)

    def anchor(self, uri: str, name: str) -> _Anchor | None:
        key = (uri, name)
        found = self._own().anchors.get(key) or _known().anchors.get(key)
        if found is None:
            canonical = _id_of(self.resource(uri))
            if canonical is not None and canonical != uri:
                key = (canonical, name)
                found = self._own().anchors.get(key) or _known().anchors.get(key)
        return found


class Resolver:
    """Where a validator stands: the base URI refs are read against, the dynamic scope (the
    bases looked up from, latest first), and the registry refs are looked up in."""

    __slots__ = ("base", "previous", "registry")

    def __init__(self, base: str, registry: _Registry, previous: tuple[Any, ...] = ()) -> None:
        self.base = base
        self.registry = registry
        self.previous = previous  # (uri, (uri, (...))) or ()

    def in_subresource(self, schema: Any) -> Resolver:
        """This resolver, in `schema`'s `$id` if it has one."""
        if type(schema) is dict and "$id" in schema:
            own = _id_of(schema)
            if own is not None:
                return Resolver(urljoin(self.base, own), self.registry, self.previous)
        return self

    def dynamic_scope(self) -> Iterator[str]:
        link = self.previous
        while link:
            uri, link = link
            yield uri

    def _moved(self, base: str) -> Resolver:
        previous = self.previous
        if self.base and (not previous or base != self.base):
            previous = (self.base, previous)
        return Resolver(base, self.registry, previous)

    def lookup(self, ref: str) -> tuple[Any, Resolver]:
        """The schema `ref` names, and the resolver that stands there; `Unresolvable` when
        it names nothing known."""
        if ref.startswith("#"):
            uri, fragment = self.base, ref[1:]
        else:
            uri, fragment = urldefrag(urljoin(self.base, ref))
        try:
            document = self.registry.resource(uri)
        except KeyError:
            raise Unresolvable(ref) from None
        resolver = self._moved(uri)
        if fragment.startswith("/"):
            return _pointer(document, fragment, resolver)
        if fragment:
            anchor = self.registry.anchor(uri, fragment)
            if anchor is None:
                raise Unresolvable(uri)
            if anchor.dynamic:
                return _dynamic(anchor.schema, fragment, resolver)
            return anchor.schema, resolver
        return document, resolver


def _pointer(document: Any, pointer: str, resolver: Resolver) -> tuple[Any, Resolver]:
    """What the JSON pointer names in `document`, entering each `$id` on the way that sits
    where a schema is."""
    node = document
    segments: list[Any] = []
    for raw in unquote(pointer[1:]).split("/"):
        segment: Any
        try:
            if isinstance(node, (list, str)):
                segment = int(raw)
            else:
                segment = raw.replace("~1", "/").replace("~0", "~")
            node = node[segment]
        except (LookupError, ValueError, TypeError):
            raise Unresolvable(pointer) from None
        segments.append(segment)
        if _at_schema(segments):
            moved = resolver.in_subresource(node)
            if moved is not resolver:
                resolver = moved
                segments = []
    return node, resolver


def _at_schema(segments: list[Any]) -> bool:
    """Whether the path `segments` leads from a schema to a schema, by keywords holding them."""
    position = iter(segments)
    for segment in position:
        if segment in _IN_VALUE:
            continue
        if segment not in _IN_CHILD or next(position, None) is None:
            return False
    return True


def _dynamic(schema: Any, name: str, resolver: Resolver) -> tuple[Any, Resolver]:
    """The outermost schema in the dynamic scope with a dynamic anchor `name`, else `schema`."""
    last = schema
    for uri in resolver.dynamic_scope():
        try:
            anchor = resolver.registry.anchor(uri, name)
        except KeyError:
            continue
        if anchor is not None and anchor.dynamic:
            last = anchor.schema
    return last, resolver.in_subresource(last)


def root_resolver(schema: Any) -> Resolver:
    """A resolver standing at the root of `schema`, which knows the metaschemas and fetches
    nothing."""
    uri = _id_of(schema) or ""
    return Resolver(uri, _Registry(uri, schema))
