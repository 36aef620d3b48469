"""The formats we assert are the ones the runtime's ajv-formats defines."""

from __future__ import annotations

from hatch_kindgi.schema.ajv_formats import FORMAT_NAMES
from tests.oracle.node import node_eval
from tests.oracle.runtime import FOLDER, require_runtime


def test_format_names_are_ajv_formats_full_mode() -> None:
    """The names equal `fullFormats` of the pinned ajv-formats package."""
    require_runtime()
    script = (
        f"const f = require({str(FOLDER / 'node_modules/ajv-formats/dist/formats')!r});"
        "console.log(JSON.stringify(Object.keys(f.fullFormats)))"
    )
    assert set(node_eval(script, None)) == FORMAT_NAMES  # type: ignore[call-overload]
