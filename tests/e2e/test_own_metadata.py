"""hatch-kindgi's own wheel, as PyPI shows it: a long description whose links all work there,
and Project-URLs."""

from __future__ import annotations

import email.parser
import re
import zipfile
from email.message import Message
from pathlib import Path

import pytest

from tests.helpers.packs import REPO, build_env, run_module

pytestmark = pytest.mark.slow

# A Markdown inline link or image: [text](target) or ![alt](target).
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def _metadata(wheelhouse: Path) -> Message:
    (wheel,) = wheelhouse.glob("hatch_kindgi-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        text = archive.read(name).decode("utf-8")
    return email.parser.Parser().parsestr(text)


def _project_urls(metadata: Message) -> dict[str, str]:
    urls = {}
    for line in metadata.get_all("Project-URL") or []:
        label, _, url = line.partition(", ")
        urls[label] = url
    return urls


def test_long_description_links_are_absolute_and_lead_into_the_repository(
    wheelhouse: Path,
) -> None:
    """Every link of the README as PyPI renders it is absolute; the ones into the repository
    name files that exist in it, under the Source URL."""
    metadata = _metadata(wheelhouse)
    assert metadata["Description-Content-Type"] == "text/markdown"
    description = metadata.get_payload()
    assert isinstance(description, str)
    assert description.startswith("# hatch-kindgi")
    targets = LINK.findall(description)
    assert targets, "the README has no links to check"
    relative = [target for target in targets if not re.match(r"https?://", target)]
    assert relative == []
    source = _project_urls(metadata)["Source"]
    files = {t.removeprefix(f"{source}/blob/main/") for t in targets if "/blob/main/" in t}
    folders = {t.removeprefix(f"{source}/tree/main/") for t in targets if "/tree/main/" in t}
    assert {"LICENSE", "docs/configuration.md", "docs/command-line.md"} <= files
    assert folders == {"docs/"}
    for target in files:
        path, _, fragment = target.partition("#")
        assert (REPO / path).is_file(), path
        if fragment:  # a heading of that file, as GitHub names its anchor
            assert fragment in _heading_anchors((REPO / path).read_text("utf-8")), target
    for path in folders:
        assert (REPO / path).is_dir(), path


def _heading_anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a Markdown file's headings: lowercase, punctuation dropped, spaces
    as hyphens."""
    return {
        re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        for line in markdown.splitlines()
        if line.startswith("#")
    }


def test_project_urls(wheelhouse: Path) -> None:
    """Homepage, Documentation, Source and Issues, each an https URL of the repository."""
    urls = _project_urls(_metadata(wheelhouse))
    assert sorted(urls) == ["Documentation", "Homepage", "Issues", "Source"]
    for url in urls.values():
        assert url.startswith(urls["Source"])
        assert url.startswith("https://")


def test_twine_check_strict(wheelhouse: Path) -> None:
    """`twine check --strict` passes: the long description renders, with no warning."""
    (wheel,) = wheelhouse.glob("hatch_kindgi-*.whl")
    run = run_module("twine", "check", "--strict", str(wheel), env=build_env({"NO_COLOR": "1"}))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "PASSED" in run.stdout
