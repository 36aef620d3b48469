"""What docs/blocks.md says of a template checked out with `\\r\\n`, held to the shipped
runtime: its `renderTenantTemplate` writes each `\\r` of the template's text into the prompt
(so the model reads another prompt), whitespace control (`{{-`, `-}}`) trims a `\\r` as the
blank it is, and our render (`hatch-kindgi render`) prints the same."""

from __future__ import annotations

import pytest

from tests.oracle.shipped import canonical
from tests.oracle.shipped import render_outcome as liquidjs_render
from tests.oracle.shipped import require_oracle as require_runtime
from tests.unit.render.test_golden_liquid import ours

LF = "Dear {{ customer }},\nthank you {%- if vip %} (VIP){% endif %}.\n{{ 'Bye' -}}\n  !\n"
DATA = {"customer": "Ada", "vip": True}


def test_a_crlf_template_renders_its_cr() -> None:
    """The `\\r` of each `\\r\\n` in the text is in the prompt the runtime renders, except
    where whitespace control trims it as it trims the `\\n`."""
    require_runtime()
    crlf = LF.replace("\n", "\r\n")
    assert liquidjs_render(LF, DATA) == (True, "Dear Ada,\nthank you (VIP).\nBye!\n")
    assert liquidjs_render(crlf, DATA) == (True, "Dear Ada,\r\nthank you (VIP).\r\nBye!\r\n")


@pytest.mark.parametrize("template", [LF, LF.replace("\n", "\r\n")])
def test_our_render_prints_the_runtimes(template: str) -> None:
    """`hatch-kindgi render` prints what the runtime renders, `\\r` and all."""
    require_runtime()
    assert ours(template, DATA) == liquidjs_render(template, DATA)


def test_the_canonical_block_differs() -> None:
    """The runtime's canonical JSON of a prompt block (what a content comparison reads) keeps
    the `\\r`: the two checkouts' blocks are two contents."""
    require_runtime()
    block = {"id": "acme.reply", "version": "1.0.0", "kind": "prompt"}
    lf = canonical({**block, "content": {"template": LF}})
    crlf = canonical({**block, "content": {"template": LF.replace("\n", "\r\n")}})
    assert lf != crlf
    assert b"\\r\\n" in crlf
