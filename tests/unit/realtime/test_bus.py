"""The buses: in-process, and Redis pub/sub with a real Redis on 127.0.0.1:6379."""

from __future__ import annotations

import json
import socket
import time

import pytest
import redis

from workbench.realtime.bus import LocalBus, RedisBus, make_bus
from workbench.realtime.hub import Hub
from workbench.settings import SettingsError

URL = "redis://127.0.0.1:6379/12"
MESSAGE = {
    "event": "data",
    "data": {"project_id": "p_1", "table_id": "md_1", "action": "insert", "ids": [1], "by": None},
}


class Recorder(Hub):
    def __init__(self):
        super().__init__()
        self.delivered: list[dict] = []

    def deliver(self, message: dict) -> int:
        self.delivered.append(message)
        return 1


def test_the_bus_follows_the_setting():
    hub = Hub()
    assert isinstance(make_bus({}, hub), LocalBus)
    assert isinstance(make_bus({"workbench.bus.url": " "}, hub), LocalBus)
    with pytest.raises(SettingsError, match="redis://"):
        make_bus({"workbench.bus.url": "amqp://127.0.0.1"}, hub)
    bus = make_bus({"workbench.bus.url": URL}, hub)  # no gevent server here: not started
    assert isinstance(bus, RedisBus)
    assert bus.channel == "workbench:realtime:12"
    assert RedisBus(hub, "redis://127.0.0.1:6379").channel == "workbench:realtime:0"


def test_the_local_bus_knows_when_nobody_listens():
    hub = Recorder()
    bus = LocalBus(hub)
    assert not bus.may_deliver()
    hub.add("us_1", object())
    assert bus.may_deliver()
    bus.publish(MESSAGE)
    assert hub.delivered == [MESSAGE]


def test_redis_bus_publishes_to_the_channel_and_delivers_what_others_sent():
    client = redis.Redis.from_url(URL)
    pubsub = client.pubsub(ignore_subscribe_messages=True)
    pubsub.subscribe("workbench:realtime:12")
    try:
        hub = Recorder()
        bus = RedisBus(hub, URL)
        bus.publish(MESSAGE)
        assert hub.delivered == [MESSAGE]  # this process's connections at once
        deadline = time.monotonic() + 5
        item = None
        while item is None and time.monotonic() < deadline:
            item = pubsub.get_message(timeout=0.5)
        envelope = json.loads(item["data"])
        assert envelope == {"origin": bus.origin, "message": MESSAGE}
        # Its own message coming back through Redis is not delivered twice; another's is.
        bus._receive(item["data"])
        assert hub.delivered == [MESSAGE]
        bus._receive(json.dumps({"origin": "elsewhere", "message": MESSAGE}))
        assert hub.delivered == [MESSAGE, MESSAGE]
        bus._receive(b"not json")  # logged, not raised
    finally:
        pubsub.close()
        client.close()


def test_redis_down_neither_raises_nor_blocks():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    hub = Recorder()
    bus = RedisBus(hub, f"redis://127.0.0.1:{port}/0")
    started = time.monotonic()
    for _ in range(3):
        bus.publish(MESSAGE)
    assert time.monotonic() - started < 2
    assert hub.delivered == [MESSAGE] * 3
