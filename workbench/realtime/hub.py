"""Live websocket connections of this process, what each client is looking at, and the
delivery of bus messages to them.

Each connection has a bounded queue of outgoing messages and one greenlet that writes them
to its socket, so a slow or dead client never holds up the others: a client whose queue is
full (it stopped reading) is dropped, and a socket that fails to send ends its connection.
"""

from __future__ import annotations

import itertools
import json
import logging
import socket
import struct
import threading
from dataclasses import dataclass, field

import gevent
from gevent.lock import Semaphore
from gevent.queue import Full, Queue

log = logging.getLogger(__name__)

#: messages waiting for one client before it counts as gone
QUEUE_SIZE = 1000
OPCODE_CLOSE = 0x8  # a websocket close frame
_STOP = object()


@dataclass(frozen=True)
class _Farewell:
    """The last thing queued for a connection: a message, then a close frame."""

    text: str
    code: int
    reason: str


@dataclass(eq=False)
class Connection:
    id: int
    user_id: str
    socket: object
    page: dict = field(default_factory=dict)
    events: int = 0
    #: the project whose events this connection receives: the ``pid`` of its last page
    #: message when its user may read that project, else None
    project_id: str | None = None
    closed: bool = False
    #: the ``token_version`` of the access token the connection was opened with
    token_version: int | None = None

    def __post_init__(self):
        self._queue: Queue = Queue(QUEUE_SIZE)
        self._send_lock = Semaphore()  # one frame at a time: the answers and the writer
        self._writer = None

    def send(self, message: dict) -> None:
        """Send now, from the caller's greenlet (the connection's own answers)."""
        self._write(json.dumps(message, separators=(",", ":")))

    def _write(self, text: str) -> None:
        with self._send_lock:
            self.socket.send(text)

    def push(self, text: str) -> bool:
        """Queue a serialised message for the writer greenlet; False when the client is gone
        or has let its queue fill up."""
        if self.closed:
            return False
        if self._writer is None:
            self._writer = gevent.spawn(self._write_queued)
        try:
            self._queue.put_nowait(text)
        except Full:
            log.info("realtime client %s is not reading: dropped", self.id)
            self.close()
            return False
        return True

    def _write_queued(self) -> None:
        while True:
            text = self._queue.get()
            if text is _STOP:
                return
            try:
                if isinstance(text, _Farewell):
                    self._say_farewell(text)
                    return
                self._write(text)
            except Exception:
                log.debug("realtime send failed: connection %s ends", self.id, exc_info=True)
                self.close()
                return

    def end(self, msg: str, code: int) -> None:
        """Tell the client ``msg``, close with ``code`` after what is queued, then hang up."""
        if self.closed:
            return
        if self._writer is None:
            self._writer = gevent.spawn(self._write_queued)
        farewell = _Farewell(json.dumps({"event": "error", "msg": msg}, separators=(",", ":")), code, msg)
        try:
            self._queue.put_nowait(farewell)
        except Full:
            self.close()

    def _say_farewell(self, farewell: _Farewell) -> None:
        self._write(farewell.text)
        with self._send_lock:
            close_frame = struct.pack("!H", farewell.code) + farewell.reason.encode()
            self.socket.send_frame(close_frame, opcode=OPCODE_CLOSE)
        self.close()

    def stop(self) -> bool:
        """Stop delivering to this connection; False if it was stopped already."""
        if self.closed:
            return False
        self.closed = True
        self.project_id = None
        while True:  # make room for the stop mark
            try:
                self._queue.put_nowait(_STOP)
                return True
            except Full:
                self._queue.get_nowait()

    def close(self) -> None:
        """Stop delivering to this connection and close its socket (its handler then ends)."""
        if not self.stop():
            return
        # Shut the TCP connection down rather than send a close frame, which would wait on
        # a client that does not read: the writer and the handler's read both end at once.
        raw = getattr(getattr(self.socket, "handler", None), "socket", None)
        try:
            if raw is not None:
                raw.shutdown(socket.SHUT_RDWR)
            else:
                self.socket.close()
        except Exception:
            log.debug("closing a realtime socket failed", exc_info=True)


class Hub:
    """The connections of this process; ``deliver`` hands a bus message to the ones it is for."""

    def __init__(self):
        self._connections: dict[int, Connection] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def add(self, user_id: str, socket, token_version: int | None = None) -> Connection:
        with self._lock:
            conn = Connection(id=next(self._ids), user_id=user_id, socket=socket, token_version=token_version)
            self._connections[conn.id] = conn
        return conn

    def remove(self, conn: Connection) -> None:
        with self._lock:
            self._connections.pop(conn.id, None)
        conn.stop()

    def connections(self) -> list[Connection]:
        with self._lock:
            return list(self._connections.values())

    def __bool__(self) -> bool:
        return bool(self._connections)

    def watching(self, project_id: str) -> list[Connection]:
        """The connections that receive ``project_id``'s events."""
        return [c for c in self.connections() if c.project_id == project_id and not c.closed]

    def deliver(self, message: dict) -> int:
        """Queue ``message`` (a ``data`` or ``meta`` event) for every connection watching its
        project; answers how many got it. A member removed from the project (or a deleted
        project) stops its connections' events after this one. A ``session`` message
        closes the connections of ended sessions (``workbench.realtime.session_end``)."""
        data = message.get("data") or {}
        if message.get("event") == "session":
            return self.end_sessions(data.get("user_id"), data.get("token_version"))
        project_id = data.get("project_id")
        if not project_id:
            return 0
        targets = self.watching(project_id)
        text = json.dumps(message, separators=(",", ":"))
        sent = sum(1 for conn in targets if conn.push(text))
        if message.get("event") == "meta" and data.get("action") == "delete":
            if data.get("kind") == "member":
                self.revoke(project_id, user_id=data.get("id"))
            elif data.get("kind") == "project":
                self.revoke(project_id)
        return sent

    def end_sessions(self, user_id: str | None, token_version: int | None) -> int:
        """Close ``user_id``'s connections opened with an access token older than
        ``token_version`` (all of them when it is None); answers how many."""
        from workbench.realtime.session_end import CLOSE_SESSION_ENDED, SESSION_ENDED

        ended = 0
        for conn in self.connections():
            if conn.user_id != user_id or conn.closed:
                continue
            if token_version is None or conn.token_version is None or conn.token_version < token_version:
                conn.end(SESSION_ENDED, CLOSE_SESSION_ENDED)
                ended += 1
        return ended

    def revoke(self, project_id: str, user_id: str | None = None) -> None:
        """Stop sending ``project_id``'s events (to ``user_id``'s connections, if given)."""
        for conn in self.watching(project_id):
            if user_id is None or conn.user_id == user_id:
                conn.project_id = None
