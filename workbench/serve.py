"""The server: one gevent process serving HTTP and the ``/ws`` websocket.

Importing this module patches the standard library for gevent, so it must be imported
before anything that opens sockets or starts threads: ``pserve`` loads the server runner
(this module) before the app, and ``workbench serve`` imports it first thing.
"""

from gevent import monkey

monkey.patch_all()

import contextlib
import logging
import os
import signal
import socket

import gevent
from gevent.pywsgi import WSGIServer
from geventwebsocket.handler import WebSocketHandler

from workbench.stopping import run_on_stop

log = logging.getLogger("workbench.serve")


_MAX_HEADER_LINE = 65536  # as http.client
_MAX_HEADERS = 100


class RequestHeaders:
    """The request headers as pywsgi's handler reads them, parsed without ``email``'s
    feed parser (which ``http.client.parse_headers`` uses and which costs more than a
    whole small API response). The same interface and limits: ``status`` is set, and
    the request refused with a 400, for a line over 64 KiB or more than 100 headers."""

    __slots__ = ("_pairs", "status")

    def __init__(self, rfile=None, *_args):
        self._pairs: list[list[str]] = []
        self.status = ""
        if rfile is None:
            return
        while True:
            line = rfile.readline(_MAX_HEADER_LINE + 1)
            if len(line) > _MAX_HEADER_LINE:
                self.status = "Line too long"
                return
            if line in (b"\r\n", b"\n", b""):
                return
            text = line.decode("iso-8859-1")
            if text[:1] in " \t" and self._pairs:  # an obsolete folded continuation
                self._pairs[-1][1] += "\r\n" + text.rstrip("\r\n")
                continue
            if len(self._pairs) >= _MAX_HEADERS:
                self.status = "Too many headers"
                return
            name, sep, value = text.partition(":")
            if not sep or not name or name != name.strip():  # RFC 9112: no space before the colon
                self.status = "Invalid header line"
                return
            self._pairs.append([name, value.strip(" \t\r\n")])

    def get(self, name: str, default=None):
        name = name.lower()
        for key, value in self._pairs:
            if key.lower() == name:
                return value
        return default

    getheader = get

    def __contains__(self, name: str) -> bool:
        return self.get(name) is not None

    def __getitem__(self, name: str):
        return self.get(name)

    def __delitem__(self, name: str) -> None:
        name = name.lower()
        self._pairs = [pair for pair in self._pairs if pair[0].lower() != name]

    @property
    def typeheader(self):
        return self.get("content-type")

    @property
    def headers(self):
        """Each header as a ``Name: value\\r\\n`` line (pywsgi builds the environ from these)."""
        return [f"{key}: {value}\r\n" for key, value in self._pairs]


class NoDelayWebSocketHandler(WebSocketHandler):
    """Disable Nagle: pywsgi writes headers and body separately, which would otherwise
    stall every keep-alive response by the 40 ms delayed-ACK timer. Headers are parsed by
    ``RequestHeaders``."""

    MessageClass = RequestHeaders

    def handle(self):
        with contextlib.suppress(OSError):  # not a TCP socket
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle()


def make_server(app, host: str = "127.0.0.1", port: int = 8080) -> WSGIServer:
    return WSGIServer((host, int(port)), app, handler_class=NoDelayWebSocketHandler, log=None, error_log=log)


#: seconds the requests in flight get to finish when the server is asked to stop
STOP_GRACE = 10.0


def server_runner(wsgi_app, global_conf, host="127.0.0.1", port="8080", **_kw):
    """PasteDeploy ``server_runner``; ``PORT`` and ``HOST`` in the environment win."""
    host = os.environ.get("HOST", host)
    port = int(os.environ.get("PORT", port))
    server = make_server(wsgi_app, host, port)
    print(f"Workbench serving on http://{host}:{port}", flush=True)
    serve_until_stopped(server, wsgi_app)


def serve_until_stopped(server: WSGIServer, app) -> None:
    """Serve until SIGTERM or Ctrl-C, then stop gracefully: no new connections, the
    requests in flight get ``STOP_GRACE`` seconds, then what the app asked to run on stop
    runs (``workbench.stopping``) and this returns."""
    gevent.signal_handler(signal.SIGTERM, lambda: gevent.spawn(server.stop, timeout=STOP_GRACE))
    try:
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    finally:
        run_on_stop(getattr(app, "registry", None))
