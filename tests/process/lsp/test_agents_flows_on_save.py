"""The real server (over stdio, pytest-lsp) shows an agent's and a flow's problems on save: a
flow every run refuses, on the value at fault, in loadFlow's words; an agent a TypeScript
build refuses, as a warning; fixing the module and saving it re-indexes the code and clears
them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp needs Python 3.10+")

from lsprotocol import types  # noqa: E402 (after the skip on Python 3.9)
from pytest_lsp import LanguageClient  # noqa: E402

from tests.helpers.packs import copy_pack  # noqa: E402
from tests.process.lsp.test_server import SERVER, open_file, until  # noqa: E402

_WAIT = 120.0  # the code is indexed by the SDK in a child

# Each test starts the language server (a child process) and waits on its answers.
pytestmark = pytest.mark.slow


@pytest_lsp.fixture(config=SERVER)  # type: ignore[untyped-decorator]
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    """A session with the server (no workspace folder: each test opens what it needs)."""
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    yield
    await lsp_client.shutdown_session()


def _from(text: str, where: types.Range) -> str:
    """The text from the start of `where` to the end of its line (columns in UTF-16)."""
    line = text.splitlines()[where.start.line]
    units = line.encode("utf-16-le")[2 * where.start.character :]
    return units.decode("utf-16-le")


def _save(client: LanguageClient, path: Path, address: str, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(address))
    )


@pytest.mark.asyncio
@pytest.mark.sdk
async def test_a_flow_every_run_refuses_then_fixed(client: LanguageClient, tmp_path: Path) -> None:
    """An edge to a node that isn't there: the error on the typo, in loadFlow's words."""
    root = copy_pack("broken/flow-load", tmp_path)
    path = root / "flows" / "typo.py"
    text = path.read_text("utf-8")
    address = open_file(client, path)
    await until(lambda: bool(client.diagnostics.get(address)), seconds=_WAIT)
    (diagnostic,) = client.diagnostics[address]
    assert (diagnostic.code, diagnostic.severity) == ("flow-load", types.DiagnosticSeverity.Error)
    assert _from(text, diagnostic.range).startswith('"publsh"}')
    assert diagnostic.message.startswith(
        'every run of this flow fails: Edge "approved" to unknown node "publsh"'
    )
    _save(client, path, address, '"to": "publsh"', '"to": "publish"')
    await until(lambda: len(client.diagnostics.get(address, [None])) == 0, seconds=_WAIT)


@pytest.mark.asyncio
@pytest.mark.sdk
async def test_an_agent_a_typescript_build_refuses_then_fixed(
    client: LanguageClient, tmp_path: Path
) -> None:
    """A retrieval intent with no types: a warning on the intent, saying whose refusal it is."""
    root = copy_pack("broken/agent-define", tmp_path)
    path = root / "agents" / "memory.py"
    text = path.read_text("utf-8")
    address = open_file(client, path)
    await until(lambda: len(client.diagnostics.get(address, [])) == 2, seconds=_WAIT)
    by_code = {str(d.code): d for d in client.diagnostics[address]}
    warned = by_code["agent-define"]
    assert warned.severity == types.DiagnosticSeverity.Warning
    assert _from(text, warned.range).startswith('{"scope": "same-user", "limit": 5}')
    assert "a TypeScript pack's build refuses this" in warned.message
    assert by_code["agent-shape"].severity == types.DiagnosticSeverity.Error
    _save(
        client,
        path,
        address,
        '{"scope": "same-user"',
        '{"types": ["preference"], "scope": "same-user"',
    )
    await until(lambda: len(client.diagnostics.get(address, [])) == 1, seconds=_WAIT)
    assert [str(d.code) for d in client.diagnostics[address]] == ["agent-shape"]
