"""The validator of the pack-index envelope: Ajv's keywords and words (`engines.ajv.values`),
its patterns matched by `re.search`, as the fast path (`schema.fast.FixedSchema`) matches
them, so that its verdict is the same with or without jsonschema-rs.

The envelope is ours, built from what the earlier stages checked: its failures say what
went wrong in the words a publish would use (`must have required property 'input'`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from hatch_kindgi.engines.ajv.core import ValidationError, extend
from hatch_kindgi.engines.ajv.values import AjvValidator

__all__ = ["IndexValidator"]


@lru_cache(maxsize=16)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[Any]:
    if isinstance(instance, str) and not _compiled(pattern).search(instance):
        yield ValidationError(f'must match pattern "{pattern}"')


IndexValidator = extend(AjvValidator, {"pattern": _pattern}, "IndexValidator")
"""Ajv's mirror, `pattern` matched as Python's `re` matches it (the schema's own patterns,
none of which a user writes)."""
