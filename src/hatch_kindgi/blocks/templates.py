"""Checking a pack's templates: in this process, or, for a pack of many blocks on a machine with
more than one core, in a helper process while this one goes on with everything else.

Parsing Liquid is about half of the blocks stage. The helper is `python -I -c` with this
interpreter (not `multiprocessing`, which re-imports the caller's `__main__`), and is given
the templates' text only: it runs no pack code and reads no file. Its answers are the same
`TemplateCheck`s `check_template` gives here; whatever it doesn't answer (it failed to start,
died, or its answers don't read) is checked here, so the outcome never depends on it. It is
gone when the stage ends, however it ends.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, Any

from hatch_kindgi.blocks.liquid import TemplateCheck, TemplateSite, check_template

PARALLEL_FROM = 1000
"""Block files from which templates are parsed in a helper process (when there are 2 cores)."""
_BATCH = 32
_BACKLOG = 4 * _BATCH
"""Templates sent and not yet answered past which the next one is checked here."""
_Job = tuple[int, str, TemplateSite, frozenset[str]]
Accept = Callable[[TemplateCheck], None]

_BOOT = (
    "import json, sys; sys.path[:0] = json.loads(sys.argv[1]); "
    "from hatch_kindgi.blocks.templates import serve; serve()"
)


class TemplateChecks:
    """Templates to check, each answered through its `accept` by the end of `checking`."""

    def __init__(self, helper: _Helper | None) -> None:
        self._helper = helper
        self._waiting: dict[int, tuple[_Job, Accept]] = {}
        self._batch: list[_Job] = []

    def check(
        self, text: str, site: TemplateSite, parameters: Collection[str], accept: Accept
    ) -> None:
        """Check one template; `accept` gets its TemplateCheck, now or when the stage ends."""
        if self._helper is None:
            accept(check_template(text, site, parameters))
            return
        if self._helper.backlog(len(self._waiting)) > _BACKLOG:  # it is behind: check it here
            accept(check_template(text, site, parameters))
            return
        job = (len(self._waiting), text, site, frozenset(parameters))
        self._waiting[job[0]] = (job, accept)
        self._batch.append(job)
        if len(self._batch) >= _BATCH:
            self._send()

    def _send(self) -> None:
        if self._helper is not None and self._batch:
            self._helper.send(self._batch)
        self._batch = []

    def finish(self) -> None:
        """Every template answered: by the helper where it did, here for the rest (taken from
        the end of its queue while it works from the front, so neither waits on the other)."""
        if self._helper is not None:
            self._send()
            answers = self._helper.answers
            for key in reversed(self._waiting):
                if not isinstance(answers.get(key), TemplateCheck):
                    _, text, site, parameters = self._waiting[key][0]
                    answers.setdefault(key, check_template(text, site, parameters))
            for key, (_, accept) in self._waiting.items():
                accept(answers[key])
        self._waiting = {}


@contextmanager
def checking(block_count: int) -> Iterator[TemplateChecks]:
    """Template checks for a stage over `block_count` block files; the helper, if one was
    started, is stopped when the block ends."""
    helper = _Helper.start() if block_count >= PARALLEL_FROM and _idle_core() else None
    try:
        templates = TemplateChecks(helper)
        yield templates
        templates.finish()
    finally:
        if helper is not None:
            helper.stop()


def _idle_core() -> bool:
    """Whether another core is likely free: two or more, and a load average (last minute)
    at least half a core below their count. Measured on a shared machine, a helper with no
    core to run on made the stage 4-9% slower; with one, 14-18% faster (docs/performance.md)."""
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # Windows has none
        load = 0.0
    return cores >= 2 and load < cores - 0.5


class _Helper:
    """The helper process, and a thread reading its answers as they come."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        self._process = process
        self.answers: dict[int, Any] = {}
        """Its answers by job number, as they come (the reader thread adds them)."""
        self._broken = False
        assert process.stdout is not None
        self._reader = threading.Thread(target=self._read, args=(process.stdout,), daemon=True)
        self._reader.start()

    @classmethod
    def start(cls) -> _Helper | None:
        try:
            process = subprocess.Popen(
                [sys.executable, "-I", "-c", _BOOT, json.dumps(_import_paths())],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            return None
        return cls(process)

    def _read(self, stream: IO[bytes]) -> None:
        import pickle  # the helper's wire, loaded only with a helper (a large pack's)

        try:
            while True:
                for key, checked in pickle.load(stream):
                    self.answers.setdefault(key, checked)
        except Exception:  # EOF when it is done; anything else: what it didn't answer is ours
            return

    def send(self, jobs: list[_Job]) -> None:
        if self._broken:
            return
        assert self._process.stdin is not None
        import pickle

        try:
            pickle.dump(jobs, self._process.stdin, protocol=pickle.HIGHEST_PROTOCOL)
        except OSError:  # it is gone: its share is checked here
            self._broken = True

    def backlog(self, sent: int) -> int:
        """How many of the `sent` jobs it has yet to answer (all of them once it is gone)."""
        return sent if self._broken else sent - len(self.answers)

    def stop(self) -> None:
        """Gone, whatever it was doing: everything it was asked is answered by now."""
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        self._reader.join()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                with suppress(OSError):
                    stream.close()


def _import_paths() -> list[str]:
    """This process's import path, but for the working folder (a pack's own `liquid.py` must
    not stand in for python-liquid)."""
    here = Path.cwd()
    return [entry for entry in sys.path if entry and Path(entry).absolute() != here]


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """The helper's side: batches of templates in, their TemplateChecks out, until EOF."""
    import pickle

    source = stdin or sys.stdin.buffer
    sink = stdout or sys.stdout.buffer
    while True:
        try:
            jobs: list[_Job] = pickle.load(source)
        except EOFError:
            return
        answers = [(key, check_template(text, site, params)) for key, text, site, params in jobs]
        pickle.dump(answers, sink, protocol=pickle.HIGHEST_PROTOCOL)
        sink.flush()
