"""Which reference is compared with, and reading one that is an index.json or a wheel."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from hatch_kindgi.against.reference import RefRequest, choose_reference, read_file_reference
from hatch_kindgi.report.problems import error

INDEX = {
    "v": 1,
    "packId": "acme.ledger",
    "packVersion": "1.0.0",
    "artifactVersion": "1",
    "publishedAt": "2026-01-02T03:04:05.678Z",
    "tools": [],
    "guardrails": [],
    "agents": [],
    "flows": [],
    "blocks": [
        {
            "id": "acme.s",
            "version": "1.0.0",
            "kind": "settings",
            "content": {"values": {}},
            "modulePath": "blocks/s.json",
        }
    ],
    "env": {"required": ["A"], "optional": []},
}


def _wheel(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def test_flag_wins_then_option_then_environment(tmp_path: Path) -> None:
    """--against over the hook option over KINDGI_AGAINST; the option's paths are from the
    pack root and its problems name pyproject.toml; an empty variable is no reference."""
    env = {"KINDGI_AGAINST": "v1.0.0"}
    assert choose_reference("HEAD~1", "origin/main", env, root=tmp_path) == RefRequest(
        "HEAD~1", "--against"
    )
    assert choose_reference(None, "origin/main", env, root=tmp_path) == RefRequest(
        "origin/main", "option `against`", "pyproject.toml", tmp_path
    )
    assert choose_reference(None, None, env, root=tmp_path) == RefRequest(
        "v1.0.0", "KINDGI_AGAINST"
    )
    assert choose_reference(None, None, {"KINDGI_AGAINST": " "}, root=tmp_path) is None


def test_index_json_is_read(tmp_path: Path) -> None:
    """An index.json file gives its entries and env lists."""
    path = tmp_path / "index.json"
    path.write_text(json.dumps(INDEX), "utf-8")
    read = read_file_reference(RefRequest(str(path), "--against"), None)
    assert read is not None
    entries, problems = read
    assert problems == []
    assert entries is not None
    assert [e["id"] for e in entries.of("blocks")] == ["acme.s"]
    assert (entries.env_required, entries.pack_version) == (("A",), "1.0.0")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            "{",
            "it is not JSON (Expecting property name enclosed in double quotes: line 1 "
            "column 2 (char 1))",
        ),
        ("[]", "it is not a JSON object"),
        ('{"v": 2, "packId": "a"}', 'its "v" is 2, not 1'),
        ('{"v": true, "packId": "a"}', 'its "v" is true, not 1'),
        ('{"packId": "a"}', 'its "v" is missing, not 1'),
        ('{"v": 1}', 'it has no string "packId"'),
        ('{"v": 1, "packId": "a", "tools": {}}', 'its "tools" is not a list'),
        (
            '{"v": 1, "packId": "a", "tools": [{"name": "x"}], "guardrails": [], '
            '"agents": [], "flows": []}',
            '"tools[0]" is not an entry with a string "id"',
        ),
        (
            '{"v": 1, "packId": "a", "tools": [], "guardrails": [], "agents": [], '
            '"flows": [], "env": {"required": "A"}}',
            'its "env.required" is not a list of names',
        ),
    ],
)
def test_not_an_index(tmp_path: Path, text: str, reason: str) -> None:
    """A file that is not a pack index is one problem saying why, naming the reference."""
    path = tmp_path / "old.json"
    path.write_text(text, "utf-8")
    request = RefRequest("old.json", "option `against`", "pyproject.toml", tmp_path)
    assert read_file_reference(request, None) == (
        None,
        [
            error(
                "against-index",
                "pyproject.toml",
                f'option `against` "old.json": is not a pack index.json: {reason}',
            )
        ],
    )


def test_not_utf8_index(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are named as such."""
    (tmp_path / "index.json").write_bytes(b'{"v": 1, "packId": "\xff"}')
    read = read_file_reference(RefRequest("index.json", "--against", ".", tmp_path), None)
    assert read is not None
    assert read[1][0].message == '--against "index.json": is not a pack index.json: it is not UTF-8'


def test_folder_and_missing_file(tmp_path: Path) -> None:
    """A folder is no reference; a missing .json or .whl is no such file; anything else
    that names no file is left to git (None)."""
    (tmp_path / "dist").mkdir()
    folder = read_file_reference(RefRequest("dist", "--against", ".", tmp_path), None)
    assert folder == (
        None,
        [
            error(
                "against-unknown-ref",
                ".",
                '--against "dist": is a folder; name a git revision, an index.json or a wheel '
                "built by hatch-kindgi",
            )
        ],
    )
    missing = read_file_reference(RefRequest("dist/old.whl", "--against", ".", tmp_path), None)
    assert missing == (
        None,
        [error("against-unknown-ref", ".", '--against "dist/old.whl": there is no such file')],
    )
    assert read_file_reference(RefRequest("origin/main", "--against", ".", tmp_path), None) is None


def test_wheel_index_of_the_package(tmp_path: Path) -> None:
    """A wheel's <package>/index.json is read; with one index in the wheel, that one."""
    data = json.dumps(INDEX).encode()
    wheel = _wheel(
        tmp_path / "a.whl",
        {"acme_ledger/index.json": data, "other/index.json": b"{}", "x/y/index.json": b"{}"},
    )
    read = read_file_reference(RefRequest(str(wheel), "--against"), "acme_ledger")
    assert read is not None
    assert read[1] == []
    assert read[0] is not None
    assert [e["id"] for e in read[0].of("blocks")] == ["acme.s"]
    single = _wheel(tmp_path / "b.whl", {"renamed/index.json": data, "renamed/t.py": b""})
    read = read_file_reference(RefRequest(str(single), "--against"), "acme_ledger")
    assert read is not None
    assert read[1] == []
    assert read[0] is not None
    assert [e["id"] for e in read[0].of("blocks")] == ["acme.s"]


def test_wheel_index_of_a_dotted_package(tmp_path: Path) -> None:
    """A dotted package's wheel holds its index in the package's folders (`acme/ledger/`,
    docs/wheel.md), where the wheel is read from."""
    data = json.dumps(INDEX).encode()
    wheel = _wheel(tmp_path / "a.whl", {"acme/ledger/index.json": data, "acme/ledger/t.py": b""})
    read = read_file_reference(RefRequest(str(wheel), "--against"), "acme.ledger")
    assert read is not None
    assert read[1] == []
    assert read[0] is not None


def test_wheel_without_the_index(tmp_path: Path) -> None:
    """No index at all, several none of them the package's, a bad index, not a zip."""
    _wheel(tmp_path / "none.whl", {"acme_ledger/tool.py": b""})
    _wheel(tmp_path / "two.whl", {"a/index.json": b"{}", "b/index.json": b"{}"})
    _wheel(tmp_path / "bad.whl", {"acme_ledger/index.json": b"[]"})
    (tmp_path / "zip.whl").write_bytes(b"not a zip")
    said = {}
    for name in ("none.whl", "two.whl", "bad.whl", "zip.whl"):
        read = read_file_reference(RefRequest(name, "--against", ".", tmp_path), "acme_ledger")
        assert read is not None
        assert read[0] is None
        [problem] = read[1]
        said[name] = (problem.code, problem.message)
    assert said == {
        "none.whl": (
            "against-wheel",
            '--against "none.whl": the wheel holds no <package>/index.json: it was not built '
            "by hatch-kindgi",
        ),
        "two.whl": (
            "against-wheel",
            '--against "two.whl": the wheel holds a/index.json, b/index.json, but no '
            "acme_ledger/index.json",
        ),
        "bad.whl": (
            "against-index",
            '--against "bad.whl": its acme_ledger/index.json is not a pack index.json: it is '
            "not a JSON object",
        ),
        "zip.whl": ("against-wheel", '--against "zip.whl": is not a readable wheel (zip) file'),
    }
