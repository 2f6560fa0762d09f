"""The webhook settings of the ini (``workbench.webhooks.*``), read once."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.hooks.hosts import allows_private
from workbench.settings import as_bool


@dataclass(frozen=True)
class HookSettings:
    #: whether hooks may call private and loopback addresses
    allow_private: bool = False
    #: seconds one delivery may take, unless the hook says less
    timeout: float = 10.0
    #: the longest timeout a hook may ask for
    max_timeout: float = 60.0
    #: deliveries under way at once in one process
    concurrency: int = 8
    #: seconds after the first failed attempt before the second (doubling after each)
    backoff: float = 5.0
    #: the longest wait between two attempts
    max_backoff: float = 3600.0
    #: attempts before an event is given up
    max_attempts: int = 10
    #: seconds between two looks at the outboxes when nothing wakes the worker
    poll_interval: float = 2.0
    #: whether the server delivers (off: events wait in the outbox)
    deliver: bool = True
    #: seconds a claim holds an event (None: longer than any attempt can take); a dead
    #: process's events are taken again once their claim runs out
    claim_lease: float | None = None
    #: days the delivery log keeps an entry (0: no limit)
    log_days: float = 30.0
    #: entries the delivery log keeps per hook, the newest (0: no limit)
    log_per_hook: int = 1000
    #: seconds between two prunings of the delivery log
    prune_interval: float = 3600.0

    @property
    def lease(self) -> float:
        return self.claim_lease if self.claim_lease is not None else self.max_timeout * 2 + 30

    @classmethod
    def from_settings(cls, settings) -> HookSettings:
        def number(key, default, kind=float, low=0):
            value = kind(settings.get(f"workbench.webhooks.{key}", default))
            if value < low:
                raise ValueError(f"workbench.webhooks.{key} must be at least {low}")
            return value

        return cls(
            allow_private=allows_private(settings),
            timeout=number("timeout", cls.timeout, float, 0.1),
            max_timeout=number("max_timeout", cls.max_timeout, float, 0.1),
            concurrency=number("concurrency", cls.concurrency, int, 1),
            backoff=number("backoff", cls.backoff, float, 0),
            max_backoff=number("max_backoff", cls.max_backoff, float, 0),
            max_attempts=number("max_attempts", cls.max_attempts, int, 1),
            poll_interval=number("poll_interval", cls.poll_interval, float, 0.01),
            deliver=as_bool(settings.get("workbench.webhooks.deliver", "true")),
            claim_lease=number("lease", 0, float, 0) or None,
            log_days=number("log_days", cls.log_days, float, 0),
            log_per_hook=number("log_per_hook", cls.log_per_hook, int, 0),
            prune_interval=number("prune_interval", cls.prune_interval, float, 1),
        )
