"""The language server (pygls): the editor's buffers in, each file's problems, fixes and
completions out, over stdio.

A change is checked 50 ms after the last keystroke (`DEBOUNCE_S`), one check at a time, in a
worker thread, so the server keeps reading while the pipeline runs. A fault in the server
becomes a log message to the client, and the server goes on; it stops on `exit` or when its
stdin closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any, TypeVar

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from hatch_kindgi import __version__
from hatch_kindgi.config.target import TARGETS
from hatch_kindgi.lsp.completion import completions
from hatch_kindgi.lsp.positions import Span, Text, problem_span, text_of
from hatch_kindgi.lsp.session import PackSession, pack_root
from hatch_kindgi.pipeline.fixes import Fix, elsewhere_fix, fix_file, fix_of
from hatch_kindgi.report.problems import Problem

DEBOUNCE_S = 0.05
"""How long after the last change a check starts: a burst of keystrokes is one check."""

_SOURCE = "hatch-kindgi"
_DOCS_FALLBACK = "https://github.com/kindgi/hatch-kindgi"
_T = TypeVar("_T")


class KindgiServer(LanguageServer):
    """The packs open in the editor, each a `PackSession`, and the checks pending on them."""

    def __init__(self) -> None:
        super().__init__(_SOURCE, __version__)
        self.target: str | None = None
        """The editor's `target` setting (`initializationOptions`, the `hatch-kindgi` section
        of its configuration): where the packs deploy, None for each pack's hook option."""
        self.sessions: dict[Path, PackSession] = {}
        self.pending: dict[Path, asyncio.Task[None]] = {}
        self.worker = ThreadPoolExecutor(1, thread_name_prefix="hatch-kindgi-check")

    def report_server_error(self, error: Exception, source: Any) -> None:
        """pygls's own faults: a line in the client's log, never a pop-up or a traceback."""
        self.log(f"{type(error).__name__}: {error}")

    def log(self, message: str) -> None:
        """A line in the client's log of this server."""
        with contextlib.suppress(Exception):
            self.window_log_message(
                types.LogMessageParams(type=types.MessageType.Log, message=message)
            )

    def session(self, uri: str) -> tuple[PackSession, str] | None:
        """The pack the document at `uri` belongs to, and its pack-relative path."""
        path_text = to_fs_path(uri)
        if path_text is None:
            return None
        path = Path(path_text).absolute()
        root = pack_root(path)
        if root is None:
            return None
        session = self.sessions.get(root)
        if session is None:
            session = self.sessions[root] = PackSession(root, target=self.target)
        file = session.relative(path)
        return None if file is None else (session, file)

    def configure(self, settings: Any, where: str) -> None:
        """Take the editor's settings (`where` it sent them, for the log): a new `target`
        re-checks every pack."""
        target = target_setting(settings)
        if target is _UNSET:
            return
        if target is not None and target not in TARGETS:
            self.log(f"{where}: target must be one of {', '.join(TARGETS)}, not {target!r}")
            return
        if target == self.target:
            return
        self.target = target if isinstance(target, str) else None
        for session in self.sessions.values():
            session.target = self.target
            self.schedule(session)

    def schedule(self, session: PackSession) -> None:
        """Check `session`'s pack once the changes stop for `DEBOUNCE_S`."""
        waiting = self.pending.pop(session.root, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[session.root] = asyncio.get_running_loop().create_task(
            self._check_later(session)
        )

    async def _check_later(self, session: PackSession) -> None:
        await asyncio.sleep(DEBOUNCE_S)
        # From here on the check runs to the end, even if another change comes.
        self.pending.pop(session.root, None)
        await asyncio.shield(self._check(session))

    async def _check(self, session: PackSession) -> None:
        try:
            changed = await self.in_worker(session.check)
        except Exception as fault:  # a bug: logged, and the server serves on
            self.log(f"checking {session.root} failed: {type(fault).__name__}: {fault}")
            return
        for file, problems in changed.items():
            try:
                self.publish(session, file, problems)
            except Exception as fault:  # one file's fault leaves the others published
                self.log(f"{file}: publishing failed: {type(fault).__name__}: {fault}")

    def in_worker(self, job: Callable[[], _T]) -> Awaitable[_T]:
        """`job` run in the one worker thread: one pipeline run at a time on the caches."""
        return asyncio.get_running_loop().run_in_executor(self.worker, job)

    def publish(self, session: PackSession, file: str, problems: tuple[Problem, ...]) -> None:
        """The diagnostics of pack file `file` (none: its problems are gone)."""
        text = text_of(file, session.text(file) or "")
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=from_fs_path(str(session.root / file)) or "",
                diagnostics=[diagnostic(problem, text) for problem in problems],
            )
        )


_UNSET = object()


def target_setting(settings: Any) -> Any:
    """The `target` of the editor's settings: `{"target": …}` or `{"hatch-kindgi":
    {"target": …}}` (None: none set, at `null`); `_UNSET` where the settings don't say."""
    if isinstance(settings, dict) and isinstance(settings.get(_SOURCE), dict):
        settings = settings[_SOURCE]
    if not isinstance(settings, dict) or "target" not in settings:
        return _UNSET
    return settings["target"]


def diagnostic(problem: Problem, text: Text) -> types.Diagnostic:
    """`problem` as the client shows it, at its place in `text`."""
    return types.Diagnostic(
        range=lsp_range(problem_span(problem, text), text),
        message=problem.message,
        severity=(
            types.DiagnosticSeverity.Error
            if problem.severity == "error"
            else types.DiagnosticSeverity.Warning
        ),
        code=problem.code,
        code_description=types.CodeDescription(href=problem_docs(problem.code)),
        source=_SOURCE,
    )


def lsp_range(span: Span, text: Text) -> types.Range:
    """A span of `text` as an LSP range."""
    start, end = text.position(span.start), text.position(span.end)
    return types.Range(types.Position(*start), types.Position(*end))


def problem_docs(code: str) -> str:
    """Where `docs/problems.md` explains `code`, in the repository [project.urls] names."""
    return f"{_repository()}/blob/main/docs/problems.md#{code}"


@lru_cache(maxsize=1)
def _repository() -> str:
    try:
        urls = metadata.metadata("hatch-kindgi").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        urls = []
    named: dict[str, str] = dict(url.split(", ", 1) for url in urls if ", " in url)
    return named.get("Source", named.get("Homepage", _DOCS_FALLBACK)).rstrip("/")


def make_server() -> KindgiServer:
    """The server with its features registered."""
    server = KindgiServer()

    _register_settings(server)

    async def edited(
        ls: KindgiServer, uri: str, *, saved: bool = False, closed: bool = False
    ) -> None:
        try:
            found = ls.session(uri)
            if found is None:
                return
            session, file = found
            if closed:
                session.close(file)
            else:
                session.edit(file, ls.workspace.get_text_document(uri).source)
                if saved:
                    session.saved(file)
            ls.schedule(session)
        except Exception as fault:
            ls.log(f"{uri}: {type(fault).__name__}: {fault}")

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: KindgiServer, params: types.DidOpenTextDocumentParams) -> None:
        await edited(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: KindgiServer, params: types.DidChangeTextDocumentParams) -> None:
        await edited(ls, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    async def did_save(ls: KindgiServer, params: types.DidSaveTextDocumentParams) -> None:
        await edited(ls, params.text_document.uri, saved=True)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: KindgiServer, params: types.DidCloseTextDocumentParams) -> None:
        await edited(ls, params.text_document.uri, closed=True)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    async def files_changed(ls: KindgiServer, params: types.DidChangeWatchedFilesParams) -> None:
        try:
            for change in params.changes:
                found = ls.session(change.uri)
                if found is not None:
                    found[0].saved(found[1])
                    ls.schedule(found[0])
        except Exception as fault:
            ls.log(f"watched files: {type(fault).__name__}: {fault}")

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    async def code_action(
        ls: KindgiServer, params: types.CodeActionParams
    ) -> list[types.CodeAction] | None:
        try:
            return _code_actions(ls, params)
        except Exception as fault:
            ls.log(f"code actions: {type(fault).__name__}: {fault}")
            return None

    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=['"', "'", ".", "[", "/", " "]),
    )
    async def complete(
        ls: KindgiServer, params: types.CompletionParams
    ) -> list[types.CompletionItem] | None:
        try:
            return await _completions(ls, params)
        except Exception as fault:
            ls.log(f"completion: {type(fault).__name__}: {fault}")
            return None

    return server


def _register_settings(server: KindgiServer) -> None:
    """The editor's settings: sent at start (`initializationOptions`), asked for once started
    (`workspace/configuration`), and each change (`workspace/didChangeConfiguration`)."""

    @server.feature(types.INITIALIZE)
    def initialize(ls: KindgiServer, params: types.InitializeParams) -> None:
        ls.configure(params.initialization_options, "initializationOptions")

    @server.feature(types.INITIALIZED)
    async def initialized(ls: KindgiServer, _: types.InitializedParams) -> None:
        await _configured(ls)
        await _initialized(ls)

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def configuration_changed(
        ls: KindgiServer, params: types.DidChangeConfigurationParams
    ) -> None:
        try:
            if target_setting(params.settings) is _UNSET:
                await _configured(ls)  # a client that only says something changed: ask it
            else:
                ls.configure(params.settings, "workspace/didChangeConfiguration")
        except Exception as fault:
            ls.log(f"configuration: {type(fault).__name__}: {fault}")


async def _configured(ls: KindgiServer) -> None:
    """Ask a client that has a configuration for the `hatch-kindgi` section of it."""
    workspace = ls.client_capabilities.workspace
    if workspace is None or not workspace.configuration:
        return
    try:
        answer = await ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=_SOURCE)])
        )
    except Exception as fault:  # a client that said it answers, and doesn't
        ls.log(f"workspace/configuration: {type(fault).__name__}: {fault}")
        return
    if answer:
        ls.configure({_SOURCE: answer[0]}, "workspace/configuration")


async def _initialized(ls: KindgiServer) -> None:
    """Check the packs of the workspace's folders at once, open files or not; then ask the
    client to watch the packs' files."""
    try:
        for folder in ls.workspace.folders.values():
            path = to_fs_path(folder.uri)
            if path is not None and (Path(path) / "pyproject.toml").is_file():
                found = ls.session(from_fs_path(str(Path(path) / "pyproject.toml")) or "")
                if found is not None:
                    ls.schedule(found[0])
    except Exception as fault:
        ls.log(f"initialized: {type(fault).__name__}: {fault}")
    try:
        await _watch_files(ls)
    except Exception as fault:  # a client that said it watches, and doesn't
        ls.log(f"watching files: {type(fault).__name__}: {fault}")


_WATCHED = (
    "**/*.json",
    "**/*.liquid",
    "**/pyproject.toml",
    "**/*.py",
    "**/*.pyi",
    "**/.gitattributes",
)


async def _watch_files(ls: KindgiServer) -> None:
    """Ask the client to say when a pack's files change on disk (a save from another tool,
    a `git checkout`), where it can: the next check then reads them again."""
    workspace = ls.client_capabilities.workspace
    watched = None if workspace is None else workspace.did_change_watched_files
    if watched is None or not watched.dynamic_registration:
        return
    watchers = [types.FileSystemWatcher(glob_pattern=pattern) for pattern in _WATCHED]
    await ls.client_register_capability_async(
        types.RegistrationParams(
            registrations=[
                types.Registration(
                    id="hatch-kindgi-files",
                    method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                    register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers),
                )
            ]
        )
    )


def _code_actions(ls: KindgiServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    uri = params.text_document.uri
    found = ls.session(uri)
    if found is None:
        return []
    session, file = found
    text = text_of(file, session.text(file) or "")
    wanted = params.range
    actions = []
    for problem in session.problems.get(file, ()):
        span = problem_span(problem, text)
        where = lsp_range(span, text)
        if _before(wanted.end, where.start) or _before(where.end, wanted.start):
            continue
        fix = fix_of(problem, text)
        if fix is None:
            fix = _elsewhere(session, problem)
        if fix is None:
            continue
        actions.append(
            types.CodeAction(
                title=fix.title,
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic(problem, text)],
                is_preferred=True,
                edit=_workspace_edit(session, uri, text, fix),
            )
        )
    return actions


def _elsewhere(session: PackSession, problem: Problem) -> Fix | None:
    """The fix of `problem` in another pack file (`.gitattributes`), as the editor has it."""
    file = fix_file(problem)
    if file == problem.file:
        return None
    return elsewhere_fix(problem, session.text(file))


def _workspace_edit(session: PackSession, uri: str, text: Text, fix: Fix) -> types.WorkspaceEdit:
    """`fix`'s edits for the client: in the problem's file (`uri`, `text`), or in the file the
    fix names, made first when the fix makes it."""
    if fix.file is None:
        return types.WorkspaceEdit(
            changes={uri: [types.TextEdit(lsp_range(at, text), new) for at, new in fix.edits]}
        )
    other = from_fs_path(str(session.root / fix.file)) or ""
    other_text = text_of(fix.file, session.text(fix.file) or "")
    edits = [types.TextEdit(lsp_range(at, other_text), new) for at, new in fix.edits]
    if not fix.create:
        return types.WorkspaceEdit(changes={other: edits})
    return types.WorkspaceEdit(
        document_changes=[
            types.CreateFile(
                uri=other, options=types.CreateFileOptions(overwrite=False, ignore_if_exists=True)
            ),
            types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(uri=other),
                edits=list(edits),
            ),
        ]
    )


def _before(a: types.Position, b: types.Position) -> bool:
    return (a.line, a.character) < (b.line, b.character)


async def _completions(
    ls: KindgiServer, params: types.CompletionParams
) -> list[types.CompletionItem]:
    found = ls.session(params.text_document.uri)
    if found is None:
        return []
    session, file = found
    text = text_of(file, session.text(file) or "")
    at = text.offset(params.position.line, params.position.character)
    line = text.line_column(at)[0] - 1
    before = text.text[text.line_start(line) : at]
    after = text.text[at : text.line_end(line)]
    read = await ls.in_worker(session.read)
    items = completions(read, session.root, file, before, after)
    result = []
    for item in items:
        start = text.position(at - item.replaces)
        end = text.position(at + item.replaces_after)
        result.append(
            types.CompletionItem(
                label=item.label,
                detail=item.detail,
                kind=types.CompletionItemKind.Value,
                # What the editor filters the items by: the word, not its closing `"]`.
                filter_text=item.label,
                text_edit=types.TextEdit(
                    types.Range(types.Position(*start), types.Position(*end)), item.text
                ),
            )
        )
    return result


def serve() -> int:
    """Serve over stdin and stdout until the client says `exit` or stdin closes."""
    logging.basicConfig(level=logging.WARNING, format="hatch-kindgi lsp: %(message)s")
    server = make_server()
    try:
        server.start_io()
    finally:
        server.worker.shutdown(wait=False, cancel_futures=True)
    return 0
