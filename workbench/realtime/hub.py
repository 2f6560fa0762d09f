"""Live websocket connections of this process and what each client is looking at."""

from __future__ import annotations

import itertools
import json
import threading
from dataclasses import dataclass, field


@dataclass(eq=False)
class Connection:
    id: int
    user_id: str
    socket: object
    page: dict = field(default_factory=dict)
    events: int = 0

    def send(self, message: dict) -> None:
        self.socket.send(json.dumps(message, separators=(",", ":")))


class Hub:
    """The in-process set of connections; fan-out to them comes with the realtime bus."""

    def __init__(self):
        self._connections: dict[int, Connection] = {}
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def add(self, user_id: str, socket) -> Connection:
        with self._lock:
            conn = Connection(id=next(self._ids), user_id=user_id, socket=socket)
            self._connections[conn.id] = conn
        return conn

    def remove(self, conn: Connection) -> None:
        with self._lock:
            self._connections.pop(conn.id, None)

    def connections(self) -> list[Connection]:
        with self._lock:
            return list(self._connections.values())

    def watching(self, project_id: str) -> list[Connection]:
        return [c for c in self.connections() if c.page.get("pid") == project_id]
