"""Jobs run side by side, one process each, across the machine's cores (`side_by_side`):
how the command line checks many packs at once.

Each job runs in a forked child (Linux: nothing is re-imported, the job needs no pickling) and
sends back its value; the values come back in the jobs' order, whatever finishes first, so the
caller's report is the same bytes as with the jobs run one after another. Where fork is not the
platform's way (macOS, Windows), or there is one job or one core, they run here in turn.

A job that fails sends its exception back and it is raised here; a child that dies without an
answer has its job run here. Ctrl-C (or SIGTERM): every child is asked to stop (SIGTERM, which
it takes as Ctrl-C, once), so each unwinds as an interrupted run here would, removing its
temporary folders and stopping its own children; then KeyboardInterrupt is raised here.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")

_STOP_SECONDS = 30.0
"""How long an interrupted child has to clear up before it is killed."""


def cores() -> int:
    """The cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def side_by_side(jobs: Sequence[Callable[[], T]], workers: int | None = None) -> list[T]:
    """Each job's value, in the jobs' order; at most `workers` (default: the cores) at once."""
    limit = cores() if workers is None else workers
    if limit <= 1 or len(jobs) <= 1 or not _can_fork():
        return [job() for job in jobs]
    # Loaded only for jobs side by side: a check of one pack starts no faster than it must.
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork")
    for stream in (sys.stdout, sys.stderr):  # a child must not write what is buffered here
        stream.flush()
    values: dict[int, T] = {}
    waiting = list(enumerate(jobs))
    running: dict[int, tuple[Any, Connection]] = {}
    try:
        while waiting or running:
            while waiting and len(running) < limit:
                number, job = waiting.pop(0)
                receive, send = context.Pipe(duplex=False)
                child = context.Process(target=_serve, args=(job, send), daemon=True)
                child.start()
                send.close()
                running[number] = (child, receive)
            ready = wait([receive for _, receive in running.values()])
            for number, (child, receive) in list(running.items()):
                if receive not in ready:
                    continue
                try:
                    kind, value = receive.recv()
                except (EOFError, OSError):
                    kind, value = "lost", None
                receive.close()
                child.join()
                del running[number]
                if kind == "raised":
                    raise value
                values[number] = jobs[number]() if kind == "lost" else value
    except BaseException:
        _stop(running.values())
        raise
    return [values[number] for number in range(len(jobs))]


def _can_fork() -> bool:
    # Forking a process with threads may copy a lock some thread holds: only a lone thread.
    return sys.platform.startswith("linux") and threading.active_count() == 1


def _serve(job: Callable[[], Any], send: Connection) -> None:
    """The child's side: run the job, send back ("value", it) or ("raised", its exception);
    on Ctrl-C or SIGTERM, exit 130 quietly once the job has unwound."""
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, _interrupt_once)
    try:
        try:
            answer: tuple[str, Any] = ("value", job())
        except KeyboardInterrupt:
            os._exit(130)
        except Exception as failure:  # a bug: raised again in the parent, with its kind
            answer = ("raised", failure)
        try:
            send.send(answer)
        except Exception:  # it doesn't pickle: the parent runs the job itself, and sees why
            os._exit(1)
    except KeyboardInterrupt:
        os._exit(130)


def _interrupt_once(signum: int, frame: object) -> None:
    """Ctrl-C (or SIGTERM from the parent): raised once; the clearing up it starts is not
    interrupted again."""
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.SIG_IGN)
    raise KeyboardInterrupt


def _stop(running: Any) -> None:
    """Ask each running child to stop, give them time to clear up, then kill what is left."""
    children = [child for child, _ in running]
    for child in children:
        if child.is_alive():
            child.terminate()
    for child in children:
        child.join(_STOP_SECONDS)
        if child.is_alive():
            child.kill()
            child.join()
