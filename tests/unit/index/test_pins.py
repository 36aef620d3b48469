"""The pins stage: which artifactVersion and publishedAt a build writes."""

from __future__ import annotations

import json
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from hatch_kindgi.config.stage import HookOptions
from hatch_kindgi.config.timestamps import normalize_timestamp
from hatch_kindgi.index.pins import (
    RECORD_FILE,
    LocalPins,
    Pins,
    read_recorded_pins,
    record_pins,
    resolve_pins,
)
from tests.helpers.git import commit_all, init_repo

NOON = datetime(2026, 11, 29, 12, 0, 0, 123456, tzinfo=timezone.utc)


def _git_env(home: Path) -> dict[str, str]:
    """A git environment with a fixed identity and commit time, and no user config."""
    return {
        "GIT_AUTHOR_DATE": "2026-03-04T05:06:07+00:00",
        "GIT_COMMITTER_DATE": "2026-03-04T05:06:07+00:00",
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-09-20T14:32:07.104Z", "2026-09-20T14:32:07.104Z"),
        ("2026-09-20T14:32:07Z", "2026-09-20T14:32:07.000Z"),
        ("2026-09-20t14:32z", "2026-09-20T14:32:00.000Z"),
        ("2026-09-20T16:32:07.104+02:00", "2026-09-20T14:32:07.104Z"),
        ("2026-09-20T14:32:07.1049999-0130", "2026-09-20T16:02:07.104Z"),
        ("2026-09-20 00:30:00+01", "2026-09-19T23:30:00.000Z"),
        ("2026-02-30T00:00:00Z", None),
        ("2026-09-20T14:32:07", None),
        ("2026-09-20", None),
        ("yesterday", None),
        ("2026-09-20T25:00:00Z", None),
        ("2026-09-20T10:00:00+24:00", None),
    ],
)
def test_normalize_timestamp(text: str, expected: str | None) -> None:
    """ISO 8601 with a zone becomes UTC with milliseconds; anything else is refused."""
    assert normalize_timestamp(text) == expected


def test_option_beats_environment(tmp_path: Path) -> None:
    """The hook option wins over KINDGI_* variables and SOURCE_DATE_EPOCH."""
    options = HookOptions(artifact_version="A", published_at="2026-01-01T00:00:00Z")
    environ = {
        "KINDGI_ARTIFACT_VERSION": "B",
        "KINDGI_PUBLISHED_AT": "2027-01-01T00:00:00Z",
        "SOURCE_DATE_EPOCH": "0",
    }
    pins, problems = resolve_pins(tmp_path, options, environ, "1.0.0")
    assert problems == []
    assert pins is not None
    assert (pins.artifact_version, pins.published_at) == ("A", "2026-01-01T00:00:00.000Z")


def test_environment_beats_recorded_and_epoch(tmp_path: Path) -> None:
    """KINDGI_* variables win over the sdist record and SOURCE_DATE_EPOCH."""
    environ = {"KINDGI_ARTIFACT_VERSION": "B", "KINDGI_PUBLISHED_AT": "2027-01-01T01:00:00+01:00"}
    recorded = {"artifactVersion": "C", "publishedAt": "2025-01-01T00:00:00.000Z"}
    pins, _ = resolve_pins(tmp_path, HookOptions(), environ, "1.0.0", recorded=recorded)
    assert pins is not None
    assert (pins.artifact_version, pins.published_at) == ("B", "2027-01-01T00:00:00.000Z")


def test_recorded_beats_epoch(tmp_path: Path) -> None:
    """The sdist's recorded pins win over SOURCE_DATE_EPOCH and the dist version."""
    recorded = {"artifactVersion": "C", "publishedAt": "2025-01-01T00:00:00.000Z"}
    pins, _ = resolve_pins(
        tmp_path, HookOptions(), {"SOURCE_DATE_EPOCH": "0"}, "1.0.0", recorded=recorded
    )
    assert pins is not None
    assert (pins.artifact_version, pins.published_at) == ("C", "2025-01-01T00:00:00.000Z")


def test_source_date_epoch(tmp_path: Path) -> None:
    """SOURCE_DATE_EPOCH gives publishedAt; artifactVersion falls back to the dist version."""
    pins, problems = resolve_pins(
        tmp_path, HookOptions(), {"SOURCE_DATE_EPOCH": "1767225600"}, "2.1"
    )
    assert problems == []
    assert pins is not None
    assert (pins.artifact_version, pins.published_at) == ("2.1", "2026-01-01T00:00:00.000Z")


def test_bad_source_date_epoch_is_a_problem(tmp_path: Path) -> None:
    """A SOURCE_DATE_EPOCH that isn't whole seconds is an error, not now."""
    pins, problems = resolve_pins(tmp_path, HookOptions(), {"SOURCE_DATE_EPOCH": "soon"}, "1")
    assert pins is None
    assert [p.code for p in problems] == ["pin-published-at"]


def test_bad_environment_timestamp_is_a_problem(tmp_path: Path) -> None:
    """A KINDGI_PUBLISHED_AT that doesn't parse names the variable."""
    pins, problems = resolve_pins(tmp_path, HookOptions(), {"KINDGI_PUBLISHED_AT": "x"}, "1")
    assert pins is None
    assert "KINDGI_PUBLISHED_AT" in problems[0].message


def test_git_commit_time(tmp_path: Path) -> None:
    """In a git checkout without other pins, publishedAt is HEAD's commit time."""
    init_repo(tmp_path)
    (tmp_path / "f").write_text("x")
    commit_all(tmp_path, "x")
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1")
    assert problems == []
    assert pins is not None
    assert pins.published_at == "2026-03-04T05:06:07.000Z"


def test_git_commit_time_of_a_signed_commit(tmp_path: Path) -> None:
    """A signed HEAD still pins, even when the user's git shows signatures in git log."""
    env = _git_env(tmp_path)
    key = tmp_path / "key"
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True, env=env
    )
    repo = tmp_path / "repo"
    repo.mkdir()
    (tmp_path / "signers").write_text(f"t@example.invalid {(tmp_path / 'key.pub').read_text()}")

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, check=True, env=env, capture_output=True)

    git("init", "-q")
    git("config", "gpg.format", "ssh")
    git("config", "user.signingkey", str(key))
    git("config", "gpg.ssh.allowedSignersFile", str(tmp_path / "signers"))
    git("config", "log.showSignature", "true")
    (repo / "f").write_text("x")
    git("add", "f")
    git("commit", "-q", "-S", "-m", "x")
    pins, problems = resolve_pins(repo, HookOptions(), {"HOME": str(tmp_path)}, "1")
    assert problems == []
    assert pins is not None
    assert pins.published_at == "2026-03-04T05:06:07.000Z"


def test_now_warns(tmp_path: Path) -> None:
    """With nothing to pin to, publishedAt is now and a warning says it isn't reproducible."""
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1", now=lambda: NOON)
    assert pins is not None
    assert pins.published_at == "2026-11-29T12:00:00.123Z"
    assert [(p.severity, p.code) for p in problems] == [("warning", "pin-not-reproducible")]


def test_local_index_uses_now_without_warning(tmp_path: Path) -> None:
    """The command line's index outside git, with nothing pinned: now, and no warning."""
    pins, problems = resolve_pins(
        tmp_path,
        HookOptions(),
        {},
        "1.0.0",
        now=lambda: NOON,
        local=LocalPins(None, None, "20261129.1"),
    )
    assert problems == []
    assert pins is not None
    assert (pins.artifact_version, pins.published_at) == ("20261129.1", "2026-11-29T12:00:00.123Z")


def test_local_index_in_git_takes_heads_time_as_a_build_does(tmp_path: Path) -> None:
    """`index` in a git checkout: HEAD's commit time, as the wheel's (its own fallback
    artifactVersion aside)."""
    init_repo(tmp_path)
    (tmp_path / "f").write_text("x")
    commit_all(tmp_path, "x")
    local = LocalPins(None, None, "20261129.1")
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1.0.0", local=local)
    built, _ = resolve_pins(tmp_path, HookOptions(), {}, "1.0.0")
    assert problems == []
    assert pins is not None
    assert built is not None
    assert pins.published_at == built.published_at == "2026-03-04T05:06:07.000Z"


def test_only_a_build_says_it_is_not_reproducible(tmp_path: Path) -> None:
    """`check` (builds=False) resolves the same pins and says nothing of them."""
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1", now=lambda: NOON, builds=False)
    assert problems == []
    assert pins is not None
    assert pins.published_at == "2026-11-29T12:00:00.123Z"


RANGE = "publishedAt must lie from 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z"


@pytest.mark.parametrize(
    ("environ", "source"),
    [
        ({"KINDGI_PUBLISHED_AT": "0001-01-01T00:00:00+01:00"}, "KINDGI_PUBLISHED_AT"),
        ({"KINDGI_PUBLISHED_AT": "9999-12-31T23:59:59-01:00"}, "KINDGI_PUBLISHED_AT"),
        ({"SOURCE_DATE_EPOCH": "253402300800"}, "SOURCE_DATE_EPOCH"),
        ({"SOURCE_DATE_EPOCH": "-99999999999999999999999"}, "SOURCE_DATE_EPOCH"),
    ],
)
def test_out_of_range_pin_names_its_source(
    tmp_path: Path, environ: dict[str, str], source: str
) -> None:
    """A pin beyond the years 0001-9999 (UTC) is one problem naming where it came from."""
    pins, problems = resolve_pins(tmp_path, HookOptions(), environ, "1")
    assert pins is None
    assert [p.code for p in problems] == ["pin-published-at"]
    assert problems[0].message.startswith(source)
    assert "0001" in problems[0].message
    assert "9999" in problems[0].message


def test_out_of_range_recorded_pin_is_a_problem_naming_the_record(tmp_path: Path) -> None:
    """An sdist's pin record beyond year 9999 (UTC) is a pin-record problem, no traceback."""
    (tmp_path / "PKG-INFO").write_text("Metadata-Version: 2.4\n")
    (tmp_path / RECORD_FILE).write_text(
        '{"artifactVersion": "1", "publishedAt": "9999-12-31T23:59:59-01:00"}\n'
    )
    recorded, problems = read_recorded_pins(tmp_path)
    assert problems == []
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1", recorded=recorded)
    assert pins is None
    assert [(p.code, p.file) for p in problems] == [("pin-record", RECORD_FILE)]
    assert problems[0].message == (
        'the sdist\'s pin record: publishedAt "9999-12-31T23:59:59-01:00" falls outside the '
        f"years 0001 to 9999 once converted to UTC ({RANGE})"
    )


def test_out_of_range_recorded_pin_given_directly_is_a_problem(tmp_path: Path) -> None:
    """A recorded mapping handed to resolve_pins is checked like every other source."""
    recorded = {"artifactVersion": "1", "publishedAt": "0001-01-01T00:00:00+01:00"}
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1", recorded=recorded)
    assert pins is None
    assert problems[0].message.startswith("the sdist's pin record: publishedAt")


def test_negative_source_date_epoch_is_before_1970(tmp_path: Path) -> None:
    """`date +%s` prints negative seconds before 1970; they pin as any other."""
    pins, problems = resolve_pins(tmp_path, HookOptions(), {"SOURCE_DATE_EPOCH": "-1"}, "1")
    assert problems == []
    assert pins is not None
    assert pins.published_at == "1969-12-31T23:59:59.000Z"


def test_early_year_is_written_with_four_digits(tmp_path: Path) -> None:
    """Year 999 is written 0999, as JavaScript writes it and the envelope's schema wants."""
    options = HookOptions(published_at="0999-06-01T00:00:00+00:00")
    pins, _ = resolve_pins(tmp_path, options, {}, "1")
    assert pins is not None
    assert pins.published_at == "0999-06-01T00:00:00.000Z"
    epoch = resolve_pins(tmp_path, HookOptions(), {"SOURCE_DATE_EPOCH": "-30610310400"}, "1")[0]
    assert epoch is not None
    assert epoch.published_at == "0999-12-31T00:00:00.000Z"


def test_git_commit_time_out_of_range_is_a_problem(tmp_path: Path) -> None:
    """A HEAD committed after year 9999 (git allows it) is a problem naming git HEAD."""
    init_repo(tmp_path)
    (tmp_path / "f").write_text("x")
    commit_all(tmp_path, "x", env={"GIT_COMMITTER_DATE": "@300000000000 +0000"})
    pins, problems = resolve_pins(tmp_path, HookOptions(), {}, "1")
    assert pins is None
    assert [p.code for p in problems] == ["pin-published-at"]
    assert problems[0].message.startswith("git HEAD's commit time 300000000000")
    assert "SOURCE_DATE_EPOCH" in problems[0].message


def test_the_record_says_where_the_pack_was_in_its_repository(tmp_path: Path) -> None:
    """A pack in a sub-folder records its place (written by hand below); one at the root
    records the pins alone, as before; the place is read back only when it is a relative
    folder path."""
    pins = Pins("7", "2026-01-01T00:00:00.000Z", "env", "env")
    assert record_pins(pins) == (
        b'{\n  "artifactVersion": "7",\n  "publishedAt": "2026-01-01T00:00:00.000Z"\n}\n'
    )
    recorded = record_pins(pins, "packs/ledger/")
    assert recorded == (
        b'{\n  "artifactVersion": "7",\n  "publishedAt": "2026-01-01T00:00:00.000Z",\n'
        b'  "repositoryPrefix": "packs/ledger/"\n}\n'
    )
    (tmp_path / "PKG-INFO").write_text("Metadata-Version: 2.1\n", "utf-8")
    (tmp_path / RECORD_FILE).write_bytes(recorded)
    assert read_recorded_pins(tmp_path) == (
        {
            "artifactVersion": "7",
            "publishedAt": "2026-01-01T00:00:00.000Z",
            "repositoryPrefix": "packs/ledger/",
        },
        [],
    )
    for bad in ("../up/", "/abs/", "packs", "packs//x/", "a\\b/", 7):
        document = {"artifactVersion": "7", "publishedAt": "x", "repositoryPrefix": bad}
        (tmp_path / RECORD_FILE).write_text(json.dumps(document), "utf-8")
        value, problems = read_recorded_pins(tmp_path)
        assert value is None, bad
        assert [(p.code, p.file, p.message) for p in problems] == [
            ("pin-record", RECORD_FILE, "the sdist's record has no valid 'repositoryPrefix'")
        ]
