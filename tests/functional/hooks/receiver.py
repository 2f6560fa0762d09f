"""A real HTTP receiver of webhooks on 127.0.0.1, in a thread: it keeps every request
(method, path, headers, JSON body), answers 500 to the first ``failures`` ones, and
waits ``delay`` seconds before answering (a slow receiver)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class Receiver:
    def __init__(self, failures: int = 0, delay: float = 0.0):
        self.failures = failures
        self.delay = delay
        self.calls: list[dict] = []
        self.lock = threading.Lock()
        #: set while requests must hang (a receiver stuck mid-delivery)
        self.hold = threading.Event()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                with receiver.lock:
                    receiver.calls.append(
                        {
                            "method": self.command,
                            "path": self.path,
                            "headers": {k.lower(): v for k, v in self.headers.items()},
                            "body": json.loads(raw) if raw else None,
                        }
                    )
                    failing = receiver.failures > 0
                    if failing:
                        receiver.failures -= 1
                while receiver.hold.is_set():
                    time.sleep(0.05)
                if receiver.delay:
                    time.sleep(receiver.delay)
                status = 500 if failing else 200
                answer = b'{"ok": false}' if failing else b'{"ok": true}'
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_POST = do_GET = do_PUT = do_PATCH = do_DELETE = _handle

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def bodies(self) -> list[dict]:
        with self.lock:
            return [c["body"] for c in self.calls]

    def wait_for(self, count: int, seconds: float = 60) -> None:
        """Wait until ``count`` requests arrived (a bounded wait, for a live server)."""
        deadline = time.monotonic() + seconds
        while len(self.calls) < count and time.monotonic() < deadline:
            time.sleep(0.05)


@contextlib.contextmanager
def receiving(**options):
    receiver = Receiver(**options)
    receiver.thread.start()
    try:
        yield receiver
    finally:
        receiver.hold.clear()
        receiver.server.shutdown()
        receiver.server.server_close()
