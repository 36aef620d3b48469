"""Index checks a later run may reuse (`check --watch`): an entry that passed them once passes
them again while it is the same, so a re-check walks only the entries that are new or changed.

Whether an entry passes (JavaScript carries it exactly, and it satisfies its list's item schema)
depends on the entry alone, so skipping those that passed gives the problems a full check
gives. An entry is known by its `repr`, which tells `1` from `1.0`, `True` and `"1"`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from hatch_kindgi.config.stage import ENTRY_KINDS
from hatch_kindgi.engines.ajv.core import ValidationError, Validator, extend
from hatch_kindgi.index.canonical import unrepresentable
from hatch_kindgi.index.envelope import IndexValidator

_ITEMS = IndexValidator.VALIDATORS["items"]


class IndexChecks:
    """The entries that passed the index checks in earlier runs, and a pack-index validator
    that skips them."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self._passed: set[tuple[str, str]] = set()
        self._keys: dict[tuple[str, int], tuple[str, str]] = {}
        self._skip: dict[int, frozenset[int]] = {}
        skipping = extend(IndexValidator, {"items": self._items}, "SkippingIndexValidator")
        self.validator: Validator = skipping(schema)

    def unrepresentable(self, envelope: Mapping[str, Any]) -> list[tuple[str, str]]:
        """`canonical.unrepresentable(envelope)`, the entries that passed before left out;
        the validator leaves them out too, until the next call."""
        passed = self._passed_in(envelope)
        lists = dict(_entry_lists(envelope))
        found = unrepresentable({key: [] if key in lists else v for key, v in envelope.items()})
        for name, entries in lists.items():
            for index, entry in enumerate(entries):
                if (name, index) not in passed:
                    found.extend(
                        (f"/{name}/{index}{pointer}", message)
                        for pointer, message in unrepresentable(entry)
                    )
        return found

    def _passed_in(self, envelope: Mapping[str, Any]) -> frozenset[tuple[str, int]]:
        self._keys = {}
        passed: set[tuple[str, int]] = set()
        skip: dict[int, frozenset[int]] = {}
        for name, entries in _entry_lists(envelope):
            here = set()
            for index, entry in enumerate(entries):
                key = (name, repr(entry))
                self._keys[(name, index)] = key
                if key in self._passed:
                    here.add(index)
            passed.update((name, index) for index in here)
            skip[id(entries)] = frozenset(here)
        self._skip = skip
        return frozenset(passed)

    def remember(self, pointers: Sequence[str]) -> None:
        """Note as passed every entry of the envelope just checked (by `unrepresentable`,
        then `validator`) that none of the problems' `pointers` lands in."""
        faulty = {tuple(pointer.split("/")[1:3]) for pointer in pointers}
        for (name, index), key in self._keys.items():
            if (name, str(index)) not in faulty:
                self._passed.add(key)
        self._skip = {}

    def _items(
        self,
        validator: Validator,
        items: Any,
        instance: Any,
        schema: Mapping[str, Any],
    ) -> Iterator[ValidationError]:
        skip = self._skip.get(id(instance))
        if not skip or items is False or "prefixItems" in schema:
            yield from _ITEMS(validator, items, instance, schema)
            return
        for index, item in enumerate(instance):
            if index not in skip:
                yield from validator.descend(instance=item, schema=items, path=index)


def _entry_lists(envelope: Mapping[str, Any]) -> Iterator[tuple[str, list[Any]]]:
    for name in ENTRY_KINDS:
        entries = envelope.get(name)
        if isinstance(entries, list):
            yield name, entries
