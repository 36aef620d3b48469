"""Blocks where the two profiles part (`corpus_profiles.py`), checked as a pack author checks
them, beside the shipped `validateBlock` under each profile's bounds (one runtime a profile,
booted under it): issue 29's "Done when".

- With `target = "hosted"` (the hook option, or `--target hosted`), every block gets the
  hosted runtime's verdict, and the hosted runtime's own messages are in our report.
- Without a target, every block gets the self-hosted runtime's verdict, and a `hosted-profile`
  warning exactly where the hosted runtime alone refuses it, holding its words.
- With `target = "self-hosted"`, the self-hosted verdicts and no such warning.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.runtime_agreement import corpus_profiles
from tests.runtime_agreement.verdicts import Outcome, compare, figures

BIG_FILES = "max-file-size = 4194304"
"""The corpus's 1 MiB schemas are block files of their own, over the default file limit."""
RUNS: dict[str, dict[str, Any]] = {
    "hosted by option": {"profile": "hosted", "hook_options": [BIG_FILES, 'target = "hosted"']},
    "hosted by flag": {
        "profile": "hosted",
        "hook_options": [BIG_FILES],
        "check_args": ["--target", "hosted"],
    },
    "no target": {"profile": "self-hosted", "hook_options": [BIG_FILES]},
    "self-hosted": {
        "profile": "self-hosted",
        "hook_options": [BIG_FILES, 'target = "self-hosted"'],
    },
}
WARNING = "hosted-profile"


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], list[Outcome]]:
    """Each run's outcomes, measured once a module."""
    measured: dict[str, list[Outcome]] = {}

    def of(run: str) -> list[Outcome]:
        if run not in measured:
            folder = tmp_path_factory.mktemp(run.replace(" ", "-"))
            cases = [each.case for each in corpus_profiles.CASES]
            measured[run] = compare(cases, folder, **RUNS[run])
        return measured[run]

    return of


def _listing(differ: tuple[Outcome, ...] | list[Outcome]) -> str:
    return "\n".join(outcome.describe() for outcome in differ)


def _warned(outcome: Outcome) -> list[dict[str, Any]]:
    return [problem for problem in outcome.ours if problem["code"] == WARNING]


def test_the_corpus_shows_what_it_was_written_for(
    outcomes: Callable[[str], list[Outcome]],
) -> None:
    """Each case's verdicts under the two runtimes are the ones it was written to show, and
    every kind of outcome is there in numbers."""
    self_hosted, hosted = outcomes("no target"), outcomes("hosted by flag")
    shown = []
    for case, mine, theirs in zip(corpus_profiles.CASES, self_hosted, hosted):
        refused = (mine.runtime_refused, theirs.runtime_refused)
        got = {
            (False, False): "both-take",
            (True, True): "both-refuse",
            (False, True): "hosted-only-refuses",
            (True, False): "self-hosted-only-refuses",
        }[refused]
        if got != case.expect:
            shown.append(f"{case.case.name}: written for {case.expect}, the runtime: {got}")
    assert not shown, "\n".join(shown)
    counts = {kind: sum(c.expect == kind for c in corpus_profiles.CASES) for kind in RUNS_KINDS}
    assert counts["hosted-only-refuses"] >= 60
    assert counts["self-hosted-only-refuses"] >= 20
    assert counts["both-refuse"] >= 15
    assert counts["both-take"] >= 20


RUNS_KINDS = ("hosted-only-refuses", "self-hosted-only-refuses", "both-refuse", "both-take")


@pytest.mark.parametrize("run", ["hosted by option", "hosted by flag"])
def test_a_hosted_target_gives_every_block_the_hosted_verdict(
    run: str, outcomes: Callable[[str], list[Outcome]]
) -> None:
    """`target = "hosted"` and `--target hosted`: the hosted runtime's verdict on every block,
    its messages in our report, and no hosted-profile warning (the verdicts are hosted's)."""
    found = figures(outcomes(run))
    assert not found.stricter_stale, _listing(found.stricter_stale)
    assert found.agree == found.cases, f"{found.summary(run)}\n{_listing(found.differ)}"
    _all_words_but_those_elsewhere(run, outcomes(run))
    assert not [o for o in outcomes(run) if _warned(o)]


def _all_words_but_those_elsewhere(run: str, measured: list[Outcome]) -> None:
    """Every runtime message is in our report, but for the cases that say why it can't be,
    whose message must really be missing (or the reason is stale)."""
    elsewhere = {c.case.name for c in corpus_profiles.CASES if c.words_elsewhere}
    missing = {o.case.name for o in measured if o.case.stricter is None and o.missing_messages()}
    listed = [o for o in measured if o.case.name in missing ^ elsewhere]
    assert missing == elsewhere, f"{figures(measured).summary(run)}\n{_listing(listed)}"


def test_without_a_target_hosted_refusals_are_warnings(
    outcomes: Callable[[str], list[Outcome]],
) -> None:
    """No target: the self-hosted runtime's verdict on every block, and a hosted-profile
    warning on exactly the blocks the hosted runtime alone refuses, each holding its words."""
    _self_hosted_verdicts("no target", outcomes("no target"))
    hosted = {o.case.name: o for o in outcomes("hosted by flag")}
    wrong = []
    for outcome in outcomes("no target"):
        if outcome.case.stricter is not None:
            continue
        only_hosted = hosted[outcome.case.name].runtime_refused and not outcome.runtime_refused
        warned = _warned(outcome)
        if only_hosted != bool(warned):
            wrong.append(outcome)
        elif warned:
            # a warning keeps the start of a long message (report.escape.MAX_TEXT)
            words = [i["message"][:400] for i in hosted[outcome.case.name].runtime_issues]
            theirs = [m for m in words if not any(_holds(w["message"], m) for w in warned)]
            if theirs:
                wrong.append(outcome)
    assert not wrong, _listing(wrong)


def test_a_self_hosted_target_gives_no_hosted_warning(
    outcomes: Callable[[str], list[Outcome]],
) -> None:
    """`target = "self-hosted"`: the self-hosted verdicts, and not one hosted-profile warning."""
    _self_hosted_verdicts("self-hosted", outcomes("self-hosted"))
    assert not [o for o in outcomes("self-hosted") if _warned(o)]
    assert [o.ours_refused for o in outcomes("self-hosted")] == [
        o.ours_refused for o in outcomes("no target")
    ]


def _self_hosted_verdicts(run: str, measured: list[Outcome]) -> None:
    """The self-hosted runtime's verdict on every block, but for the self-hosted mirror's
    known gaps, which must still be gaps (or their note is stale)."""
    gaps = {c.case.name for c in corpus_profiles.CASES if c.self_hosted_gap}
    differ = {o.case.name for o in figures(measured).differ}
    listed = [o for o in measured if o.case.name in differ ^ gaps]
    assert differ == gaps, f"{figures(measured).summary(run)}\n{_listing(listed)}"


def _holds(ours: str, message: str) -> bool:
    from tests.runtime_agreement.verdicts import LEAD_INS, _escaped

    candidates = [message] + [message[len(lead) :] for lead in LEAD_INS if message.startswith(lead)]
    return any(_escaped(each) in ours for each in candidates)
