"""`hatch-kindgi schema block` and the shape check agree: a block file satisfies the JSON
Schema exactly when `check_shape` finds no shape problem, on every block file of the testpacks
and on generated ones.

The one rule JSON Schema can't state is excluded, by name: parameter names unique in a block
(no keyword compares one property across the items of an array; `uniqueItems` compares whole
items). docs/blocks.md says so too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from hatch_kindgi.blocks.block_schema import SCHEMA_FILE, block_schema, schema_text
from hatch_kindgi.blocks.json_reader import read_json_object
from hatch_kindgi.blocks.shape import KINDS, PARAMETER_TYPES, check_shape
from hatch_kindgi.blocks.stage import check_blocks
from hatch_kindgi.cli.main import main
from hatch_kindgi.report.problems import Problem
from tests.helpers.blocks import prompt, write
from tests.helpers.packs import REPO, TESTPACKS

# Every code check_shape reports: the shape problems, the ones the schema stands for.
SHAPE_CODES = frozenset(
    {
        "block-shape",
        "block-unknown-key",
        "block-id",
        "block-version",
        "block-kind",
        "block-parameter",
        "prompt-reserved-parameter",
    }
)
VALIDATOR = Draft202012Validator(block_schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)
SHIPPED = REPO / "src" / "hatch_kindgi" / "blocks" / SCHEMA_FILE
DUPLICATE_NAME = re.compile(r"/content/parameters/(\d+)/name")


def repeats_a_name(block: dict[str, Any], problem: Problem) -> bool:
    """Whether `problem` is the rule the schema can't state: the name of parameter i is
    the name of an earlier parameter."""
    where = DUPLICATE_NAME.fullmatch(problem.pointer or "")
    if problem.code != "block-parameter" or where is None:
        return False
    parameters = block["content"]["parameters"]
    index = int(where.group(1))
    name = parameters[index]["name"]
    return any(isinstance(p, dict) and p.get("name") == name for p in parameters[:index])


def shape_says_valid(block: dict[str, Any]) -> bool:
    """No shape problem but the excluded one; and check_shape reports shape codes only."""
    problems = check_shape("blocks/b.json", block).problems
    assert {p.code for p in problems} <= SHAPE_CODES
    return not [p for p in problems if not repeats_a_name(block, p)]


def schema_says_valid(block: dict[str, Any]) -> bool:
    """The schema's verdict, with formats asserted (a date default is a real date)."""
    return VALIDATOR.is_valid(block)


def pack_blocks() -> list[Any]:
    """Every block file of the testpacks (good and broken) that reads as a JSON object."""
    found = []
    for path in sorted(TESTPACKS.rglob("*.json")):
        if not path.is_file():
            continue
        read = read_json_object(path.name, path.read_bytes())
        if read.value is not None:
            found.append(pytest.param(read.value, id=path.relative_to(TESTPACKS).as_posix()))
    return found


@pytest.mark.parametrize("block", pack_blocks())
def test_schema_and_shape_agree_on_every_testpack_block(block: dict[str, Any]) -> None:
    """Valid for the schema exactly when the shape check finds nothing."""
    assert schema_says_valid(block) == shape_says_valid(block)


def test_testpacks_hold_blocks_of_both_verdicts() -> None:
    """The comparison above is not vacuous: good and broken blocks, in numbers."""
    verdicts = [shape_says_valid(param.values[0]) for param in pack_blocks()]
    assert verdicts.count(True) >= 20
    assert verdicts.count(False) >= 15


TRICKY: list[dict[str, Any]] = [
    prompt("acme.x\n", "1.0.0", template="t"),
    prompt("acme.x", "1.0.0\n", template="t"),
    prompt("acme.x", "01.0.0", template="t"),
    prompt("acme.x", "1.0.0-rc.1", template="t"),
    prompt("Acme.x", "1.0.0", template="t"),
    prompt("acme", "1.0.0", template="t"),
    prompt("acme.x", "1.0.0", template=""),
    prompt("acme.x", "1.0.0", template="t", templateFile="t.liquid"),
    prompt("acme.x", "1.0.0"),
    prompt("acme.x", "1.0.0", template="t", values={}),
    prompt("acme.x", "1.0.0", template="t", parameters={}),
    prompt("acme.x", "1.0.0", template="t", parameters=[{"name": "", "type": "string"}]),
    prompt("acme.x", "1.0.0", template="t", parameters=[{"name": " \u3000", "type": "string"}]),
    prompt("acme.x", "1.0.0", template="t", parameters=[{"name": "today", "type": "string"}]),
    prompt("acme.x", "1.0.0", template="t", parameters=[{"name": "d", "type": "date"}]),
    *[
        prompt("acme.x", "1.0.0", template="t", parameters=[{"name": "p", **parameter}])
        for parameter in (
            {"type": "date", "default": "2026-02-28"},
            {"type": "date", "default": "2026-02-30"},
            {"type": "date", "default": "2026-2-28"},
            {"type": "date", "default": "2026-02-28\n"},
            {"type": "number", "default": True},
            {"type": "number", "default": 1.5},
            {"type": "boolean", "default": 0},
            {"type": "string", "default": None},
            {"type": "integer", "default": 1},
            {"type": "string", "required": "yes"},
            {"type": "string", "descripton": "typo"},
        )
    ],
    {"$schema": "./kindgi-block.schema.json", **prompt("acme.x", "1.0.0", template="t")},
    {"$schema": 1, **prompt("acme.x", "1.0.0", template="t")},
    {"id": "acme.s", "version": "1.0.0", "kind": "settings", "content": {"values": {}}},
    {"id": "acme.s", "version": "1.0.0", "kind": "settings", "content": {"values": []}},
    {"id": "acme.s", "version": "1.0.0", "kind": "settings", "content": {"schema": {}}},
    {
        "id": "acme.s",
        "version": "1.0.0",
        "kind": "settings",
        "content": {"values": {}, "schema": 1},
    },
    {
        "id": "acme.s",
        "version": "1.0.0",
        "kind": "settings",
        "content": {"values": {}, "template": ""},
    },
    {"id": "acme.s", "version": "1.0.0", "kind": "setting", "content": {"values": {}}},
    {"id": "acme.s", "version": "1.0.0", "kind": "settings", "content": []},
    {"id": "acme.s", "version": "1.0.0", "kind": "settings"},
]


@pytest.mark.parametrize("block", TRICKY, ids=lambda b: json.dumps(b)[:90])
def test_schema_and_shape_agree_on_tricky_blocks(block: dict[str, Any]) -> None:
    """Trailing newlines (Python's `$`), leading zeros, impossible dates, null defaults,
    wrong-kind content keys, the editor's `$schema`: the same verdict."""
    assert schema_says_valid(block) == shape_says_valid(block)


def test_repeated_parameter_names_are_the_one_exclusion() -> None:
    """The schema accepts a repeated parameter name, which the shape check refuses: the rule
    is excluded from the comparison, and only that problem is."""
    parameters = [{"name": "tone", "type": "string"}, {"name": "tone", "type": "number"}]
    block = prompt("acme.x", "1.0.0", template="t", parameters=parameters)
    (problem,) = check_shape("blocks/b.json", block).problems
    assert (problem.code, problem.pointer) == ("block-parameter", "/content/parameters/1/name")
    assert repeats_a_name(block, problem)
    assert schema_says_valid(block)
    assert shape_says_valid(block)
    block["content"]["parameters"][1]["type"] = "text"
    assert not schema_says_valid(block)
    assert not shape_says_valid(block)


# Generated blocks: well made, then up to two faults of every kind, each fault's value drawn
# from any JSON (which may happen to be right: the verdicts are computed, never assumed).
json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4)
)
json_value = st.recursive(
    json_leaf,
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2)
    ),
    max_leaves=4,
)
bad_ids = st.sampled_from(["acme", "Acme.x", "acme.-x", "acme.x\n", "acme..x", ""]) | st.text(
    "ab.-_A9\n", max_size=7
)
bad_versions = st.sampled_from(["01.0.0", "v1.0.0", "1.0", "1.0.0-rc", "1.0.0\n"]) | st.text(
    "0123.v-\n", max_size=7
)
dates = st.sampled_from(["2026-01-31", "2026-02-30", "2026-1-31", "20260131", "2026-01-31\n"])
DEFAULTS = {
    "string": st.text(max_size=3),
    "number": st.integers(-3, 3) | st.floats(allow_nan=False, allow_infinity=False),
    "boolean": st.booleans(),
    "date": st.just("2026-01-31"),
}


@st.composite
def parameters(draw: st.DrawFn) -> dict[str, Any]:
    """A well-made parameter, with a default of its type at times."""
    kind = draw(st.sampled_from(PARAMETER_TYPES))
    parameter: dict[str, Any] = {"name": draw(st.sampled_from(["a", "b", "c"])), "type": kind}
    optional = {
        "default": DEFAULTS[kind] | st.none(),
        "description": st.text(max_size=3),
        "required": st.booleans(),
    }
    for key in draw(st.sets(st.sampled_from(sorted(optional)))):
        parameter[key] = draw(optional[key])
    return parameter


@st.composite
def contents(draw: st.DrawFn, kind: str) -> dict[str, Any]:
    """Well-made content for a block of `kind`."""
    if kind == "settings":
        small_object = st.dictionaries(st.text(max_size=3), json_leaf, max_size=2)
        content: dict[str, Any] = {"values": draw(small_object)}
        if draw(st.booleans()):
            content["schema"] = draw(small_object)
        return content
    template: dict[str, Any] = draw(st.sampled_from([{"template": "Hi"}, {"templateFile": "t"}]))
    prompt_content = dict(template)  # a copy: sampled_from hands out the same dict each time
    if draw(st.booleans()):
        prompt_content["parameters"] = draw(st.lists(parameters(), max_size=3))
    return prompt_content


# Faults by where they go: the block, a prompt's or settings' content, or one parameter.
FAULTS = {
    "block": (
        "id",
        "version",
        "kind",
        "other-kind",
        "content",
        "description",
        "$schema",
        "descripton",
        "-id",
        "-version",
        "-kind",
        "-content",
    ),
    "prompt": ("both", "neither", "empty", "values", "parameters", "template", "templateFile"),
    "settings": ("values", "schema", "-values", "templateFile"),
    "parameter": ("name", "type", "default", "description", "required", "nmae", "-name", "-type"),
}


@st.composite
def blocks(draw: st.DrawFn) -> dict[str, Any]:
    """A well-made block, then no fault one time in five, else one or two, anywhere in it;
    a fault's value is drawn from any JSON (and may happen to be right: the verdicts are
    computed, never assumed)."""
    kind = draw(st.sampled_from(KINDS))
    content = draw(contents(kind))
    block: dict[str, Any] = {
        "id": draw(st.sampled_from(["acme.reply", "a.b-c.d", "x1.y2"])),
        "version": draw(st.sampled_from(["1.0.0", "0.10.3"])),
        "kind": kind,
        "content": content,
    }
    for key in draw(st.sets(st.sampled_from(["description", "$schema"]))):
        block[key] = draw(st.text(max_size=3))
    places = ["block", kind] + (["parameter"] if kind == "prompt" else [])
    count = draw(st.sampled_from([0, 1, 1, 1, 2]))
    faults = [
        (place, draw(st.sampled_from(FAULTS[place])))
        for place in draw(st.lists(st.sampled_from(places), min_size=count, max_size=count))
    ]
    # Inside out: a parameter's fault before its content's, the content's before the block's.
    for place, fault in sorted(
        faults, key=lambda pair: ("parameter", kind, "block").index(pair[0])
    ):
        if place == "parameter":
            listed = content.setdefault("parameters", [])
            if not listed:
                listed.append(draw(parameters()))
            _parameter_fault(draw, listed[draw(st.integers(0, len(listed) - 1))], fault)
        elif place == "block":
            _block_fault(draw, block, fault)
        else:
            _content_fault(draw, content, fault)
    return block


def _block_fault(draw: st.DrawFn, block: dict[str, Any], fault: str) -> None:
    if fault.startswith("-"):
        block.pop(fault[1:], None)
    elif fault == "id":
        block["id"] = draw(bad_ids | json_value)
    elif fault == "version":
        block["version"] = draw(bad_versions | json_value)
    elif fault == "kind":
        block["kind"] = draw(st.just("Prompt") | json_value)
    elif fault == "other-kind":
        block["kind"] = "settings" if block.get("kind") == "prompt" else "prompt"
    else:
        block[fault] = draw(json_value)


def _content_fault(draw: st.DrawFn, content: dict[str, Any], fault: str) -> None:
    if fault == "both":
        content.update(template="Hi", templateFile="t.liquid")
    elif fault == "neither":
        content.pop("template", None)
        content.pop("templateFile", None)
    elif fault == "empty":
        content["template" if "template" in content else "templateFile"] = ""
    elif fault.startswith("-"):
        content.pop(fault[1:], None)
    else:
        content[fault] = draw(json_value)


def _parameter_fault(draw: st.DrawFn, parameter: dict[str, Any], fault: str) -> None:
    if fault.startswith("-"):
        parameter.pop(fault[1:], None)
    elif fault == "name":
        parameter["name"] = draw(st.just("") | json_value)
    elif fault == "type":
        parameter["type"] = draw(st.sampled_from(["String", "int"]) | json_value)
    elif fault == "default":
        parameter["default"] = draw(json_leaf | dates)
    else:
        parameter[fault] = draw(json_value)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(blocks())
def test_schema_and_shape_agree_on_generated_blocks(block: dict[str, Any]) -> None:
    """Any block-like object: the same verdict."""
    assert schema_says_valid(block) == shape_says_valid(block)


def test_generated_blocks_reach_both_verdicts() -> None:
    """The generator makes valid blocks as well as broken ones (a valid one with parameters)."""
    valid = find(
        blocks(),
        lambda b: shape_says_valid(b) and len(b["content"].get("parameters", [])) > 1,
        settings=settings(max_examples=5000, database=None),
    )
    assert schema_says_valid(valid)
    assert not shape_says_valid(find(blocks(), lambda b: not shape_says_valid(b)))


def test_shipped_schema_is_the_generated_one() -> None:
    """The package's block.schema.json is what the shape rules build (regenerate it with
    `hatch-kindgi schema block > src/hatch_kindgi/blocks/block.schema.json`), and a valid
    Draft 2020-12 schema."""
    assert SHIPPED.read_text("utf-8") == schema_text()
    Draft202012Validator.check_schema(json.loads(schema_text()))


def test_schema_block_command_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    """`hatch-kindgi schema block` prints the shipped schema and exits 0."""
    assert main(["schema", "block"]) == 0
    assert capsys.readouterr().out == SHIPPED.read_text("utf-8")
    assert main(["schema", "blocks"]) == 2


def test_editor_schema_key_is_accepted_and_left_out_of_the_entry(tmp_path: Path) -> None:
    """A block may name its schema for the editor (`$schema`, a string); the index entry,
    the block as the runtime gets it, does not carry it."""
    block = {"$schema": "../kindgi-block.schema.json", **prompt("acme.x", "1.0.0", template="t")}
    write(tmp_path, {"blocks/x.json": block})
    outcome = check_blocks(tmp_path, ["blocks/x.json"], "blocks")
    assert outcome.problems == ()
    (entry,) = outcome.entries
    assert "$schema" not in entry
    assert entry["id"] == "acme.x"
    bad = check_shape("blocks/x.json", {**block, "$schema": 1}).problems
    assert [(p.code, p.pointer) for p in bad] == [("block-shape", "/$schema")]
