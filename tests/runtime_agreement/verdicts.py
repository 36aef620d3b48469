"""Our verdict on block files beside the shipped runtime's, file by file.

Ours: `hatch-kindgi check --format json` (the command a pack author runs) on one pack holding
every case as a block file of its own (each with its own id, so no rule across files meets
two cases; a prompt's `templateFile` written beside it). A file is refused when the report has
an error for it.

The runtime's: `validateBlock` (`@kindgi/agents`, what `POST /v1/blocks` and a deploy run) on
each file's JSON as a publish reads it (`JSON.parse`), its `templateFile` replaced by the
file's text as the index carries it (the seeds' `templateFile`, which 0.1.10 doesn't know).

A runtime issue's message appears in our report when one of our problems for that file holds
it (as the report escapes text), whole or less its lead-in (`Inline schema failed to
compile: `, `the template isn't valid Liquid: `): ours may go on with a hint.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.helpers.cli import run_cli
from tests.helpers.packs import PUBLISHED_AT
from tests.oracle import shipped
from tests.oracle.shipped import Profile

LEAD_INS = ("Inline schema failed to compile: ", "the template isn't valid Liquid: ")

PYPROJECT = f"""\
[build-system]
requires = ["hatchling", "hatch-kindgi"]
build-backend = "hatchling.build"

[project]
name = "acme-corpus"
version = "1.0.0"

[tool.kindgi.pack]
id = "acme.corpus"
version = "1.0.0"

[tool.hatch.build.hooks.kindgi]
published-at = "{PUBLISHED_AT}"
"""


@dataclass(frozen=True)
class Case:
    """One block file as a pack author writes it.

    `files`: other files beside it (a `templateFile`), by path relative to the block file.
    `text`: the file's exact text, when it isn't `json.dumps(block)`. `stricter`: why we refuse
    it on purpose where the runtime takes it (measured apart: we must refuse it, and the
    runtime must take it, or the reason is stale)."""

    name: str
    block: dict[str, Any]
    files: dict[str, str] = field(default_factory=dict)
    text: str | None = None
    stricter: str | None = None

    def file_text(self) -> str:
        return self.text if self.text is not None else json.dumps(self.block, indent=2)


@dataclass(frozen=True)
class Outcome:
    """One case: whether each side refused it, the runtime's issues, and our problems."""

    case: Case
    file: str
    runtime_refused: bool
    ours_refused: bool
    runtime_issues: tuple[dict[str, str], ...]
    ours: tuple[dict[str, Any], ...]

    @property
    def agree(self) -> bool:
        return self.runtime_refused == self.ours_refused

    def missing_messages(self) -> list[str]:
        """The runtime's issue messages that appear in none of our problems for the file."""
        ours = [str(problem["message"]) for problem in self.ours]
        return [
            issue["message"]
            for issue in self.runtime_issues
            if not any(_appears(issue["message"], message) for message in ours)
        ]

    def describe(self) -> str:
        ours = [
            f"{p['severity']}[{p['code']}] {p.get('pointer') or ''}: {p['message']}"
            for p in self.ours
        ]
        theirs = [f"{i['path']}: {i['message']}" for i in self.runtime_issues]
        return (
            f"{self.case.name} ({self.file}): runtime {_verdict(self.runtime_refused)}"
            f" {theirs}; ours {_verdict(self.ours_refused)} {ours}"
        )


def _verdict(refused: bool) -> str:
    return "refused" if refused else "accepted"


def _escaped(text: str) -> str:
    from hatch_kindgi.report.escape import escaped

    return escaped(text)


def _appears(message: str, ours: str) -> bool:
    candidates = [message] + [message[len(lead) :] for lead in LEAD_INS if message.startswith(lead)]
    return any(_escaped(candidate) in ours for candidate in candidates)


def _resolved(case: Case) -> str:
    """The block as a publish sends it: `templateFile` replaced by the file's text."""
    block = json.loads(case.file_text())
    content = block.get("content") if isinstance(block, dict) else None
    if isinstance(content, dict) and isinstance(content.get("templateFile"), str):
        name = content.pop("templateFile")
        if name in case.files:
            content["template"] = case.files[name]
        return json.dumps(block)
    return case.file_text()


def compare(
    cases: Sequence[Case],
    folder: Path,
    *,
    profile: Profile = "self-hosted",
    check_args: Sequence[str] = (),
    hook_options: Sequence[str] = (),
) -> list[Outcome]:
    """Each case's outcome on both sides; the pack is written under `folder`. `profile`: the
    runtime's bounds `validateBlock` runs under; `check_args`: more arguments for our `check`
    (`--target hosted`); `hook_options`: more lines of the pack's hook table (`target =
    "hosted"`, `max-file-size = 4194304`)."""
    shipped.require_oracle()
    names = [case.name for case in cases]
    assert len(set(names)) == len(names), "case names must be unique"
    pack = folder / "pack"
    blocks = pack / "blocks"
    blocks.mkdir(parents=True)
    pyproject = PYPROJECT + "".join(f"{line}\n" for line in hook_options)
    (pack / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    files: list[str] = []
    for number, case in enumerate(cases):
        case_folder = blocks / f"{number:04d}"
        case_folder.mkdir()
        (case_folder / "block.json").write_text(case.file_text(), encoding="utf-8")
        for relative, text in case.files.items():
            target = case_folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        files.append(f"blocks/{number:04d}/block.json")
    run = run_cli("check", "--format", "json", *check_args, str(pack), encoding="utf-8")
    assert run.returncode in (0, 1), run.stderr
    report = json.loads(run.stdout)
    by_file: dict[str, list[dict[str, Any]]] = {}
    for problem in report["problems"]:
        by_file.setdefault(problem["file"], []).append(problem)
    assert not report["omitted"], "a file drew more problems than the report shows"
    results = shipped.validate_block_texts([_resolved(case) for case in cases], profile=profile)
    outcomes = []
    for case, file, result in zip(cases, files, results):
        ours = tuple(_ours_for(file, case, by_file))
        issues = tuple(result["error"]["issues"]) if result["kind"] == "err" else ()
        outcomes.append(
            Outcome(
                case=case,
                file=file,
                runtime_refused=result["kind"] == "err",
                ours_refused=any(problem["severity"] == "error" for problem in ours),
                runtime_issues=issues,
                ours=ours,
            )
        )
    return outcomes


def _ours_for(
    file: str, case: Case, by_file: dict[str, list[dict[str, Any]]]
) -> Iterable[dict[str, Any]]:
    """Our problems for the block file and the files beside it (its template file)."""
    folder = file.rsplit("/", 1)[0]
    yield from by_file.get(file, [])
    for relative in case.files:
        yield from by_file.get(f"{folder}/{relative}", [])


@dataclass(frozen=True)
class Figures:
    """What a corpus measured: verdicts agreeing, and runtime messages found in ours."""

    cases: int
    agree: int
    messages: int
    found: int
    differ: tuple[Outcome, ...]
    stricter_held: int
    stricter_stale: tuple[Outcome, ...]

    def summary(self, name: str) -> str:
        share = self.found / self.messages if self.messages else 1.0
        return (
            f"{name}: verdicts {self.agree}/{self.cases}, runtime messages in our report"
            f" {self.found}/{self.messages} ({share:.1%}); deliberately stricter"
            f" {self.stricter_held} held, {len(self.stricter_stale)} stale"
        )


def figures(outcomes: Sequence[Outcome]) -> Figures:
    """The figures of a corpus's outcomes (the `stricter` cases apart: not in the verdicts,
    nor their messages, since we refuse them where the runtime takes them)."""
    measured = [o for o in outcomes if o.case.stricter is None]
    stricter = [o for o in outcomes if o.case.stricter is not None]
    messages = sum(len(o.runtime_issues) for o in measured)
    missing = sum(len(o.missing_messages()) for o in measured)
    return Figures(
        cases=len(measured),
        agree=sum(o.agree for o in measured),
        messages=messages,
        found=messages - missing,
        differ=tuple(o for o in measured if not o.agree),
        stricter_held=sum(o.ours_refused and not o.runtime_refused for o in stricter),
        stricter_stale=tuple(o for o in stricter if not (o.ours_refused and not o.runtime_refused)),
    )
