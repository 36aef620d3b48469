"""The real server, driven over stdio by a real LSP client (pytest-lsp): diagnostics from
unsaved buffers at their places, cleared when fixed, quick fixes that make a file pass,
completion, and the same problems `check` finds on every broken pack."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import pytest

pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp needs Python 3.10+")

from lsprotocol import types  # noqa: E402 (after the skip on Python 3.9)
from pygls.uris import from_fs_path  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from hatch_kindgi.pipeline import RunRequest, run_pipeline  # noqa: E402
from hatch_kindgi.report.problems import Problem  # noqa: E402
from tests.helpers.golden import STAGE_CASES  # noqa: E402
from tests.helpers.packs import BROKEN, copy_pack, has_code  # noqa: E402

SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "hatch_kindgi", "lsp"])
WAIT_S = 30.0

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


def uri(path: Path) -> str:
    found = from_fs_path(str(path))
    assert isinstance(found, str)
    return found


async def until(check: Callable[[], bool], seconds: float = WAIT_S) -> None:
    """Wait until `check()` holds (the server publishes on its own time)."""

    async def poll() -> None:
        while not check():
            await asyncio.sleep(0.02)

    await asyncio.wait_for(poll(), seconds)


def open_file(client: LanguageClient, path: Path, text: str | None = None) -> str:
    address = uri(path)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(
                address, "json", 1, path.read_text("utf-8") if text is None else text
            )
        )
    )
    return address


def change_file(client: LanguageClient, address: str, text: str, version: int) -> None:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=version, uri=address),
            [types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


def text_at(text: str, where: types.Range) -> str:
    """The text a range covers (UTF-16 columns, as LSP counts)."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line].encode("utf-16-le")[: position.character * 2]
        return before + len(line.decode("utf-16-le"))

    return text[offset(where.start) : offset(where.end)]


def apply(text: str, edits: list[types.TextEdit]) -> str:
    """`edits` applied to `text`, last first, as a client applies them."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[: position.line])
        line = lines[position.line].encode("utf-16-le")[: position.character * 2]
        return before + len(line.decode("utf-16-le"))

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


@pytest.mark.asyncio
async def test_diagnostics_at_places_then_cleared(client: LanguageClient, tmp_path: Path) -> None:
    """A broken block's problems land on the keys they name, with the codes and messages of
    `check` and a link to their row of docs/problems.md; fixing the unsaved buffer clears
    them, and the disk was never written."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    path = root / "blocks" / "reply-prompt.json"
    text = path.read_text("utf-8")
    address = open_file(client, path)
    await until(lambda: len(client.diagnostics.get(address, ())) == 4)
    found = {(d.code, text_at(text, d.range), d.severity) for d in client.diagnostics[address]}
    error = types.DiagnosticSeverity.Error
    assert found == {
        ("block-unknown-key", '"defualt"', error),
        ("block-unknown-key", '"values"', error),
        ("block-unknown-key", '"descripton"', error),
        ("block-unknown-key", '"owner"', error),
    }
    first = client.diagnostics[address][0]
    assert first.code_description is not None
    assert first.code_description.href == (
        "https://github.com/kindgi/hatch-kindgi/blob/main/docs/problems.md#block-unknown-key"
    )
    assert any('did you mean "description"?' in m for m in _messages(client, address))
    fixed = (
        text.replace('"descripton"', '"description"')
        .replace('"defualt"', '"default"')
        .replace(',\n    "values": {}', "")
        .replace(',\n  "owner": "support"', "")
    )
    change_file(client, address, fixed, 2)
    await until(lambda: len(client.diagnostics.get(address, [None])) == 0)
    assert path.read_text("utf-8") == text


def _messages(client: LanguageClient, address: str) -> list[str]:
    return [d.message for d in client.diagnostics.get(address, ())]


@pytest.mark.asyncio
async def test_inline_template_problem_inside_the_string(
    client: LanguageClient, tmp_path: Path
) -> None:
    """A problem in an inline template lands inside the JSON string, escapes counted: a
    `\\n`, a `\\"` and a `\\u00e9` before it each count as the one character they make, and
    an emoji before it as two UTF-16 units."""
    root = copy_pack("broken/liquid-warnings", tmp_path)
    path = root / "blocks" / "reply.json"
    text = (
        '{"id": "acme.reply-prompt", "version": "1.0.0", "kind": "prompt", "content": {\n'
        '  "template": "\U0001f600 caf\\u00e9\\n\\"{{ tone | upcase | mony }}\\"",\n'
        '  "parameters": [{"name": "tone", "type": "string"}]}}\n'
    )
    address = open_file(client, path, text)
    await until(lambda: "liquid-unknown-filter" in _codes(client, address))
    (filter_problem,) = [
        d for d in client.diagnostics[address] if d.code == "liquid-unknown-filter"
    ]
    assert text_at(text, filter_problem.range) == "mony"
    # By hand: line 1 (0-based), after `  "template": "` (15), the emoji (2 units), ...
    prefix = '  "template": "\U0001f600 caf\\u00e9\\n\\"{{ tone | upcase | '
    assert filter_problem.range.start == types.Position(1, len(prefix.encode("utf-16-le")) // 2)


def _codes(client: LanguageClient, address: str) -> list[str]:
    return [str(d.code) for d in client.diagnostics.get(address, ())]


INLINE_FILTER_TYPO = (
    '{"id": "acme.typos", "version": "1.0.0", "kind": "prompt", "content": {\n'
    '  "template": "caf\\u00e9 \\"{{ tone | upcse }}\\" {{ tone }}",\n'
    '  "parameters": [{"name": "tone", "type": "string"}]}}\n'
)
INLINE_VARIABLE_TYPO = INLINE_FILTER_TYPO.replace("upcse }}", "upcase }}").replace(
    "{{ tone }}", "{{ tome }}"
)
"""An unknown filter is refused (the parse stops there) and an unknown variable warned of:
one typo a template, so each fix makes its problem go and leaves none."""

UNTYPED_SCHEMA = """{
  "id": "acme.limits",
  "version": "1.0.0",
  "kind": "settings",
  "content": {
    "values": {"limit": 3, "label": "x"},
    "schema": {
      "properties": {
        "limit": {"minimum": 1},
        "label": {"maxLength": 9}
      }
    }
  }
}
"""

FIXABLE = [
    # pack, file, the codes whose problems its quick fixes resolve, the file's new text
    ("broken/block-unknown-key", "blocks/reply-prompt.json", {"block-unknown-key"}, None),
    ("broken/liquid-warnings", "blocks/reply.liquid", {"settings-unknown-key"}, None),
    ("broken/block-kind-unknown", "blocks/typo.json", {"block-kind"}, None),
    ("broken/version-reused", "blocks/reply-style.json", {"version-reused"}, None),
    # A strict-mode unknown keyword that a "did you mean" names: renamed.
    ("broken/settings-unknown-keyword", "blocks/refunds.json", {"settings-schema"}, None),
    ("broken/liquid-warnings", "blocks/typos.json", {"liquid-unknown-filter"}, INLINE_FILTER_TYPO),
    (
        "broken/liquid-warnings",
        "blocks/typos.json",
        {"liquid-unknown-variable"},
        INLINE_VARIABLE_TYPO,
    ),
    # Ajv strict mode's missing types (issue 19): each fix adds the type the keyword wants.
    ("broken/liquid-warnings", "blocks/limits.json", {"settings-schema"}, UNTYPED_SCHEMA),
]


@pytest.mark.asyncio
@pytest.mark.parametrize("case", FIXABLE, ids=[f"{p}:{f}" for p, f, _, _ in FIXABLE])
async def test_quick_fixes_resolve_their_problems(
    client: LanguageClient, tmp_path: Path, case: tuple[str, str, set[str], str | None]
) -> None:
    """Every quick fix offered, applied to the buffer, makes the problem it fixes go away,
    and leaves only problems that have no certain fix."""
    pack, name, codes, new = case
    root = copy_pack(pack, tmp_path)
    if new is not None:
        (root / name).write_text(new, encoding="utf-8")
    expected = run_pipeline(root).problems
    assert {p.code for p in expected if p.file == name} & codes
    for _ in (1,):
        path = root / name
        text = path.read_text("utf-8")
        address = open_file(client, path)
        wanted = {p.message for p in expected if p.file == name}
        await until(lambda: set(_messages(client, address)) == wanted)  # noqa: B023
        whole = types.Range(types.Position(0, 0), types.Position(len(text.split("\n")), 0))
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                types.TextDocumentIdentifier(address),
                whole,
                types.CodeActionContext(diagnostics=list(client.diagnostics[address])),
            )
        )
        assert actions
        edits = [
            edit
            for action in actions
            if isinstance(action, types.CodeAction) and action.edit and action.edit.changes
            for edit in action.edit.changes[address]
        ]
        fixed = apply(text, edits)
        change_file(client, address, fixed, 2)
        left = {p.message for p in expected if p.file == name and p.suggestion is None}
        await until(lambda: set(_messages(client, address)) == left)  # noqa: B023
        assert len(left) < len([p for p in expected if p.file == name])  # some were fixed


@pytest.mark.asyncio
async def test_settings_key_completion(client: LanguageClient, tmp_path: Path) -> None:
    """After `settings["<id>"].` the keys of that block's values are offered; inside
    `settings["` the settings blocks' ids."""
    root = copy_pack("broken/liquid-warnings", tmp_path)
    path = root / "blocks" / "reply.liquid"
    text = '{{ settings["acme.reply-style"].ma }} {{ settings["acme.re'
    address = open_file(client, path, text)
    items = await client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(address), types.Position(0, text.index(" }}"))
        )
    )
    values = (root / "blocks" / "reply-style.json").read_text("utf-8")
    labels = _labels(items)
    assert labels
    assert all(f'"{label}"' in values for label in labels)
    assert "maxSentences" in labels
    ids = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(address), types.Position(0, len(text)))
    )
    assert _labels(ids) == ["acme.reply-style"]
    # Accepting the id writes its closing quote and bracket too, over what was typed of it.
    found = ids.items if isinstance(ids, types.CompletionList) else ids or []
    edit = found[0].text_edit
    assert isinstance(edit, types.TextEdit)
    assert edit.new_text == 'acme.reply-style"]'
    start = len(text) - len("acme.re")
    assert (edit.range.start.character, edit.range.end.character) == (start, len(text))


def _labels(items: types.CompletionList | Sequence[types.CompletionItem] | None) -> list[str]:
    found = items.items if isinstance(items, types.CompletionList) else items or []
    return [item.label for item in found]


BLOCK_PACKS = sorted(case for case in STAGE_CASES.values() if not has_code(BROKEN / case))
"""The broken packs of one stage each, without code (every pack's places in LSP terms are
tests/unit/lsp/test_positions.py's, in process)."""


Served = tuple[str, str, str, "tuple[int, int] | None"]


def _utf16_place(root: Path, problem: Problem) -> tuple[int, int] | None:
    """Where LSP puts the start of `problem`: its line 0-based, its column in UTF-16 units of
    that line of the file (counted here from the file's own text)."""
    if problem.line is None:
        return None
    path = root / problem.file
    text = path.read_bytes().decode("utf-8", "replace") if path.is_file() else ""
    line = text.split("\n")[problem.line - 1]
    return problem.line - 1, len(line[: (problem.column or 1) - 1].encode("utf-16-le")) // 2


@pytest.mark.asyncio
async def test_broken_packs_same_problems_as_check(client: LanguageClient, tmp_path: Path) -> None:
    """A broken pack of each stage, without code, gives, through the server, the problems the
    pipeline gives `check`: file, severity, code and message, and each problem's line and
    column (the report's `file:line:col`) at the start of its range."""
    expected: dict[str, set[Served]] = {}
    for name in BLOCK_PACKS:
        root = copy_pack(f"broken/{name}", tmp_path)
        for problem in run_pipeline(root, RunRequest(runner="command-line")).problems:
            address = uri(root / problem.file)
            expected.setdefault(address, set()).add(
                (problem.severity, problem.code, problem.message, _utf16_place(root, problem))
            )
        open_file(client, root / "pyproject.toml")

    def served() -> dict[str, set[Served]]:
        found: dict[str, set[Served]] = {}
        for address, diagnostics in client.diagnostics.items():
            for d in diagnostics:
                severity = "error" if d.severity == types.DiagnosticSeverity.Error else "warning"
                start = (d.range.start.line, d.range.start.character)
                found.setdefault(address, set()).add((severity, str(d.code), d.message, start))
        return found

    def same() -> bool:
        now = served()
        return all(
            {(s, c, m) for s, c, m, _ in now.get(a, set())} == {(s, c, m) for s, c, m, _ in e}
            for a, e in expected.items()
        )

    # One check at a time, a pack after another.
    with contextlib.suppress(TimeoutError):
        await until(same, 300.0)
    now = served()
    for address, wanted in expected.items():
        got = now.get(address, set())
        assert {w[:3] for w in got} == {w[:3] for w in wanted}, address
        for severity, code, message, place in wanted:
            if place is not None:
                assert (severity, code, message, place) in got, (address, code)
            else:
                assert (severity, code, message, (0, 0)) in got, (address, code)


@pytest.mark.asyncio
async def test_hostile_input_never_stops_the_server(client: LanguageClient, tmp_path: Path) -> None:
    """Documents outside any pack or not files at all, JSON nested past any recursion
    limit, lone surrogates, positions past the end: the server answers each without a
    fault reaching the client, and goes on checking."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    deep = root / "blocks" / "deep.json"
    deep.write_text('{"a": ' + "[" * 200_000, encoding="utf-8")
    open_file(client, deep)
    open_file(client, root / "blocks" / "odd.json", '{"id": "\ud800", "kind": 3}')
    for address in ("untitled:Untitled-1", uri(tmp_path / "nowhere.json")):
        client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(address, "json", 1, "{"))
        )
        assert not await client.text_document_code_action_async(
            types.CodeActionParams(
                types.TextDocumentIdentifier(address),
                types.Range(types.Position(0, 0), types.Position(99, 0)),
                types.CodeActionContext(diagnostics=[]),
            )
        )
    far = await client.text_document_completion_async(
        types.CompletionParams(
            types.TextDocumentIdentifier(uri(deep)), types.Position(10**6, 10**6)
        )
    )
    assert not _labels(far)
    address = uri(deep)
    await until(lambda: "block-json" in _codes(client, address))
    reply = open_file(client, root / "blocks" / "reply-prompt.json")
    await until(lambda: len(_messages(client, reply)) == 4)
    assert not [m for m in client.log_messages if "Traceback" in m.message]


@pytest.mark.asyncio
async def test_settings_buffer_changes_another_files_warnings(
    client: LanguageClient, tmp_path: Path
) -> None:
    """Giving a settings block's unsaved buffer the key a template reads clears that
    template's warning, in a file the editor never opened; taking it away brings it back."""
    root = copy_pack("broken/liquid-warnings", tmp_path)
    style = root / "blocks" / "reply-style.json"
    template = uri(root / "blocks" / "reply.liquid")
    text = style.read_text("utf-8")
    address = open_file(client, style)
    await until(lambda: "settings-unknown-key" in _codes(client, template))
    change_file(client, address, text.replace('"maxSentences": 3', '"maxSentence": 3'), 2)
    await until(lambda: "settings-unknown-key" not in _codes(client, template))
    assert len(_codes(client, template)) == 3  # the template's other warnings stay
    change_file(client, address, text, 3)
    await until(lambda: "settings-unknown-key" in _codes(client, template))


@pytest_lsp.fixture(config=SERVER)  # type: ignore[untyped-decorator]
async def folder_client(lsp_client: LanguageClient, tmp_path: Path) -> AsyncIterator[None]:
    """A session whose workspace folder is a copy of a broken pack, with a client that
    watches files for the server."""
    root = copy_pack("broken/block-unknown-key", tmp_path)
    registered: list[types.RegistrationParams] = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)  # type: ignore[untyped-decorator]
    def _register(params: types.RegistrationParams) -> None:
        registered.append(params)

    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(
                dynamic_registration=True
            )
        )
    )
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            workspace_folders=[types.WorkspaceFolder(uri(root), "pack")],
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest.mark.asyncio
async def test_workspace_pack_checked_at_start_and_on_disk_changes(
    folder_client: LanguageClient, tmp_path: Path
) -> None:
    """The workspace folder's pack is checked when the server starts, with no file open;
    a file changed on disk, which the client reports, is read again."""
    client = folder_client
    path = tmp_path / "block-unknown-key" / "blocks" / "reply-prompt.json"
    address = uri(path)
    await until(lambda: len(_codes(client, address)) == 4)
    path.write_text(
        path.read_text("utf-8").replace(',\n  "owner": "support"', ""), encoding="utf-8"
    )
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(address, types.FileChangeType.Changed)])
    )
    await until(lambda: len(_codes(client, address)) == 3)


@pytest.mark.asyncio
@pytest.mark.sdk
async def test_code_primitives_problems_on_save(client: LanguageClient, tmp_path: Path) -> None:
    """A tool whose every call fails: its problem on the model field at fault, in the
    runtime's words; fixing the module and saving it re-indexes the code and clears it."""
    root = copy_pack("broken/tool-input-defaults", tmp_path)
    path = root / "tools" / "search.py"
    text = path.read_text("utf-8")
    address = open_file(client, path)
    await until(lambda: "tool-input-defaults" in _codes(client, address), seconds=120)
    (diagnostic,) = client.diagnostics[address]
    assert text_at(text, diagnostic.range) == "end"
    assert diagnostic.message.startswith(
        "strict mode: default is ignored for: data1.end; every call of this tool fails"
    )
    fixed = text.replace("    end: date | None = None\n", "    end: date | None\n")
    assert fixed != text
    path.write_text(fixed, encoding="utf-8")
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(address))
    )
    await until(lambda: len(client.diagnostics.get(address, [None])) == 0, seconds=120)


@pytest_lsp.fixture(config=SERVER)  # type: ignore[untyped-decorator]
async def hosted_client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    """A session whose client says at start the packs deploy to Kindgi hosted."""
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            initialization_options={"target": "hosted"},
        )
    )
    yield
    await lsp_client.shutdown_session()


def _severity_codes(client: LanguageClient, address: str) -> set[tuple[str, str]]:
    return {
        ("error" if d.severity == types.DiagnosticSeverity.Error else "warning", str(d.code))
        for d in client.diagnostics.get(address, [])
    }


@pytest.mark.asyncio
async def test_target_from_the_editors_settings(
    hosted_client: LanguageClient, tmp_path: Path
) -> None:
    """`initializationOptions` {"target": "hosted"}: the hosted verdicts, as `--target
    hosted` gives them; a configuration change to "self-hosted" re-checks with its own; a
    `null` target leaves it to the hook option (none: the hosted warnings)."""
    root = copy_pack("broken/hosted-warnings", tmp_path)
    flags = uri(root / "blocks" / "feature-flags.json")
    launch = uri(root / "blocks" / "launch.json")
    open_file(hosted_client, root / "blocks" / "feature-flags.json")
    await until(lambda: _severity_codes(hosted_client, flags) == {("error", "settings-schema")})
    assert launch not in hosted_client.diagnostics or not hosted_client.diagnostics[launch]

    hosted_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"hatch-kindgi": {"target": "self-hosted"}})
    )
    await until(lambda: _severity_codes(hosted_client, launch) == {("error", "settings-values")})
    await until(lambda: not hosted_client.diagnostics.get(flags))

    hosted_client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"hatch-kindgi": {"target": None}})
    )
    await until(lambda: _severity_codes(hosted_client, flags) == {("warning", "hosted-profile")})


@pytest.mark.asyncio
async def test_line_ends_quick_fix_makes_gitattributes(
    client: LanguageClient, tmp_path: Path
) -> None:
    """A template checked out with `\\r\\n` is warned at its first `\\r`; the quick fix makes
    the pack's `.gitattributes` with the line, and once the editor holds that file the
    warning says the template wants checking out again; with `\\n` lines it is gone."""
    root = copy_pack("broken/template-line-ends", tmp_path)
    path = root / "blocks" / "reply.liquid"
    text = path.read_bytes().decode("utf-8")
    assert "\r\n" in text
    address = open_file(client, path, text)
    await until(lambda: bool(_messages(client, address)))
    (warned,) = client.diagnostics[address]
    assert warned.code == "template-line-ends"
    assert warned.range.start == types.Position(0, 20)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(address),
            warned.range,
            types.CodeActionContext(diagnostics=[warned]),
        )
    )
    assert actions is not None
    (action,) = actions
    assert isinstance(action, types.CodeAction)
    assert action.title == 'Add "*.liquid text eol=lf" to .gitattributes'
    assert action.edit is not None
    assert action.edit.document_changes is not None
    made, edit = action.edit.document_changes
    attributes = uri(root / ".gitattributes")
    assert isinstance(made, types.CreateFile)
    assert made.uri == attributes
    assert isinstance(edit, types.TextDocumentEdit)
    assert edit.text_document.uri == attributes
    assert not (root / ".gitattributes").exists()  # the client makes it, not the server
    written = apply("", [e for e in edit.edits if isinstance(e, types.TextEdit)])
    assert written == "*.liquid text eol=lf\n"
    open_file(client, root / ".gitattributes", written)
    await until(lambda: any("check the file out again" in m for m in _messages(client, address)))
    change_file(client, address, text.replace("\r\n", "\n"), 2)
    await until(lambda: not _messages(client, address))
