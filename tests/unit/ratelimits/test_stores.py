"""The counters' stores: this process's memory, and Redis shared by several processes."""

import socket

import pytest

from workbench.ratelimits.stores import MemoryStore, RedisStore, make_store
from workbench.settings import SettingsError

REDIS_URL = "redis://127.0.0.1:6379/13"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def _redis_up() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@pytest.fixture(params=["memory", "redis"])
def store(request):
    if request.param == "memory":
        yield MemoryStore()
        return
    if not _redis_up():
        pytest.fail("Redis must run on 127.0.0.1:6379 (.ci/run starts it)")
    found = RedisStore(REDIS_URL)
    found.clear()
    yield found
    found.clear()


def test_counts_expire_and_come_back(store):
    assert store.get("k") == (0, 0.0)
    assert store.incr("k", 60)[0] == 1
    count, left = store.incr("k", 60)
    assert count == 2
    assert 0 < left <= 60
    store.decr("k")
    assert store.get("k")[0] == 1
    store.decr("missing")  # never makes a counter without an expiry
    assert store.get("missing") == (0, 0.0)
    store.put("p", 7, 30)
    assert store.get("p")[0] == 7
    store.delete("k", "p")
    assert store.get("k") == (0, 0.0)
    assert store.get("p") == (0, 0.0)


def test_refresh_moves_the_expiry(store):
    store.incr("r", 5)
    _count, left = store.incr("r", 500, refresh=True)
    assert left > 5


def test_memory_counts_expire_with_time():
    clock = Clock()
    store = MemoryStore(clock=clock)
    store.incr("k", 60)
    store.incr("k", 60)
    clock.now += 59
    assert store.get("k") == (2, 1.0)
    clock.now += 1
    assert store.get("k") == (0, 0.0)
    assert store.incr("k", 60) == (1, 60)


def test_memory_is_bounded():
    clock = Clock()
    store = MemoryStore(clock=clock, max_keys=3)
    for key in "abcd":
        store.incr(key, 60)
    assert len(store) == 3
    assert store.get("a") == (0, 0.0)  # the oldest went first
    assert store.get("d")[0] == 1


def test_two_stores_on_one_redis_share_counts():
    if not _redis_up():
        pytest.fail("Redis must run on 127.0.0.1:6379 (.ci/run starts it)")
    one, two = RedisStore(REDIS_URL), RedisStore(REDIS_URL)
    one.clear()
    one.incr("shared", 60)
    assert two.incr("shared", 60)[0] == 2
    one.clear()


def test_redis_out_of_reach_counts_in_this_process(caplog):
    store = RedisStore("redis://127.0.0.1:1/0")  # nothing listens there
    assert store.incr("k", 60)[0] == 1
    assert store.incr("k", 60)[0] == 2
    assert store.fallback.get("k")[0] == 2
    assert "Redis out of reach" in caplog.text


def test_store_choice():
    assert isinstance(make_store({}), MemoryStore)
    assert isinstance(make_store({"workbench.bus.url": REDIS_URL}), RedisStore)
    assert isinstance(make_store({"workbench.bus.url": REDIS_URL, "workbench.rate_limit.store": "memory"}), MemoryStore)
    assert make_store({"workbench.rate_limit.store": REDIS_URL}).url == REDIS_URL
    with pytest.raises(SettingsError, match=r"workbench\.rate_limit\.store"):
        make_store({"workbench.rate_limit.store": "memcached://x"})
