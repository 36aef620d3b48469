"""The flags a linter's users reach for, as a user runs them: `--strict`, `--quiet`,
`--statistics`, `--color` with NO_COLOR and FORCE_COLOR; a pack found upward from a folder
inside it; what `check` says about pins (nothing), where `index` writes and which pins it
takes; `diff --exit-code`. Every expected report is a golden report written by hand
(`testpacks/broken/*/expected.txt`), or written out here."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.helpers.cli import run_cli
from tests.helpers.git import GIT_ENV, commit_all, init_repo
from tests.helpers.golden import expected_report
from tests.helpers.packs import BROKEN, build_env, copy_pack, edit_text, run_build, run_captured

WARNINGS = "liquid-warnings"
"""A pack with five warnings and no error, strict by its hook option."""
ERROR_CASE = "block-json-trailing-comma"
"""A pack with one error: a block file that is no JSON."""
ANSI = re.compile(r"\033\[[0-9;]*m")


def _lenient(tmp_path: Path) -> Path:
    """The warnings pack without its `strict = true`: its warnings alone pass."""
    pack = copy_pack(f"broken/{WARNINGS}", tmp_path)
    edit_text(pack / "pyproject.toml", "strict = true\n", "")
    return pack


def _with_an_error(tmp_path: Path) -> Path:
    """The lenient warnings pack, with the error case's broken block file beside its own
    (as `blocks/trailing.json`: `ERROR`)."""
    pack = _lenient(tmp_path)
    broken = BROKEN / ERROR_CASE / "blocks" / "reply.json"
    (pack / "blocks" / "trailing.json").write_bytes(broken.read_bytes())
    return pack


def _error() -> str:
    """The error case's one golden line, for its file as `_with_an_error` names it."""
    (line,) = _lines(ERROR_CASE)
    return line.replace("blocks/reply.json", "blocks/trailing.json")


def _lines(case: str) -> list[str]:
    """A golden report's problem lines, without its summary."""
    return expected_report(case).splitlines()[:-1]


# --strict


def test_strict_fails_on_warnings_as_the_hook_option_does(tmp_path: Path) -> None:
    pack = _lenient(tmp_path)
    lenient = run_cli("check", str(pack))
    assert (lenient.returncode, lenient.stdout, lenient.stderr) == (
        0,
        expected_report(WARNINGS),
        "",
    )
    strict = run_cli("check", str(pack), "--strict")
    assert (strict.returncode, strict.stdout, strict.stderr) == (1, expected_report(WARNINGS), "")
    document = json.loads(run_cli("check", str(pack), "--strict", "--format", "json").stdout)
    assert document["ok"] is False
    index = run_cli("index", str(pack), "--strict")
    assert (index.returncode, index.stdout) == (1, expected_report(WARNINGS))
    assert not (pack / "dist").exists()
    coloured = run_cli("index", str(pack), "--color", "always")
    assert coloured.returncode == 0
    assert "\033[33mwarning[liquid-unknown-variable]\033[0m" in coloured.stdout
    assert (pack / "dist" / "index.json").is_file()


# --quiet


def test_quiet_prints_nothing_when_the_check_passes(tmp_path: Path) -> None:
    """Warnings that don't fail: nothing at all, on either stream, for check and index."""
    pack = _lenient(tmp_path)
    for command in ("check", "index"):
        run = run_cli(command, str(pack), "-q")
        assert (run.returncode, run.stdout, run.stderr) == (0, "", ""), command


def test_quiet_prints_only_what_fails(tmp_path: Path) -> None:
    """Errors and warnings: the errors alone, no summary; strict: the warnings too."""
    pack = _with_an_error(tmp_path)
    error = _error()
    run = run_cli("check", str(pack), "--quiet")
    assert (run.returncode, run.stdout, run.stderr) == (1, error + "\n", "")
    strict = run_cli("check", str(pack), "--quiet", "--strict")
    assert strict.returncode == 1
    assert sorted(strict.stdout.splitlines()) == sorted([error, *_lines(WARNINGS)])
    # The hook option's strict counts as --strict does.
    alone = run_cli("check", str(BROKEN / WARNINGS), "-q")
    assert (alone.returncode, alone.stdout) == (
        1,
        "".join(f"{line}\n" for line in _lines(WARNINGS)),
    )


def test_quiet_keeps_a_document_whole_and_silences_notes(tmp_path: Path) -> None:
    """--format json is written whole (a tool reads it); the `… packs found` line goes."""
    pack = _lenient(tmp_path / "packs")
    run = run_cli("check", "-q", "--format", "json", cwd=pack.parent)
    assert (run.returncode, run.stderr) == (0, "")
    assert json.loads(run.stdout)["summary"]["text"] == expected_report(WARNINGS).splitlines()[-1]
    loud = run_cli("check", cwd=pack.parent)
    assert loud.stderr == "hatch-kindgi: 1 pack found below .\n"


# --statistics


STATISTICS = """\
2  warning  settings-unknown-block
1  warning  liquid-unknown-variable
1  warning  settings-unknown-key
0 errors, 4 warnings in 1 file
"""
"""liquid-warnings' golden report counted by hand: most first, then by code (its unknown
filter is an error of a pack of its own since a publish refuses it: liquid-unknown-filter)."""


def test_statistics_count_by_code() -> None:
    run = run_cli("check", str(BROKEN / WARNINGS), "--statistics")
    assert (run.returncode, run.stdout, run.stderr) == (1, STATISTICS, "")
    document = json.loads(
        run_cli("check", str(BROKEN / WARNINGS), "--statistics", "--format", "json").stdout
    )
    assert [(row["code"], row["severity"], row["count"]) for row in document] == [
        ("settings-unknown-block", "warning", 2),
        ("liquid-unknown-variable", "warning", 1),
        ("settings-unknown-key", "warning", 1),
    ]
    assert document[0]["meaning"].startswith("A template reads settings")


def test_statistics_errors_first_among_equals_and_quiet(tmp_path: Path) -> None:
    pack = _with_an_error(tmp_path)
    run = run_cli("check", str(pack), "--statistics")
    assert run.stdout == (
        "2  warning  settings-unknown-block\n"
        "1  error    block-json\n"
        "1  warning  liquid-unknown-variable\n"
        "1  warning  settings-unknown-key\n"
        "1 error, 4 warnings in 2 files\n"
    )
    quiet = run_cli("check", str(pack), "--statistics", "-q")
    assert (quiet.returncode, quiet.stdout) == (1, "1  error  block-json\n")
    clean = run_cli("check", "testpacks/minimal", "--statistics")
    assert (clean.returncode, clean.stdout) == (0, "")


def test_statistics_in_a_format_it_has_not_is_a_usage_error() -> None:
    for style in ("github", "sarif"):
        run = run_cli("check", "testpacks/minimal", "--statistics", "--format", style)
        assert (run.returncode, run.stdout) == (2, "")
        assert (
            run.stderr == f"hatch-kindgi check: --statistics comes as text or json, not {style}\n"
        )


# --color, NO_COLOR, FORCE_COLOR (the output is a pipe here, never a terminal)


@pytest.mark.parametrize(
    ("args", "env", "colored"),
    [
        ((), {}, False),
        ((), {"FORCE_COLOR": "1"}, True),
        ((), {"FORCE_COLOR": ""}, False),
        ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        (("--color", "always"), {"NO_COLOR": "1"}, True),
        (("--color", "never"), {"FORCE_COLOR": "1"}, False),
        (("--color=auto",), {"FORCE_COLOR": "3"}, True),
    ],
)
def test_color(args: tuple[str, ...], env: dict[str, str], colored: bool) -> None:
    """Coloured or not as no-color.org and force-color.org say, the flag winning; the text
    without its colours is the golden report either way."""
    clean = dict.fromkeys(("NO_COLOR", "FORCE_COLOR"), "")
    run = run_cli("check", str(BROKEN / WARNINGS), *args, env={**clean, **env})
    assert bool(ANSI.search(run.stdout)) is colored
    assert ANSI.sub("", run.stdout) == expected_report(WARNINGS)


def test_color_of_problems_on_stderr(tmp_path: Path) -> None:
    """`diff` (and `render`) write the pack's problems to stderr: coloured by the same
    rules as the report, the diff itself never."""
    broken = copy_pack(f"broken/{ERROR_CASE}", tmp_path)
    reference = tmp_path / "ref.json"
    assert run_cli("index", "testpacks/minimal", "-o", str(reference)).returncode == 0
    shown = run_cli("diff", str(reference), str(broken), "--color", "always")
    assert shown.returncode == 0, shown.stderr
    assert "\033[31merror[block-json]\033[0m" in shown.stderr
    assert "\033[" not in shown.stdout
    forced = run_cli("diff", str(reference), str(broken), env={"FORCE_COLOR": "1"})
    assert "\033[31merror[block-json]\033[0m" in forced.stderr
    plain = run_cli("diff", str(reference), str(broken), "--color", "never")
    assert ANSI.sub("", shown.stderr) == plain.stderr == expected_report(ERROR_CASE)
    render = run_cli("render", "acme.x", str(broken), "--color", "always")
    assert "\033[31merror[block-json]\033[0m" in render.stderr


# Found upward


def test_check_inside_a_pack_checks_that_pack(tmp_path: Path) -> None:
    """Run in the pack's blocks/ folder: the pack, each file named from there."""
    pack = copy_pack(f"broken/{WARNINGS}", tmp_path)
    run = run_cli("check", cwd=pack / "blocks")
    assert run.returncode == 1
    assert run.stderr == "hatch-kindgi: . is inside the pack at ..\n"
    assert run.stdout == expected_report(WARNINGS).replace("blocks/reply.liquid", "reply.liquid")
    # The pyproject's problems are named as the way up to it.
    config = copy_pack("broken/config-many-faults", tmp_path / "c")
    (config / "blocks").mkdir()
    inside = run_cli("check", "--format", "json", cwd=config / "blocks")
    assert {p["file"] for p in json.loads(inside.stdout)["problems"]} == {"../pyproject.toml"}
    # A folder named inside the pack, from outside it, is that pack too.
    named = run_cli("check", str(pack / "blocks"), "-q")
    assert named.returncode == 1
    assert named.stdout.splitlines()[0].startswith(f"{pack}/blocks/reply.liquid:1:35: ")


def test_index_render_and_diff_inside_a_pack(tmp_path: Path) -> None:
    pack = copy_pack("blocks", tmp_path)
    inside = pack / "blocks" / "prompts"
    index = run_cli("index", "--artifact-version", "7", cwd=inside)
    assert index.returncode == 0, index.stderr
    assert index.stdout.startswith("wrote ../../dist/index.json (artifactVersion 7, ")
    written = pack / "dist" / "index.json"
    assert json.loads(written.read_bytes())["packId"] == "acme.blocks"
    render = run_cli("render", "acme.greeting", "--param", "name=ada", cwd=inside)
    assert (render.returncode, render.stdout) == (0, "Grüß Gott, Ada! 3 ✓")
    assert render.stderr == "hatch-kindgi: . is inside the pack at ../..\n"
    same = run_cli("diff", str(written), "--exit-code", cwd=inside)
    assert same.returncode == 0, same.stdout + same.stderr
    assert same.stdout.startswith(f"Against {written}: ")


# Pins: check says nothing of them; index takes the wheel's


def test_check_outside_git_says_nothing_about_pins(tmp_path: Path) -> None:
    """No pin, no SOURCE_DATE_EPOCH, no git: a build would warn; check builds nothing."""
    pack = copy_pack("blocks", tmp_path)
    command = [sys.executable, "-m", "hatch_kindgi", "check", str(pack)]
    run = run_captured(command, env=build_env({"GIT_CEILING_DIRECTORIES": str(tmp_path)}))
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


@pytest.mark.slow
def test_index_in_a_git_checkout_is_the_wheels(tmp_path: Path) -> None:
    """In a git checkout, with the same pins (an artifactVersion from the environment,
    publishedAt from HEAD's commit time): `index` writes the wheel's index.json, byte for
    byte, in dist/, where no build ships it."""
    repo = init_repo(tmp_path / "repo")
    pack = copy_pack("blocks", repo)
    edit_text(pack / "pyproject.toml", 'published-at = "2026-01-02T03:04:05.678Z"\n', "")
    commit_all(repo, "pack")
    env = build_env({**GIT_ENV, "KINDGI_ARTIFACT_VERSION": "2026.3.4"})
    command = [sys.executable, "-m", "hatch_kindgi", "index", str(pack)]
    index = run_captured(command, env=env)
    assert index.returncode == 0, index.stderr
    built = run_build(pack, tmp_path / "out", isolated=False, env=env)
    assert built.returncode == 0, built.stderr
    (wheel,) = built.wheels
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = archive.read("acme_blocks/index.json")
        assert not [name for name in archive.namelist() if name.startswith("dist/")]
    assert (pack / "dist" / "index.json").read_bytes() == in_wheel
    assert json.loads(in_wheel)["publishedAt"] == "2026-03-04T05:06:07.000Z"  # GIT_ENV's date
    sdist = run_build(pack, tmp_path / "sdist", isolated=False, args=("--sdist",), env=env)
    assert sdist.returncode == 0, sdist.stderr
    listed = subprocess.run(
        ["tar", "-tzf", str(next((tmp_path / "sdist").glob("*.tar.gz")))],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "dist/index.json" not in listed


# diff --exit-code


def test_diff_exit_code_says_whether_anything_changed(tmp_path: Path) -> None:
    pack = copy_pack("blocks", tmp_path)
    reference = tmp_path / "released.json"
    assert run_cli("index", str(pack), "-o", str(reference)).returncode == 0
    assert run_cli("diff", str(reference), str(pack)).returncode == 0
    assert run_cli("diff", str(reference), str(pack), "--exit-code").returncode == 0
    (pack / "blocks" / "extra.json").write_text(
        '{"id": "acme.extra", "version": "1.0.0", "kind": "settings", "content": {"values": {}}}\n',
        "utf-8",
    )
    changed = run_cli("diff", str(reference), str(pack), "--exit-code")
    assert changed.returncode == 1
    assert "acme.extra" in changed.stdout
    assert run_cli("diff", str(reference), str(pack)).returncode == 0


CONFIG_FAULTS = {
    "target": ('published-at = "2026-01-02T03:04:05.678Z"\n', 'target = "hostd"\n'),
    "strict": ('published-at = "2026-01-02T03:04:05.678Z"\n', 'strict = "yes"\n'),
    "no-pack-table": ("[tool.kindgi.pack]", "[tool.kindgi.pak]"),
    "not-toml": ("[tool.kindgi.pack]", "[tool.kindgi.pack"),
}
"""A pyproject's config faults that `check` and a build refuse (exit 1): a hook option's
value and type, the pack's table missing, TOML that doesn't parse."""


@pytest.mark.parametrize("fault", sorted(CONFIG_FAULTS))
def test_diff_on_a_broken_config_exits_as_check_does(tmp_path: Path, fault: str) -> None:
    """`diff` of a pack whose config has errors: exit 1 as `check`'s, with or without
    `--exit-code`, in any format; no diff written, the problems on stderr as `check` prints
    them. (A block's error alone leaves the diff written and exit 0, `check` its gate:
    `test_color_of_problems_on_stderr`.)"""
    pack = copy_pack("blocks", tmp_path)
    reference = tmp_path / "released.json"
    assert run_cli("index", str(pack), "-o", str(reference)).returncode == 0
    edit_text(pack / "pyproject.toml", *CONFIG_FAULTS[fault])
    check = run_cli("check", str(pack))
    assert check.returncode == 1
    assert "pyproject.toml:" in check.stdout
    for extra in ((), ("--exit-code",), ("--format", "json"), ("--format", "markdown")):
        run = run_cli("diff", str(reference), str(pack), *extra)
        assert (run.returncode, run.stdout, run.stderr) == (1, "", check.stdout), extra


def test_help_says_what_the_exit_codes_are() -> None:
    """`--help` and `diff --help` say the exit codes the tests above see."""
    expected = (
        "exit 0 written; with --exit-code, 1 when it shows a change; 2 usage, or no diff can "
        "be made; 1 when the pack's config has errors, as check"
    )
    for words in (["--help"], ["diff", "--help"]):
        said = "".join(run_cli(*words).stdout.split())  # wrapped, maybe at a hyphen
        assert "".join(expected.split()) in said, words


@pytest.mark.parametrize(
    "words",
    [
        ["check", "--statistics", "--watch"],
        ["check", "--quiet", "--format", "sarif", "--strict"],
        ["check", "--statistics", "--format", "json", "--quiet", "--strict"],
        ["check", "--color", "sometimes"],
        ["check", "--colour", "never"],
        ["index", "--statistics"],
        ["index", "-q", "--strict", "--format", "github", "-o", "/dev/full"],
        ["render", "acme.reply-prompt", "--quiet"],
        ["diff", "--exit-code"],
        ["diff", "HEAD", "--exit-code", "--format", "json", "--color", "always"],
        ["check", "--against", "--strict"],
        ["check", "--against", ""],
    ],
)
def test_odd_combinations_are_said_not_raised(words: list[str], tmp_path: Path) -> None:
    """Flags mixed as a user might mix them: a report or a usage message, never a
    traceback."""
    pack = copy_pack(f"broken/{WARNINGS}", tmp_path)
    run = run_cli(*words, cwd=pack)
    assert run.returncode in (0, 1, 2), run.stderr
    assert "Traceback" not in run.stdout + run.stderr


def test_index_to_stdout_and_never_over_a_device(tmp_path: Path) -> None:
    """`-o /dev/stdout -q`: the index bytes alone on stdout (what -o FILE writes); a device
    or pipe is written into, never replaced, and none is read for a previous index."""
    to_file = tmp_path / "index.json"
    assert run_cli("index", "testpacks/minimal", "-o", str(to_file)).returncode == 0
    run = run_cli("index", "testpacks/minimal", "-o", "/dev/stdout", "-q")
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout.encode("utf-8") == to_file.read_bytes()
    null = run_cli("index", "testpacks/minimal", "-o", "/dev/null", "-q")
    assert (null.returncode, null.stdout, null.stderr) == (0, "", "")
    assert Path("/dev/null").is_char_device()
