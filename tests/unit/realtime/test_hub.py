"""The hub: who gets a message, and a failing or stalled client never holds the others up."""

from __future__ import annotations

import json

import gevent
import gevent.event

from workbench.realtime import hub as hub_module
from workbench.realtime.hub import Hub


class Socket:
    """A websocket's ``send``/``close`` as the hub uses them, keeping what was sent."""

    def __init__(self, fail: bool = False):
        self.sent: list[dict] = []
        self.fail = fail
        self.closed = False

    def send(self, text: str) -> None:
        if self.fail:
            raise OSError("connection reset")
        self.sent.append(json.loads(text))

    def close(self) -> None:
        self.closed = True


def data(project_id: str, ids=(1,)) -> dict:
    return {
        "event": "data",
        "data": {"project_id": project_id, "table_id": "md_1", "action": "insert", "ids": list(ids)},
    }


def meta(project_id: str, kind: str, action: str, object_id: str) -> dict:
    return {"event": "meta", "data": {"project_id": project_id, "kind": kind, "action": action, "id": object_id}}


def connect(hub: Hub, user_id: str, project_id: str | None, socket=None):
    conn = hub.add(user_id, socket or Socket())
    conn.project_id = project_id
    return conn


def flush() -> None:
    gevent.sleep(0.01)  # let the writer greenlets run


def test_messages_go_to_the_connections_of_their_project():
    hub = Hub()
    a = connect(hub, "us_a", "p_1")
    b = connect(hub, "us_b", "p_2")
    idle = connect(hub, "us_c", None)
    assert hub.deliver(data("p_1")) == 1
    assert hub.deliver({"event": "data", "data": {}}) == 0
    flush()
    assert a.socket.sent == [data("p_1")]
    assert b.socket.sent == idle.socket.sent == []


def test_a_removed_member_and_a_deleted_project_stop_the_events():
    hub = Hub()
    kept = connect(hub, "us_a", "p_1")
    removed = connect(hub, "us_b", "p_1")
    hub.deliver(meta("p_1", "member", "delete", "us_b"))
    hub.deliver(data("p_1"))
    flush()
    # The removed member hears of the removal, then nothing more.
    assert removed.socket.sent == [meta("p_1", "member", "delete", "us_b")]
    assert kept.socket.sent == [meta("p_1", "member", "delete", "us_b"), data("p_1")]
    hub.deliver(meta("p_1", "project", "delete", "p_1"))
    hub.deliver(data("p_1"))
    flush()
    assert kept.socket.sent[-1] == meta("p_1", "project", "delete", "p_1")
    assert kept.project_id is None


def test_a_dead_socket_is_dropped_and_the_others_get_everything():
    hub = Hub()
    dead = connect(hub, "us_a", "p_1", Socket(fail=True))
    alive = connect(hub, "us_b", "p_1")
    for i in range(50):
        hub.deliver(data("p_1", [i]))
    flush()
    assert [m["data"]["ids"][0] for m in alive.socket.sent] == list(range(50))
    assert dead.closed
    assert dead.socket.closed
    assert hub.watching("p_1") == [alive]


class StalledSocket(Socket):
    """A client that stopped reading: a send waits for ever (until the socket is closed)."""

    def __init__(self):
        super().__init__()
        self.unblock = gevent.event.Event()

    def send(self, text: str) -> None:
        self.unblock.wait()
        raise OSError("closed")

    def close(self) -> None:
        super().close()
        self.unblock.set()


def test_a_client_that_stops_reading_is_dropped(monkeypatch):
    monkeypatch.setattr(hub_module, "QUEUE_SIZE", 5)
    hub = Hub()
    stalled = connect(hub, "us_a", "p_1", StalledSocket())
    alive = connect(hub, "us_b", "p_1")
    sent = []
    for i in range(8):
        sent.append(hub.deliver(data("p_1", [i])))
        flush()
    # One send hangs, five wait in the queue, the seventh finds it full: the client is dropped.
    assert sent == [2] * 6 + [1, 1]
    assert stalled.closed
    assert stalled.socket.closed
    assert [m["data"]["ids"][0] for m in alive.socket.sent] == list(range(8))
    assert not alive.closed


class ClosingSocket(Socket):
    """A socket that also records close frames (``send_frame``)."""

    def __init__(self):
        super().__init__()
        self.frames: list[tuple[bytes, int]] = []

    def send_frame(self, payload: bytes, opcode: int) -> None:
        self.frames.append((payload, opcode))


def test_session_messages_close_the_older_sockets_of_their_user():
    from workbench.realtime.session_end import session_message

    hub = Hub()
    old = hub.add("us_a", ClosingSocket(), token_version=3)
    new = hub.add("us_a", ClosingSocket(), token_version=4)
    other = hub.add("us_b", ClosingSocket(), token_version=1)
    for conn in (old, new, other):
        conn.project_id = "p_1"
    hub.deliver(data("p_1"))
    assert hub.deliver(session_message("us_a", 4)) == 1
    flush()
    # What was queued before is sent first, then the farewell, then the close frame.
    assert old.socket.sent == [data("p_1"), {"event": "error", "msg": "Your session has ended"}]
    assert old.socket.frames == [((4401).to_bytes(2, "big") + b"Your session has ended", 0x8)]
    assert old.closed
    assert old.socket.closed
    assert not new.closed
    assert not other.closed
    assert new.socket.frames == []
    assert other.socket.frames == []
    # A deleted account: every socket of the user, whatever its token.
    assert hub.deliver(session_message("us_a", None)) == 1
    flush()
    assert new.closed
    assert not other.closed
    assert hub.deliver(session_message("us_a", None)) == 0  # nothing left to close
