"""Blocks as the shipped runtime publishes them: our verdict and words beside `validateBlock`'s
(issue 27's "Done when").

Four corpora, each written as block files into one pack and checked by `hatch-kindgi check`
(`tests/runtime_agreement/verdicts.py`): realistic settings and prompt blocks written by hand
(`corpus_settings.py`, `corpus_prompts.py`), the JSON-Schema-Test-Suite's object cases as
settings blocks and golden-liquid's templates as prompt blocks (`public.py`). The bars:

- every realistic case gets the runtime's verdict (a case we refuse on purpose, `stricter`,
  must still be one we refuse and the runtime takes);
- >= 99% of the suite's object cases, and >= 1,050 of golden-liquid's templates out of 1,054
  (at most 4 that differ, however many the suite's copy holds);
- >= 95% of the runtime's issue messages, over all four, appear in our report for that file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.runtime_agreement import corpus_prompts, corpus_settings
from tests.runtime_agreement.public import golden_liquid_cases, suite_object_cases
from tests.runtime_agreement.verdicts import Case, Figures, Outcome, compare, figures

SUITE_SHARE = 0.99
GOLDEN_MOST_DIFFERING = 1054 - 1050
MESSAGE_SHARE = 0.95

CORPORA: dict[str, Callable[[], list[Case]]] = {
    "realistic settings": lambda: corpus_settings.CASES,
    "realistic prompts": lambda: corpus_prompts.CASES,
    "JSON-Schema-Test-Suite objects": suite_object_cases,
    "golden-liquid": golden_liquid_cases,
}


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], list[Outcome]]:
    """Each corpus's outcomes, measured once a module."""
    measured: dict[str, list[Outcome]] = {}

    def of(name: str) -> list[Outcome]:
        if name not in measured:
            folder = tmp_path_factory.mktemp(name.split(maxsplit=1)[0].lower())
            measured[name] = compare(CORPORA[name](), folder)
        return measured[name]

    return of


def _listing(found: Figures) -> str:
    return "\n".join(outcome.describe() for outcome in found.differ)


def _stricter_hold(found: Figures) -> None:
    stale = "\n".join(outcome.describe() for outcome in found.stricter_stale)
    assert not found.stricter_stale, f"a case we meant to be stricter on isn't:\n{stale}"


@pytest.mark.parametrize("name", ["realistic settings", "realistic prompts"])
def test_every_realistic_block_gets_the_runtimes_verdict(
    name: str, outcomes: Callable[[str], list[Outcome]]
) -> None:
    """Each hand-written block is refused exactly when `validateBlock` refuses it."""
    cases = CORPORA[name]()
    assert len(cases) >= 60
    found = figures(outcomes(name))
    assert sum(o.runtime_refused for o in outcomes(name) if o.case.stricter is None) >= 15
    _stricter_hold(found)
    assert found.agree == found.cases, f"{found.summary(name)}\n{_listing(found)}"


def test_suite_object_cases_get_the_runtimes_verdict(
    outcomes: Callable[[str], list[Outcome]],
) -> None:
    """>= 99% of the JSON-Schema-Test-Suite's object cases, as settings blocks."""
    name = "JSON-Schema-Test-Suite objects"
    found = figures(outcomes(name))
    assert found.cases >= 400
    assert found.agree >= SUITE_SHARE * found.cases, f"{found.summary(name)}\n{_listing(found)}"


def test_golden_liquid_gets_the_runtimes_verdict(
    outcomes: Callable[[str], list[Outcome]],
) -> None:
    """All but at most 4 of golden-liquid's templates (cases and partials), as prompt blocks."""
    name = "golden-liquid"
    found = figures(outcomes(name))
    assert found.cases >= 1000
    assert sum(o.runtime_refused for o in outcomes(name)) >= 50
    differing = found.cases - found.agree
    assert differing <= GOLDEN_MOST_DIFFERING, f"{found.summary(name)}\n{_listing(found)}"


def test_the_runtimes_messages_appear_in_our_report(
    outcomes: Callable[[str], list[Outcome]],
) -> None:
    """>= 95% of `validateBlock`'s issue messages, over the four corpora, are in one of our
    problems for the file (less their lead-in, if we like; our hint may follow)."""
    every = [figures(outcomes(name)) for name in CORPORA]
    messages = sum(found.messages for found in every)
    present = sum(found.found for found in every)
    assert messages >= 400
    missing = [
        f"{outcome.case.name}: {message}"
        for name in CORPORA
        for outcome in outcomes(name)
        if outcome.case.stricter is None
        for message in outcome.missing_messages()
    ]
    summaries = "\n".join(found.summary(name) for name, found in zip(CORPORA, every))
    assert present >= MESSAGE_SHARE * messages, (
        f"{present}/{messages} ({present / messages:.1%}):\n{summaries}\nmissing:\n"
        + "\n".join(missing)
    )


def test_a_case_folder_is_what_the_report_names(tmp_path: Path) -> None:
    """The harness can fail: a block both refuse is refused on both sides, in the same
    file; one both take is taken; a runtime message we don't say is missing."""
    cases = [
        Case(
            "taken",
            {"id": "acme.ok", "version": "1.0.0", "kind": "settings", "content": {"values": {}}},
        ),
        Case(
            "refused",
            {"id": "acme.bad", "version": "1.0", "kind": "settings", "content": {"values": {}}},
        ),
    ]
    taken, refused = compare(cases, tmp_path)
    assert (taken.runtime_refused, taken.ours_refused) == (False, False)
    assert (refused.runtime_refused, refused.ours_refused) == (True, True)
    assert refused.file == "blocks/0001/block.json"
    assert all(problem["file"] == refused.file for problem in refused.ours)
    assert [issue["path"] for issue in refused.runtime_issues] == ["/version"]
