"""Where the rate limits' counters live: this process's memory, or Redis shared by every
process of a deployment.

A store keeps integer counters that expire: ``incr`` adds one (starting a counter that
expires ``ttl`` seconds later, or, with ``refresh``, moving its expiry to ``ttl`` seconds
from now), ``get`` reads one, ``put`` sets one, ``decr`` takes one back from a counter
that still exists, ``delete`` forgets. Each answers the value and the seconds it has left.
"""

from __future__ import annotations

import logging
import math
import threading
import time

log = logging.getLogger(__name__)

#: counters this process keeps at most; past it, the oldest are forgotten
MEMORY_KEYS = 100_000
REDIS_PREFIX = "workbench:ratelimit:"
#: seconds between two warnings that Redis is out of reach
WARN_EVERY = 30.0

_DECR = """
if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end
return 0
"""


class MemoryStore:
    """Counters of this process (threads and greenlets share them; other processes do not)."""

    def __init__(self, clock=time.monotonic, max_keys: int = MEMORY_KEYS):
        self.clock = clock
        self.max_keys = max_keys
        self._items: dict[str, list] = {}  # key: [value, expires_at]
        self._lock = threading.Lock()

    def _live(self, key: str, now: float):
        item = self._items.get(key)
        if item is not None and item[1] <= now:
            del self._items[key]
            return None
        return item

    def incr(self, key: str, ttl: int, refresh: bool = False) -> tuple[int, float]:
        now = self.clock()
        with self._lock:
            item = self._live(key, now)
            if item is None:
                self._make_room(now)
                item = self._items[key] = [0, now + ttl]
            item[0] += 1
            if refresh:
                item[1] = now + ttl
            return item[0], item[1] - now

    def get(self, key: str) -> tuple[int, float]:
        now = self.clock()
        with self._lock:
            item = self._live(key, now)
            return (0, 0.0) if item is None else (item[0], item[1] - now)

    def put(self, key: str, value: int, ttl: float) -> None:
        now = self.clock()
        with self._lock:
            if key not in self._items:
                self._make_room(now)
            self._items[key] = [value, now + ttl]

    def decr(self, key: str) -> None:
        now = self.clock()
        with self._lock:
            item = self._live(key, now)
            if item is not None:
                item[0] -= 1

    def delete(self, *keys: str) -> None:
        with self._lock:
            for key in keys:
                self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)

    def _make_room(self, now: float) -> None:
        if len(self._items) < self.max_keys:
            return
        for key in [k for k, (_v, expires) in self._items.items() if expires <= now]:
            del self._items[key]
        while len(self._items) >= self.max_keys:  # the oldest first
            del self._items[next(iter(self._items))]


class RedisStore:
    """Counters in Redis, shared by every process using the same URL. While Redis is out of
    reach the counters of this process stand in (and a warning is logged), so sign-ins
    keep working and stay limited per process."""

    def __init__(self, url: str, fallback: MemoryStore | None = None):
        import redis  # only deployments with Redis load it

        self.url = url
        self._errors = (redis.RedisError, OSError)
        self._client = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        self._decr_script = self._client.register_script(_DECR)
        self.fallback = fallback or MemoryStore()
        self._warned = -WARN_EVERY

    def _key(self, key: str) -> str:
        return REDIS_PREFIX + key

    def _run(self, name: str, *args):
        try:
            return getattr(self, "_" + name)(*args)
        except self._errors as exc:
            now = time.monotonic()
            if now - self._warned >= WARN_EVERY:
                self._warned = now
                log.warning("rate limits: Redis out of reach (%s); counting in this process meanwhile", exc)
            return getattr(self.fallback, name)(*args)

    def incr(self, key: str, ttl: int, refresh: bool = False) -> tuple[int, float]:
        return self._run("incr", key, ttl, refresh)

    def get(self, key: str) -> tuple[int, float]:
        return self._run("get", key)

    def put(self, key: str, value: int, ttl: float) -> None:
        self._run("put", key, value, ttl)

    def decr(self, key: str) -> None:
        self._run("decr", key)

    def delete(self, *keys: str) -> None:
        if keys:
            self._run("delete", *keys)

    def clear(self) -> None:
        """Forget every counter of every process (tests)."""
        self._run("clear")

    # -- the Redis side ---------------------------------------------------------
    def _incr(self, key: str, ttl: int, refresh: bool) -> tuple[int, float]:
        name = self._key(key)
        pipe = self._client.pipeline(transaction=True)
        pipe.set(name, 0, ex=ttl, nx=True)
        pipe.incr(name)
        if refresh:
            pipe.expire(name, ttl)
        pipe.pttl(name)
        result = pipe.execute()
        return int(result[1]), _seconds(result[-1], ttl)

    def _get(self, key: str) -> tuple[int, float]:
        pipe = self._client.pipeline(transaction=True)
        pipe.get(self._key(key))
        pipe.pttl(self._key(key))
        value, left = pipe.execute()
        return (0, 0.0) if value is None else (int(value), _seconds(left, 0))

    def _put(self, key: str, value: int, ttl: float) -> None:
        self._client.set(self._key(key), value, px=max(1, math.ceil(ttl * 1000)))

    def _decr(self, key: str) -> None:
        self._decr_script(keys=[self._key(key)])

    def _delete(self, *keys: str) -> None:
        self._client.delete(*(self._key(k) for k in keys))

    def _clear(self) -> None:
        names = list(self._client.scan_iter(match=REDIS_PREFIX + "*", count=1000))
        if names:
            self._client.delete(*names)


def _seconds(pttl, default: float) -> float:
    pttl = int(pttl if pttl is not None else -1)
    return pttl / 1000 if pttl >= 0 else float(default)


def make_store(settings: dict):
    """The store ``workbench.rate_limit.store`` names: ``memory``; a ``redis://`` URL; or,
    when empty, the Redis of ``workbench.bus.url`` if it names one, else memory."""
    from workbench.settings import SettingsError

    value = str(settings.get("workbench.rate_limit.store") or "").strip()
    if not value:
        bus = str(settings.get("workbench.bus.url") or "").strip()
        value = bus if bus.split("://", 1)[0] in ("redis", "rediss", "unix") else "memory"
    if value == "memory":
        return MemoryStore()
    if value.split("://", 1)[0] in ("redis", "rediss", "unix"):
        return RedisStore(value)
    raise SettingsError(f"workbench.rate_limit.store must be empty, memory or a redis:// URL, not {value!r}")
