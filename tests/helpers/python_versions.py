"""The packs whose index bytes one Python's build must give as another's does
(tests/e2e/test_python_versions.py): a pack with code, and a hosted pack with patterns.

Run as a module, it builds them on this interpreter into a folder, for the newest Python's leg
of CI (.ci/run) to compare against:

    python -m tests.helpers.python_versions OUT

writes `OUT/<pack>.index.json` (each from a real isolated `python -m build`, pip the installer)
and `OUT/python.txt` (the interpreter's version, so the test knows it compares two).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import zipfile
from pathlib import Path

from tests.helpers.packs import REPO, build_env, copy_pack, edit_text, run_build, run_checked

PACKS = ("full", "hosted-patterns")
"""`full`, the testpack with tools, guardrails, agents, flows and blocks; `hosted-patterns`,
testpacks/blocks built for the hosted profile with a settings block of patterns (the hosted
profile matches them with RE2's semantics, so its reading of each pattern is in play)."""

_CONTACT = {
    "id": "acme.contact-rules",
    "version": "1.0.0",
    "kind": "settings",
    "description": "Where a reply may point a customer",
    "content": {
        "values": {
            "supportEmail": "help@acme.example",
            "phone": "+44 20 7946 0958",
            "ticket": "ACME-20931",
            "tags": ["billing", "refund-request"],
        },
        "schema": {
            "type": "object",
            "properties": {
                "supportEmail": {"type": "string", "pattern": "^[a-z0-9._%+-]+@[a-z0-9.-]+$"},
                "phone": {"type": "string", "pattern": "^\\+?[0-9 ]{6,20}$"},
                "ticket": {"type": "string", "pattern": "^[A-Z]{2,8}-\\d{1,9}$"},
                "tags": {
                    "type": "array",
                    "items": {"type": "string", "pattern": "^(?:[a-z]+)(?:-[a-z]+)*$"},
                },
            },
            "patternProperties": {"^x-[a-z]+$": {"type": "string"}},
            "required": ["supportEmail", "phone", "ticket"],
            "additionalProperties": False,
        },
    },
}


def make_pack(name: str, destination: Path) -> Path:
    """The pack `name` of `PACKS`, laid out under `destination`."""
    if name == "full":
        return copy_pack("full", destination)
    pack = copy_pack("blocks", destination)
    edit_text(
        pack / "pyproject.toml",
        "[tool.hatch.build.hooks.kindgi]\n",
        '[tool.hatch.build.hooks.kindgi]\ntarget = "hosted"\n',
    )
    (pack / "blocks" / "contact-rules.json").write_text(json.dumps(_CONTACT, indent=2), "utf-8")
    return pack


def built_index(pack: Path, outdir: Path, env: dict[str, str]) -> bytes:
    """The index.json bytes of the wheel a real isolated `python -m build --wheel` makes."""
    run = run_build(pack, outdir, isolated=True, env=env)
    assert run.returncode == 0, run.stderr
    assert len(run.wheels) == 1, run.artifacts
    with zipfile.ZipFile(run.wheels[0]) as wheel:
        (name,) = [n for n in wheel.namelist() if n.endswith("/index.json")]
        return wheel.read(name)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        wheelhouse = Path(scratch) / "wheelhouse"
        command = [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir"]
        run_checked([*command, str(wheelhouse)], env=os.environ, cwd=REPO)
        links = " ".join(filter(None, [str(wheelhouse), os.environ.get("PIP_FIND_LINKS", "")]))
        env = build_env({"PIP_FIND_LINKS": links})
        for name in PACKS:
            pack = make_pack(name, Path(scratch) / "packs" / name)
            index = built_index(pack, Path(scratch) / "dist" / name, env)
            (out / f"{name}.index.json").write_bytes(index)
    (out / "python.txt").write_text(sys.version.split()[0], "utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
