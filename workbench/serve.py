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
import socket

from gevent.pywsgi import WSGIServer
from geventwebsocket.handler import WebSocketHandler

log = logging.getLogger("workbench.serve")


class NoDelayWebSocketHandler(WebSocketHandler):
    """Disable Nagle: pywsgi writes headers and body separately, which would otherwise
    stall every keep-alive response by the 40 ms delayed-ACK timer."""

    def handle(self):
        with contextlib.suppress(OSError):  # not a TCP socket
            self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle()


def make_server(app, host: str = "127.0.0.1", port: int = 8080) -> WSGIServer:
    return WSGIServer((host, int(port)), app, handler_class=NoDelayWebSocketHandler, log=None, error_log=log)


def server_runner(wsgi_app, global_conf, host="127.0.0.1", port="8080", **_kw):
    """PasteDeploy ``server_runner``; ``PORT`` and ``HOST`` in the environment win."""
    host = os.environ.get("HOST", host)
    port = int(os.environ.get("PORT", port))
    server = make_server(wsgi_app, host, port)
    print(f"Workbench serving on http://{host}:{port}", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
