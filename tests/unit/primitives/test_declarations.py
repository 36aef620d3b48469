"""Where a module declares each primitive, and where a pointer into its entry sits there.

The modules are written here as pack authors write them, and each expected line and column
is counted by hand in the text above it (1-based, in characters)."""

from __future__ import annotations

import textwrap

from hatch_kindgi.primitives.declarations import ModuleSource

TOOLS = textwrap.dedent(
    '''\
    from __future__ import annotations

    from pydantic import BaseModel, Field

    import kindgi as k
    from kindgi import http_tool as http, tool

    PACK = "acme.ledger"


    class Range(BaseModel):
        start: str
        end: str | None = None


    class Query(BaseModel):
        customer: str
        placed: Range | None = None
        window: Range | None = Field(None, alias="time-window")


    @tool(id=PACK + ".search", mutating=False)
    def search(query: Query) -> Range:
        """Finds orders."""
        return Range(start="x")


    @k.tool(id=f"{PACK}.count", version="2.0.0")
    def count(query: Query) -> int:
        return 0


    rates = http(
        id="acme.ledger.rates", description="Rates.", input=Query, output=Range,
        method="GET", url_template="https://{region}.example.com/rates",
    )
    '''
)


def test_each_declaration_is_found_by_its_static_id() -> None:
    """A decorator, an attribute call of `import kindgi as k`, an aliased `http_tool`: each
    found with its id, the decorator's place after its `@`."""
    source = ModuleSource(TOOLS)
    found = {(d.kind, d.id): d for d in source.declarations}
    assert set(found) == {
        ("tool", "acme.ledger.search"),
        ("tool", "acme.ledger.count"),
        ("tool", "acme.ledger.rates"),
    }
    search = found[("tool", "acme.ledger.search")]
    assert source.place(search, "") == (22, 2)
    assert source.place(found[("tool", "acme.ledger.count")], "/version") == (28, 37)


def test_pointers_reach_keywords_models_and_fields() -> None:
    """A keyword argument by its entry name, the input model's fields by name and alias,
    through `X | None` (anyOf/0), the docstring for the description."""
    source = ModuleSource(TOOLS)
    search = source.declaration("tool", {"id": "acme.ledger.search"})
    rates = source.declaration("tool", {"id": "acme.ledger.rates"})
    assert search is not None
    assert rates is not None
    assert source.place(search, "/mutating") == (22, 37)
    end = "/input/properties/placed/anyOf/0/properties/end/default"
    assert source.place(search, end) == (13, 5)
    assert source.place(search, "/input/properties/time-window") == (19, 5)
    assert source.place(search, "/output/properties/start") == (12, 5)
    assert source.place(search, "/description") == (24, 5)
    assert source.place(rates, "/spec/urlTemplate") == (35, 32)
    assert source.place(rates, "/input/properties/customer/type") == (17, 5)
    # a pointer to nothing the module spells: the declaration itself
    assert source.place(search, "/effects/0") == (22, 2)


def test_no_static_id_matches_the_only_one_of_its_kind() -> None:
    """An id computed at run time: the one declaration of the kind whose id isn't static."""
    text = (
        "import os\nfrom kindgi import guardrail\n\n"
        "@guardrail(id=os.environ['X'])\ndef g(c, t):\n    return True\n"
    )
    source = ModuleSource(text)
    found = source.declaration("guardrail", {"id": "acme.x"})
    assert found is not None
    assert source.place(found, "/severity") == (4, 2)
    assert source.declaration("tool", {"id": "acme.x"}) is None


def test_versions_side_by_side_match_by_version() -> None:
    """Two declarations of one id: the one whose version is the entry's."""
    text = (
        "from kindgi import Agent\n"
        'a1 = Agent("acme.a", "1.0.0", "A", "Hi")\n'
        'a2 = Agent("acme.a", "2.0.0", "A", "Hello")\n'
    )
    source = ModuleSource(text)
    second = source.declaration("agent", {"id": "acme.a", "version": "2.0.0"})
    assert second is not None
    assert source.place(second, "") == (3, 6)
    assert source.place(second, "/instructions") == (3, 36)


def test_columns_count_characters_not_bytes() -> None:
    """A line with non-ASCII text before the declaration's argument: characters counted."""
    text = (
        'from kindgi import tool\n\n@tool(id="acme.café", version="1.0.0-β")\n'
        "def f(x: int) -> int:\n    return x\n"
    )
    source = ModuleSource(text)
    found = source.declaration("tool", {"id": "acme.café"})
    assert found is not None
    assert source.place(found, "/version") == (3, 31)


def test_a_module_that_does_not_parse_has_no_declarations() -> None:
    """A syntax error: nothing found, nothing raised."""
    assert ModuleSource("from kindgi import tool\n@tool(id='x'\n").declarations == ()
    assert ModuleSource("x = '\0'\n").declarations == ()
