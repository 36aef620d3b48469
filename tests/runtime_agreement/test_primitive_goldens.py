"""Every golden line of the tool and guardrail broken testpacks, checked against the shipped
runtime, and every refusal of the runtime found in the golden report.

Each pack is indexed by the kindgi SDK itself (nothing of ours runs), and each entry asked of
the shipped code (`tests/oracle/shipped.py`): a real deploy of an index holding it, the input
compiled as every call compiles it, a guardrail's config against its own schema. Both ways:

- each message the runtime gives is in the golden report, on the entry's file, at its path;
- each error line of ours is the runtime's: its words are one of the runtime's messages for
  an entry of that file; a tool schema's faults after the first are checked by fixing them
  one at a time (the keyword the runtime names deleted) and compiling again, so each is what
  the runtime's compile says once the ones before it are gone.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.golden_lines import Line, golden_lines
from tests.helpers.packs import BROKEN
from tests.helpers.primitives import deploy_says
from tests.helpers.sdk_index import sdk_entries
from tests.oracle.shipped import (
    compile_json_schema,
    deploy_issues,
    guardrail_config_problems,
    node_modules,
    require_oracle,
    tool_input_compile,
)

pytestmark = pytest.mark.sdk

CASES = [
    "tool-manifest",
    "tool-schema",
    "tool-input-defaults",
    "tool-http",
    "guardrail-spec",
    "guardrail-builtin-config",
    "guardrail-config",
    "guardrail-config-schema",
    "guardrail-llm-judge",
]
_PRIMITIVE_CODES = ("tool-", "guardrail-")
_LEAD = {
    "input": "Tool input schema does not compile: ",
    "output": "Tool output schema does not compile: ",
}
_STRICT_HINT = (
    ". For a field that may hold any JSON value, `z.json()` (or `{}` in JSON Schema) compiles."
)


def _runtime_says(entry: dict[str, Any], kind: str) -> list[tuple[str, str]]:
    """Every (path, message) the runtime gives for `entry`: the deploy's issues, then what
    every call says (when the deploy takes it)."""
    said = [(str(i["path"]), str(i["message"])) for i in deploy_says(kind, entry)]
    if kind == "tools" and not said and isinstance(entry.get("input"), dict):
        thrown = tool_input_compile(entry["input"])
        if thrown is not None:
            said.append(("/input", thrown))
    if kind == "guardrails":
        if "checkId" in entry:
            said = [(path.replace("/check", "/checkId", 1), m) for path, m in said]
        schema = entry.get("configSchema")
        refused = None
        if not said and isinstance(schema, dict):
            refused = compile_json_schema(schema, {"dialects": ["2020-12"], "strict": False})
        if refused is not None:
            said.append(("/configSchema", refused))  # every call: the service can't check it
        elif not said and isinstance(schema, dict):
            said += [
                (p["path"], p["message"])
                for p in guardrail_config_problems(entry["configSchema"], entry.get("config", ...))
            ]
    return said


def _fixed_in_turn(schema: dict[str, Any], lines: list[Line], where: str) -> list[Line]:
    """Our lines for a schema at `/input` or `/output`, each matched to what the runtime's
    compile throws once the faults before it are deleted: the lines left unmatched."""
    left = list(lines)
    schema = copy.deepcopy(schema)
    for _ in range(len(lines) + 1):
        thrown = compile_json_schema(schema, {"dialects": ["2020-12"]})
        if thrown is None:
            break
        said = _LEAD[where] + thrown + (_STRICT_HINT if "strict mode" in thrown else "")
        found = next((line for line in left if line.message.startswith(said)), None)
        assert found is not None, f"the runtime says {said!r}, and no line of ours does"
        left.remove(found)
        _delete(schema, found.pointer.removeprefix(f"/{where}"))
    return left


def _delete(schema: Any, pointer: str) -> None:
    steps = [step.replace("~1", "/").replace("~0", "~") for step in pointer.split("/")[1:]]
    node = schema
    for step in steps[:-1]:
        node = node[int(step)] if isinstance(node, list) else node[step]
    if isinstance(node, list):
        del node[int(steps[-1])]
    else:
        del node[steps[-1]]


@pytest.mark.parametrize("case", CASES)
def test_golden_lines_are_the_runtimes(case: str, tmp_path: Path) -> None:
    """Both ways: the runtime's messages in the golden report, and ours the runtime's."""
    require_oracle()
    index = sdk_entries(BROKEN / case, tmp_path)
    golden = [line for line in golden_lines(case) if line.code.startswith(_PRIMITIVE_CODES)]
    judge_template = (
        node_modules() / "@kindgi" / "guardrails" / "dist" / "execution-strategy.js"
    ).read_text("utf-8")
    unbacked = [line for line in golden if line.severity == "error"]
    for kind, file_key in (("tools", "modulePath"), ("guardrails", "checkModulePath")):
        for entry in index[kind]:
            mine = [line for line in golden if line.file == entry[file_key]]
            said = _runtime_says(entry, kind)
            for path, message in said:
                assert any(
                    message in line.message
                    and (line.pointer == path or line.pointer.startswith(path + "/"))
                    for line in mine
                ), f"{entry[file_key]}: {path}: {message} is in no golden line"
            for line in mine:
                if line in unbacked and any(message in line.message for _, message in said):
                    unbacked.remove(line)
            for where in ("input", "output"):
                schema_lines = [
                    line
                    for line in mine
                    if line.code == "tool-schema"
                    and (line.pointer == f"/{where}" or line.pointer.startswith(f"/{where}/"))
                ]
                if schema_lines and isinstance(entry.get(where), dict):
                    left = _fixed_in_turn(entry[where], schema_lines, where)
                    for line in schema_lines:
                        if line not in left and line in unbacked:
                            unbacked.remove(line)
            if kind == "guardrails" and entry.get("kind") == "llm-judge":
                assert "missing judgeCapabilities" in judge_template
                assert "required for kind=llm-judge" in judge_template
                for line in mine:
                    if line.code == "guardrail-judge-capabilities" and line in unbacked:
                        unbacked.remove(line)
    assert unbacked == []


@pytest.mark.parametrize("pack", ["full", "code-only", "app-flat", "app-src", "agent-blocks"])
def test_our_own_testpacks_deploy(pack: str, tmp_path: Path) -> None:
    """Every code pack of ours is one the shipped deploy takes (its guardrail severities are
    the runtime's: info, warn, error, critical)."""
    require_oracle()
    root = BROKEN.parent / pack
    if not any(root.glob("**/*.py")):
        pytest.skip("no code")
    app = {"PYTHONPATH": str(root / "src")} if (root / "src").is_dir() else None
    index = sdk_entries(root, tmp_path, app)
    assert deploy_issues(index) == []
