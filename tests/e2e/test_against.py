"""Against an earlier release, on real git repositories made in tmp_path: `check`, `index`
and `diff` with a reference, and real builds with the hook option `against`."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from hatch_kindgi.pipeline import RunRequest, run_pipeline
from tests.helpers.cli import run_cli
from tests.helpers.git import commit_all, git, init_repo, replace_tree
from tests.helpers.golden import GOLDEN_ENV
from tests.helpers.packs import (
    TESTPACKS,
    build_env,
    copy_pack,
    edit_text,
    report_of,
    run_build,
    scratch_pyproject,
    wheel_files,
)

pytestmark = pytest.mark.slow

HISTORY = TESTPACKS / "history"
DIFF_SCHEMA = Path("src/hatch_kindgi/against/diff.schema.json")

PYPROJECT = scratch_pyproject("acme-style", "acme.style", sdk=False)
STYLE = """\
{
  "id": "acme.reply-style",
  "version": "1.0.0",
  "kind": "settings",
  "content": { "values": { "maxSentences": 3, "refundLimit": 50 } }
}
"""
PROMPT = """\
{
  "id": "acme.reply-prompt",
  "version": "1.0.0",
  "kind": "prompt",
  "content": {
    "templateFile": "prompts/reply.liquid",
    "parameters": [{ "name": "tone", "type": "string" }, { "name": "mood", "type": "string" }]
  }
}
"""
REUSED_STYLE = (  # the place, by hand: STYLE's line 5, where 80 replaces the 50
    "blocks/reply-style.json:5:62: error[version-reused]: /content/values/refundLimit: block "
    '"acme.reply-style" version 1.0.0 is also at {ref} with other content (50 there, 80 '
    "here), and a released version never changes: give it version 1.0.1\n"
    "1 error, 0 warnings in 1 file\n"
)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose pack is in packs/style/, released as commit `v1.0.0`."""
    repo = init_repo(tmp_path / "repo")
    pack = repo / "packs" / "style"
    (pack / "blocks" / "prompts").mkdir(parents=True)
    (pack / "pyproject.toml").write_text(PYPROJECT, "utf-8")
    (pack / "blocks" / "reply-style.json").write_text(STYLE, "utf-8")
    (pack / "blocks" / "reply-prompt.json").write_text(PROMPT, "utf-8")
    (pack / "blocks" / "prompts" / "reply.liquid").write_text("Reply in {{ tone }}.\n", "utf-8")
    (repo / "README.md").write_text("not the pack\n", "utf-8")
    commit_all(repo, "release")
    git(repo, "tag", "v1.0.0")
    return repo


def _pack(repo: Path) -> Path:
    return repo / "packs" / "style"


def _change_values(pack: Path) -> None:
    edit_text(pack / "blocks" / "reply-style.json", '"refundLimit": 50', '"refundLimit": 80')


def _bump(pack: Path) -> None:
    edit_text(pack / "blocks" / "reply-style.json", '"version": "1.0.0"', '"version": "1.0.1"')


def test_values_changed_without_a_new_version(repo: Path) -> None:
    """`check --against` a revision fails naming the file and the pointer, committed or
    not; a new version makes it pass."""
    pack = _pack(repo)
    _change_values(pack)
    run = run_cli("check", str(pack), "--against", "HEAD")
    assert (run.returncode, run.stdout, run.stderr) == (1, REUSED_STYLE.format(ref="HEAD"), "")
    commit_all(repo, "values")
    run = run_cli("check", str(pack), "--against", "HEAD~1")
    assert (run.returncode, run.stdout, run.stderr) == (1, REUSED_STYLE.format(ref="HEAD~1"), "")
    _bump(pack)
    commit_all(repo, "bump")
    run = run_cli("check", str(pack), "--against", "v1.0.0")
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


def test_template_file_changed_without_a_new_version(repo: Path) -> None:
    """A prompt's template file edited: the error names the block file and /content/template
    (the index holds the template read from its file)."""
    pack = _pack(repo)
    (pack / "blocks" / "prompts" / "reply.liquid").write_text("Reply in {{ mood }}.\n", "utf-8")
    run = run_cli("check", str(pack), "--against", "HEAD")
    assert run.returncode == 1
    assert run.stdout.splitlines()[0] == (
        # The index's /content/template is the block file's "content" (5:3): its nearest.
        "blocks/reply-prompt.json:5:3: error[version-reused]: /content/template: block "
        '"acme.reply-prompt" version 1.0.0 is also at HEAD with other content ("Reply in '
        '{{ tone }}.\\n" there, "Reply in {{ mood }}.\\n" here), and a released version never '
        "changes: give it version 1.0.1"
    )


def test_moved_file_is_no_change(repo: Path) -> None:
    """Blocks and their template moved to other folders, content the same: clean."""
    pack = _pack(repo)
    (pack / "blocks" / "x").mkdir()
    git(repo, "mv", "packs/style/blocks/reply-style.json", "packs/style/blocks/x/style.json")
    git(repo, "mv", "packs/style/blocks/prompts", "packs/style/blocks/p")
    edit_text(pack / "blocks" / "reply-prompt.json", "prompts/reply.liquid", "p/reply.liquid")
    commit_all(repo, "move")
    run = run_cli("check", str(pack), "--against", "HEAD~1")
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")


def test_environment_and_option_and_flag(repo: Path) -> None:
    """KINDGI_AGAINST names the reference for CI; the hook option wins over it, and
    --against over both."""
    pack = _pack(repo)
    _change_values(pack)
    commit_all(repo, "values")
    run = run_cli("check", str(pack), env={"KINDGI_AGAINST": "HEAD~1"})
    assert (run.returncode, run.stdout) == (1, REUSED_STYLE.format(ref="HEAD~1"))
    edit_text(
        pack / "pyproject.toml",
        "[tool.hatch.build.hooks.kindgi]\n",
        '[tool.hatch.build.hooks.kindgi]\nagainst = "HEAD"\n',
    )
    run = run_cli("check", str(pack), env={"KINDGI_AGAINST": "HEAD~1"})
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")
    run = run_cli("check", str(pack), "--against", "v1.0.0", env={"KINDGI_AGAINST": "HEAD"})
    assert (run.returncode, run.stdout) == (1, REUSED_STYLE.format(ref="v1.0.0"))


def test_index_json_reference(repo: Path, tmp_path: Path) -> None:
    """An index.json written at the release is a reference; `index` writes nothing when
    the comparison fails."""
    pack = _pack(repo)
    released = tmp_path / "released-index.json"
    assert run_cli("index", str(pack), "-o", str(released)).returncode == 0
    _change_values(pack)
    output = tmp_path / "out" / "index.json"
    run = run_cli("index", str(pack), "-o", str(output), "--against", str(released))
    assert (run.returncode, run.stdout) == (1, REUSED_STYLE.format(ref=released))
    assert not output.parent.exists()
    _bump(pack)
    run = run_cli("index", str(pack), "-o", str(output), "--against", str(released))
    assert run.returncode == 0, run.stdout + run.stderr
    versions = [b["version"] for b in json.loads(output.read_bytes())["blocks"]]
    assert versions == ["1.0.0", "1.0.1"]


def test_wheel_reference(repo: Path, tmp_path: Path) -> None:
    """A wheel built at the release is a reference, read from its <package>/index.json."""
    pack = _pack(repo)
    built = run_build(pack, tmp_path / "dist", isolated=False)
    assert built.returncode == 0, built.stderr
    [wheel] = built.wheels
    assert "acme_style/index.json" in wheel_files(wheel)
    _change_values(pack)
    run = run_cli("check", str(pack), "--against", str(wheel))
    assert (run.returncode, run.stdout) == (1, REUSED_STYLE.format(ref=wheel))


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_build_with_the_against_option(
    repo: Path, tmp_path: Path, isolated: bool, isolated_env: dict[str, str]
) -> None:
    """`python -m build --wheel` with `against = "v1.0.0"` fails on a reused version with
    the report naming the file and pointer, builds nothing, and builds once bumped."""
    pack = _pack(repo)
    edit_text(
        pack / "pyproject.toml",
        "[tool.hatch.build.hooks.kindgi]\n",
        '[tool.hatch.build.hooks.kindgi]\nagainst = "v1.0.0"\n',
    )
    _change_values(pack)
    env = isolated_env if isolated else build_env()
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=env)
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    assert report_of(run.stderr) == REUSED_STYLE.format(ref="v1.0.0")
    assert run.artifacts == []
    _bump(pack)
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=env)
    assert run.returncode == 0, run.stderr
    [wheel] = run.wheels
    index = json.loads(wheel_files(wheel)["acme_style/index.json"])
    assert [(b["id"], b["version"]) for b in index["blocks"]] == [
        ("acme.reply-prompt", "1.0.0"),
        ("acme.reply-style", "1.0.1"),
    ]


def test_sdist_then_wheel_compares_once(repo: Path, tmp_path: Path) -> None:
    """`python -m build` (sdist, then a wheel from it): the sdist build compares in the git
    checkout and refuses a reused version; the wheel, built from the unpacked sdist where
    there is no history, says it was compared then."""
    pack = _pack(repo)
    _change_values(pack)
    env = build_env({"KINDGI_AGAINST": "v1.0.0"})
    run = run_build(pack, tmp_path / "dist", isolated=False, args=(), env=env)
    assert run.returncode != 0
    assert report_of(run.stderr) == REUSED_STYLE.format(ref="v1.0.0")
    assert run.artifacts == []
    _bump(pack)
    run = run_build(pack, tmp_path / "dist", isolated=False, args=(), env=env)
    assert run.returncode == 0, run.stderr
    assert len(run.wheels) == 1
    assert (
        "kindgi: note: an unpacked sdist: it was compared with v1.0.0 when it was built"
        in run.stderr.splitlines()
    )


def test_reference_problems_are_reported_not_raised(repo: Path, tmp_path: Path) -> None:
    """An index.json that is not one, a wheel without an index: exit 1 with one problem
    each, never a traceback. A revision git doesn't know, or a pack outside git, is the
    argument's fault, not the pack's: a usage error (exit 2), its reason on stderr."""
    pack = _pack(repo)
    outside = tmp_path / "outside" / "style"
    shutil.copytree(pack, outside)
    (tmp_path / "notes.json").write_text('{"notes": []}', "utf-8")
    shutil.make_archive(str(tmp_path / "empty"), "zip", pack / "blocks")
    (tmp_path / "empty.zip").rename(tmp_path / "empty.whl")
    cases = {
        (pack, str(tmp_path / "notes.json")): "against-index",
        (pack, str(tmp_path / "empty.whl")): "against-wheel",
    }
    ceiling = {"GIT_CEILING_DIRECTORIES": str(tmp_path / "outside")}
    usage = {
        (pack, "v9.9.9"): "git knows no commit by this name in the repository at ",
        (outside, "HEAD"): "the pack is not in a git repository",
        (pack, str(tmp_path / "gone.json")): "there is no such file",
    }
    for (where, ref), said in usage.items():
        run = run_cli("check", str(where), "--against", ref, env=ceiling)
        assert (run.returncode, run.stdout) == (2, ""), (ref, run.stderr)
        assert run.stderr.startswith(f'hatch-kindgi check: --against "{ref}": {said}'), ref
        assert run.stderr.count("\n") == 1
    for (where, ref), code in cases.items():
        run = run_cli("check", str(where), "--against", ref, env=ceiling)
        assert run.returncode == 1, (ref, run.stdout)
        assert "Traceback" not in run.stdout + run.stderr
        first = run.stdout.splitlines()[0]
        assert first.startswith(f'.: error[{code}]: --against "{ref}": '), first


def test_new_pack_is_a_note(repo: Path) -> None:
    """A pack the reference doesn't have yet: nothing to compare, a note, exit 0."""
    second = repo / "packs" / "new"
    second.mkdir()
    (second / "pyproject.toml").write_text(
        scratch_pyproject("acme-new", "acme.style", sdk=False), "utf-8"
    )
    run = run_cli("check", str(second), "--against", "HEAD")
    assert (run.returncode, run.stdout) == (0, "")
    assert run.stderr == (
        "hatch-kindgi: note: HEAD has no packs/new/pyproject.toml: a new pack, so there is "
        "nothing to compare with\n"
    )


AGENT = '''\
"""An agent whose instructions are its own text."""

from kindgi import Agent

drafter = Agent(
    id="acme.ledger.reply-drafter",
    version="1.0.0",
    name="Reply drafter",
    instructions="Draft short replies. Never promise a refund over 50 EUR.",
    capabilities=[{"needs": [{"feature": "tool-use"}]}],
    tools=[{"id": "acme.ledger.total", "version": "^1.0.0"}],
)
'''


@pytest.mark.sdk
def test_agent_instructions_changed_without_a_new_version(tmp_path: Path) -> None:
    """The full pack with an agent's own instructions: edited under version 1.0.0, `check`
    and a real build fail naming agents/drafter.py and /instructions; 1.0.1 passes."""
    pack = copy_pack("full", tmp_path)
    (pack / "agents" / "drafter.py").write_text(AGENT, "utf-8")
    init_repo(pack)
    commit_all(pack, "release")
    edit_text(pack / "agents" / "drafter.py", "over 50 EUR", "over 80 EUR")
    expected = (
        "agents/drafter.py: error[version-reused]: /instructions: agent "
        '"acme.ledger.reply-drafter" version 1.0.0 is also at HEAD with other content '
        '("…refund over 50 EUR." there, "…refund over 80 EUR." here), and a released version '
        "never changes: give it version 1.0.1\n"
        "1 error, 0 warnings in 1 file\n"
    )
    run = run_cli("check", str(pack), "--against", "HEAD")
    assert (run.returncode, run.stdout, run.stderr) == (1, expected, "")
    built = run_build(
        pack, tmp_path / "dist", isolated=False, env=build_env({"KINDGI_AGAINST": "HEAD"})
    )
    assert built.returncode != 0
    assert report_of(built.stderr) == expected
    assert built.artifacts == []
    edit_text(pack / "agents" / "drafter.py", 'version="1.0.0"', 'version="1.0.1"')
    run = run_cli("check", str(pack), "--against", "HEAD")
    assert (run.returncode, run.stdout, run.stderr) == (0, "", "")
    built = run_build(
        pack, tmp_path / "dist", isolated=False, env=build_env({"KINDGI_AGAINST": "HEAD"})
    )
    assert built.returncode == 0, built.stderr
    assert len(built.wheels) == 1


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """testpacks/history as two commits: before/, then after/ in its place."""
    repo = init_repo(tmp_path_factory.mktemp("history") / "pack")
    replace_tree(HISTORY / "before", repo)
    commit_all(repo, "before")
    replace_tree(HISTORY / "after", repo)
    commit_all(repo, "after")
    return repo


@pytest.mark.sdk
@pytest.mark.parametrize(
    ("style", "golden"), [("text", "diff.txt"), ("markdown", "diff.md"), ("json", "diff.json")]
)
def test_diff_matches_golden(history: Path, style: str, golden: str) -> None:
    """`diff HEAD~1` on the prepared history prints exactly the hand-written golden file."""
    run = run_cli("diff", "HEAD~1", str(history), "--format", style)
    assert (run.returncode, run.stderr) == (0, "")
    assert run.stdout == (HISTORY / "expected" / golden).read_text("utf-8")


@pytest.mark.sdk
def test_diff_json_validates_against_shipped_schema(history: Path) -> None:
    """--format json satisfies the schema the package ships, and the schema is strict enough
    to refuse a diff missing a key."""
    schema = json.loads(DIFF_SCHEMA.read_text("utf-8"))
    Draft202012Validator.check_schema(schema)
    document = json.loads(run_cli("diff", "HEAD~1", str(history), "--format", "json").stdout)
    assert list(Draft202012Validator(schema).iter_errors(document)) == []
    del document["reused"][0]["nextVersion"]
    assert list(Draft202012Validator(schema).iter_errors(document)) != []


@pytest.mark.sdk
def test_check_on_the_history(history: Path) -> None:
    """`check --against HEAD~1` on the same history: the reused version is the one error."""
    run = run_cli("check", str(history), "--against", "HEAD~1")
    assert (run.returncode, run.stdout, run.stderr) == (
        1,
        "blocks/reply-style.json:7:51: error[version-reused]: /content/values/refundLimit: block "
        '"acme.reply-style" version 1.0.0 is also at HEAD~1 with other content (50 there, 80 '
        "here), and a released version never changes: give it version 1.0.1\n"
        "1 error, 0 warnings in 1 file\n",
        "",
    )


def test_diff_of_an_unknown_reference_is_a_usage_error(repo: Path, tmp_path: Path) -> None:
    """`diff` with a REF that names nothing here: exit 2, why on stderr, no diff; with one
    it can't read (an index.json that is none), exit 2 too, the problem on stderr: no diff
    can be made."""
    run = run_cli("diff", "nope", str(_pack(repo)))
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.startswith('hatch-kindgi diff: REF "nope": git knows no commit ')
    (tmp_path / "notes.json").write_text('{"notes": []}', "utf-8")
    run = run_cli("diff", str(tmp_path / "notes.json"), str(_pack(repo)))
    assert (run.returncode, run.stdout) == (2, "")
    assert run.stderr.startswith(".: error[against-index]: REF ")


def test_an_unknown_reference_in_the_hook_option_is_the_packs_problem(repo: Path) -> None:
    """The hook option `against` naming no revision: a problem of pyproject.toml, exit 1."""
    pack = _pack(repo)
    edit_text(
        pack / "pyproject.toml",
        "[tool.hatch.build.hooks.kindgi]\n",
        '[tool.hatch.build.hooks.kindgi]\nagainst = "v9.9.9"\n',
    )
    run = run_cli("check", str(pack))
    assert run.returncode == 1
    first = run.stdout.splitlines()[0]
    # On line 14, `against = "v9.9.9"`: the value from column 11.
    assert first.startswith(
        'pyproject.toml:14:11: error[against-unknown-ref]: option `against` "v9.9.9"'
    )


def test_revision_code_without_the_sdk_compares_blocks_only(
    repo: Path, bare_python: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the SDK is not installed, the revision's code is not indexed (nothing of it is
    imported): its blocks are still compared, and a note says so."""
    pack = _pack(repo)
    (pack / "agents").mkdir()
    (pack / "agents" / "drafter.py").write_text(AGENT, "utf-8")
    commit_all(repo, "with an agent")
    shutil.rmtree(pack / "agents")
    _change_values(pack)
    monkeypatch.setattr(sys, "executable", str(bare_python))
    result = run_pipeline(pack, RunRequest(environ=GOLDEN_ENV, against="HEAD"))
    assert [(p.code, p.file) for p in result.problems] == [
        ("version-reused", "blocks/reply-style.json")
    ]
    assert result.notes == (
        "the kindgi SDK is not installed here, so the code at HEAD was not indexed: only "
        "blocks are compared",
    )
    assert result.comparison is not None
    assert result.comparison.diff.removed == ()


def test_revision_with_problems_of_its_own(repo: Path) -> None:
    """A revision whose pack had a broken block: its other entries are compared, its
    problems are not this change's, and a note says entries were left out."""
    pack = _pack(repo)
    (pack / "blocks" / "broken.json").write_text("{", "utf-8")
    commit_all(repo, "a broken block")
    (pack / "blocks" / "broken.json").unlink()
    _change_values(pack)
    result = run_pipeline(pack, RunRequest(environ=GOLDEN_ENV, against="HEAD"))
    assert [(p.code, p.file) for p in result.problems] == [
        ("version-reused", "blocks/reply-style.json")
    ]
    assert result.notes == (
        "the pack at HEAD has errors of its own: its entries with errors are left out",
    )


@pytest.mark.sdk
def test_blocks_with_errors_are_not_dropped_ranges(tmp_path: Path) -> None:
    """Released with its blocks whole, then each block broken: against that release, each
    block's own error and nothing else (no agent-range-dropped, no agent-block-missing: the
    pack brings them still)."""
    pack = copy_pack("broken/agent-block-with-error", tmp_path)
    golden = (pack / "expected.txt").read_text("utf-8").splitlines()
    writer = pack / "agents" / "writer.py"
    writer.write_text(writer.read_text("utf-8").split("\n# Checked against")[0] + "\n", "utf-8")
    broken = {
        name: (pack / "blocks" / name).read_text("utf-8")
        for name in ("reply.json", "style.json", "model.json")
    }
    edit_text(pack / "blocks" / "reply.json", "a formal tone", "a formal tone{% endif %}")
    edit_text(pack / "blocks" / "style.json", '"maxSentences": 0', '"maxSentences": 1')
    edit_text(pack / "blocks" / "model.json", '"shema"', '"schema"')
    edit_text(pack / "blocks" / "model.json", '"temperature": 3', '"temperature": 1')
    released = tmp_path / "released.json"
    run = run_cli("index", str(pack), "-o", str(released))
    assert run.returncode == 0, run.stdout + run.stderr
    for name, text in broken.items():
        (pack / "blocks" / name).write_text(text, "utf-8")
    run = run_cli("check", str(pack), "--against", str(released))
    block_lines = [line for line in golden[:-1] if line.startswith("blocks/")]
    assert run.stdout.splitlines() == [*block_lines, "3 errors, 0 warnings in 3 files"]
