"""The golden reports speak the runtime's words: each block file of a broken testpack that the
shipped `validateBlock` refuses has every one of its issue messages in the golden report's
lines for that file (less the lead-in, if we like; our hint may follow), so no golden line
that mirrors the runtime can drift from what a publish says.

The runtime's verdict is `validateBlock(JSON.parse(text))` on the file's text, its
`templateFile` replaced by the file it names (as the index carries it), as
`tests/runtime_agreement/verdicts.py` measures the corpora. A file that isn't JSON as Python's
strict reader takes it (a BOM, NaN, a trailing comma), or whose numbers JSON.parse would
change, is left out: the runtime never sees it as a block, and the JSON reader's own tests
hold those apart. A file the runtime takes has no words to hold; where we refuse it anyway
(a key it ignores, a default of the wrong type, ...) the golden line is ours alone.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.golden import broken_cases, expected_report
from tests.helpers.packs import BROKEN, has_code
from tests.oracle import shipped
from tests.runtime_agreement.verdicts import LEAD_INS

_MAX_SAFE = 2**53 - 1
_NO_ANSWER = {
    "settings-catastrophic-pattern": "V8 backtracks on these values for ever",
    "settings-values-timeout": "Ajv's check of these values runs out of memory",
}
"""The cases whose block files the runtime never answers for: what they show is why our check
is bounded in time (their golden lines say so, in our words alone)."""
_THROWS = {"settings-values-unique-throw": "TypeError: a.toString is not a function"}
"""The cases on whose block files `validateBlock` throws (the self-hosted Ajv's uniqueItems:
tests/unit/engines/ajv/test_unique_items_throw.py), and what it throws."""


def _strict_json(text: str) -> Any:
    def refuse(token: str) -> Any:
        raise ValueError(token)

    return json.loads(text, parse_constant=refuse)


_DEEPEST = 256
"""Deeper than this, a block is left out: our 64-level bound (block-json) is ours to hold, and
the oracle can't carry the runtime's answer back (its walk of the result overflows Node's stack
at block-json-deep-nesting's 5,000 levels). Python 3.11 and 3.12's json.loads refuse that file
with a RecursionError, 3.13's reads it: measured here, it is left out on every Python alike."""


def _safe(value: object) -> bool:
    """Every number one JSON.parse keeps as it is, and no deeper than `_DEEPEST`: walked with a
    list of its own, not Python's stack (a deep block is the case)."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth >= _DEEPEST:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > _MAX_SAFE:
            return False
    return True


def _published(path: Path, pack: Path) -> tuple[str, list[str]] | None:
    """The block as a publish sends it, and the files whose golden lines speak for it (the
    block file and its template file); None when it isn't JSON a publish would read."""
    try:
        text = path.read_bytes().decode("utf-8")
        block = _strict_json(text)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not _safe(block) or text.startswith("\ufeff"):
        return None
    files = [path.relative_to(pack).as_posix()]
    content = block.get("content") if isinstance(block, dict) else None
    if isinstance(content, dict) and isinstance(content.get("templateFile"), str):
        template = (path.parent / content.pop("templateFile")).resolve()
        if not template.is_relative_to(pack.resolve()):
            return None  # the template-file problems are ours: no publish reads it
        try:
            content["template"] = template.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            return None
        files.append(template.relative_to(pack.resolve()).as_posix())
    return json.dumps(block), files


def _lines_for(report: str, files: list[str]) -> list[str]:
    return [line for line in report.splitlines() if any(line.startswith(f"{f}") for f in files)]


def _profile(pack: Path) -> shipped.Profile:
    """The profile the case builds for: its hook option `target` (none: self-hosted's)."""
    import tomllib

    try:
        document = tomllib.loads((pack / "pyproject.toml").read_text("utf-8"))
    except tomllib.TOMLDecodeError:  # the case is that it isn't TOML
        return "self-hosted"
    hook = document.get("tool", {}).get("hatch", {}).get("build", {}).get("hooks", {})
    return "hosted" if hook.get("kindgi", {}).get("target") == "hosted" else "self-hosted"


def _appears(message: str, lines: list[str]) -> bool:
    from hatch_kindgi.report.escape import escaped

    candidates = [message] + [message[len(lead) :] for lead in LEAD_INS if message.startswith(lead)]
    return any(escaped(candidate) in line for candidate in candidates for line in lines)


@pytest.mark.parametrize(
    "case",
    [
        c
        for c in broken_cases()
        if not has_code(BROKEN / c) and c not in _NO_ANSWER and c not in _THROWS
    ],
)
def test_golden_reports_carry_the_runtimes_words(case: str) -> None:
    """Every issue `validateBlock` raises on a block file of the case is in the case's
    golden report, on that file's lines (the runtime booted under the profile the case
    builds for: `target = "hosted"`, the hosted bounds)."""
    shipped.require_oracle()
    pack = BROKEN / case
    report = expected_report(case)
    found = [
        (path, published)
        for path in sorted(pack.glob("blocks/**/*.json"))
        if path.is_file() and (published := _published(path, pack)) is not None
    ]
    if not found:
        pytest.skip("no block file a publish would read")
    results = shipped.validate_block_texts([text for _, (text, _) in found], profile=_profile(pack))
    missing = [
        f"{files[0]}: {issue['path']}: {issue['message']}"
        for (_, (_, files)), result in zip(found, results)
        if result["kind"] == "err"
        for issue in result["error"]["issues"]
        if not _appears(issue["message"], _lines_for(report, files))
    ]
    assert not missing, "the runtime says, and the golden report doesn't:\n" + "\n".join(missing)


@pytest.mark.parametrize("case", sorted(_THROWS))
def test_golden_reports_carry_what_the_runtime_throws(case: str) -> None:
    """Where `validateBlock` throws on a case's block file, its error is in the golden
    report, on that file's line, as an error."""
    shipped.require_oracle()
    pack = BROKEN / case
    report = expected_report(case)
    for path in sorted(pack.glob("blocks/**/*.json")):
        published = _published(path, pack)
        assert published is not None, path
        text, files = published
        with pytest.raises(RuntimeError, match=re.escape(_THROWS[case])):
            shipped.validate_block_texts([text], profile=_profile(pack))
        lines = _lines_for(report, files)
        assert any(" error[" in line and _THROWS[case] in line for line in lines), lines
