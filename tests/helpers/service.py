"""An installed pack, as a runtime runs it: a fresh virtualenv and `python -m kindgi.pack serve`.

Everything here talks to loopback only, every wait is bounded, and every process started is
stopped by its own handle.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.helpers.packs import build_env, run_checked

LOOPBACK = "127.0.0.1"
TOKEN_HEADER = "kindgi-pack-token"
"""Pack protocol v2's token header (`kindgi.pack.protocol.PACK_HEADERS.token`)."""

_STARTUP_TIMEOUT = 30.0
_REQUEST_TIMEOUT = 10.0
_STOP_TIMEOUT = 15.0
_POLL_INTERVAL = 0.1

# Names that would make a child interpreter see this test run's packages instead of its own.
_LEAKY_ENV = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV", "__PYVENV_LAUNCHER__")

# Loopback only: a proxy from the environment must never see these requests.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def child_env(
    extra: Mapping[str, str] | None = None, *, drop: tuple[str, ...] = ()
) -> dict[str, str]:
    """The environment for a child of another interpreter: no pins, no Python path leaks."""
    env = {
        key: value
        for key, value in build_env().items()
        if key not in _LEAKY_ENV and key not in drop
    }
    env.update(extra or {})
    return env


@dataclass(frozen=True)
class Installed:
    """A virtualenv holding an installed wheel: its interpreter and its site-packages."""

    python: Path
    site_packages: Path


def venv_python(venv: Path) -> Path:
    """The interpreter of the virtualenv at `venv`."""
    if os.name == "nt":  # pragma: no cover - exercised on Windows only
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def install_wheel(wheel: Path, venv: Path, *, timeout: float = 600) -> Installed:
    """`python -m venv`, then `pip install <wheel>` with the venv's own pip, as a user would."""
    workdir = venv.parent
    env = child_env()
    _run([sys.executable, "-m", "venv", str(venv)], workdir, env, timeout)
    python = venv_python(venv)
    _run(
        [str(python), "-m", "pip", "install", "--disable-pip-version-check", str(wheel)],
        workdir,
        env,
        timeout,
    )
    site = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        workdir,
        env,
        60,
    )
    return Installed(python, Path(site.strip()))


def _run(command: list[str], cwd: Path, env: Mapping[str, str], timeout: float) -> str:
    return run_checked(command, cwd=cwd, env=env, timeout=timeout).stdout


@dataclass(frozen=True)
class Response:
    """One HTTP answer: its status and its JSON body."""

    status: int
    body: Any


@dataclass(frozen=True)
class RunningService:
    """A pack service listening on loopback, and how to talk to it."""

    base_url: str
    token: str
    log_path: Path

    def get(self, path: str, *, token: str | None = None) -> Response:
        """GET `path`, with the service's token unless another (or "") is given."""
        return self._request("GET", path, None, token)

    def post(self, path: str, body: object, *, token: str | None = None) -> Response:
        """POST `body` as JSON to `path`, with the service's token unless another is given."""
        return self._request("POST", path, json.dumps(body).encode("utf-8"), token)

    def invoke(self, message: Mapping[str, Any]) -> Response:
        """`POST /v1/invoke` with a pack protocol v2 request."""
        return self.post("/v1/invoke", message)

    def log(self) -> str:
        """What the service wrote to stderr so far (its `kindgi.log` records)."""
        return self.log_path.read_text("utf-8", errors="replace")

    def _request(self, method: str, path: str, data: bytes | None, token: str | None) -> Response:
        headers = {"accept": "application/json"}
        sent_token = self.token if token is None else token
        if sent_token:
            headers[TOKEN_HEADER] = sent_token
        if data is not None:
            headers["content-type"] = "application/json"
        request = urllib.request.Request(
            self.base_url + path, data=data, headers=headers, method=method
        )
        try:
            with _OPENER.open(request, timeout=_REQUEST_TIMEOUT) as answer:
                status = int(answer.status)
                raw = bytes(answer.read())
        except urllib.error.HTTPError as failed:
            status = failed.code
            raw = failed.read()
        return Response(status, json.loads(raw.decode("utf-8")))


@contextmanager
def serve_pack(
    python: Path,
    index: Path,
    *,
    env: Mapping[str, str],
    workdir: Path,
    startup_timeout: float = _STARTUP_TIMEOUT,
) -> Iterator[RunningService]:
    """`python -m kindgi.pack serve --index <index> --host 127.0.0.1` on a port the OS picks.

    The port is read from the service's `listening` record (PORT=0 binds a free port, so no
    other process can take it between choosing and binding). The service is stopped (SIGTERM,
    then a kill after a bounded wait) however the block ends.
    """
    token = secrets.token_hex(16)
    environment = {
        **env,
        "KINDGI_PACK_SERVICE_TOKEN": token,
        "PORT": "0",
        "KINDGI_LOG_FORMAT": "json",
    }
    stdout_path = workdir / "serve-stdout.txt"
    stderr_path = workdir / "serve-stderr.txt"
    command = [
        str(python),
        "-m",
        "kindgi.pack",
        "serve",
        "--index",
        str(index),
        "--host",
        LOOPBACK,
    ]
    with stdout_path.open("wb") as stdout, stderr_path.open("wb") as stderr:
        process = subprocess.Popen(
            command,
            cwd=workdir,
            env=environment,
            stdin=subprocess.DEVNULL,
            stdout=stdout,
            stderr=stderr,
        )
        try:
            port = _wait_listening(process, stderr_path, startup_timeout)
            yield RunningService(f"http://{LOOPBACK}:{port}", token, stderr_path)
        finally:
            _stop(process)


def _wait_listening(process: subprocess.Popen[bytes], log: Path, timeout: float) -> int:
    """The port from the service's `listening` record; fails if it exits or takes too long."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        port = _listening_port(log.read_text("utf-8", errors="replace"))
        if port is not None:
            return port
        if process.poll() is not None:
            raise AssertionError(
                f"the pack service exited with {process.returncode} before listening:\n"
                + log.read_text("utf-8", errors="replace")
            )
        time.sleep(_POLL_INTERVAL)
    raise AssertionError(
        f"the pack service wrote no `listening` record within {timeout:g} s:\n"
        + log.read_text("utf-8", errors="replace")
    )


def _listening_port(log: str) -> int | None:
    for line in log.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if isinstance(record, dict) and record.get("event") == "listening":
            port = record.get("port")
            if isinstance(port, int) and port > 0:
                return port
    return None


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
