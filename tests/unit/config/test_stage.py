"""The config stage: [tool.kindgi] and the hook's options, every fault reported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hatch_kindgi.config.stage import (
    DEFAULT_DISCOVERY,
    HookOptions,
    default_package,
    load_config,
    read_pyproject,
)
from hatch_kindgi.report.problems import error

GOOD: dict[str, Any] = {
    "project": {"name": "acme-ledger", "dependencies": ["kindgi>=0.1"]},
    "tool": {"kindgi": {"pack": {"id": "acme.ledger", "version": "1.0.0"}}},
}


def _with_kindgi(table: dict[str, Any]) -> dict[str, Any]:
    return {"project": {"name": "acme-ledger"}, "tool": {"kindgi": table}}


def test_good_config_gets_defaults() -> None:
    """A pack with only id and version gets the default discovery and no env."""
    outcome = load_config(GOOD, {})
    assert outcome.problems == ()
    assert outcome.options == HookOptions()
    assert outcome.pack is not None
    assert outcome.pack.pack_id == "acme.ledger"
    assert dict(outcome.pack.discovery) == dict(DEFAULT_DISCOVERY)
    assert outcome.pack.project_dependencies == ("kindgi>=0.1",)


def test_every_fault_is_reported_at_once() -> None:
    """Missing id, a KINDGI_ env name, an unknown option and a bad published-at: all four."""
    document = _with_kindgi(
        {"pack": {"version": "1.0.0"}, "env": {"required": ["KINDGI_TOKEN", "DB_URL"]}}
    )
    outcome = load_config(document, {"published-at": "yesterday", "colour": "blue"})
    assert outcome.pack is None
    assert sorted(p.code for p in outcome.problems) == [
        "config-missing",
        "config-unknown-key",
        "env-reserved",
        "pin-published-at",
    ]
    assert all(p.file == "pyproject.toml" for p in outcome.problems)


def test_hatchling_hook_keys_are_left_alone() -> None:
    """dependencies, require-runtime-*, enable-by-default are Hatchling's, not unknown."""
    options = {
        "dependencies": ["x"],
        "require-runtime-dependencies": True,
        "require-runtime-features": [],
        "enable-by-default": True,
    }
    assert load_config(GOOD, options).problems == ()


def test_hook_options_are_read() -> None:
    """Every option of the hook is read and typed."""
    outcome = load_config(
        GOOD,
        {
            "artifact-version": "7",
            "published-at": "2026-01-02T03:04:05Z",
            "package": "acme.ledger_pack",
            "import-timeout": 5,
            "max-file-size": 4096,
            "strict": True,
            "against": "origin/main",
        },
    )
    assert outcome.problems == ()
    assert outcome.options == HookOptions(
        "7", "2026-01-02T03:04:05Z", "acme.ledger_pack", 5.0, 4096, True, against="origin/main"
    )


def test_bad_option_types() -> None:
    """Wrong types and values each name the option."""
    outcome = load_config(
        GOOD,
        {
            "import-timeout": 0,
            "strict": "yes",
            "package": "acme-ledger",
            "artifact-version": 3,
            "max-file-size": 1.5,
            "against": "",
        },
    )
    messages = sorted(p.message for p in outcome.problems)
    assert [m.split("`")[1] for m in messages] == [
        "against",
        "artifact-version",
        "import-timeout",
        "max-file-size",
        "package",
        "strict",
    ]


def test_env_rules() -> None:
    """Env names: valid, not KINDGI_*, not twice, not in both lists; output sorted."""
    document = _with_kindgi(
        {
            "pack": {"id": "a", "version": "1"},
            "env": {"required": ["B", "A", "1X", "A"], "optional": ["B", "C"], "extra": []},
        }
    )
    outcome = load_config(document, {})
    assert [(p.code, p.message) for p in outcome.problems] == [
        (
            "config-unknown-key",
            "`env` takes only `required` and `optional`, not `extra`: the deploy refuses the "
            "index's env (`tool.kindgi.env`)",
        ),
        (
            "env-name",
            '"1X" in `env.required` isn\'t an environment variable name; the deploy refuses the '
            "index's env: letters, digits and _, not starting with a digit "
            "(`tool.kindgi.env.required`)",
        ),
        (
            "env-duplicate",
            '"A" is listed twice in `env.required`; the deploy refuses the index\'s env: list '
            "it once (`tool.kindgi.env.required`)",
        ),
        (
            "env-duplicate",
            '"B" is in both `env.required` and `env.optional`; the deploy refuses the index\'s '
            "env: keep it in one (`tool.kindgi.env`)",
        ),
    ]


def test_env_sorted_by_code_units() -> None:
    """Env lists come out sorted as JavaScript sorts them."""
    document = _with_kindgi(
        {"pack": {"id": "a", "version": "1"}, "env": {"required": ["b", "B", "_A", "a"]}}
    )
    pack = load_config(document, {}).pack
    assert pack is not None
    assert pack.env_required == ("B", "_A", "a", "b")


def test_discovery_unknown_kind_and_type() -> None:
    """A typo'd discovery kind and a non-string glob are errors naming the key."""
    document = _with_kindgi(
        {"pack": {"id": "a", "version": "1"}, "discovery": {"tool": "x/*.py", "blocks": 3}}
    )
    problems = load_config(document, {}).problems
    assert [p.code for p in problems] == ["config-unknown-key", "config-type"]
    assert "`tool.kindgi.discovery.tool`" in problems[0].message


def test_unknown_top_level_key_is_a_warning() -> None:
    """An unknown [tool.kindgi] key warns: the SDK may know keys this version doesn't."""
    document = _with_kindgi({"pack": {"id": "a", "version": "1"}, "colour": 1})
    outcome = load_config(document, {})
    assert outcome.pack is not None
    assert [p.severity for p in outcome.problems] == ["warning"]


def test_missing_tool_kindgi() -> None:
    """No [tool.kindgi] at all is one clear problem."""
    outcome = load_config({"project": {"name": "x"}}, {})
    assert outcome.problems == (
        error(
            "config-missing",
            "pyproject.toml",
            "`[tool.kindgi]` is missing: add `[tool.kindgi.pack]` with `id` and `version`",
        ),
    )


def test_read_pyproject_errors(tmp_path: Path) -> None:
    """No file, bad TOML (with line and column) and bad UTF-8 are problems, not exceptions."""
    _, missing = read_pyproject(tmp_path)
    assert [p.code for p in missing] == ["config-not-found"]
    (tmp_path / "pyproject.toml").write_text("[tool.kindgi\nid = 1\n", "utf-8")
    _, broken = read_pyproject(tmp_path)
    assert [(p.code, p.line) for p in broken] == [("config-parse", 1)]
    (tmp_path / "pyproject.toml").write_bytes(b"name = '\xff'\n")
    _, undecodable = read_pyproject(tmp_path)
    assert [p.code for p in undecodable] == ["config-parse"]


def test_default_package() -> None:
    """Distribution names become import names as pip normalizes them."""
    assert default_package("acme-ledger") == "acme_ledger"
    assert default_package("Acme.Ledger__Pack") == "acme_ledger_pack"


def test_out_of_range_published_at_option_is_a_problem() -> None:
    """An option that falls before year 0001 in UTC is a problem naming the option."""
    outcome = load_config(GOOD, {"published-at": "0001-01-01T00:00:00+01:00"})
    assert outcome.options.published_at is None
    assert [(p.code, p.message) for p in outcome.problems] == [
        (
            "pin-published-at",
            "option `published-at` of `tool.hatch.build.hooks.kindgi`: "
            '"0001-01-01T00:00:00+01:00" falls outside the years 0001 to 9999 once converted '
            "to UTC (publishedAt must lie from 0001-01-01T00:00:00.000Z to "
            "9999-12-31T23:59:59.999Z)",
        )
    ]


@pytest.mark.parametrize("package", ["acme_ledger", "acme.ledger", "a.b_c.D9", "_private"])
def test_package_takes_dotted_import_names(package: str) -> None:
    """`package` is an import name; a dotted one is a package inside a namespace."""
    outcome = load_config(GOOD, {"package": package})
    assert outcome.problems == ()
    assert outcome.options.package == package


@pytest.mark.parametrize(
    "package", ["acme-ledger", "acme..ledger", ".acme", "acme.", "acme.class", "import", "9acme"]
)
def test_package_refuses_what_import_cannot_name(package: str) -> None:
    """Hyphens, empty parts, leading digits and Python keywords can't be imported."""
    outcome = load_config(GOOD, {"package": package})
    assert outcome.options.package is None
    assert [(p.code, p.message) for p in outcome.problems] == [
        (
            "config-value",
            "option `package` of `tool.hatch.build.hooks.kindgi` must be an import name like "
            f'"acme_ledger" or "acme.ledger", not "{package}"',
        )
    ]


@pytest.mark.parametrize(
    ("document", "hook", "expected", "fix"),
    [
        (
            _with_kindgi({"pack": {"id": "a", "version": "1"}, "discovry": {}}),
            {},
            "`tool.kindgi.discovry` is not a key hatch-kindgi or the kindgi SDK knows; "
            'did you mean "discovery"?',
            ("discovry", "discovery"),
        ),
        (
            _with_kindgi({"pack": {"id": "a", "version": "1", "descripton": "x"}}),
            {},
            '`tool.kindgi.pack.descripton` is not a pack key; did you mean "description"?',
            ("descripton", "description"),
        ),
        (
            _with_kindgi({"pack": {"id": "a", "version": "1"}, "discovery": {"agent": "a/*.py"}}),
            {},
            '`tool.kindgi.discovery.agent` is not a discovery kind; did you mean "agents"?',
            ("agent", "agents"),
        ),
        (
            _with_kindgi({"pack": {"id": "a", "version": "1"}, "env": {"requried": []}}),
            {},
            "`env` takes only `required` and `optional`, not `requried`: the deploy refuses the "
            'index\'s env (`tool.kindgi.env`); did you mean "required"?',
            ("requried", "required"),
        ),
        (
            GOOD,
            {"report-fromat": "json"},
            "option `report-fromat` of `tool.hatch.build.hooks.kindgi` is not known; "
            'did you mean "report-format"?',
            ("report-fromat", "report-format"),
        ),
        # Hatchling's own hook keys are accepted, and a misspelling of one is named too.
        (
            GOOD,
            {"dependencys": ["x"]},
            "option `dependencys` of `tool.hatch.build.hooks.kindgi` is not known; "
            'did you mean "dependencies"?',
            ("dependencys", "dependencies"),
        ),
        # Nothing close: the keys it takes, and no fix.
        (
            _with_kindgi({"pack": {"id": "a", "version": "1", "zzz": 1}}),
            {},
            "`tool.kindgi.pack.zzz` is not a pack key (known: description, id, version)",
            None,
        ),
    ],
)
def test_a_misspelt_config_key_gets_a_did_you_mean(
    document: dict[str, Any], hook: dict[str, Any], expected: str, fix: tuple[str, str] | None
) -> None:
    """Every table of [tool.kindgi] and the hook's options: the closest key, as block keys
    get it, and the same fix as data for an editor."""
    (problem,) = [p for p in load_config(document, hook).problems if p.code == "config-unknown-key"]
    assert (problem.message, problem.suggestion) == (expected, fix)


@pytest.mark.parametrize("target", ["hosted", "self-hosted"])
def test_target_is_read(target: str) -> None:
    """`target` takes the two profiles' names."""
    outcome = load_config(GOOD, {"target": target})
    assert outcome.problems == ()
    assert outcome.options.target == target


@pytest.mark.parametrize("value", ["Hosted", "cloud", "", 1])
def test_a_target_no_profile_has_is_a_problem(value: object) -> None:
    """Any other `target` names the option and the two it takes, and none is set."""
    outcome = load_config(GOOD, {"target": value})
    assert [p.code for p in outcome.problems] == [
        "config-type" if value in ("", 1) else "config-value"
    ]
    message = outcome.problems[0].message
    assert "option `target` of `tool.hatch.build.hooks.kindgi`" in message
    if value not in ("", 1):
        assert "must be one of self-hosted, hosted (where the pack deploys)" in message
    assert outcome.options.target is None


def test_problems_come_in_the_rows_order() -> None:
    """Unknown keys first, then every option's type in the table's order, then each option's
    own rule; then `[tool.kindgi.pack]` the same way (`config.rows.check_table`)."""
    document = _with_kindgi({"pack": {"nmae": 1, "version": "", "description": 3}})
    hook = {
        "strict": "yes",
        "import-timeout": -1,
        "target": "cloud",
        "report-format": 3,
        "package": "a.class",
        "colour": 1,
        "published-at": "yesterday",
    }
    outcome = load_config(document, hook)
    option = "option `{}` of `tool.hatch.build.hooks.kindgi`"
    assert [(p.code, p.message, p.anchor) for p in outcome.problems] == [
        (
            "config-unknown-key",
            option.format("colour") + " is not known (known: against, artifact-version, "
            "import-timeout, max-file-size, package, published-at, report-file, report-format, "
            "strict, target)",
            "/tool/hatch/build/hooks/kindgi/colour",
        ),
        (
            "config-type",
            option.format("report-format") + " must be a non-empty string, not 3",
            "/tool/hatch/build/hooks/kindgi/report-format",
        ),
        (
            "pin-published-at",
            option.format("published-at") + ': "yesterday" is not an ISO 8601 date-time with a '
            'zone, like "2026-09-20T14:32:07.104Z"',
            "/tool/hatch/build/hooks/kindgi/published-at",
        ),
        (
            "config-value",
            option.format("package") + ' must be an import name like "acme_ledger" or '
            '"acme.ledger", not "a.class"',
            "/tool/hatch/build/hooks/kindgi/package",
        ),
        (
            "config-value",
            option.format("target") + " must be one of self-hosted, hosted (where the pack "
            'deploys), not "cloud"',
            "/tool/hatch/build/hooks/kindgi/target",
        ),
        (
            "config-value",
            option.format("import-timeout") + " must be a positive number of seconds, not -1",
            "/tool/hatch/build/hooks/kindgi/import-timeout",
        ),
        (
            "config-type",
            option.format("strict") + ' must be true or false, not "yes"',
            "/tool/hatch/build/hooks/kindgi/strict",
        ),
        (
            "config-unknown-key",
            "`tool.kindgi.pack.nmae` is not a pack key (known: description, id, version)",
            "/tool/kindgi/pack/nmae",
        ),
        (
            "config-missing",
            '`tool.kindgi.pack.id` is missing: a non-empty string like "acme.ledger"',
            "/tool/kindgi/pack/id",
        ),
        (
            "config-type",
            '`tool.kindgi.pack.version` must be a non-empty string like "1.0.0", not ""',
            "/tool/kindgi/pack/version",
        ),
        (
            "config-type",
            "`tool.kindgi.pack.description` must be a string",
            "/tool/kindgi/pack/description",
        ),
    ]
    assert outcome.options == HookOptions()
