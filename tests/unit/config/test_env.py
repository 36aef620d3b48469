"""[tool.kindgi.env] held to the shipped `resolvePackEnv`, as the deploy reads the index's env.

The index's `env` is what these lists give; the deploy refuses the image when
`resolvePackEnv(index.env)` finds a problem. Every table drawn here gets the runtime's
verdict, and every problem the runtime names (its message, split where it joins them with
"; ") leads one of ours."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hatch_kindgi.config.env import env_lists
from hatch_kindgi.report.escape import shown as escaped
from hatch_kindgi.report.problems import Problem
from tests.helpers.packs import BROKEN
from tests.oracle.shipped import require_oracle, resolve_pack_env

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

_NAMES = st.sampled_from(
    ["API_KEY", "DB_URL", "_PRIVATE", "KINDGI_TOKEN", "kindgi_token", "3RD", "A-B", "", "ÄPI",
     "X Y", "DB_URL\n", "a1", "KINDGI_"]
)  # fmt: skip
_LIST = st.one_of(
    st.lists(_NAMES, max_size=4), st.lists(st.one_of(_NAMES, st.integers()), max_size=3)
)
_TABLE = st.fixed_dictionaries(
    {}, optional={"required": _LIST, "optional": _LIST, "extra": st.just([]), "other": _NAMES}
)


def _ours(table: Any) -> list[Problem]:
    problems: list[Problem] = []
    env_lists(table, problems)
    return problems


@settings(max_examples=150, deadline=None)
@given(_TABLE)
def test_env_tables_get_the_runtimes_verdict_and_words(table: dict[str, Any]) -> None:
    """Refused exactly when resolvePackEnv refuses, each of its problems in ours."""
    require_oracle()
    answer = resolve_pack_env(table)
    ours = _ours(table)
    assert bool(ours) == (answer["kind"] == "err"), (table, answer, ours)
    if answer["kind"] == "err":
        for problem in str(answer["message"]).split("; "):
            shown = escaped(problem)  # as every problem's message is kept
            assert any(p.message.startswith(shown) for p in ours), (shown, ours)


def test_not_a_table() -> None:
    """`env` that is no table: the runtime's words first."""
    require_oracle()
    message = str(resolve_pack_env("x")["message"])
    (problem,) = _ours("x")
    assert problem.message.startswith(message)


@pytest.mark.parametrize("case", ["config-env-names", "config-many-faults", "report-escaping-env"])
def test_golden_env_lines_are_the_runtimes(case: str) -> None:
    """Each broken pack's env, as the index would carry it, read by resolvePackEnv: each of
    its problems is a line of the golden report, and each env line of ours is one of them."""
    require_oracle()
    table = tomllib.loads((BROKEN / case / "pyproject.toml").read_text("utf-8"))
    env = table["tool"]["kindgi"]["env"]
    answer = resolve_pack_env(env)
    assert answer["kind"] == "err"
    runtime = [escaped(problem) for problem in str(answer["message"]).split("; ")]
    golden = [
        line for line in (BROKEN / case / "expected.txt").read_text("utf-8").splitlines()
        if re.search(r"error\[(env-|config-unknown-key|config-type)", line) and "env" in line
    ]  # fmt: skip
    for problem in runtime:
        assert any(f"]: {problem}" in line for line in golden), problem
    for line in golden:
        assert any(f"]: {problem}" in line for problem in runtime), line
