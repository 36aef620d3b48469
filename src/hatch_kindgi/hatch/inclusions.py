"""The `force_include` entries the hook hands hatchling, and the files it writes for them in
a scratch folder of its own (`Scratch`): a wheel's, from its layout (`wheel_inclusions`); an
sdist's, the record of the pins it resolved (`sdist_inclusions`), which a wheel built from
the unpacked sdist reads back (`recorded_pins`) to carry the same index."""

from __future__ import annotations

import atexit
import shutil
import tarfile
import tempfile
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from hatch_kindgi.index.pins import RECORD_FILE, RECORDED_PREFIX, read_recorded_pins, record_pins
from hatch_kindgi.report.files import repository_prefix

if TYPE_CHECKING:
    from hatch_kindgi.hatch.layout import WheelLayout
    from hatch_kindgi.index.pins import Pins
    from hatch_kindgi.report.problems import Problem

__all__ = [
    "Scratch",
    "missing_from_artifact",
    "recorded_pins",
    "sdist_inclusions",
    "wheel_inclusions",
]


class Scratch:
    """The folder the hook writes its files in, made on first use and removed by `cleanup`
    (or as the interpreter exits, should `finalize` never run)."""

    def __init__(self) -> None:
        self._folder: Path | None = None

    def folder(self) -> Path:
        """The folder, made now if it isn't yet."""
        if self._folder is None:
            self._folder = Path(tempfile.mkdtemp(prefix="hatch-kindgi-"))
            # Interrupted while hatchling writes the archive, finalize never runs: the
            # folder goes as the interpreter exits.
            atexit.register(self.cleanup)
        return self._folder

    def cleanup(self) -> None:
        """Remove the folder, if there is one."""
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None


def recorded_pins(root: Path) -> tuple[Mapping[str, str] | None, list[Problem], str]:
    """The pins an unpacked sdist at `root` recorded (None: this is no unpacked sdist), the
    problems of its record, and the prefix of the report's paths: where the record says the
    pack was in its repository, else where it is in this one."""
    recorded, problems = read_recorded_pins(root)
    prefix = recorded.get(RECORDED_PREFIX, "") if recorded is not None else repository_prefix(root)
    return recorded, list(problems), prefix


def sdist_inclusions(scratch: Scratch, pins: Pins | None, prefix: str) -> dict[str, str]:
    """The sdist's entry: the record of the pins its wheel will carry (none without pins)."""
    if pins is None:
        return {}
    record = scratch.folder() / RECORD_FILE
    record.write_bytes(record_pins(pins, prefix))
    return {str(record): RECORD_FILE}


def wheel_inclusions(root: Path, layout: WheelLayout, scratch: Scratch) -> dict[str, str]:
    """The wheel's entries: each pack file it copies (from `root`), each file it writes
    (written into `scratch` first), by archive path."""
    inclusions = {str(root / source): target for target, source in layout.copied.items()}
    folder = scratch.folder()
    for number, (target, data) in enumerate(layout.written.items()):
        written = folder / f"{number}-{Path(target).name}"
        written.write_bytes(data)
        inclusions[str(written)] = target
    # Some hatchling versions write force_include in insertion order: insert by target.
    return dict(sorted(inclusions.items(), key=lambda item: item[1]))


def missing_from_artifact(artifact: Path, entries: Mapping[str, str]) -> list[str]:
    """The archive paths of `entries` (source file -> archive path) the built artifact lacks
    or holds other bytes at, sorted: none when hatchling wrote every file the hook handed it.
    A wheel holds them at the archive path, an sdist under its top folder. An artifact that
    can't be read lacks them all."""
    try:
        members = _archive_members(artifact, set(entries.values()))
    except (OSError, zipfile.BadZipFile, tarfile.TarError):
        return sorted(entries.values())
    missing = []
    for source, target in entries.items():
        try:
            wanted = Path(source).read_bytes()
        except OSError:
            wanted = None
        if wanted is None or members.get(target) != wanted:
            missing.append(target)
    return sorted(missing)


def _archive_members(artifact: Path, names: set[str]) -> dict[str, bytes]:
    """The files of `names` an artifact holds, by path: a wheel's, or an sdist's under its
    top folder."""
    if artifact.name.endswith(".whl"):
        with zipfile.ZipFile(artifact) as wheel:
            return {name: wheel.read(name) for name in wheel.namelist() if name in names}
    members: dict[str, bytes] = {}
    with tarfile.open(artifact) as sdist:
        for member in sdist.getmembers():
            name = member.name.split("/", 1)[-1]
            if not member.isfile() or "/" not in member.name or name not in names:
                continue
            extracted = sdist.extractfile(member)
            if extracted is not None:
                members[name] = extracted.read()
    return members
