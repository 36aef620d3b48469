"""`hatch-kindgi check --watch` as a user runs it: a real process on a copy of a pack, a file
edited under it, the new problem and then its fix seen within seconds, and Ctrl-C."""

from __future__ import annotations

import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hatch_kindgi.cli.main import main
from tests.helpers.packs import TESTPACKS, build_env, copy_pack, edit_text

WAIT_SECONDS = 10  # each change is seen in well under a second; a loaded machine gets slack

PROBLEM = (  # line 7, `      "maxSentences": 0,`: the value from column 23
    "blocks/reply-style/1.2.0.json:7:23: error[settings-values]: /content/values/maxSentences: "
    "must be >= 1 (the schema of version 1.0.0)"
)


class _Lines:
    """The process's stdout, line by line, read on a thread so a wait can time out."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        assert process.stdout is not None
        stream = process.stdout
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream: object) -> None:
        for line in stream:  # type: ignore[attr-defined]
            self._queue.put(line)
        self._queue.put(None)

    def until(self, wanted: str) -> list[str]:
        """The lines up to and including the first that starts with `wanted`."""
        got: list[str] = []
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            try:
                line = self._queue.get(timeout=max(deadline - time.monotonic(), 0.01))
            except queue.Empty:
                break
            if line is None:
                break
            got.append(line.rstrip("\n"))
            self.seen.append(got[-1])
            if got[-1].startswith(wanted):
                return got
        pytest.fail(f"no line starting {wanted!r} within {WAIT_SECONDS} s; saw {self.seen!r}")


def test_watch_sees_a_problem_then_its_fix_then_stops_on_ctrl_c(tmp_path: Path) -> None:
    """Edit a block file: its new problem appears (+); undo the edit: it goes away (-);
    SIGINT: exit 130, no traceback, nothing left running."""
    pack = copy_pack("blocks", tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "hatch_kindgi", "check", "--watch", str(pack)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        env=build_env({"SOURCE_DATE_EPOCH": "1767225600", "NO_COLOR": "1"}),
    )
    try:
        lines = _Lines(process)
        first = lines.until("watching ")
        assert re.fullmatch(r"\[\d\d:\d\d:\d\d\] no problems, checked in \d+ ms", first[0])
        assert first[1] == f"watching {pack} for changes (Ctrl-C to stop)"
        # Let the watcher settle before the first edit.
        time.sleep(0.5)

        style = pack / "blocks" / "reply-style" / "1.2.0.json"
        edit_text(style, '"maxSentences": 4', '"maxSentences": 0')
        broke = lines.until("[")
        assert broke[0] == f"+ {PROBLEM}"
        assert (
            " blocks/reply-style/1.2.0.json changed: 1 error, 0 warnings in 1 file (+1 -0)"
            in (broke[1])
        )

        edit_text(style, '"maxSentences": 0', '"maxSentences": 4')
        fixed = lines.until("[")
        assert fixed[0] == f"- {PROBLEM}"
        assert " blocks/reply-style/1.2.0.json changed: no problems (+0 -1)" in fixed[1]

        process.send_signal(signal.SIGINT)
        process.wait(timeout=WAIT_SECONDS)
        assert process.stderr is not None
        stderr = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, stderr) == (130, "")


def test_watch_without_watchfiles_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """watchfiles is an optional extra: without it, --watch says how to get it (exit 2)."""
    monkeypatch.setitem(sys.modules, "watchfiles", None)
    monkeypatch.delitem(sys.modules, "hatch_kindgi.cli.watch", raising=False)
    assert main(["check", "--watch", str(TESTPACKS / "minimal")]) == 2
    assert capsys.readouterr() == (
        "",
        "hatch-kindgi check: --watch needs the watchfiles package: "
        "pip install 'hatch-kindgi[watch]'\n",
    )


def test_watch_reports_as_text_only(capsys: pytest.CaptureFixture[str]) -> None:
    """A stream of changes has no JSON or GitHub form, nor counts by code: exit 2."""
    said = "hatch-kindgi check: --watch reports as text only (no --format, no --statistics)\n"
    for flags in (["--format", "json"], ["--statistics"]):
        assert main(["check", "--watch", *flags, str(TESTPACKS / "minimal")]) == 2
        assert capsys.readouterr() == ("", said)


def test_watch_of_many_packs_rechecks_the_one_that_changed(tmp_path: Path) -> None:
    """`check --watch` at the root of a folder of two packs: both found and watched; an
    edit in one shows its problem named from the root, and its fix."""
    for name in ("one", "two"):
        copy_pack("blocks", tmp_path / "packs")
        (tmp_path / "packs" / "blocks").rename(tmp_path / "packs" / name)
    process = subprocess.Popen(
        [sys.executable, "-m", "hatch_kindgi", "check", "--watch"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        env=build_env({"SOURCE_DATE_EPOCH": "1767225600", "NO_COLOR": "1"}),
    )
    try:
        lines = _Lines(process)
        first = lines.until("watching ")
        assert re.fullmatch(r"\[\d\d:\d\d:\d\d\] no problems, checked in \d+ ms", first[0])
        assert first[1] == "watching packs/one, packs/two for changes (Ctrl-C to stop)"
        time.sleep(0.5)

        style = tmp_path / "packs" / "two" / "blocks" / "reply-style" / "1.2.0.json"
        edit_text(style, '"maxSentences": 4', '"maxSentences": 0')
        broke = lines.until("[")
        assert broke[0] == f"+ packs/two/{PROBLEM}"
        assert (
            " packs/two/blocks/reply-style/1.2.0.json changed: 1 error, 0 warnings in 1 file "
            "(+1 -0)" in broke[1]
        )
        edit_text(style, '"maxSentences": 0', '"maxSentences": 4')
        fixed = lines.until("[")
        assert fixed[0] == f"- packs/two/{PROBLEM}"

        process.send_signal(signal.SIGINT)
        process.wait(timeout=WAIT_SECONDS)
        assert process.stderr is not None
        stderr = process.stderr.read()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, stderr) == (130, "hatch-kindgi: 2 packs found below .\n")


def test_watch_colours_as_color_says(tmp_path: Path) -> None:
    """`--color always` colours the watch's report too, NO_COLOR notwithstanding (the
    flag wins); the text under the colours is the pack's golden report."""
    pack = copy_pack("broken/liquid-warnings", tmp_path)
    process = subprocess.Popen(
        [sys.executable, "-m", "hatch_kindgi", "check", "--watch", "--color", "always", "."],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        cwd=pack,
        env=build_env({"SOURCE_DATE_EPOCH": "1767225600", "NO_COLOR": "1"}),
    )
    try:
        first = _Lines(process).until("watching ")
        process.send_signal(signal.SIGINT)
        process.wait(timeout=WAIT_SECONDS)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "\033[33mwarning[liquid-unknown-variable]\033[0m" in first[0]
    plain = [re.sub(r"\033\[[0-9;]*m", "", line) for line in first]
    golden = (pack / "expected.txt").read_text("utf-8").splitlines()
    assert plain[: len(golden) - 1] == golden[:-1]
