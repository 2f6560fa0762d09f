"""Counting attempts against the rules, and refusing past them.

An attempt is counted *before* the work it guards (a password check, say): a burst of
concurrent requests cannot slip past the limit while the first ones are still being
checked. Work that succeeds gives its attempt back (``Attempt.release``) or, for an
account proven by its password, clears the account's count (``Attempt.reset``); so only
failures stay counted. Past the limit the key is refused with a 429 and ``Retry-After``,
without doing the work, however right the password is.
"""

from __future__ import annotations

import hashlib
import math

from workbench.errors import TooManyRequests
from workbench.ratelimits.addresses import client_address, trusted_networks
from workbench.ratelimits.rules import PREFIX, Rule, in_words, load_rules, seconds
from workbench.ratelimits.stores import make_store

_ADDRESS = "_workbench_client_address"
#: a growing delay doubles at most this many times (then ``max_delay`` caps it anyway)
MAX_DOUBLINGS = 30


class Attempt:
    """One counted attempt under one rule and key."""

    def __init__(self, limiter: RateLimiter, rule: Rule, key: str):
        self.limiter, self.rule, self.key = limiter, rule, key

    def release(self) -> None:
        """The attempt succeeded: it no longer counts."""
        self.limiter.store.decr(self.key + ":n")

    def reset(self) -> None:
        """The attempt proved its key (the account's password): forget its failures."""
        self.limiter.store.delete(self.key + ":n", self.key + ":strikes")


class RateLimiter:
    def __init__(self, rules: dict[str, Rule], store, networks: tuple = (), max_delay: int = 86400):
        self.rules = rules
        self.store = store
        self.networks = networks
        self.max_delay = max_delay

    @classmethod
    def from_settings(cls, settings: dict) -> RateLimiter:
        return cls(
            load_rules(settings),
            make_store(settings),
            trusted_networks(settings.get(PREFIX + "trusted_proxies")),
            seconds(settings.get(PREFIX + "max_delay") or "1d", PREFIX + "max_delay"),
        )

    def address(self, request) -> str:
        """The client's address as the limits count it (once per request)."""
        cache = request.__dict__
        if _ADDRESS not in cache:
            cache[_ADDRESS] = client_address(request.environ, self.networks)
        return cache[_ADDRESS]

    def attempt(self, name: str, *parts: str) -> Attempt | None:
        """Count an attempt under rule ``name`` for the key made of ``parts``; 429 when the
        key is over its limit. None when the rule is off."""
        rule = self.rules.get(name)
        if rule is None:
            return None
        key = f"{name}:{_digest(parts)}"
        blocked, left = self.store.get(key + ":block")
        if blocked:
            raise self._refusal(rule, left)
        count, left = self.store.incr(key + ":n", rule.window)
        if count <= rule.limit:
            return Attempt(self, rule, key)
        if rule.grows:
            strikes, _ = self.store.incr(key + ":strikes", rule.window, refresh=True)
            delay = min(rule.window * 2 ** min(strikes - 1, MAX_DOUBLINGS), self.max_delay)
            # The strikes are remembered until the key has been quiet for as long again.
            self.store.put(key + ":strikes", strikes, 2 * delay)
            self.store.put(key + ":block", 1, delay)
            self.store.delete(key + ":n")
            left = delay
        raise self._refusal(rule, left)

    def attempts(self, *checks: tuple[str, ...]) -> list[Attempt]:
        """Several rules at once (``(name, *parts)`` each): when one refuses, the attempts
        already counted are given back, since nothing was tried."""
        counted: list[Attempt] = []
        try:
            for name, *parts in checks:
                found = self.attempt(name, *parts)
                if found is not None:
                    counted.append(found)
        except TooManyRequests:
            for item in counted:
                item.release()
            raise
        return counted

    def _refusal(self, rule: Rule, left: float) -> TooManyRequests:
        wait = max(1, math.ceil(left))
        return TooManyRequests(rule.message.format(wait=in_words(wait)), retry_after=wait)


def _digest(parts) -> str:
    """Keys hold no address or e-mail in the clear (they may sit in a shared Redis)."""
    return hashlib.sha256("\x00".join(str(p) for p in parts).encode()).hexdigest()[:32]


def rate_limiter(request) -> RateLimiter:
    return request.registry["rate_limiter"]
