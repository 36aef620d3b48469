"""Jobs side by side (`cli.side_by_side`): values in the jobs' order whatever finishes
first, each job in a process of its own, a job's exception raised in the caller."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

import pytest

from hatch_kindgi.cli.side_by_side import side_by_side

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="jobs run side by side where fork is the way"
)


def _sleeper(seconds: float, value: int) -> tuple[int, int]:
    time.sleep(seconds)
    return value, os.getpid()


@linux_only
def test_values_come_in_the_jobs_order_whatever_finishes_first() -> None:
    """The first job takes longest: the values still come first to last, each from a
    process of its own (not this one)."""
    delays = [0.6, 0.3, 0.0]
    jobs = [lambda d=d, n=n: _sleeper(d, n) for n, d in enumerate(delays)]
    values = side_by_side(jobs, workers=3)
    assert [value for value, _ in values] == [0, 1, 2]
    pids = {pid for _, pid in values}
    assert len(pids) == 3
    assert os.getpid() not in pids


@linux_only
def test_fewer_workers_than_jobs() -> None:
    """Two at a time over five jobs: every value, in order."""
    jobs = [lambda n=n: _sleeper(0.05 * (5 - n), n)[0] for n in range(5)]
    assert side_by_side(jobs, workers=2) == [0, 1, 2, 3, 4]


def test_one_worker_runs_them_here_in_turn() -> None:
    """workers=1: no child, the same values."""
    jobs = [lambda n=n: _sleeper(0, n) for n in range(3)]
    values = side_by_side(jobs, workers=1)
    assert values == [(0, os.getpid()), (1, os.getpid()), (2, os.getpid())]


@linux_only
def test_a_failing_job_raises_here() -> None:
    """A job's exception comes back with its kind and message."""

    def fails() -> int:
        raise LookupError("no such pack")

    with pytest.raises(LookupError, match="no such pack"):
        side_by_side([lambda: 1, fails], workers=2)


@linux_only
def test_a_child_that_dies_has_its_job_run_here() -> None:
    """A child killed without an answer (os._exit in the child only): its job runs here."""
    parent = os.getpid()

    def dies_in_a_child() -> int:
        if os.getpid() != parent:
            os._exit(9)
        return 7

    assert side_by_side([lambda: 1, dies_in_a_child], workers=2) == [1, 7]


@linux_only
def test_a_value_that_does_not_pickle_is_made_here(capfd: pytest.CaptureFixture[str]) -> None:
    """A value the child can't send back (a lambda): the job runs here; no traceback."""
    parent = os.getpid()

    def two() -> int:
        return 2

    def made() -> Callable[[], int]:
        return two if os.getpid() == parent else (lambda: 2)

    assert side_by_side([made, made], workers=2) == [two, two]  # made here, not in children
    assert "Traceback" not in capfd.readouterr().err
