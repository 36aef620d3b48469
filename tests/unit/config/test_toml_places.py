"""Where each key and value of a pyproject is, held to `tomllib`: the text a place spans,
read alone, is the value `tomllib` reads at its pointer, and a key's text is its name."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from hatch_kindgi.config.toml_places import toml_places
from tests.helpers.packs import TESTPACKS

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python < 3.11 only
    import tomli as tomllib

TRICKY = "\n".join(
    [
        "# a comment = not a key",
        'name = "x" # trailing',
        "\"quoted.key\" = 'literal'",
        "dotted . spaced = 1",
        "[tool.kindgi.pack]",
        'id = "acme.x"',
        "\"version\" = '1.0.0'",
        "[tool.kindgi.env]",
        "required = [",
        '  "A", # one',
        "  'B',   # two",
        "]",
        "optional = []",
        "[[tool.list]]",
        'inline = { a = 1, b.c = "x", d = [1, [2, 3]], e = {} }',
        "[[tool.list]]",
        'text = """first',
        '"quoted" \\""" ""done"""""',
        "raw = '''",
        "no \\escapes'''",
        "when = 1979-05-27 07:32:00Z",
        "float = -1.5e3",
        "[tool.list.sub]",
        "flag = true",
        '[tool."odd name"]',
        "k = 0x1F",
        "",
    ]
)


def _at(document: Any, pointer: str) -> Any:
    node = document
    for segment in pointer[1:].split("/") if pointer else []:
        part = segment.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def _cases() -> list[Any]:
    """The tricky text, and every testpack's pyproject that is TOML."""
    cases = [pytest.param(TRICKY, id="tricky")]
    for path in sorted(TESTPACKS.glob("**/pyproject.toml")):
        text = path.read_text("utf-8")
        try:
            tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            continue
        cases.append(pytest.param(text, id=str(path.parent.relative_to(TESTPACKS))))
    return cases


@pytest.mark.parametrize("text", _cases())
def test_every_place_is_what_tomllib_reads_there(text: str) -> None:
    """Every value of the document has a place; each value place, parsed alone, is the
    value at its pointer, and each key place spells its key; a header's table is the
    table at its pointer."""
    document = tomllib.loads(text)
    places = toml_places(text)
    assert places.values
    for pointer, (start, end) in places.values.items():
        spelled = text[start:end]
        if spelled.startswith("[") and (start == 0 or text[start - 1] == "\n"):
            assert isinstance(_at(document, pointer), dict), pointer  # a header
            continue
        assert tomllib.loads(f"x = {spelled}")["x"] == _at(document, pointer), pointer
    for pointer, (start, end) in places.keys.items():
        name = pointer.rpartition("/")[2].replace("~1", "/").replace("~0", "~")
        assert tomllib.loads(f"{text[start:end]} = 1") == {name: 1}, pointer
        _at(document, pointer)  # a key the document has
    scalars = _scalar_pointers(document)
    assert scalars <= set(places.values)


def _scalar_pointers(node: Any, pointer: str = "") -> set[str]:
    items: list[tuple[Any, Any]]
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return {pointer}
    found = set()
    for key, value in items:
        name = str(key).replace("~", "~0").replace("/", "~1")
        found |= _scalar_pointers(value, f"{pointer}/{name}")
    return found


def test_a_text_it_cannot_read_keeps_the_places_before() -> None:
    """Past what it can't read, nothing; before it, every place, and no exception."""
    places = toml_places('a = 1\nb = "open\nc = 2\n')
    assert places.values == {"/a": (4, 5)}
    assert toml_places("").values == {}
    assert toml_places("[unclosed\n").values == {}
