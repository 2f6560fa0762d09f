"""Rate limits: how often sign-ins, sign-ups, password reset requests and shared-link
passwords may be tried, per account, per client address or per shared link.

The rules and their settings are in ``workbench.ratelimits.rules``; the counters live in a
store (``workbench.ratelimits.stores``: this process, or Redis for several processes); the
client's address is read as ``workbench.ratelimits.addresses`` says; ``limiter`` counts and
refuses. Docs: ``docs/rate-limits.md``.
"""

from workbench.ratelimits.limiter import Attempt, RateLimiter, rate_limiter

__all__ = ["Attempt", "RateLimiter", "rate_limiter"]


def includeme(config):
    config.registry["rate_limiter"] = RateLimiter.from_settings(config.get_settings())
