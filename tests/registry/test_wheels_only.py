"""Every interpreter and platform a pack's CI builds on gets hatch-kindgi and hatchling from
wheels alone: no required dependency needs a compiler anywhere a pack builds (issue 43).

hatch-kindgi's own wheel, built from this tree (the session's wheelhouse), and hatchling are
asked of the registry with `pip download --only-binary :all:` for each target below, as pip
would resolve them there (`--python-version`, `--implementation`, `--abi`, `--platform`). A
dependency that stops shipping wheels for one of them (or a new one with no wheel there) fails
this test, naming the package, instead of a user's build, which would compile its sdist.

The tags a target accepts are written out here, not taken from pip: manylinux_2_28 runs every
older manylinux wheel (manylinux2014 is manylinux_2_17, manylinux2010 _2_12, manylinux1 _2_5),
musllinux_1_2 the older musllinux ones, and pip widens a macOS version itself (an arm64 Mac of
macOS 11 runs universal2 wheels made for 10.x too). A free-threaded CPython (3.14t, 3.15t) has
an ABI of its own: no abi3 wheel runs there. Each file pip fetched is then checked against
those tags, and the projects it fetched against hatch-kindgi's requirements as its metadata
states them for the target, so a target that resolved to fewer packages than it needs fails too.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

pytestmark = pytest.mark.slow

VERSIONS = ("3.10", "3.11", "3.12", "3.13", "3.14", "3.15")
FREE_THREADED = ("3.14", "3.15")


def _manylinux(glibc_minor: int, arch: str) -> tuple[str, ...]:
    """The manylinux tags a glibc 2.`glibc_minor` machine of `arch` runs: every older
    `manylinux_2_N` down to 2.17 (aarch64's first) or 2.5, with the legacy aliases."""
    oldest = 5 if arch == "x86_64" else 17
    tags = [f"manylinux_2_{minor}_{arch}" for minor in range(glibc_minor, oldest - 1, -1)]
    aliases = {17: "manylinux2014", 12: "manylinux2010", 5: "manylinux1"}
    tags += [f"{alias}_{arch}" for minor, alias in aliases.items() if minor >= oldest]
    return tuple(tags)


def _musllinux(arch: str) -> tuple[str, ...]:
    """The musllinux tags a musl 1.2 machine (Alpine 3.13 and later) runs."""
    return tuple(f"musllinux_1_{minor}_{arch}" for minor in (2, 1, 0))


def _macos(major: int, minor: int, arch: str) -> tuple[str, ...]:
    """The macOS tags a Mac of macOS `major.minor` on `arch` runs: every release back to
    10.4 (arm64 back to 11.0, where it began) for its own arch and universal2 (and the older
    fat x86_64 formats on Intel), as pip widens a macOS platform itself."""
    releases = [(major, 0) for major in range(major, 10, -1)] if major >= 11 else []
    releases += [(10, m) for m in range(minor if major == 10 else 16, 3, -1)]
    formats = (
        ("arm64", "universal2")
        if arch == "arm64"
        else ("x86_64", "intel", "fat64", "fat32", "universal2", "universal")
    )
    tags = []
    for release_major, release_minor in releases:
        for binary in formats:
            if binary == "arm64" and release_major < 11:
                continue
            tags.append(f"macosx_{release_major}_{release_minor}_{binary}")
    return tuple(tags)


# Each platform: its name in a test id, and the platform tags it runs, newest first (the first
# is the one the id names). macOS: 11.0 is the oldest arm64 release; 10.15 the oldest Intel one
# the python.org installers of 3.14 and later run on (regex's wheels for 3.14 and 3.15 say so).
PLATFORMS: dict[str, tuple[str, ...]] = {
    "manylinux_2_28_x86_64": _manylinux(28, "x86_64"),
    "manylinux_2_28_aarch64": _manylinux(28, "aarch64"),
    "musllinux_1_2_x86_64": _musllinux("x86_64"),
    "musllinux_1_2_aarch64": _musllinux("aarch64"),
    "macosx_11_0_arm64": _macos(11, 0, "arm64"),
    "macosx_10_15_x86_64": _macos(10, 15, "x86_64"),
    "win_amd64": ("win_amd64",),
}
FREE_THREADED_PLATFORMS = ("manylinux_2_28_x86_64", "macosx_11_0_arm64", "win_amd64")


@dataclass(frozen=True)
class Target:
    """An interpreter and a platform a pack's build runs on."""

    version: str
    platform: str
    free_threaded: bool = False

    @property
    def interpreter(self) -> str:
        return "cp" + self.version.replace(".", "")

    @property
    def id(self) -> str:
        return f"{self.interpreter}{'t' if self.free_threaded else ''}-{self.platform}"

    @property
    def abis(self) -> tuple[str, ...]:
        """The ABIs its wheels may have: its own, the stable ABI (never on a free-threaded
        build, whose ABI differs; PEP 803's abi3t is the free-threaded one), and none."""
        if self.free_threaded:
            return (f"{self.interpreter}t", "abi3t", "none")
        return (self.interpreter, "abi3", "none")

    def runs(self, wheel: str) -> bool:
        """Whether a wheel of that file name runs here: a tag of its names this interpreter
        (or an older CPython's stable ABI, or any Python 3), an ABI and a platform it has."""
        _, _, _, tags = parse_wheel_filename(wheel)
        minor = int(self.version.split(".")[1])
        for tag in tags:
            platform_ok = tag.platform == "any" or tag.platform in PLATFORMS[self.platform]
            if not platform_ok or tag.abi not in self.abis:
                continue
            if tag.interpreter == self.interpreter:
                return True
            stable = tag.abi in ("abi3", "abi3t") and tag.interpreter.startswith("cp3")
            if stable and int(tag.interpreter[3:]) <= minor:
                return True
            if tag.abi == "none" and tag.interpreter in ("py3", f"py3{minor}"):
                return True
        return False

    def marker_environment(self) -> dict[str, str]:
        """The environment markers of this target, to read hatch-kindgi's requirements with."""
        system, machine = {
            "manylinux_2_28_x86_64": ("Linux", "x86_64"),
            "manylinux_2_28_aarch64": ("Linux", "aarch64"),
            "musllinux_1_2_x86_64": ("Linux", "x86_64"),
            "musllinux_1_2_aarch64": ("Linux", "aarch64"),
            "macosx_11_0_arm64": ("Darwin", "arm64"),
            "macosx_10_15_x86_64": ("Darwin", "x86_64"),
            "win_amd64": ("Windows", "AMD64"),
        }[self.platform]
        return {
            "python_version": self.version,
            "python_full_version": f"{self.version}.0",
            "implementation_name": "cpython",
            "platform_python_implementation": "CPython",
            "platform_system": system,
            "platform_machine": machine,
            "sys_platform": {"Linux": "linux", "Darwin": "darwin", "Windows": "win32"}[system],
            "os_name": "nt" if system == "Windows" else "posix",
            "extra": "",
        }

    def pip_arguments(self) -> list[str]:
        """`pip download`'s options for this target."""
        arguments = [
            "--only-binary",
            ":all:",
            "--python-version",
            self.version,
            "--implementation",
            "cp",
        ]
        for abi in self.abis:
            if abi != "abi3t":  # pip adds it itself where it applies; older pips reject it
                arguments += ["--abi", abi]
        for platform in PLATFORMS[self.platform]:
            arguments += ["--platform", platform]
        return arguments


TARGETS = [Target(version, platform) for version in VERSIONS for platform in PLATFORMS] + [
    Target(version, platform, free_threaded=True)
    for version in FREE_THREADED
    for platform in FREE_THREADED_PLATFORMS
]


@dataclass(frozen=True)
class Resolution:
    """What `pip download` said and fetched for one target."""

    returncode: int
    output: str
    files: tuple[str, ...]
    folder: Path


_NO_VERSION = re.compile(r"satisfies the requirement ([A-Za-z0-9._-]+)")


def missing_packages(output: str) -> list[str]:
    """The packages pip found no usable file of, as its output names them."""
    return sorted({canonicalize_name(name) for name in _NO_VERSION.findall(output)})


def pip_download(
    requirements: Sequence[str], target: Target, into: Path, cache: Path
) -> Resolution:
    """`pip download --only-binary :all:` of `requirements` for `target` into `into`, asking
    the registry itself: no pip configuration of this machine (its local wheels and indexes),
    but its index URL and certificates where the environment names them, as CI's may."""
    command = [sys.executable, "-m", "pip", "--isolated", "download", "--quiet"]
    command += ["--disable-pip-version-check", "--no-input", "--timeout", "60"]
    command += ["--cache-dir", str(cache), "--dest", str(into)]
    if os.environ.get("PIP_INDEX_URL"):
        command += ["--index-url", os.environ["PIP_INDEX_URL"]]
    certificates = os.environ.get("PIP_CERT") or os.environ.get("REQUESTS_CA_BUNDLE")
    if certificates:
        command += ["--cert", certificates]
    command += [*target.pip_arguments(), *requirements]
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=600,
            check=False,
        )
    except subprocess.TimeoutExpired as stopped:
        return Resolution(-1, f"pip download took over {stopped.timeout} s", (), into)
    files = tuple(sorted(path.name for path in into.iterdir())) if into.is_dir() else ()
    return Resolution(done.returncode, done.stdout + done.stderr, files, into)


def _metadata(wheel: Path) -> Message:
    """A wheel's METADATA."""
    with zipfile.ZipFile(wheel) as archive:
        (name,) = (n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        return Parser().parsestr(archive.read(name).decode("utf-8"))


def unmet(requirements: Sequence[str], folder: Path, target: Target) -> tuple[set[str], list[str]]:
    """Walk the requirements from `requirements` through the wheels in `folder`, each
    wheel's `Requires-Dist` read with the target's markers (and the extras asked of it): the
    projects reached, and the requirements of those no wheel in `folder` is of.

    pip's `--python-version` and `--platform` choose the files, but pip reads the markers
    with the interpreter it runs on, so on its own it leaves out what only the target needs
    (tomli on 3.10, when pip runs on 3.11)."""
    wheels = {}
    if folder.is_dir():
        for wheel in folder.glob("*.whl"):
            wheels[canonicalize_name(parse_wheel_filename(wheel.name)[0])] = wheel
    environment = target.marker_environment()
    reached: set[tuple[str, str]] = set()
    missing: list[str] = []
    queue = [Requirement(text) for text in requirements]
    while queue:
        requirement = queue.pop()
        project = canonicalize_name(requirement.name)
        extras = ("", *sorted(requirement.extras))
        if all((project, extra) in reached for extra in extras):
            continue
        reached |= {(project, extra) for extra in extras}
        if project not in wheels:
            # Without its marker, which pip would read on its own interpreter.
            extra = f"[{','.join(sorted(requirement.extras))}]" if requirement.extras else ""
            missing.append(f"{requirement.name}{extra}{requirement.specifier}")
            continue
        for line in _metadata(wheels[project]).get_all("Requires-Dist") or []:
            needed = Requirement(line)
            marker: Marker | None = needed.marker
            if marker is None or any(
                marker.evaluate({**environment, "extra": extra}) for extra in extras
            ):
                queue.append(needed)
    return {project for project, _ in reached}, missing


def resolve(own_wheel: Path, target: Target, into: Path, cache: Path) -> Resolution:
    """hatch-kindgi's wheel and hatchling downloaded for `target`, then what only the
    target's markers ask for (`unmet`), until nothing is missing or pip fails."""
    wanted = [f"hatch-kindgi @ {own_wheel.as_uri()}", "hatchling"]
    resolution = pip_download([str(own_wheel), "hatchling"], target, into, cache)
    outputs = [resolution.output]
    for _ in range(3):
        _, missing = unmet(wanted, into, target)
        if resolution.returncode != 0 or not missing:
            break
        resolution = pip_download(missing, target, into, cache)
        outputs.append(resolution.output)
    return Resolution(resolution.returncode, "".join(outputs), resolution.files, into)


@pytest.fixture(scope="module")
def own_wheel(wheelhouse: Path) -> Path:
    """hatch-kindgi's wheel, built from this tree for the session."""
    (wheel,) = wheelhouse.glob("hatch_kindgi-*.whl")
    return wheel


@pytest.fixture(scope="module")
def resolutions(
    own_wheel: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[dict[str, Resolution]]:
    """Every target's `pip download` of our wheel and hatchling, side by side (the registry
    answers slowly, the machine has few cores), sharing one pip cache."""
    work = tmp_path_factory.mktemp("registry")
    cache = work / "cache"
    with ThreadPoolExecutor(max_workers=12) as pool:
        futures = {
            target.id: pool.submit(resolve, own_wheel, target, work / target.id, cache)
            for target in TARGETS
        }
        yield {name: future.result() for name, future in futures.items()}


def test_the_matrix_is_the_issues() -> None:
    """48 targets: six CPythons on seven platforms, and two free-threaded ones on three."""
    assert len(TARGETS) == 48
    assert len({target.id for target in TARGETS}) == 48
    assert "cp315t-win_amd64" in {target.id for target in TARGETS}


def test_the_tags_are_the_platforms() -> None:
    """The platform tags a target runs, spot-checked against the manylinux, musllinux and
    macOS rules (PEP 600, PEP 656, the wheel tags of CPython's macOS builds)."""
    many = PLATFORMS["manylinux_2_28_x86_64"]
    assert {"manylinux2014_x86_64", "manylinux_2_17_x86_64", "manylinux1_x86_64"} <= set(many)
    assert "manylinux_2_29_x86_64" not in many
    assert "manylinux1_aarch64" not in PLATFORMS["manylinux_2_28_aarch64"]
    assert "musllinux_1_1_aarch64" in PLATFORMS["musllinux_1_2_aarch64"]
    mac = PLATFORMS["macosx_11_0_arm64"]
    assert {"macosx_11_0_arm64", "macosx_10_9_universal2"} <= set(mac)
    assert "macosx_10_9_arm64" not in mac
    assert "macosx_12_0_arm64" not in mac
    assert "macosx_10_13_x86_64" in PLATFORMS["macosx_10_15_x86_64"]
    assert "macosx_11_0_x86_64" not in PLATFORMS["macosx_10_15_x86_64"]
    threaded = Target("3.14", "win_amd64", free_threaded=True)
    assert not threaded.runs("regex-2026.1.1-cp310-abi3-win_amd64.whl")
    assert threaded.runs("regex-2026.1.1-cp314-cp314t-win_amd64.whl")
    assert Target("3.14", "win_amd64").runs("regex-2026.1.1-cp310-abi3-win_amd64.whl")
    assert not Target("3.14", "win_amd64").runs("regex-2026.1.1-cp314-cp314t-win_amd64.whl")
    assert not Target("3.10", "win_amd64").runs("x-1-cp311-abi3-win_amd64.whl")


@pytest.mark.parametrize("target", TARGETS, ids=[target.id for target in TARGETS])
def test_installs_from_wheels_only(
    target: Target, resolutions: dict[str, Resolution], own_wheel: Path
) -> None:
    """hatch-kindgi and hatchling, with every requirement they resolve to, install from
    wheels that run on the target: no sdist to compile."""
    resolution = resolutions[target.id]
    missing = missing_packages(resolution.output)
    assert resolution.returncode == 0, (
        f"{target.id}: no wheel of {', '.join(missing) or '(see pip below)'} for this target; "
        f"a build there would compile its sdist.\n{resolution.output}"
    )
    not_wheels = [name for name in resolution.files if not name.endswith(".whl")]
    assert not not_wheels, f"{target.id}: pip fetched {not_wheels}"
    foreign = [name for name in resolution.files if not target.runs(name)]
    assert not foreign, f"{target.id}: wheels that don't run there: {foreign}"
    wanted = [f"hatch-kindgi @ {own_wheel.as_uri()}", "hatchling"]
    reached, missing_wheels = unmet(wanted, resolution.folder, target)
    assert not missing_wheels, f"{target.id}: no wheel fetched for {missing_wheels}"
    assert {"hatch-kindgi", "hatchling", "regex"} <= reached


def test_a_requirement_without_a_wheel_is_named(tmp_path: Path) -> None:
    """The failure names the package: google-re2 1.1, from 2023, has no wheel for CPython
    3.15 (nor ever will, a release's files being fixed), so pip can't resolve it there."""
    target = Target("3.15", "manylinux_2_28_x86_64")
    resolution = pip_download(["google-re2==1.1"], target, tmp_path / "into", tmp_path / "cache")
    assert resolution.returncode != 0
    assert missing_packages(resolution.output) == ["google-re2"], resolution.output
