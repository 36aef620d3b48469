"""The index stage: the pack-index envelope, checked against its schema, as canonical bytes.

jsonschema-rs says whether the envelope is valid (`schema.fast`, the `fast` extra); only when
it isn't, or can't say, does our validator check it again, for the messages, in Ajv's words
(`index.envelope`).
"""

from __future__ import annotations

import json
import pkgutil
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hatch_kindgi.config.stage import CODE_KINDS, ENTRY_KINDS, PackConfig
from hatch_kindgi.engines.javascript.strings import code_unit_key
from hatch_kindgi.index.canonical import canonical_json, unrepresentable
from hatch_kindgi.index.pins import Pins
from hatch_kindgi.report.problems import Problem, error, json_pointer
from hatch_kindgi.schema.fast import FixedSchema
from hatch_kindgi.schema.survey import json_size

if TYPE_CHECKING:
    from hatch_kindgi.engines.ajv.core import Validator
    from hatch_kindgi.index.cache import IndexChecks

INDEX_FILE = "index.json"
SCHEMA_RESOURCE = "pack-index-1.8.0.schema.json"


def build_envelope(
    pack: PackConfig,
    pins: Pins,
    code: Mapping[str, Sequence[Mapping[str, Any]]],
    blocks: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """The index document: lists sorted by id, `blocks` and `env` only when non-empty."""
    envelope: dict[str, Any] = {
        "v": 1,
        "packId": pack.pack_id,
        "packVersion": pack.pack_version,
        "artifactVersion": pins.artifact_version,
        "publishedAt": pins.published_at,
    }
    for name in CODE_KINDS:
        envelope[name] = _sorted_by_id(code.get(name, ()))
    if blocks:
        envelope["blocks"] = _sorted_by_id(blocks)
    if pack.env_required or pack.env_optional:
        envelope["env"] = {
            "required": list(pack.env_required),
            "optional": list(pack.env_optional),
        }
    return envelope


def serialized(envelope: Mapping[str, Any]) -> bytes:
    """The canonical UTF-8 bytes of an envelope `index_problems` found nothing wrong with."""
    return canonical_json(envelope, checked=True).encode("utf-8", "surrogatepass")


def index_problems(envelope: Mapping[str, Any], reuse: IndexChecks | None = None) -> list[Problem]:
    """What keeps the envelope from being written: numbers JavaScript would change, and
    every way it fails the pack-index 1.8.0 schema. Nothing, and `serialized` can write it.
    `reuse` skips the entries that passed in an earlier run (`check --watch`)."""
    found = unrepresentable(envelope) if reuse is None else reuse.unrepresentable(envelope)
    problems = [
        error(
            "json-number",
            _file_at(envelope, pointer),
            f"{message} (index.json{pointer})",
            pointer=pointer,
        )
        for pointer, message in found
    ]
    if problems:
        return problems
    for failure in _failures(envelope, reuse):
        pointer = json_pointer(failure.absolute_path)
        problems.append(
            error(
                "index-schema",
                _file_at(envelope, pointer),
                f"the index doesn't satisfy pack-index 1.8.0 at {pointer or '/'}: "
                f"{failure.message}",
                pointer=pointer or None,
            )
        )
    if reuse is not None:
        reuse.remember([problem.pointer or "" for problem in problems])
    return problems


def pack_index_schema() -> dict[str, Any]:
    """The pack-index 1.8.0 JSON Schema this project ships as package data (read by the
    package's loader, `pkgutil`: `importlib.resources` costs a command 8 ms to import)."""
    data = pkgutil.get_data("hatch_kindgi.index", SCHEMA_RESOURCE)
    assert data is not None  # a loader that can't read package data can't load this module
    schema: dict[str, Any] = json.loads(data.decode("utf-8"))
    return schema


def _failures(envelope: Mapping[str, Any], reuse: IndexChecks | None) -> list[Any]:
    """The envelope's failures, in order; none when jsonschema-rs finds it valid."""
    # unrepresentable() found nothing, so the envelope is JSON data; blocks nest at most 64
    # deep (the blocks reader), the code entries are the SDK's, so their depth is measured.
    code_nested = all(json_size(envelope.get(name, [])) is not None for name in CODE_KINDS)
    if code_nested and _fast_validator().valid(envelope):
        return []
    validator = _validator() if reuse is None else reuse.validator
    return sorted(validator.iter_errors(envelope), key=lambda e: list(e.path))


@lru_cache(maxsize=1)
def _fast_validator() -> FixedSchema:
    return FixedSchema(pack_index_schema())


@lru_cache(maxsize=1)
def _validator() -> Validator:
    from hatch_kindgi.index.envelope import IndexValidator

    return IndexValidator(pack_index_schema())


def _sorted_by_id(entries: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    # Stable: entries of one id (block versions) keep the order their stage gave them.
    return sorted(entries, key=lambda entry: code_unit_key(str(entry.get("id", ""))))


def _file_at(envelope: Mapping[str, Any], pointer: str) -> str:
    """The pack file an index pointer lands in: the entry's module, else pyproject.toml."""
    parts = pointer.split("/")
    if len(parts) >= 3 and parts[1] in ENTRY_KINDS and parts[2].isdigit():
        entries = envelope.get(parts[1])
        if isinstance(entries, list) and int(parts[2]) < len(entries):
            entry = entries[int(parts[2])]
            if isinstance(entry, Mapping):
                path = entry.get("modulePath") or entry.get("checkModulePath")
                if isinstance(path, str) and path:
                    return path
    return "pyproject.toml"
