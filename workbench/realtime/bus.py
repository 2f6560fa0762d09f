"""The realtime bus: a published message reaches every connection, of every process, that
watches the message's project.

``LocalBus`` (the default) hands messages to this process's hub. ``RedisBus``, chosen by
``workbench.bus.url = redis://host:port/db`` (``WORKBENCH_BUS_URL``), also publishes them on
one Redis pub/sub channel (``workbench:realtime:<db>``); every process subscribes to it in a greenlet and delivers what
the others published to its own hub, so several processes behind a proxy act as one.

Publishing never holds a request up (in the gevent server; elsewhere, a script say, the
message is published at once with a half-second timeout): the message goes to this process's hub at once and
into a bounded queue that a publisher greenlet empties into Redis. While Redis is down the
messages for other processes are logged and dropped, and the subscriber reconnects with a
growing delay (0.5 s to 30 s).
"""

from __future__ import annotations

import json
import logging
import secrets
import time
from urllib.parse import parse_qs, urlsplit

import gevent
from gevent import monkey
from gevent.event import Event
from gevent.queue import Empty, Full, Queue

from workbench.settings import SettingsError

log = logging.getLogger(__name__)

CHANNEL = "workbench:realtime"
#: messages waiting for Redis before new ones are dropped
OUTBOX_SIZE = 10_000
PUBLISH_BATCH = 200
RETRY_FIRST, RETRY_MAX = 0.5, 30.0
#: seconds between two warnings about the same Redis failure
WARN_EVERY = 30.0


class LocalBus:
    """In-process fan-out: what one process publishes reaches only its own connections."""

    def __init__(self, hub):
        self.hub = hub

    def may_deliver(self) -> bool:
        """Whether a message published now could reach anyone (no connection here: no)."""
        return bool(self.hub)

    def publish(self, message: dict) -> None:
        self.hub.deliver(message)

    def close(self) -> None:
        pass


class RedisBus:
    """Fan-out to every process subscribed to one Redis channel."""

    def __init__(self, hub, url: str, channel: str | None = None):
        import redis  # only deployments with a bus need it loaded

        self._redis = redis
        self.hub = hub
        self.url = url
        # Pub/sub ignores Redis' database numbers: the URL's number goes into the channel's
        # name, so deployments sharing a Redis on different numbers stay apart.
        self.channel = channel or f"{CHANNEL}:{_database(url)}"
        #: marks this process's messages, which it has delivered already
        self.origin = secrets.token_hex(8)
        self.subscribed = Event()
        self._outbox: Queue = Queue(OUTBOX_SIZE)
        self._greenlets: list = []
        self._warned: dict[str, float] = {}
        self._sync_client = None

    def start(self, wait: float = 1.0) -> RedisBus:
        """Start the subscriber and the publisher; wait up to ``wait`` s for the subscription."""
        self._greenlets = [gevent.spawn(self._subscribe_forever), gevent.spawn(self._publish_forever)]
        self.subscribed.wait(wait)
        return self

    def close(self) -> None:
        gevent.killall(self._greenlets, block=False)
        self._greenlets = []

    def may_deliver(self) -> bool:
        return True  # other processes' connections are not known here

    def publish(self, message: dict) -> None:
        self.hub.deliver(message)
        if not self._greenlets:  # not started (no gevent server): straight to Redis
            self._publish_now(message)
            return
        try:
            self._outbox.put_nowait(json.dumps({"origin": self.origin, "message": message}, separators=(",", ":")))
        except Full:
            self._warn("full", "realtime bus: %d messages wait for Redis; dropping new ones", OUTBOX_SIZE)

    # -- publisher ---------------------------------------------------------------
    def _client(self, **options):
        return self._redis.Redis.from_url(self.url, **options)

    def _publish_forever(self) -> None:
        client = self._client(socket_timeout=2, socket_connect_timeout=1)
        while True:
            batch = [self._outbox.get()]
            while len(batch) < PUBLISH_BATCH:
                try:
                    batch.append(self._outbox.get_nowait())
                except Empty:
                    break
            try:
                pipe = client.pipeline(transaction=False)
                for text in batch:
                    pipe.publish(self.channel, text)
                pipe.execute()
            except Exception as exc:  # Redis down or slow: other processes miss these
                self._warn("publish", "realtime bus: %d messages not published to Redis (%s)", len(batch), exc)

    def _publish_now(self, message: dict) -> None:
        text = json.dumps({"origin": self.origin, "message": message}, separators=(",", ":"))
        try:
            if self._sync_client is None:
                self._sync_client = self._client(socket_timeout=0.5, socket_connect_timeout=0.5)
            self._sync_client.publish(self.channel, text)
        except Exception as exc:
            self._warn("publish", "realtime bus: a message not published to Redis (%s)", exc)

    # -- subscriber --------------------------------------------------------------
    def _subscribe_forever(self) -> None:
        delay = RETRY_FIRST
        while True:
            pubsub = None
            try:
                client = self._client(socket_connect_timeout=2, health_check_interval=30)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(self.channel)
                self.subscribed.set()
                delay = RETRY_FIRST
                while True:
                    item = pubsub.get_message(timeout=5.0)
                    if item is not None and item.get("type") == "message":
                        self._receive(item["data"])
            except Exception as exc:
                self.subscribed.clear()
                self._warn("subscribe", "realtime bus: Redis subscription lost (%s); retrying in %.1f s", exc, delay)
            finally:
                if pubsub is not None:
                    try:
                        pubsub.close()
                    except Exception:
                        log.debug("closing the Redis subscription failed", exc_info=True)
            gevent.sleep(delay)
            delay = min(delay * 2, RETRY_MAX)

    def _receive(self, data) -> None:
        try:
            envelope = json.loads(data)
            if envelope.get("origin") != self.origin:
                self.hub.deliver(envelope["message"])
        except Exception:
            log.warning("realtime bus: a message from Redis could not be delivered", exc_info=True)

    def _warn(self, key: str, text: str, *args) -> None:
        now = time.monotonic()
        if now - self._warned.get(key, -WARN_EVERY) >= WARN_EVERY:
            self._warned[key] = now
            log.warning(text, *args)
        else:
            log.debug(text, *args)


def _database(url: str) -> int:
    parts = urlsplit(url)
    number = parse_qs(parts.query).get("db", [parts.path.strip("/") or "0"])[0]
    return int(number) if number.isdigit() else 0


def make_bus(settings: dict, hub):
    """The bus ``workbench.bus.url`` names: empty for in-process, ``redis://`` (or
    ``rediss://``, ``unix://``) for Redis."""
    url = str(settings.get("workbench.bus.url") or "").strip()
    if not url:
        return LocalBus(hub)
    if url.split("://", 1)[0] in ("redis", "rediss", "unix"):
        bus = RedisBus(hub, url)
        # The subscriber and publisher are greenlets: they need gevent's sockets (the
        # server's). A script or another WSGI server serves no websocket and only publishes.
        return bus.start() if monkey.is_module_patched("socket") else bus
    raise SettingsError(f"workbench.bus.url must be empty or a redis:// URL, not {url!r}")
