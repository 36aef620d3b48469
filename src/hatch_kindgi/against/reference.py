"""Reading a reference that is a file: an index.json, or a wheel built by this plugin (its
`<package>/index.json`). Anything else names a git revision. Which reference a run compares
with is `against.request`'s (re-exported here)."""

from __future__ import annotations

import json
import re
import zipfile
import zlib
from pathlib import Path

from hatch_kindgi.against.entries import PackEntries, entries_from_index
from hatch_kindgi.against.request import ENV_AGAINST, RefRequest, choose_reference
from hatch_kindgi.config.stage import package_folder
from hatch_kindgi.report.problems import Problem

__all__ = [
    "ENV_AGAINST",
    "MAX_INDEX_BYTES",
    "RefRequest",
    "choose_reference",
    "read_file_reference",
]

MAX_INDEX_BYTES = 64 * 1024 * 1024
"""The largest reference index read, in bytes (from a file or out of a wheel)."""

_INDEX_IN_WHEEL = re.compile(r"[^/]+/index\.json")


def read_file_reference(
    request: RefRequest, package: str | None
) -> tuple[PackEntries | None, list[Problem]] | None:
    """The entries of the index.json or wheel `request` names; None when it names no file
    (then it is a git revision)."""
    path = request.path
    if path.is_dir():
        return None, [
            request.problem(
                "against-unknown-ref",
                "is a folder; name a git revision, an index.json or a wheel built by hatch-kindgi",
            )
        ]
    if not path.is_file():
        if path.suffix in (".json", ".whl"):
            return None, [request.problem("against-unknown-ref", "there is no such file")]
        return None
    if path.suffix == ".whl" or zipfile.is_zipfile(path):
        return _read_wheel(request, path, package)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_INDEX_BYTES + 1)
    except OSError as cause:
        return None, [request.problem("against-index", f"cannot be read: {cause.strerror}")]
    return _parse_index(request, data, "")


def _read_wheel(
    request: RefRequest, path: Path, package: str | None
) -> tuple[PackEntries | None, list[Problem]]:
    try:
        with zipfile.ZipFile(path) as archive:
            every = archive.namelist()
            names = [name for name in every if _INDEX_IN_WHEEL.fullmatch(name)]
            # A dotted package's index is in its folders: `acme.ledger` in acme/ledger/.
            wanted = f"{package_folder(package)}/index.json" if package else None
            if wanted in every or len(names) == 1:
                member = wanted if wanted in every else names[0]
            else:
                return None, [_no_index(request, names, wanted)]
            info = archive.getinfo(member)
            if info.file_size > MAX_INDEX_BYTES:
                return None, [_too_large(request, member)]
            with archive.open(member) as stream:
                data = stream.read(MAX_INDEX_BYTES + 1)
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError, zlib.error):
        return None, [request.problem("against-wheel", "is not a readable wheel (zip) file")]
    return _parse_index(request, data, member)


def _no_index(request: RefRequest, names: list[str], wanted: str | None) -> Problem:
    if not names:
        return request.problem(
            "against-wheel",
            "the wheel holds no <package>/index.json: it was not built by hatch-kindgi",
        )
    held = ", ".join(names)
    if wanted is None:
        return request.problem(
            "against-wheel", f"the wheel holds {held}: set the hook option `package` to pick one"
        )
    return request.problem("against-wheel", f"the wheel holds {held}, but no {wanted}")


def _too_large(request: RefRequest, member: str) -> Problem:
    where = f"its {member} " if member else ""
    return request.problem(
        "against-index", f"{where}is larger than {MAX_INDEX_BYTES // (1024 * 1024)} MiB"
    )


def _parse_index(
    request: RefRequest, data: bytes, member: str
) -> tuple[PackEntries | None, list[Problem]]:
    """The entries of an index's bytes, or why they are not a pack index."""
    if len(data) > MAX_INDEX_BYTES:
        return None, [_too_large(request, member)]
    where = f"its {member} " if member else ""
    try:
        document = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        reason = "it is not UTF-8"
    except ValueError as cause:
        reason = f"it is not JSON ({cause})"
    except RecursionError:
        reason = "it nests too deep"
    else:
        entries, reason_or_none = entries_from_index(document)
        if entries is not None:
            return entries, []
        reason = reason_or_none or "it is not one"
    return None, [request.problem("against-index", f"{where}is not a pack index.json: {reason}")]
