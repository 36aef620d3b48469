"""A schema server on loopback that counts the requests it gets: proof that nothing fetched."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class _CountingHandler(http.server.BaseHTTPRequestHandler):
    """Serves a schema for any path and records each request it gets."""

    requests: list[str] = []  # noqa: RUF012 (one server at a time, reset by `schema_server`)
    timeout = 5  # a stuck client can't hold a handler thread

    def do_GET(self) -> None:
        type(self).requests.append(self.path)
        body = b'{"type": "string"}'
        self.send_response(200)
        self.send_header("Content-Type", "application/schema+json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet."""


@contextmanager
def schema_server() -> Iterator[tuple[str, list[str]]]:
    """A schema server on 127.0.0.1 for the duration: its base URL and the requests it got."""
    _CountingHandler.requests = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _CountingHandler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1})
    thread.daemon = True
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", _CountingHandler.requests
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
