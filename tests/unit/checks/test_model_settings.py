"""Model-settings values refused as the runtime refuses them: its MODEL_SETTINGS_SCHEMA (with
the seeds' keys) under its Ajv, each refusal at Ajv's path and in Ajv's words."""

from __future__ import annotations

from typing import Any

import pytest

from hatch_kindgi.checks.model_settings import MODEL_SETTINGS_SCHEMA, _refusals
from tests.oracle import shipped

VALUES: list[dict[str, Any]] = [
    {"temperature": 0.7, "maxOutputTokens": 800, "thinking": "low"},
    {"temperature": 0, "maxOutputTokens": 1, "model": "gpt", "providerId": "openai"},
    {"temperature": 2.5},
    {"temperature": -1, "maxOutputTokens": 0},
    {"temperature": "warm"},
    {"temperature": True},
    {"maxOutputTokens": 1.5},
    {"maxOutputTokens": 100.0},
    {"thinking": "extreme"},
    {"thinking": None},
    {"topP": 0.9},
    {"top_p": 0.9, "seed": 4, "temperature": 3},
    {},
]


@pytest.mark.parametrize("values", VALUES)
def test_model_settings_refused_as_ajv_refuses(values: dict[str, Any]) -> None:
    """The same (path, words) as Ajv's under the same schema (our note after the words
    aside: the key named, the levels listed)."""
    answer = shipped.settings(MODEL_SETTINGS_SCHEMA, values)
    assert answer["compiled"]
    theirs = sorted((issue["path"], issue["message"]) for issue in answer["issues"])
    ours = sorted((pointer, message.split(" (")[0]) for pointer, message in _refusals(values))
    assert ours == theirs
