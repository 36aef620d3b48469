"""The report: sorted, deduplicated, one line a problem, and a summary."""

from __future__ import annotations

import io
import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from hatch_kindgi.report.formats import (
    MAX_PER_FILE,
    encodable,
    format_github,
    format_json,
    format_text,
)
from hatch_kindgi.report.order import fails, ordered
from hatch_kindgi.report.problems import Problem, error, warning


def test_text_report_sorted_and_deduplicated() -> None:
    """Problems sort by file, line, column, code; duplicates print once."""
    problems = [
        warning("liquid-unknown-variable", "blocks/b.liquid", "reads `x`", line=2, column=4),
        error("settings-values", "blocks/a.json", "-1 is less than 0", pointer="/content/values/n"),
        error("block-json", "blocks/b.json", "Expecting value", line=3, column=1),
        error("block-json", "blocks/b.json", "Expecting value", line=3, column=1),
        error("config-missing", "pyproject.toml", "`tool.kindgi.pack.id` is missing"),
    ]
    assert format_text(problems) == (
        "blocks/a.json: error[settings-values]: /content/values/n: -1 is less than 0\n"
        "blocks/b.json:3:1: error[block-json]: Expecting value\n"
        "blocks/b.liquid:2:4: warning[liquid-unknown-variable]: reads `x`\n"
        "pyproject.toml: error[config-missing]: `tool.kindgi.pack.id` is missing\n"
        "3 errors, 1 warning in 4 files\n"
    )


def test_singular_summary() -> None:
    """One of each reads naturally."""
    expected = "f: error[block-json]: m\n1 error, 0 warnings in 1 file\n"
    assert format_text([error("block-json", "f", "m")]) == expected


def test_github_annotations_escape() -> None:
    """Annotation properties and data are escaped as GitHub's workflow commands require (a
    newline can't reach them: the problem holds it as `\\n` already)."""
    problems = [error("block-json", "blocks/a,b:c.json", "50% bad\nnext", line=1, column=2)]
    assert format_github(problems) == (
        "::error file=blocks/a%2Cb%3Ac.json,line=1,col=2,title=kindgi block-json::"
        "50%25 bad\\nnext\n"
    )


def test_strict_fails_on_warnings() -> None:
    """Warnings alone pass unless strict."""
    only_warning = [warning("liquid-unknown-variable", "f", "m")]
    assert not fails(only_warning, strict=False)
    assert fails(only_warning, strict=True)
    assert fails([error("block-json", "f", "m")], strict=False)


def test_color_marks_place_and_severity() -> None:
    """With colour, the place is bold and the severity red (error) or yellow (warning)."""
    problems = [
        error("block-json", "a.json", "m", line=1, column=2),
        warning("sdk-warning", "b", "w"),
    ]
    assert format_text(problems, color=True) == (
        "\033[1ma.json:1:2\033[0m: \033[31merror[block-json]\033[0m: m\n"
        "\033[1mb\033[0m: \033[33mwarning[sdk-warning]\033[0m: w\n"
        "1 error, 1 warning in 2 files\n"
    )


def test_pointers_sort_by_segments_numbers_as_numbers() -> None:
    """`/tools/2` comes before `/tools/10`; a key that is no number after every number."""
    pointers = ["/tools/10", "/tools/2", "/tools/1/x", "/tools/a", "/tools", "/tools/02", None]
    problems = [error("block-shape", "f.json", "m", pointer=pointer) for pointer in pointers]
    assert [p.pointer for p in ordered(problems)] == [
        None,
        "/tools",
        "/tools/1/x",
        "/tools/02",
        "/tools/2",
        "/tools/10",
        "/tools/a",
    ]


def test_pointer_order_within_a_report() -> None:
    """The text report of a file lists its parameters in order, however many there are."""
    problems = [
        error("block-parameter", "b.json", "bad", pointer=f"/content/parameters/{n}/type")
        for n in (11, 9, 100, 0, 1)
    ]
    assert [line.split(": ")[2] for line in format_text(problems).splitlines()[:-1]] == [
        f"/content/parameters/{n}/type" for n in (0, 1, 9, 11, 100)
    ]


def test_a_huge_digit_segment_sorts_without_converting_it() -> None:
    """A 900-digit segment sorts as a number."""
    big = "9" * 900
    problems = [error("block-shape", "f", "m", pointer=p) for p in (f"/{big}", "/10")]
    assert [p.pointer for p in ordered(problems)] == ["/10", f"/{big}"]


def _many(file: str, count: int) -> list[Problem]:
    return [
        error("json-number", file, "NaN is not JSON; write a number or null", line=n, column=2)
        for n in range(1, count + 1)
    ]


def test_text_report_caps_the_problems_of_one_file() -> None:
    """Past MAX_PER_FILE problems in one file, one line says how many more; the summary counts
    every problem."""
    problems = [
        *_many("blocks/nan.json", 60),
        warning("sdk-warning", "blocks/nan.json", "w", line=99, column=1),
    ]
    problems += _many("blocks/ok.json", 2)
    lines = format_text(problems).splitlines()
    nan_lines = [line for line in lines if line.startswith("blocks/nan.json:")]
    assert len(nan_lines) == MAX_PER_FILE + 1
    assert nan_lines[:MAX_PER_FILE] == [
        f"blocks/nan.json:{n}:2: error[json-number]: NaN is not JSON; write a number or null"
        for n in range(1, MAX_PER_FILE + 1)
    ]
    assert nan_lines[-1] == (
        "blocks/nan.json: … and 11 more problems in this file (10 errors, 1 warning)"
    )
    assert lines[-3:-1] == [
        "blocks/ok.json:1:2: error[json-number]: NaN is not JSON; write a number or null",
        "blocks/ok.json:2:2: error[json-number]: NaN is not JSON; write a number or null",
    ]
    assert lines[-1] == "62 errors, 1 warning in 2 files"


def test_cap_counts_in_thousands() -> None:
    """Large counts read with thousands separators; exactly MAX_PER_FILE shows no extra line."""
    lines = format_text(_many("a.json", 250_000)).splitlines()
    assert lines[-2] == "a.json: … and 249,950 more problems in this file (249,950 errors)"
    assert lines[-1] == "250000 errors, 0 warnings in 1 file"
    assert len(format_text(_many("a.json", MAX_PER_FILE)).splitlines()) == MAX_PER_FILE + 1


def test_json_report_caps_and_says_what_it_left_out() -> None:
    """The JSON report holds the problems the text shows and, per file, the count of the rest."""
    document = json.loads(format_json([*_many("a.json", 53), *_many("b.json", 1)], failed=True))
    assert len(document["problems"]) == MAX_PER_FILE + 1
    assert document["omitted"] == [{"file": "a.json", "errors": 3, "warnings": 0}]
    assert document["summary"]["errors"] == 54
    schema = json.loads(
        resources.files("hatch_kindgi.report").joinpath("report.schema.json").read_text("utf-8")
    )
    assert list(Draft202012Validator(schema).iter_errors(document)) == []


def test_github_report_caps_with_a_notice() -> None:
    """Annotations too: the first MAX_PER_FILE, then one notice with the count of the rest."""
    lines = format_github(_many("a.json", 52)).splitlines()
    assert len(lines) == MAX_PER_FILE + 1
    assert (
        lines[-1]
        == "::notice file=a.json,title=kindgi::… and 2 more problems in this file (2 errors)"
    )


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "utf-8", "cp1252", "utf-16"])
def test_every_format_is_writable_in_any_encoding(encoding: str) -> None:
    """Whatever the stream's encoding, every report can be written: what it can't carry is
    written as a backslash escape."""
    problems = [
        error("block-unknown-key", "blocks/café.json", 'unknown key "\ud800oops" … ±'),
        warning("liquid-unknown-variable", "blocks/日本.liquid", "reads «x» 🎉"),
    ]
    for report in (
        format_text(problems),
        format_text(problems, color=True),
        format_json(problems, failed=True),
        format_github(problems),
    ):
        stream = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
        stream.write(encodable(report, stream.encoding))
        stream.flush()
        written = stream.buffer.getvalue().decode(encoding)
        assert written.count("\n") == report.count("\n")
        if encoding.startswith("utf"):
            assert written == report


def test_encodable_keeps_what_the_encoding_carries() -> None:
    """Only what the encoding lacks is escaped; an unknown encoding falls back to ASCII."""
    assert encodable("café … x", "latin-1") == "café \\u2026 x"
    assert encodable("café", "ascii") == "caf\\xe9"
    assert encodable("café", None) == "café"
    assert encodable("café", "no-such-codec") == "caf\\xe9"


def _oracle_key(problem: Problem) -> tuple[object, ...]:
    segments = (problem.pointer or "").split("/")[1:]
    pointer = [(0, int(s), s) if s.isdigit() else (1, 0, s) for s in segments]
    return (
        problem.file,
        problem.line or 0,
        problem.column or 0,
        problem.code,
        pointer,
        problem.message,
        problem.severity,
    )


_SMALL = st.sampled_from(["a", "b", "1", "2", "10", "01"])


@given(
    st.lists(
        st.builds(
            Problem,
            severity=st.sampled_from(["error", "warning"]),
            code=st.sampled_from(["block-json", "block-shape"]),
            file=st.sampled_from(["a.json", "b.json"]),
            message=_SMALL,
            line=st.one_of(st.none(), st.integers(1, 3)),
            column=st.one_of(st.none(), st.integers(1, 3)),
            pointer=st.one_of(
                st.none(), st.lists(_SMALL, min_size=1, max_size=3).map(lambda p: "/" + "/".join(p))
            ),
        ),
        max_size=30,
    )
)
@settings(max_examples=300, deadline=None)
def test_order_is_the_documented_one(problems: list[Problem]) -> None:
    """`ordered` sorts as its docstring says, however problems tie."""
    assert ordered(problems) == sorted(set(problems), key=_oracle_key)
