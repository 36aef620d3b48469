"""Real builds of packs that attack the report: hostile names and keys, names that are not
UTF-8, and faults by the hundred thousand. Every build ends, with one line a problem, in any
output encoding, and builds nothing."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests.helpers.golden import GOLDEN_ENV, expected_report, tree_digest
from tests.helpers.packs import BROKEN, build_env, report_of, run_build, scratch_pyproject

pytestmark = pytest.mark.slow

DEADLINE = 300.0
"""Seconds a hostile build may take (a few without the hostile part); a hang fails the test."""

# One report line: FILE[:LINE:COL]: SEVERITY[CODE]: MESSAGE, or a file's count of the rest.
REPORT_LINE = re.compile(
    r"[^\s:][^:]*(:\d+:\d+)?: ((error|warning)\[[a-z0-9-]+\]: .+|… and [0-9,]+ more problems? in "
    r"this file \(.+\))"
)
ANNOTATION = re.compile(
    r"::(error|warning|notice) file=[^,:\n]+(,line=\d+(,col=\d+)?)?,title=kindgi( [a-z0-9-]+)?::"
    r"[^\r\n]*"
)
PYPROJECT = scratch_pyproject("hostile-report", "acme.hostile", sdk=False)


def _prompt(block_id: str, extra: dict[str, object] | None = None, **content: object) -> str:
    block = {"id": block_id, "version": "1.0.0", "kind": "prompt", "content": content}
    return json.dumps({**block, **(extra or {})}, indent=2) + "\n"


def _assert_report_lines(report: str) -> None:
    lines = report.splitlines()
    assert all(REPORT_LINE.fullmatch(line) for line in lines[:-1]), lines
    assert all(line.isprintable() for line in lines)


@pytest.mark.parametrize("encoding", ["utf-8", "ascii", "latin-1"])
def test_hostile_names_and_keys_under_github_actions(tmp_path: Path, encoding: str) -> None:
    """ESC, BEL, CR/LF, C1, bidi controls and a lone surrogate in keys, and a newline in a file
    name: under GITHUB_ACTIONS=true, in any output encoding, the build fails with one report
    line and one annotation a problem (a lone surrogate once crashed the annotations)."""
    pack = tmp_path / "pack"
    shutil.copytree(BROKEN / "report-escaping", pack)
    (pack / "blocks" / "bad name\n.json").write_text(
        _prompt("acme.newline", {"owner": 1}, template="x"), encoding="utf-8"
    )
    before = tree_digest(pack)
    env = build_env({**GOLDEN_ENV, "GITHUB_ACTIONS": "true", "PYTHONIOENCODING": encoding})
    run = run_build(pack, tmp_path / "dist", isolated=False, env=env, encoding=encoding)
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    expected = (
        'blocks/bad name\\n.json:8:3: error[block-unknown-key]: /owner: unknown key "owner" '
        "(the runtime would ignore it; hatch-kindgi refuses it so that a misspelt key can't "
        "pass unseen)\n"
        + expected_report("report-escaping").replace("11 errors, 0 warnings in 1 file\n", "")
        + "12 errors, 0 warnings in 2 files\n"
    )
    assert report_of(run.stderr) == expected.encode(encoding, "backslashreplace").decode(encoding)
    _assert_report_lines(report_of(run.stderr))
    annotations = [line for line in run.stdout.splitlines() if line.startswith("::")]
    assert len(annotations) == 12
    assert all(ANNOTATION.fullmatch(line) and line.isprintable() for line in annotations)
    forged = ("pyproject.toml: error[config-parse]", "blocks/hostile.json: error[block-json]")
    assert not any(line.startswith(forged) for line in (run.stdout + run.stderr).splitlines())
    assert run.artifacts == []
    assert tree_digest(pack) == before


def _undecodable(path: Path, name: bytes, text: str) -> None:
    try:
        (path / os.fsdecode(name)).write_text(text, encoding="utf-8")
    except OSError:  # pragma: no cover (macOS refuses such names)
        pytest.skip("this file system refuses names that are not UTF-8")


@pytest.mark.parametrize("isolated", [False, True], ids=["no-isolation", "isolated"])
def test_names_that_are_not_utf8_are_refused(
    tmp_path: Path, isolated: bool, request: pytest.FixtureRequest
) -> None:
    """A block file and a code module whose names are not UTF-8 (the block once built, its
    modulePath holding lone surrogates) fail the build, each named with its bytes escaped; a
    templateFile naming such a file is refused too."""
    pack = tmp_path / "pack"
    (pack / "blocks").mkdir(parents=True)
    (pack / "tools").mkdir()
    (pack / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (pack / "blocks" / "ok.json").write_text(_prompt("acme.ok", template="Hi"), encoding="utf-8")
    _undecodable(pack / "blocks", b"bad\xff.json", _prompt("acme.bad", template="Hi"))
    _undecodable(pack / "tools", b"t\xe9.py", "x = 1\n")
    _undecodable(pack / "blocks", b"t\xfe.liquid", "Hi")
    (pack / "blocks" / "by-template.json").write_text(
        _prompt("acme.by-template", templateFile="t\udcfe.liquid"), encoding="utf-8"
    )
    before = tree_digest(pack)
    env = build_env(GOLDEN_ENV)
    if isolated:
        env = {**request.getfixturevalue("isolated_env"), **GOLDEN_ENV}
    run = run_build(pack, tmp_path / "dist", isolated=isolated, env=env)
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    reason = (
        "error[file-name-encoding]: the path is not valid UTF-8 (the bytes shown as \\xHH are "
        "not); rename it: the index is UTF-8 JSON and names every file by its path"
    )
    assert report_of(run.stderr) == (
        f"blocks/bad\\xff.json: {reason}\n"
        "blocks/by-template.json:6:21: error[template-file]: /content/templateFile: "
        'templateFile "t\\udcfe.liquid" holds a lone surrogate (\\udcfe), which is not Unicode; '
        "no file of "
        "the pack can have that name\n"
        f"tools/t\\xe9.py: {reason}\n"
        "3 errors, 0 warnings in 3 files\n"
    )
    assert run.artifacts == []
    assert tree_digest(pack) == before


def test_a_quarter_million_nan_finishes_with_a_short_report(tmp_path: Path) -> None:
    """A block of 250,000 NaN (once killed at 40 s, with a 21.8 MB report) fails the build
    with the first 50 problems and a count of the rest; the summary counts them all."""
    pack = tmp_path / "pack"
    (pack / "blocks").mkdir(parents=True)
    (pack / "pyproject.toml").write_text(f"{PYPROJECT}max-file-size = 8000000\n", "utf-8")
    values = ",\n".join("        NaN" for _ in range(250_000))
    (pack / "blocks" / "nan.json").write_text(
        '{\n  "id": "acme.nan",\n  "version": "1.0.0",\n  "kind": "settings",\n'
        f'  "content": {{\n    "values": {{\n      "v": [\n{values}\n      ]\n    }}\n  }}\n}}\n',
        encoding="utf-8",
    )
    env = build_env(GOLDEN_ENV)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=env, timeout=DEADLINE)
    assert run.returncode != 0
    assert "Traceback" not in run.stdout + run.stderr
    report = report_of(run.stderr)
    assert report.splitlines() == [
        *(
            f"blocks/nan.json:{8 + n}:9: error[json-number]: /content/values/v/{n}: NaN is not "
            "JSON; write a number or null"
            for n in range(50)
        ),
        "blocks/nan.json: … and 249,950 more problems in this file (249,950 errors)",
        "250000 errors, 0 warnings in 1 file",
    ]
    _assert_report_lines(report)
    assert len(run.stderr) < 100_000
    assert run.artifacts == []


def test_thousands_of_unknown_variables_finish(tmp_path: Path) -> None:
    """A template reading 5,000 unknown variables builds (they are warnings), with 50 of them
    shown, each with its hint, and a count of the rest.

    The block declares the 50 parameters the shown hints name, not 5,000: 5,000 hints among
    5,000 names finishing is tests/unit/blocks/test_liquid.py's (the same check_template the
    build runs, in a child with a deadline), so the build doesn't pay that search again."""
    pack = tmp_path / "pack"
    (pack / "blocks").mkdir(parents=True)
    (pack / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    parameters = [{"name": f"param_{n:04d}", "type": "string"} for n in range(50)]
    template = "\n".join(f"{{{{ parm_{n:04d} }}}}" for n in range(5000))
    (pack / "blocks" / "p.liquid").write_text(template, encoding="utf-8")
    (pack / "blocks" / "p.json").write_text(
        _prompt("acme.p", templateFile="p.liquid", parameters=parameters), encoding="utf-8"
    )
    env = build_env(GOLDEN_ENV)
    run = run_build(pack, tmp_path / "dist", isolated=False, env=env, timeout=DEADLINE)
    assert run.returncode == 0, run.stderr
    report = report_of(run.stderr)
    lines = report.splitlines()
    assert lines[0] == (
        "blocks/p.liquid:1:4: warning[liquid-unknown-variable]: the template reads "
        '"parm_0000", which is neither a parameter nor settings; did you mean "param_0000"?'
    )
    assert lines[-2:] == [
        "blocks/p.liquid: … and 4,950 more problems in this file (4,950 warnings)",
        "0 errors, 5000 warnings in 1 file",
    ]
    assert len(lines) == 52
    _assert_report_lines(report)
    assert len(run.wheels) == 1
