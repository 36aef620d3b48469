"""How long `hatch-kindgi lsp` takes to re-check a pack after a keystroke in an open buffer.

On a pack from `generate.py` (N blocks, 500 by default), in one process, as the server does
it: a first check of the pack (what opening a file costs), then a re-check after each
keystroke in the unsaved buffer of a prompt block, its template file, a settings block (a
value other blocks' templates read), each keystroke alternately breaking the file and
mending it, with the diagnostics of every changed file made (their places found in the
text). Then the same from outside: a real `hatch-kindgi lsp` process driven over stdio by
pygls's client, from the `didChange` sent to the `publishDiagnostics` received (the 50 ms
debounce included).

    python benchmarks/lsp.py                   # N = 500, 15 keystrokes of each kind
    python benchmarks/lsp.py --blocks 20 --repeats 2 --no-process   # a smoke run

No figure is asserted; a median over the target prints `ABOVE TARGET`.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from generate import generate  # benchmarks/ is on sys.path when this file runs as a script

from hatch_kindgi.lsp.positions import Text
from hatch_kindgi.lsp.server import diagnostic
from hatch_kindgi.lsp.session import PackSession

TARGET_MEDIAN_S = 0.1
ENVIRON = {"SOURCE_DATE_EPOCH": "1767225600"}

KEYSTROKES: dict[str, tuple[str, str, str]] = {
    # kind of buffer: (path, text, what one keystroke makes of it; a problem each way)
    "prompt block": ("blocks/prompts/p00001.json", '"kind": "prompt"', '"kind": "promt"'),
    "template file": ("blocks/prompts/p00001.liquid", "{{", "{{{"),
    "settings block": ("blocks/settings/s00001.json", '"values": {', '"values": {"'),
}


def keystroke_seconds(root: Path, repeats: int) -> dict[str, Any]:
    """The first check, and the median and worst re-check after each kind of keystroke."""
    gc.collect()
    session = PackSession(root, ENVIRON)
    begun = time.perf_counter()
    first = session.check()
    figures: dict[str, Any] = {"first_s": time.perf_counter() - begun}
    if first:
        raise AssertionError(f"the generated pack has problems: {list(first)[:3]}")
    for kind, (path, old, new) in KEYSTROKES.items():
        saved = (root / path).read_text("utf-8")
        assert old in saved, (path, old)
        times = []
        for number in range(repeats):
            text = saved.replace(old, new, 1) if number % 2 == 0 else saved
            begun = time.perf_counter()
            session.edit(path, text)
            changed = session.check()
            for file, problems in changed.items():
                shown = Text(session.text(file) or "")
                [diagnostic(problem, shown) for problem in problems]
            times.append(time.perf_counter() - begun)
            if not changed:
                raise AssertionError(f"{kind}: the keystroke changed no file's problems")
        session.close(path)
        session.check()
        figures[kind] = {"median_s": statistics.median(times), "max_s": max(times)}
    return figures


async def _process_seconds(root: Path, repeats: int) -> list[float]:
    from lsprotocol import types
    from pygls.lsp.client import LanguageClient
    from pygls.uris import from_fs_path

    client = LanguageClient("benchmark", "1")
    published: asyncio.Queue[types.PublishDiagnosticsParams] = asyncio.Queue()

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator]
    def _published(params: types.PublishDiagnosticsParams) -> None:
        published.put_nowait(params)

    await client.start_io(
        sys.executable, "-m", "hatch_kindgi", "lsp", env=dict(os.environ, **ENVIRON)
    )
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    client.initialized(types.InitializedParams())
    path, old, new = KEYSTROKES["prompt block"]
    uri = from_fs_path(str(root / path)) or ""
    saved = (root / path).read_text("utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "json", 0, saved))
    )
    await asyncio.sleep(10)  # the first check, every file read (and nothing to publish)
    times = []
    for number in range(repeats):
        text = saved.replace(old, new, 1) if number % 2 == 0 else saved
        begun = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=number + 1, uri=uri),
                [types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        while (await asyncio.wait_for(published.get(), 60)).uri != uri:
            pass
        times.append(time.perf_counter() - begun)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()  # type: ignore[no-untyped-call]
    return times


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--blocks", type=int, default=500, help="blocks in the pack (N)")
    parser.add_argument("--repeats", type=int, default=15, help="keystrokes of each kind")
    parser.add_argument("--no-process", action="store_true", help="skip the real process")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None
    }
    with tempfile.TemporaryDirectory(prefix="hatch-kindgi-lsp-") as scratch:
        root = Path(scratch) / "pack"
        generate(root, args.blocks)
        figures.update(keystroke_seconds(root, args.repeats))
        load = figures["load_average"]
        print(
            f"hatch-kindgi lsp on a pack of {args.blocks} blocks ({args.repeats} keystrokes "
            + (
                f"of each kind; load average {load[0]:.1f} on {os.cpu_count()} CPUs)"
                if load
                else ")"
            )
        )
        print(f"first check, every file read: {figures['first_s']:.3f} s")
        for kind in KEYSTROKES:
            row = figures[kind]
            ok = "ok" if row["median_s"] < TARGET_MEDIAN_S else "ABOVE TARGET"
            print(
                f"re-check after a keystroke in a {kind}: {row['median_s'] * 1000:.0f} ms median "
                f"(worst {row['max_s'] * 1000:.0f} ms; target median < "
                f"{TARGET_MEDIAN_S * 1000:.0f} ms: {ok})"
            )
        if not args.no_process:
            times = asyncio.run(_process_seconds(root, args.repeats))
            figures["process_s"] = {"median_s": statistics.median(times), "max_s": max(times)}
            print(
                f"a real lsp process, didChange to publishDiagnostics (50 ms debounce "
                f"included): {statistics.median(times) * 1000:.0f} ms median "
                f"(worst {max(times) * 1000:.0f} ms)"
            )
    if args.json is not None:
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
