"""The floor, as a whole process: what the fastest well-kept library for each job costs on the
blocks of a pack, and nothing else.

For every block file under `blocks/`: `json.loads`; for a prompt, its `templateFile` read and
parsed by python-liquid with its global variables analysed; for a settings block,
`jsonschema_rs.meta.is_valid` on its schema and its values checked by a jsonschema-rs validator
of its own schema or, without one, of the nearest lower version's (one validator per schema),
formats asserted (`validate_formats=True`), as the runtime asserts them.
No shape rules, no messages, no index. Each library is imported only when a block needs it.

    python benchmarks/floor.py PACK_DIR      # prints the number of blocks; exit 1 if any fails
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any


def block_files(root: Path) -> list[Path]:
    """Every `.json` file under `blocks/`, sorted."""
    found: list[Path] = []
    for folder, _, names in os.walk(root / "blocks"):
        found.extend(Path(folder, name) for name in names if name.endswith(".json"))
    return sorted(found)


def floor(root: Path) -> int:
    """Check the blocks of the pack at `root` with the libraries alone; the number of failures."""
    environment: Any = None
    rs: Any = None
    failures = 0
    settings: dict[str, list[tuple[tuple[int, ...], dict[str, Any]]]] = {}
    for path in block_files(root):
        block = json.loads(path.read_bytes())
        content = block["content"]
        if block["kind"] == "prompt":
            if environment is None:
                from liquid import Environment

                environment = Environment()
            text = content.get("template")
            if text is None:
                text = (path.parent / content["templateFile"]).read_text(encoding="utf-8")
            environment.from_string(text).analyze(include_partials=False)
        else:
            version = tuple(int(part) for part in block["version"].split("."))
            settings.setdefault(block["id"], []).append((version, content))
    for versions in settings.values():
        versions.sort(key=lambda item: item[0])
        validator = None
        for _, content in versions:
            schema = content.get("schema")
            if schema is not None:
                if rs is None:
                    import jsonschema_rs as rs
                failures += not rs.meta.is_valid(schema)
                validator = rs.validator_for(schema, validate_formats=True)
            if validator is not None:
                failures += not validator.is_valid(content["values"])
    return failures


def main(argv: list[str] | None = None) -> int:
    """Command line: the floor on one pack."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python benchmarks/floor.py PACK_DIR\n")
        return 2
    failures = floor(Path(args[0]))
    print(failures)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
